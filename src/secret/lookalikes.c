/*
 * lookalikes.c - words of a list that a reader takes for each other, or
 * for what a passphrase shows between and after them.
 *
 * UTS #39 (Unicode Security Mechanisms) says when two strings are
 * confusable: when their skeletons, made with confusables.txt, are equal.
 * The skeletons of a list's words are sorted: words of one skeleton are
 * neighbours, and the words whose skeletons start another's are a chain
 * before it.  What goes between words is compared by clusters of a
 * skeleton (a starter and the marks after it), as passphrase.c compares
 * bytes.
 */
#include "config.h"

#include "secret/lookalikes.h"

#include "text/bounds.h"
#include "text/text.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A word and its skeleton (UTS #39): length code points at offset of the
 * list's skeletons, then at skeleton. */
struct skeleton_entry {
	const char *word;
	const uint32_t *skeleton;
	size_t offset, length;
};

/* The skeletons of a list's words, sorted. */
struct skeletons {
	struct skeleton_entry *entries;
	uint32_t *all;
	size_t count;
};

static int compare_skeletons(const void *a, const void *b)
{
	const struct skeleton_entry *x = a, *y = b;
	size_t shorter = x->length < y->length ? x->length : y->length;

	for (size_t i = 0; i < shorter; i++)
		if (x->skeleton[i] != y->skeleton[i])
			return x->skeleton[i] < y->skeleton[i] ? -1 : 1;
	if (x->length != y->length)
		return x->length < y->length ? -1 : 1;
	return strcmp(x->word, y->word);
}

static bool ascii(const char *word)
{
	for (const char *c = word; *c; c++)
		if ((unsigned char)*c >= 0x80)
			return false;
	return true;
}

bool lookalikes_ascii(const char *const *words, size_t count)
{
	for (size_t i = 0; i < count; i++)
		if (!ascii(words[i]))
			return false;
	return true;
}

/* The code points of a checked text (at most MAX_WORD_BYTES of them). */
static size_t word_code_points(const char *word, uint32_t out[MAX_WORD_BYTES])
{
	size_t n = 0, len = strlen(word);

	for (size_t i = 0; i < len; n++) {
		unsigned long c;

		i += utf8_decode((const unsigned char *)word + i, len - i, &c);
		out[n] = (uint32_t)c;
	}
	return n;
}

uint32_t lookalikes_difference(const char *word, const char *other)
{
	uint32_t points[MAX_WORD_BYTES], other_points[MAX_WORD_BYTES];
	size_t n = word_code_points(word, points), n_other = word_code_points(other, other_points);
	size_t k = 0;

	while (k < n && k < n_other && points[k] == other_points[k])
		k++;
	return k < n ? points[k] : k < n_other ? other_points[k] : 0;
}

static void skeletons_free(struct skeletons *s)
{
	free(s->entries);
	free(s->all);
}

/* The sorted skeletons of count words; false when out of memory.  A
 * word's skeleton always fits (UNICODE_SKELETON_GROWTH). */
static bool skeletons_make(const char *const *words, size_t count, struct skeletons *s)
{
	uint32_t code_points[MAX_WORD_BYTES], skeleton[MAX_WORD_BYTES * UNICODE_SKELETON_GROWTH];
	size_t used = 0, room = 0;
	bool ok;

	*s = (struct skeletons){ malloc(count * sizeof *s->entries), NULL, count };
	ok = s->entries != NULL;
	for (size_t i = 0; ok && i < count; i++) {
		size_t n = word_code_points(words[i], code_points), length;

		ok = unicode_skeleton(code_points, n, skeleton, sizeof skeleton / sizeof *skeleton,
				      &length);
		if (ok && used + length > room) {
			uint32_t *bigger = realloc(s->all, (room = 2 * room + length) * sizeof *s->all);

			ok = bigger != NULL;
			s->all = ok ? bigger : s->all;
		}
		if (ok)
			memcpy(s->all + used, skeleton, length * sizeof *s->all);
		s->entries[i] = (struct skeleton_entry){ words[i], NULL, used, length };
		used += length;
	}
	if (!ok) {
		skeletons_free(s);
		return false;
	}
	for (size_t i = 0; i < count; i++)
		s->entries[i].skeleton = s->all + s->entries[i].offset;
	qsort(s->entries, count, sizeof *s->entries, compare_skeletons);
	return true;
}

