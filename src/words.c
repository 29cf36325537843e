/*
 * words.c - word lists: validation of files, and the embedded list.
 *
 * A passphrase's entropy is W * log2(n) only if the n words are distinct and
 * the printed string can be split back into words in exactly one way.  So a
 * list is cleaned before use: repeats are dropped (and the entropy uses the
 * distinct count), lines that are not single words are errors, and whether
 * the list is prefix-free is recorded, because without a separator only a
 * prefix-free list decodes uniquely (passphrase.c refuses the other case).
 */
#include "config.h"

#include "words.h"

#include "default-words.h"
#include "file.h"
#include "text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct wordlist *wordlist_default(void)
{
	static struct wordlist list;

	if (list.count == 0) {
		list.rows = default_word_rows;
		list.row_bytes = default_word_row_bytes;
		list.count = default_word_count;
		list.longest = default_word_longest;
		list.letters = default_word_letters;
		list.initials = default_word_initials;
		list.name = "embedded list";
		list.prefix_free = true; /* checked by tests/unit/test_words.c */
	}
	return &list;
}

/* Is `word` (len bytes) a word?  If not, false with the reason in err. */
static bool check_word(const char *word, size_t len, struct error *err)
{
	struct text_flaw flaw;
	char code_point[TEXT_FLAW_BYTES];

	if (len > MAX_WORD_BYTES) {
		error_set(err, "word longer than %d bytes", MAX_WORD_BYTES);
		return false;
	}
	if (memchr(word, ' ', len) || memchr(word, '\t', len)) {
		error_set(err, "more than one word on the line");
		return false;
	}
	/* Words that look alike or that normalize alike would be counted
	 * twice: only visible text in normalization form C is a word, so
	 * that distinct bytes are distinct words. */
	if (!visible_text_check(word, len, &flaw)) {
		error_set(err, "%s in the word %s%s", flaw.what, error_quote_mem(err, word, len),
			  text_flaw_code_point(&flaw, code_point));
		return false;
	}
	return true;
}

static int compare_words(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool is_space_or_tab(char c)
{
	return c == ' ' || c == '\t';
}

bool wordlist_parse(const char *data, size_t len, const char *name, struct wordlist *list,
		    struct error *err)
{
	const char **words = NULL;
	char *storage = NULL;
	size_t count = 0, capacity = 0, used = 0, line_number = 0;
	const char *shown = error_quote(err, name);

	memset(list, 0, sizeof *list);
	list->name = name;
	if (len == 0) {
		error_set(err, "word list %s is empty", shown);
		return false;
	}
	if (memchr(data, '\0', len)) {
		error_set(err, "word list %s is binary (it contains NUL bytes)", shown);
		return false;
	}
	/* A UTF-8 byte-order mark is not part of the first word. */
	if (len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0) {
		data += 3;
		len -= 3;
	}
	/* Every word fits in the input's bytes plus one terminator per line. */
	storage = malloc(len + 1);
	if (!storage)
		goto out_of_memory;
	for (size_t pos = 0; pos < len;) {
		const char *line = data + pos;
		const char *end = memchr(line, '\n', len - pos);
		size_t line_len = end ? (size_t)(end - line) : len - pos;

		pos += line_len + (end ? 1 : 0);
		line_number++;
		if (line_len > 0 && line[line_len - 1] == '\r')
			line_len--;
		while (line_len > 0 && is_space_or_tab(*line)) {
			line++;
			line_len--;
		}
		while (line_len > 0 && is_space_or_tab(line[line_len - 1]))
			line_len--;
		if (line_len == 0 || line[0] == '#')
			continue;
		/* Diceware style: a number, blanks, then the word. */
		if (line[0] >= '0' && line[0] <= '9') {
			size_t digits = 0;

			while (digits < line_len && line[digits] >= '0' && line[digits] <= '9')
				digits++;
			if (digits < line_len && is_space_or_tab(line[digits])) {
				line += digits;
				line_len -= digits;
				while (is_space_or_tab(*line)) {
					line++;
					line_len--;
				}
			}
		}
		if (!check_word(line, line_len, err)) {
			error_prefix(err, "word list %s, line %zu: ", shown, line_number);
			goto fail;
		}
		if (count == MAX_LIST_WORDS) {
			error_set(err, "word list %s has more than %d words", shown,
				  MAX_LIST_WORDS);
			goto fail;
		}
		if (count == capacity) {
			size_t grown = capacity ? capacity * 2 : 1024;
			const char **bigger = realloc(words, grown * sizeof *words);

			if (!bigger)
				goto out_of_memory;
			words = bigger;
			capacity = grown;
		}
		memcpy(storage + used, line, line_len);
		storage[used + line_len] = '\0';
		words[count++] = storage + used;
		used += line_len + 1;
		if (line_len > list->longest)
			list->longest = line_len;
	}
	if (count == 0) {
		error_set(err, "word list %s has no words", shown);
		goto fail;
	}
	qsort(words, count, sizeof *words, compare_words);
	{
		size_t distinct = 1;

		for (size_t i = 1; i < count; i++)
			if (strcmp(words[i], words[distinct - 1]) != 0)
				words[distinct++] = words[i];
		list->duplicates = count - distinct;
		count = distinct;
	}
	if (count < MIN_LIST_WORDS) {
		error_set(err, "word list %s has %zu distinct words; at least %d are needed",
			  shown, count, MIN_LIST_WORDS);
		goto fail;
	}
	/* In byte order, a word that is a prefix of any later word is a prefix
	 * of the word right after it, so neighbours are enough. */
	list->prefix_free = true;
	for (size_t i = 1; i < count; i++)
		if (strncmp(words[i - 1], words[i], strlen(words[i - 1])) == 0)
			list->prefix_free = false;
	list->words = words;
	list->index = words;
	list->storage = storage;
	list->count = count;
	return true;

out_of_memory:
	error_set(err, "word list %s: out of memory", shown);
fail:
	free(words);
	free(storage);
	memset(list, 0, sizeof *list);
	return false;
}

void wordlist_free(struct wordlist *list)
{
	free(list->storage);
	free(list->index);
	memset(list, 0, sizeof *list);
}

bool wordlist_load(const char *path, struct wordlist *list, struct error *err)
{
	char *data;
	size_t len;
	bool ok;

	if (!file_load_regular(path, MAX_LIST_FILE_BYTES, "word list", error_quote(err, path), &data,
			       &len, err))
		return false;
	ok = wordlist_parse(data, len, path, list, err);
	free(data);
	return ok;
}
