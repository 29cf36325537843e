/*
 * lookalikes.c - words of a list that a reader takes for each other.
 *
 * UTS #39 (Unicode Security Mechanisms) says when two strings are
 * confusable: when their skeletons, made with confusables.txt, are equal.
 * The skeletons of a list's words are sorted, and words of one skeleton
 * are neighbours.
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

/* The code points of a checked word (at most MAX_WORD_BYTES of them). */
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

enum lookalikes lookalikes_find(const char *const *words, size_t count, const char **a,
				const char **b)
{
	struct skeleton_entry *entries;
	uint32_t *all = NULL, code_points[MAX_WORD_BYTES];
	uint32_t skeleton[MAX_WORD_BYTES * UNICODE_SKELETON_GROWTH];
	size_t used = 0, room = 0, i = 0, j, odd;
	enum lookalikes found = LOOKALIKES_NONE;
	bool ok;

	while (i < count && ascii(words[i]))
		i++;
	if (i == count)
		return LOOKALIKES_NONE;
	entries = malloc(count * sizeof *entries);
	ok = entries != NULL;
	/* A word's skeleton always fits (UNICODE_SKELETON_GROWTH). */
	for (i = 0; ok && i < count; i++) {
		size_t n = word_code_points(words[i], code_points), length;

		ok = unicode_skeleton(code_points, n, skeleton, sizeof skeleton / sizeof *skeleton,
				      &length);
		if (ok && used + length > room) {
			uint32_t *bigger = realloc(all, (room = 2 * room + length) * sizeof *all);

			ok = bigger != NULL;
			all = ok ? bigger : all;
		}
		if (ok)
			memcpy(all + used, skeleton, length * sizeof *all);
		entries[i] = (struct skeleton_entry){ words[i], NULL, used, length };
		used += length;
	}
	if (!ok) {
		free(entries);
		free(all);
		return LOOKALIKES_OUT_OF_MEMORY;
	}
	for (i = 0; i < count; i++)
		entries[i].skeleton = all + entries[i].offset;
	qsort(entries, count, sizeof *entries, compare_skeletons);
	for (i = 0; found == LOOKALIKES_NONE && i < count; i = j) {
		odd = ascii(entries[i].word) ? count : i;
		for (j = i + 1; j < count && entries[j].length == entries[i].length &&
				memcmp(entries[j].skeleton, entries[i].skeleton,
				       entries[i].length * sizeof *all) == 0; j++)
			odd = odd == count && !ascii(entries[j].word) ? j : odd;
		if (odd != count && j - i > 1) {
			*a = entries[odd].word;
			*b = entries[odd == i ? i + 1 : i].word;
			found = LOOKALIKES_FOUND;
		}
	}
	free(entries);
	free(all);
	return found;
}
