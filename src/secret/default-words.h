/* default-words.h - the embedded list, as src/default-words.c defines it */
#ifndef PASS_GENHELPER_DEFAULT_WORDS_H
#define PASS_GENHELPER_DEFAULT_WORDS_H

#include <stddef.h>
#include <stdint.h>

/* Generated at build time from data/wordlist.txt by tools/embed-wordlist:
 * default_word_count words, each one code of 5 bits a letter (a = 1 ...
 * z = 26, the first letter in the lowest bits, zeros after the last;
 * no pointers, so nothing for the dynamic loader to relocate); the bytes
 * any word holds, and the first bytes.  Only wordlist_default()
 * (words.c) reads them; wordlist_word() spells a code out. */
extern const uint64_t default_word_codes[];
extern const size_t default_word_count, default_word_longest;
extern const char default_word_letters[], default_word_initials[];

#endif
