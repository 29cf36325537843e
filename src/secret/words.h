/* words.h - word lists for passphrases: the embedded default and files */
#ifndef PASS_GENHELPER_WORDS_H
#define PASS_GENHELPER_WORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