/* Is x's skeleton the start of y's (or y's whole)? */
static bool starts(const struct skeleton_entry *x, const struct skeleton_entry *y)
{
	return x->length <= y->length &&
	       memcmp(x->skeleton, y->skeleton, x->length * sizeof *x->skeleton) == 0;
}

/* Two words of one skeleton in s, at least one not ASCII. */
static bool same_skeleton(const struct skeletons *s, const char **a, const char **b)
{
	const struct skeleton_entry *e = s->entries;
	size_t count = s->count, j, odd;

	for (size_t i = 0; i < count; i = j) {
		odd = ascii(e[i].word) ? count : i;
		for (j = i + 1; j < count && e[j].length == e[i].length && starts(&e[i], &e[j]); j++)
			odd = odd == count && !ascii(e[j].word) ? j : odd;
		if (odd != count && j - i > 1) {
			*a = e[odd].word;
			*b = e[odd == i ? i + 1 : i].word;
			return true;
		}
	}
	return false;
}

/* A word whose skeleton is the start of another's, one of them not
 * ASCII.  The words whose skeletons start the current one's are the
 * chain on the stack; below[k] is a word not ASCII at or under k. */
static enum lookalikes start_of_other(const struct skeletons *s, const char **a, const char **b)
{
	const struct skeleton_entry *e = s->entries;
	size_t *stack = malloc(2 * s->count * sizeof *stack), *below = stack + s->count, depth = 0;

	if (!stack)
		return LOOKALIKES_OUT_OF_MEMORY;
	for (size_t j = 0; j < s->count; j++) {
		bool odd = !ascii(e[j].word);

		while (depth > 0 && !starts(&e[stack[depth - 1]], &e[j]))
			depth--;
		if (depth > 0 && (odd || below[depth - 1] != s->count)) {
			*a = e[odd ? stack[depth - 1] : below[depth - 1]].word;
			*b = e[j].word;
			free(stack);
			return LOOKALIKES_START;
		}
		below[depth] = odd ? j : depth > 0 ? below[depth - 1] : s->count;
		stack[depth++] = j;
	}
	free(stack);
	return LOOKALIKES_NONE;
}

enum lookalikes lookalikes_find(const char *const *words, size_t count, bool starts_too,
				const char **a, const char **b)
{
	struct skeletons s;
	enum lookalikes found = LOOKALIKES_NONE;

	if (lookalikes_ascii(words, count))
		return LOOKALIKES_NONE;
	if (!skeletons_make(words, count, &s))
		return LOOKALIKES_OUT_OF_MEMORY;
	if (same_skeleton(&s, a, b))
		found = LOOKALIKES_FOUND;
	else if (starts_too)
		found = start_of_other(&s, a, b);
	skeletons_free(&s);
	return found;
}

/* A cluster of a skeleton: a starter and the marks after it (or marks
 * alone at the start), length code points at points; odd when a
 * character not ASCII made part of it, character the first such one (or
 * the first one). */
struct cluster {
	const uint32_t *points;
	size_t length;
	uint32_t character;
	bool odd;
};

/* Room for the clusters of what goes between words: a separator, or a
 * set of single characters (printable ASCII: at most 95). */
#define JOINER_POINTS (96 * UNICODE_SKELETON_GROWTH)

