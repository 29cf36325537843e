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

#include "secret/words.h"

#include "secret/default-words.h"
#include "secret/lookalikes.h"
#include "text/file.h"
#include "text/text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Into the caller's struct, not a static of its own here: that took a
 * page of bss, a page fault a passphrase (bench/). */
void wordlist_default(struct wordlist *list)
{
	*list = (struct wordlist){
		.codes = default_word_codes,
		.count = default_word_count,
		.longest = default_word_longest,
		.letters = default_word_letters,
		.initials = default_word_initials,
		.name = "embedded list",
		.prefix_free = true, /* checked by tests/unit/test_words.c */
	};
}

/* Is `word` (len bytes) a word, and of scripts that go with those of the
 * words before it?  If not, false with the reason in err. */
static bool check_word(const char *word, size_t len, struct unicode_scripts *scripts,
		       struct error *err)
{
	struct text_flaw flaw;
	char code_point[TEXT_FLAW_BYTES];
	struct unicode_scripts alone;

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
	/* Letters of two scripts look alike (Latin "a" and Cyrillic "а"). */
	unicode_scripts_init(&alone);
	flaw.has_code_point = true;
	if (!text_scripts_add(&alone, word, len, &flaw.code_point)) {
		error_set(err, TEXT_SCRIPTS_FLAW " in the word %s%s", error_quote_mem(err, word, len),
			  text_flaw_code_point(&flaw, code_point));
		return false;
	}
	if (!text_scripts_add(scripts, word, len, &flaw.code_point)) {
		error_set(err, TEXT_SCRIPTS_FLAW " with the words before it in the word %s%s",
			  error_quote_mem(err, word, len), text_flaw_code_point(&flaw, code_point));
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

/*
 * The word on one line (len bytes, without its '\n'), in place: CR before
 * LF, leading and trailing blanks and a leading diceware number ("11111"
 * and blanks) dropped.  Sets *len to 0 for a blank line or a '#' comment.
 */
static const char *word_of_line(const char *line, size_t *len)
{
	size_t line_len = *len;

	if (line_len > 0 && line[line_len - 1] == '\r')
		line_len--;
	while (line_len > 0 && is_space_or_tab(*line)) {
		line++;
		line_len--;
	}
	while (line_len > 0 && is_space_or_tab(line[line_len - 1]))
		line_len--;
	if (line_len == 0 || line[0] == '#') {
		*len = 0;
		return line;
	}
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
	*len = line_len;
	return line;
}

/* The word of the line at *pos of data (len bytes), as word_of_line()
 * makes it; *pos moves to the next line. */
static const char *next_word(const char *data, size_t len, size_t *pos, size_t *word_len)
{
	const char *line = data + *pos, *end = memchr(line, '\n', len - *pos);

	*word_len = end ? (size_t)(end - line) : len - *pos;
	*pos = end ? (size_t)(end - data) + 1 : len;
	return word_of_line(line, word_len);
}

/* The words read so far: pointers into storage, in the order read. */
struct words_read {
	const char **words;
	size_t count, capacity;
	char *storage;  /* room for the whole input: its bytes, one NUL a line */
	size_t used;
};

/* Copy word (len bytes, checked) into storage and index it; false when
 * the index cannot grow. */
static bool keep_word(struct words_read *read, const char *word, size_t len)
{
	if (read->count == read->capacity) {
		size_t grown = read->capacity ? read->capacity * 2 : 1024;
		const char **bigger = realloc(read->words, grown * sizeof *bigger);

		if (!bigger)
			return false;
		read->words = bigger;
		read->capacity = grown;
	}
	memcpy(read->storage + read->used, word, len);
	read->storage[read->used + len] = '\0';
	read->words[read->count++] = read->storage + read->used;
	read->used += len + 1;
	return true;
}

/* Sort the words and drop repeats; returns how many are distinct. */
static size_t sort_distinct(const char **words, size_t count)
{
	size_t distinct = 1;

	qsort(words, count, sizeof *words, compare_words);
	for (size_t i = 1; i < count; i++)
		if (strcmp(words[i], words[distinct - 1]) != 0)
			words[distinct++] = words[i];
	return distinct;
}

/* Is no word of the sorted list a prefix of another?  In byte order, a
 * word that is a prefix of any later word is a prefix of the word right
 * after it, so neighbours are enough. */
static bool sorted_prefix_free(const char *const *words, size_t count)
{
	for (size_t i = 1; i < count; i++)
		if (strncmp(words[i - 1], words[i], strlen(words[i - 1])) == 0)
			return false;
	return true;
}

/* The line of word, a pointer into storage, which holds each line's word
 * (empty for a blank line) after a NUL. */
static size_t storage_line(const char *storage, const char *word)
{
	size_t line = 1;

	for (const char *c = storage; c < word; c++)
		line += *c == '\0';
	return line;
}

size_t wordlist_line(const struct wordlist *list, const char *word)
{
	size_t line;

	if (!list->storage)
		return 0;
	line = storage_line(list->storage, word);
	/* A capitalised list's lines are its source's words, in order. */
	if (list->origin)
		return line <= list->origin->count && !list->origin->codes
			       ? wordlist_line(list->origin, list->origin->words[line - 1])
			       : 0;
	return line;
}

/* Are no two of the count distinct words look-alikes (lookalikes.h)?  If
 * two are, false with a message that names them and their lines (words
 * point into storage), the later first, and the first character where
 * it differs. */
static bool lookalikes_none(const char *const *words, size_t count, const char *storage,
			    const char *shown, struct error *err)
{
	const char *a, *b, *t;
	size_t line_a, line_b, line;
	uint32_t differs;

	switch (lookalikes_find(words, count, false, &a, &b)) {
	case LOOKALIKES_NONE:
		return true;
	case LOOKALIKES_OUT_OF_MEMORY:
		return error_runtime(err, "word list %s: out of memory", shown);
	case LOOKALIKES_FOUND:
	case LOOKALIKES_START: /* not asked for */
		break;
	}
	line_a = storage_line(storage, a);
	line_b = storage_line(storage, b);
	if (line_a > line_b) {
		t = a, a = b, b = t;
		line = line_a, line_a = line_b, line_b = line;
	}
	differs = lookalikes_difference(b, a);
	return error_set(err, "word list %s, line %zu: the word %s looks like the word %s of line %zu "
			 "(one skeleton by UTS #39's confusables; they differ at U+%04lX)",
			 shown, line_b, error_quote(err, b), error_quote(err, a), line_a,
			 (unsigned long)differs);
}

bool wordlist_parse(const char *data, size_t len, const char *name, struct wordlist *list,
		    struct error *err)
{
	struct words_read read = { 0 };
	struct unicode_scripts scripts;
	size_t count, line_number = 0;
	const char *shown = error_quote(err, name);

	memset(list, 0, sizeof *list);
	list->name = name;
	unicode_scripts_init(&scripts);
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
	read.storage = malloc(len + 1);
	if (!read.storage)
		goto out_of_memory;
	for (size_t pos = 0, word_len; pos < len;) {
		const char *word = next_word(data, len, &pos, &word_len);

		line_number++;
		/* An empty word keeps the count of lines (wordlist_line()). */
		if (word_len == 0) {
			read.storage[read.used++] = '\0';
			continue;
		}
		if (!check_word(word, word_len, &scripts, err)) {
			error_prefix(err, "word list %s, line %zu: ", shown, line_number);
			goto fail;
		}
		if (read.count == MAX_LIST_WORDS) {
			error_set(err, "word list %s has more than %d words", shown,
				  MAX_LIST_WORDS);
			goto fail;
		}
		if (!keep_word(&read, word, word_len))
			goto out_of_memory;
		if (word_len > list->longest)
			list->longest = word_len;
	}
	if (read.count == 0) {
		error_set(err, "word list %s has no words", shown);
		goto fail;
	}
	count = sort_distinct(read.words, read.count);
	list->duplicates = read.count - count;
	if (!lookalikes_none(read.words, count, read.storage, shown, err))
		goto fail;
	if (count < MIN_LIST_WORDS) {
		error_set(err, "word list %s has %zu distinct words; at least %d are needed",
			  shown, count, MIN_LIST_WORDS);
		goto fail;
	}
	list->prefix_free = sorted_prefix_free(read.words, count);
	list->words = read.words;
	list->index = read.words;
	list->storage = read.storage;
	list->count = count;
	list->scripts = scripts;
	list->has_scripts = true;
	list->non_ascii = !lookalikes_ascii(read.words, count);
	return true;

out_of_memory:
	error_runtime(err, "word list %s: out of memory", shown);
fail:
	free(read.words);
	free(read.storage);
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
