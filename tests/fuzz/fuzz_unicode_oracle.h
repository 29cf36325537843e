/* fuzz_unicode_oracle.h - fuzz_wordlist's references for what Unicode
 * says of a word list (fuzz_unicode_oracle.c) */
#ifndef PASS_GENHELPER_FUZZ_UNICODE_ORACLE_H
#define PASS_GENHELPER_FUZZ_UNICODE_ORACLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "secret/words.h"

/* A word of the reference reading: len bytes at text (not terminated). */
struct ref_word {
	const char *text;
	size_t len;
};

/* qsort() order of struct ref_word: bytes, then length. */
int compare_ref(const void *a, const void *b);

/* Read the database and confusables.txt; aborts when it cannot. */
void oracle_load(void);

/* Do the helper's version and libunistring's both assign every code
 * point of the word (len bytes of valid UTF-8)? */
bool both_assign(const uint8_t *s, size_t len);

/* Does some word hold an invisible character, or change under NFKC
 * (asked where both versions assign every code point)? */
bool any_unseen(const struct ref_word *words, size_t count);

/* The list's words whose every code point both versions assign have as
 * many distinct visible forms as they are (CHECK()ed). */
void check_distinct_visible(const struct wordlist *list);

/* Are two of the count distinct words look-alikes: one UTS #39
 * skeleton, one of them not plain ASCII?  *unknown says whether a
 * skeleton could not be made (and that word was left out). */
bool oracle_lookalikes(const struct ref_word *words, size_t count, bool *unknown);

/* Are the words, all together, Highly Restrictive (UTS #39, 5.2)? */
bool oracle_highly_restrictive(const struct ref_word *words, size_t count);

#endif
