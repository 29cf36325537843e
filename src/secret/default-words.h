/* default-words.h - the embedded list, as src/default-words.c defines it */
#ifndef PASS_GENHELPER_DEFAULT_WORDS_H
#define PASS_GENHELPER_DEFAULT_WORDS_H

#include <stddef.h>

/* Generated at build time from data/wordlist.txt by tools/embed-wordlist:
 * default_word_count rows of default_word_row_bytes bytes, each a word
 * padded with NULs (no pointers, so nothing for the dynamic loader to
 * relocate); the bytes any word holds, and the first bytes.  Only
 * wordlist_default() (words.c) reads them. */
extern const char default_word_rows[];
extern const size_t default_word_count, default_word_row_bytes, default_word_longest;
extern const char default_word_letters[], default_word_initials[];

#endif