static int compare_clusters(const void *a, const void *b)
{
	const struct cluster *x = a, *y = b;

	if (x->length != y->length)
		return x->length < y->length ? -1 : 1;
	for (size_t i = 0; i < x->length; i++)
		if (x->points[i] != y->points[i])
			return x->points[i] < y->points[i] ? -1 : 1;
	return 0;
}

/* A joiner of the sorted set (count) that looks like the cluster c, one
 * of the two with a character not ASCII. */
static const struct cluster *joiner_like(const struct cluster *c, const struct cluster *set,
					 size_t count)
{
	const struct cluster *found = bsearch(c, set, count, sizeof *set, compare_clusters);
	const struct cluster *first = found, *end = set + count;

	if (!found || c->odd)
		return found;
	while (first > set && compare_clusters(first - 1, c) == 0)
		first--;
	for (; first < end && compare_clusters(first, c) == 0; first++)
		if (first->odd)
			return first;
	return NULL;
}

/* The skeleton of each character of text (len bytes of checked text),
 * cut into clusters in points (room code points): calls visit(c, context)
 * for each cluster c, which stops the walk by returning true. */
static bool walk_clusters(const char *text, size_t len, uint32_t *points, size_t room,
			  bool (*visit)(struct cluster *c, void *context), void *context)
{
	struct cluster c = { points, 0, 0, false };
	size_t used = 0;
	uint32_t skeleton[UNICODE_SKELETON_GROWTH];
	size_t n;

	for (size_t i = 0; i < len;) {
		unsigned long ch;
		uint32_t point;

		i += utf8_decode((const unsigned char *)text + i, len - i, &ch);
		point = (uint32_t)ch;
		if (!unicode_skeleton(&point, 1, skeleton, UNICODE_SKELETON_GROWTH, &n))
			n = 0;
		for (size_t k = 0; k < n && used < room; k++) {
			if (unicode_combining_class(skeleton[k]) == 0 && c.length > 0) {
				if (visit(&c, context))
					return true;
				c = (struct cluster){ points + used, 0, 0, false };
			}
			if (c.length == 0 || (!c.odd && point >= 0x80))
				c.character = point;
			points[used++] = skeleton[k];
			c.length++;
			c.odd = c.odd || point >= 0x80;
		}
	}
	return c.length > 0 && visit(&c, context);
}

/* The joiners' clusters, gathered. */
struct joiners {
	struct cluster list[JOINER_POINTS];
	size_t count;
	bool odd;
};

static bool gather(struct cluster *c, void *context)
{
	struct joiners *j = context;

	j->list[j->count++] = *c;
	j->odd = j->odd || c->odd;
	return false;
}

/* A word's walk: the joiners, and the joiner found. */
struct clash_search {
	const struct joiners *joiners;
	const struct cluster *found;
	uint32_t in_word;
};

static bool clashes(struct cluster *c, void *context)
{
	struct clash_search *search = context;

	if (!c->odd && !search->joiners->odd)
		return false;
	search->found = joiner_like(c, search->joiners->list, search->joiners->count);
	search->in_word = c->character;
	return search->found != NULL;
}

const char *lookalikes_clash(const char *const *words, size_t count, const char *joiners,
			     size_t len, uint32_t *in_word, uint32_t *in_joiner)
{
	struct joiners j = { .count = 0 };
	uint32_t joiner_points[JOINER_POINTS], points[MAX_WORD_BYTES * UNICODE_SKELETON_GROWTH];
	struct clash_search search = { &j, NULL, 0 };

	walk_clusters(joiners, len, joiner_points, JOINER_POINTS, gather, &j);
	qsort(j.list, j.count, sizeof *j.list, compare_clusters);
	for (size_t i = 0; i < count; i++) {
		if (!j.odd && ascii(words[i]))
			continue;
		if (walk_clusters(words[i], strlen(words[i]), points, sizeof points / sizeof *points,
				  clashes, &search)) {
			*in_word = search.in_word;
			*in_joiner = search.found->character;
			return words[i];
		}
	}
	return NULL;
}
