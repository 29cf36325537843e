/* lookalikes.h - words of a list that a reader takes for each other */
#ifndef PASS_GENHELPER_LOOKALIKES_H
#define PASS_GENHELPER_LOOKALIKES_H

#include <stddef.h>
#include <stdint.h>

enum lookalikes { LOOKALIKES_NONE, LOOKALIKES_FOUND, LOOKALIKES_OUT_OF_MEMORY };

/*
 * Two of the count distinct words (checked by words.c: visible text in
 * NFC, each at most MAX_WORD_BYTES) that a reader takes for each other,
 * into *a and *b: of one skeleton (UTS #39, section 4: unicode_skeleton()),
 * at least one of them not plain ASCII ("a-b" and "a\u2010b", katakana
 * U+30D8 and hiragana U+3078).  Pairs of ASCII words ("rn" and "m") are
 * --no-ambiguous's business, not this.
 */
enum lookalikes lookalikes_find(const char *const *words, size_t count, const char **a,
				const char **b);

/* The first code point of word where it differs from other (or, when word
 * is the start of other, other's next one). */
uint32_t lookalikes_difference(const char *word, const char *other);

#endif
