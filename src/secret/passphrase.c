/*
 * passphrase.c - the shape of a passphrase, its decoding rules and its
 * exact entropy.
 *
 * A passphrase of W words from a list of n distinct words is one of n^W
 * equally likely word sequences.  Each option multiplies the number of
 * equally likely outputs by an exact factor, provided the output can be
 * decoded back into the choices (passphrase_check() makes sure of that):
 *
 *   words                      n^W                 W log2 n bits
 *   random separators from s   s^(W-1)             (W - 1) log2 s
 *   random capitals            2^W                 W
 *   a digit after one word     10 * W              log2 10 + log2 W
 *   a symbol after one word    m * W               log2 m + log2 W
 *
 * Example: 6 words of the embedded list (7776 = 6^5) are 6 * 12.925 =
 * 77.55 bits; random separators from 4 add 5 * 2 = 10; random capitals add
 * 6; a digit adds log2 60 = 5.91: 99.45 bits.  Each figure is log2 of its
 * factor, the total log2 of their product (count_log2), not a sum of
 * rounded logarithms.
 *
 *
 * This file holds the shape of a passphrase: capitals applied to a list,
 * the symbols that step aside for the list, the entropy and the longest
 * size.  The check that every passphrase decodes one way is
 * passphrase_check.c's, drawing one passphrase_draw.c's.
 */
#include "config.h"

#include "secret/passphrase.h"

#include "text/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Words in arrays, not pointers: a pointer in a table is a relocation
 * that every start pays for, and a few more of them push the program's
 * code a page further (bench/ counts the faults). */
static const struct {
	char name[8], summary[40];
} capitalizations[] = {
	[CAPS_NONE] = { "none", "no capitals" },
	[CAPS_FIRST] = { "first", "first letter of each word" },
	[CAPS_ALL] = { "all", "whole words" },
	[CAPS_RANDOM] = { "random", "first letter of each word, at random" },
};
#define CAPITALIZATIONS (sizeof capitalizations / sizeof capitalizations[0])

bool capitalization_by_name(const char *name, enum capitalization *caps)
{
	for (unsigned i = 0; i < CAPITALIZATIONS; i++) {
		if (strcmp(name, capitalizations[i].name) == 0) {
			*caps = (enum capitalization)i;
			return true;
		}
	}
	return false;
}

const char *capitalization_name(unsigned caps)
{
	return caps < CAPITALIZATIONS ? capitalizations[caps].name : NULL;
}

const char *capitalization_summary(unsigned caps)
{
	return caps < CAPITALIZATIONS ? capitalizations[caps].summary : NULL;
}

char ascii_upper(char c)
{
	return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

void capitalize_word(char *word, enum capitalization caps)
{
	if (caps == CAPS_FIRST)
		word[0] = ascii_upper(word[0]);
	else if (caps == CAPS_ALL)
		for (char *c = word; *c; c++)
			*c = ascii_upper(*c);
}

/* Capitalise every word of `list` into `out` (first letter or all), then
 * clean it as a new list: capitals can make two words equal ("Polish"). */
bool capitalize_list(const struct wordlist *list, enum capitalization caps,
		     struct wordlist *out, size_t *collisions, struct error *err)
{
	size_t total = 0, used = 0;
	struct word_spelling room;
	char *joined;
	bool ok;

	for (size_t i = 0; i < list->count; i++)
		total += strlen(wordlist_word(list, i, &room)) + 1;
	joined = malloc(total);
	if (!joined) {
		error_runtime(err, "out of memory");
		return false;
	}
	for (size_t i = 0; i < list->count; i++) {
		const char *word = wordlist_word(list, i, &room);
		size_t len = strlen(word);

		memcpy(joined + used, word, len);
		joined[used + len] = '\0';
		capitalize_word(joined + used, caps);
		joined[used + len] = '\n';
		used += len + 1;
	}
	ok = wordlist_parse(joined, total, list->name, out, err);
	free(joined);
	if (ok) {
		*collisions = out->duplicates;
		out->origin = list;
	}
	return ok;
}

bool passphrase_drop_clashing_symbols(struct passphrase *p)
{
	const struct wordlist *list = p->list;
	bool in_words[256] = { false };
	struct word_spelling room;
	unsigned kept = 0;

	if (list->letters)
		for (const char *c = list->letters; *c; c++)
			in_words[(unsigned char)*c] = true;
	else
		for (size_t i = 0; i < list->count; i++)
			for (const char *c = wordlist_word(list, i, &room); *c; c++)
				in_words[(unsigned char)*c] = true;
	for (unsigned i = 0; i < p->symbols.size; i++) {
		char c = p->symbols.chars[i];

		if (!strchr(p->separator, c) && !in_words[(unsigned char)c] &&
		    !memchr(p->separators.chars, c, p->separators.size))
			p->symbols.chars[kept++] = c;
	}
	p->symbols.size = kept;
	return kept > 0;
}

void passphrase_entropy(const struct passphrase *p, const struct count *count,
			struct passphrase_bits *bits)
{
	uint32_t w = (uint32_t)p->word_count;

	memset(bits, 0, sizeof *bits);
	bits->total = count_log2(count);
	if (p->separators.size && w > 0)
		bits->separators = count_log2_power(p->separators.size, w - 1);
	if (p->caps == CAPS_RANDOM)
		bits->capitals = count_log2_power(2, w);
	if (p->digit)
		bits->digit = count_log2_power(10 * w, 1);
	if (p->symbols.size)
		bits->symbol = count_log2_power(p->symbols.size * w, 1);
	/* Without extras the words are the whole count. */
	bits->words = passphrase_has_extras(p) ? count_log2_power((uint32_t)p->list->count, w)
					       : bits->total;
}

bool passphrase_has_extras(const struct passphrase *p)
{
	return p->separators.size || p->caps == CAPS_RANDOM || p->digit || p->symbols.size;
}

void passphrase_count(const struct passphrase *p, struct count *count)
{
	uint32_t w = (uint32_t)p->word_count;

	count_set(count, 1);
	count_multiply_power(count, (uint32_t)p->list->count, w);
	if (p->separators.size && w > 0)
		count_multiply_power(count, p->separators.size, w - 1);
	if (p->caps == CAPS_RANDOM)
		count_multiply_power(count, 2, w);
	if (p->digit)
		count_multiply(count, 10 * w);
	if (p->symbols.size)
		count_multiply(count, p->symbols.size * w);
}

size_t passphrase_max_bytes(const struct passphrase *p)
{
	size_t separator = p->separators.size ? 1 : strlen(p->separator);

	return p->word_count * p->list->longest + (p->word_count - 1) * separator + 2;
}
