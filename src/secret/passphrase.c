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
 * This file holds the shape of a passphrase and the rules on it: capitals
 * applied to a list, the symbols that step aside for the list, the check
 * that every passphrase decodes one way, the entropy and the longest size.
 * Drawing one is passphrase_draw.c's.
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

static char ascii_upper(char c)
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

/* Is it certain, from the bytes the list says its words use, that no word
 * in any printed form holds a byte of `bytes`? */
static bool surely_disjoint(const struct passphrase *p, const bool bytes[256])
{
	if (!p->list->letters)
		return false;
	for (const char *c = p->list->letters; *c; c++)
		if (bytes[(unsigned char)*c])
			return false;
	if (p->caps == CAPS_RANDOM)
		for (const char *c = p->list->initials; *c; c++)
			if (bytes[(unsigned char)ascii_upper(*c)])
				return false;
	return true;
}

/* Does any word, in any of the forms it can be printed in, contain a byte of
 * `bytes`?  Names the first such word in err. */
static bool words_contain(const struct passphrase *p, const bool bytes[256], const char *what,
			  struct error *err)
{
	struct word_spelling room;

	if (surely_disjoint(p, bytes))
		return false;
	for (size_t i = 0; i < p->list->count; i++) {
		const char *word = wordlist_word(p->list, i, &room);

		for (size_t k = 0; word[k]; k++) {
			unsigned char c = (unsigned char)word[k];
			bool hit = bytes[c] ||
				   (k == 0 && p->caps == CAPS_RANDOM && bytes[(unsigned char)ascii_upper((char)c)]);

			if (hit) {
				error_set(err, "%s and the word %s share a character, so passphrases would not decode uniquely",
					  what, error_quote(err, word));
				return true;
			}
		}
	}
	return false;
}

/* Are the initials known, and each a letter a-z?  A loop rather than
 * strspn(), which nothing else uses (one symbol less to bind at start). */
static bool all_lowercase(const char *initials)
{
	if (!initials)
		return false;
	for (; *initials; initials++)
		if (*initials < 'a' || *initials > 'z')
			return false;
	return true;
}

/*
 * A word that NFC may join to what the fixed separator ends in, when that
 * is empty (the last word) or not ASCII, or NULL: a Hangul vowel or final
 * jamo at its start ("\xea\xb0\x80" and "\xe1\x86\xa8" make U+AC01), which a
 * verifier that normalizes reads as another pair of words.  The code
 * point goes to *c.  (Marks at a word's start are refused when read.)
 */
static const char *word_joining(const struct passphrase *p, unsigned long *c)
{
	size_t end = strlen(p->separator);

	if (p->separators.size || p->list->codes ||
	    (end > 0 && (unsigned char)p->separator[end - 1] < 0x80))
		return NULL;
	for (size_t i = 0; i < p->list->count; i++) {
		const unsigned char *word = (const unsigned char *)p->list->words[i];

		if (word[0] >= 0x80 && utf8_decode(word, strlen((const char *)word), c) &&
		    unicode_nfc_quick_check((uint32_t)*c) == UNICODE_NFC_MAYBE)
			return (const char *)word;
	}
	return NULL;
}

bool passphrase_check(const struct passphrase *p, struct error *err)
{
	const char *joining;
	unsigned long first;

	bool separator_bytes[256] = { false }, digit_bytes[256] = { false };
	bool symbol_bytes[256] = { false };

	if (p->caps == CAPS_RANDOM && !all_lowercase(p->list->initials)) {
		for (size_t i = 0; i < p->list->count; i++) {
			struct word_spelling room;
			const char *word = wordlist_word(p->list, i, &room);

			if (word[0] < 'a' || word[0] > 'z') {
				error_set(err, "random capitals need every word to start with a letter a-z; %s does not",
					  error_quote(err, word));
				return false;
			}
		}
	}
	if (p->separators.size) {
		for (unsigned i = 0; i < p->separators.size; i++)
			separator_bytes[(unsigned char)p->separators.chars[i]] = true;
	} else {
		for (const char *c = p->separator; *c; c++)
			separator_bytes[(unsigned char)*c] = true;
		/* Without a separator, only a prefix-free list splits one way:
		 * with "sun", "sunday" and "day", "sunday" is one word or two. */
		if (p->separator[0] == '\0' && !p->list->prefix_free) {
			error_set(err, "word list %s is not prefix-free, so it needs a separator (some word is the start of another)",
				  error_quote(err, p->list->name));
			return false;
		}
	}
	joining = word_joining(p, &first);
	if (joining) {
		error_set(err, "word list %s has the word %s, whose first character (U+%04lX) normalization (NFC) joins to the end of the word or separator before it; use an ASCII separator",
			  error_quote(err, p->list->name), error_quote(err, joining), first);
		return false;
	}
	if (words_contain(p, separator_bytes, "the separator", err))
		return false;
	if (p->digit) {
		for (const char *c = PASSPHRASE_DIGITS; *c; c++)
			digit_bytes[(unsigned char)*c] = true;
		if (words_contain(p, digit_bytes, "the digits", err))
			return false;
		for (const char *c = PASSPHRASE_DIGITS; *c; c++)
			if (separator_bytes[(unsigned char)*c]) {
				error_set(err, "--digit cannot be used when a separator contains a digit");
				return false;
			}
	}
	if (p->symbols.size) {
		for (unsigned i = 0; i < p->symbols.size; i++) {
			unsigned char c = (unsigned char)p->symbols.chars[i];

			if (separator_bytes[c] || digit_bytes[c]) {
				error_set(err, "the symbol '%c' is also a separator or digit; choose --symbols without it",
					  c);
				return false;
			}
			symbol_bytes[c] = true;
		}
		if (words_contain(p, symbol_bytes, "the symbols", err))
			return false;
	}
	return passphrase_lookalikes_check(p, err);
}

size_t passphrase_max_bytes(const struct passphrase *p)
{
	size_t separator = p->separators.size ? 1 : strlen(p->separator);

	return p->word_count * p->list->longest + (p->word_count - 1) * separator + 2;
}
