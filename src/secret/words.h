/* words.h - word lists for passphrases: the embedded default and files */
#ifndef PASS_GENHELPER_WORDS_H
#define PASS_GENHELPER_WORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "text/bounds.h"
#include "text/errors.h"
#include "text/unicode.h"

struct wordlist {
	const char *const *words; /* sorted in byte order, distinct (see wordlist_word) */
	const uint64_t *codes;    /* or, when set, the words as codes (default-words.h) */
	const char *letters;      /* when set: every byte that some word holds, */
	const char *initials;     /* and every first byte, so checks need no scan */
	size_t count;
	size_t longest;           /* bytes of the longest word */
	bool prefix_free;         /* no word is a prefix of another */
	const char *name;         /* "embedded list" or the file's path */
	size_t duplicates;        /* lines dropped as repeats */
	char *storage;            /* a parsed file's words, owned */
	const char **index;       /* a parsed file's word pointers, owned */
	struct unicode_scripts scripts; /* a parsed file's words' (text.h), */
	bool has_scripts;         /* or unset: the embedded list is ASCII */
	bool non_ascii;           /* some word has a character not ASCII */
	const struct wordlist *origin; /* capitalize_list()'s source list */
};

/* Room for a word of the embedded list spelt out: 5 bits a letter, so a
 * 64-bit code holds 12 letters (tools/embed-wordlist refuses longer). */
struct word_spelling {
	char text[12 + 1];
};

/* Word i of the list (i < count): the list's own bytes, or a code of the
 * embedded list spelt out into *room, valid until room is used again. */
static inline const char *wordlist_word(const struct wordlist *list, size_t i,
					struct word_spelling *room)
{
	uint64_t code;
	size_t k = 0;

	if (!list->codes)
		return list->words[i];
	for (code = list->codes[i]; code && k + 1 < sizeof room->text; code >>= 5)
		room->text[k++] = (char)('a' - 1 + (code & 31));
	room->text[k] = '\0';
	return room->text;
}

/* A word of the embedded list, its code (not 0: a word has a letter),
 * written at out, which has room for 12 bytes: the letters are written
 * whole, those past the word's end being the code's zero bits; returns
 * its length.  A code's length in letters is its length in bits over 5,
 * rounded up: no terminator to look for. */
static inline size_t wordlist_code_put(uint64_t code, char *out)
{
	size_t len;

#if defined(__GNUC__)
	{
		/* bits + 4 is at most 68, where x * 205 >> 10 is x / 5. */
		unsigned bits = 64 - (unsigned)__builtin_clzll(code | 1);

		len = (bits + 4) * 205 >> 10;
	}
#else
	for (len = 0; code >> (5 * len); len++)
		continue;
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	{
		/* The 5-bit fields spread to bytes in halving steps (20 bits to
		 * each 32-bit lane, 10 to each 16-bit, 5 to each byte), then
		 * made letters: 8 in one word, 4 in another, written whole. */
		uint64_t lo = code & ((UINT64_C(1) << 40) - 1);
		uint32_t hi = (uint32_t)(code >> 40), letters;

		lo = (lo & 0xfffff) | (lo >> 20) << 32;
		lo = (lo & UINT64_C(0x000003ff000003ff)) | (lo & UINT64_C(0x000ffc00000ffc00)) << 6;
		lo = (lo & UINT64_C(0x001f001f001f001f)) | (lo & UINT64_C(0x03e003e003e003e0)) << 3;
		lo += UINT64_C(0x6060606060606060); /* 'a' - 1 */
		hi = (hi & 0x3ff) | (hi & 0xffc00) << 6;
		hi = (hi & 0x001f001f) | (hi & 0x03e003e0) << 3;
		letters = hi + 0x60606060;
		memcpy(out, &lo, 8);
		memcpy(out + 8, &letters, 4);
	}
#else
	for (size_t k = 0; k < 12; k++)
		out[k] = (char)('a' - 1 + ((code >> (5 * k)) & 31));
#endif
	return len;
}

/* Set list to the embedded list: 7776 prefix-free words derived from SCOWL.
 * It points into read-only data only: nothing to free. */
void wordlist_default(struct wordlist *list);

/*
 * Parse a list from memory (the contents of a file named `name`): one word
 * per line; blank lines and lines starting with '#' ignored; a leading
 * diceware number ("11111<TAB>word") dropped; CR before LF tolerated.  Words
 * are visible text (visible_text_check()) without spaces, at most
 * MAX_WORD_BYTES bytes, and all of them together are of one script set
 * (text_scripts_add()).  The words are copied; wordlist_free() releases
 * them.  On failure returns false with a message naming the line.
 */
bool wordlist_parse(const char *data, size_t len, const char *name, struct wordlist *list,
		    struct error *err);

/* The line of word (a pointer into a parsed list's words) in the file,
 * or 0 for the embedded list and its capitalised form. */
size_t wordlist_line(const struct wordlist *list, const char *word);

/* Read and parse a file (at most MAX_LIST_FILE_BYTES). */
bool wordlist_load(const char *path, struct wordlist *list, struct error *err);

void wordlist_free(struct wordlist *list);

#endif
