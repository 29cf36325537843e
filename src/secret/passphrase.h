/* passphrase.h - the shape of a passphrase (words, separators, capitals, a
 * digit, a symbol), its decoding rules and its entropy; drawing one is
 * passphrase_draw.h's */
#ifndef PASS_GENHELPER_PASSPHRASE_H
#define PASS_GENHELPER_PASSPHRASE_H

#include <stdbool.h>
#include <stddef.h>

#include "text/bounds.h"
#include "secret/charset.h"
#include "secret/count.h"
#include "secret/words.h"

/* What --digit draws from. */
#define PASSPHRASE_DIGITS "0123456789"

enum capitalization { CAPS_NONE, CAPS_FIRST, CAPS_ALL, CAPS_RANDOM };

struct passphrase {
	const struct wordlist *list;  /* already capitalised for CAPS_FIRST/CAPS_ALL */
	size_t word_count;
	char separator[MAX_SEPARATOR_BYTES + 1]; /* used when no random separators */
	struct alphabet separators;   /* size > 0: each gap draws one of these */
	enum capitalization caps;     /* CAPS_RANDOM: each word's first letter */
	bool digit;                   /* one digit after a randomly chosen word */
	struct alphabet symbols;      /* size > 0: one symbol after a random word */
};

/* Where the bits come from: log2 of each factor of the count, and of the
 * count (their sum, but for rounding). */
struct passphrase_bits {
	double words, separators, capitals, digit, symbol, total;
};

/* The number of equally likely passphrases: the product of the factors. */
void passphrase_count(const struct passphrase *p, struct count *count);

/* Does it draw more than its words (separators, capitals, a digit, a
 * symbol)? */
bool passphrase_has_extras(const struct passphrase *p);

/* The figures of those factors, and of `count`, passphrase_count()'s. */
void passphrase_entropy(const struct passphrase *p, const struct count *count,
			struct passphrase_bits *bits);

/*
 * Check that every passphrase decodes to exactly one choice of words,
 * separators, capitals, digit and symbol, so that the entropy is exact
 * (passphrase_check.c).  Returns true when it does; else false with the
 * reason in err.
 */
bool passphrase_check(const struct passphrase *p, struct error *err);

/* Bytes the longest passphrase of this shape can take. */
size_t passphrase_max_bytes(const struct passphrase *p);

/* "none", "first", "all", "random" -> mode; returns false for other names. */
bool capitalization_by_name(const char *name, enum capitalization *caps);

/* The name of a mode of --capitalize, and a few words on it (for the
 * completions: --list-values); NULL past the last. */
const char *capitalization_name(unsigned caps);
const char *capitalization_summary(unsigned caps);

/* The capital of an ASCII letter a-z; any other byte as it is. */
char ascii_upper(char c);

/* Apply CAPS_FIRST or CAPS_ALL to a word in place (ASCII letters only). */
void capitalize_word(char *word, enum capitalization caps);

/*
 * `list` with CAPS_FIRST or CAPS_ALL applied to every word, as a new list
 * in `out` (wordlist_free() releases it), cleaned like a file: capitals can
 * make two words equal ("polish", "Polish"), and *collisions says how many
 * were dropped.  On failure false with a message in err.
 */
bool capitalize_list(const struct wordlist *list, enum capitalization caps,
		     struct wordlist *out, size_t *collisions, struct error *err);

/*
 * Keep only the symbols that are neither a separator nor a byte of any word
 * of p->list (so the default [:punct:] steps aside for "o'clock").  Returns
 * false when none is left.
 */
bool passphrase_drop_clashing_symbols(struct passphrase *p);

#endif
