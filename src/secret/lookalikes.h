/* lookalikes.h - words of a list that a reader takes for each other */
#ifndef PASS_GENHELPER_LOOKALIKES_H
#define PASS_GENHELPER_LOOKALIKES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum lookalikes { LOOKALIKES_NONE, LOOKALIKES_FOUND, LOOKALIKES_START, LOOKALIKES_OUT_OF_MEMORY };

/*
 * Two of the count distinct words (checked by words.c: visible text in
 * NFC, each at most MAX_WORD_BYTES) that a reader takes for each other,
 * into *a and *b: of one skeleton (UTS #39, section 4: unicode_skeleton()),
 * at least one of them not plain ASCII ("a-b" and "a\u2010b", katakana
 * U+30D8 and hiragana U+3078): LOOKALIKES_FOUND.  With starts_too, also
 * a word whose skeleton is the start of another's, into *a, and the other
 * into *b ("\u0251" and "abk": one passphrase or two without a
 * separator): LOOKALIKES_START.  Pairs
 * of ASCII words ("rn" and "m") are --no-ambiguous's business, not this.
 */
enum lookalikes lookalikes_find(const char *const *words, size_t count, bool starts_too,
				const char **a, const char **b);

/* The first code point of word where it differs from other (or, when word
 * is the start of other, other's next one). */
uint32_t lookalikes_difference(const char *word, const char *other);

/* Are the count words plain ASCII? */
bool lookalikes_ascii(const char *const *words, size_t count);

/*
 * The first of the count words in which a reader may see a character of
 * joiners (len bytes of checked text: a separator, or a set of at most 95
 * ASCII characters), or NULL: a cluster (a starter and its marks) of the
 * word's skeleton equal to one of the joiners' skeleton, the characters
 * that made them into *in_word and *in_joiner, one of the two not ASCII.
 * "a-b" and U+2010, "\u2113" and "1", "a." and U+2026 ("..."), but not
 * "\u00d6" ("O" and a diaeresis) and "0" ("O").
 */
const char *lookalikes_clash(const char *const *words, size_t count, const char *joiners,
			     size_t len, uint32_t *in_word, uint32_t *in_joiner);

#endif
