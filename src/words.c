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

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Length of the valid UTF-8 sequence at s (at most `left` bytes), 0 if
 * invalid: overlong forms, surrogates and values past U+10FFFF included. */
static size_t utf8_sequence(const unsigned char *s, size_t left)
{
	uint32_t value;
	size_t need;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		need = 2;
		value = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		need = 3;
		value = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		need = 4;
		value = s[0] & 0x07;
	} else {
		return 0;
	}
	if (left < need)
		return 0;
	for (size_t i = 1; i < need; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		value = value << 6 | (s[i] & 0x3f);
	}
	if ((need == 3 && value < 0x800) || (need == 4 && value < 0x10000) || value > 0x10ffff ||
	    (value >= 0xd800 && value <= 0xdfff))
		return 0;
	return need;
}

bool utf8_printable(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;

	for (size_t i = 0; i < len;) {
		size_t step = utf8_sequence(s + i, len - i);

		if (step == 0 || (step == 1 && (s[i] < 0x20 || s[i] == 0x7f)))
			return false;
		i += step;
	}
	return true;
}

/* Why `word` (len bytes) is not a word, or NULL when it is one. */
static const char *word_problem(const unsigned char *word, size_t len)
{
	if (len > MAX_WORD_BYTES)
		return "word longer than 48 bytes";
	for (size_t i = 0; i < len;) {
		size_t step = utf8_sequence(word + i, len - i);

		if (step == 0)
			return "not valid UTF-8";
		if (step == 1 && (word[i] <= 0x20 || word[i] == 0x7f))
			return word[i] == ' ' || word[i] == '\t' ? "more than one word on the line"
								  : "control character in the word";
		i += step;
	}
	return NULL;
}

static int compare_words(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

bool wordlist_parse(const char *data, size_t len, const char *name, struct wordlist *list,
		    char *err, size_t errlen)
{
	const char **words = NULL;
	char *storage = NULL;
	size_t count = 0, capacity = 0, used = 0, line_number = 0;

	memset(list, 0, sizeof *list);
	list->name = name;
	if (len == 0) {
		snprintf(err, errlen, "word list %s is empty", name);
		return false;
	}
	if (memchr(data, '\0', len)) {
		snprintf(err, errlen, "word list %s is binary (it contains NUL bytes)", name);
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
		const char *problem;

		pos += line_len + (end ? 1 : 0);
		line_number++;
		if (line_len > 0 && line[line_len - 1] == '\r')
			line_len--;
		while (line_len > 0 && is_blank(*line)) {
			line++;
			line_len--;
		}
		while (line_len > 0 && is_blank(line[line_len - 1]))
			line_len--;
		if (line_len == 0 || line[0] == '#')
			continue;
		/* Diceware style: a number, blanks, then the word. */
		if (line[0] >= '0' && line[0] <= '9') {
			size_t digits = 0;

			while (digits < line_len && line[digits] >= '0' && line[digits] <= '9')
				digits++;
			if (digits < line_len && is_blank(line[digits])) {
				line += digits;
				line_len -= digits;
				while (is_blank(*line)) {
					line++;
					line_len--;
				}
			}
		}
		problem = word_problem((const unsigned char *)line, line_len);
		if (problem) {
			snprintf(err, errlen, "word list %s, line %zu: %s", name, line_number, problem);
			goto fail;
		}
		if (count == MAX_LIST_WORDS) {
			snprintf(err, errlen, "word list %s has more than %d words", name,
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
		snprintf(err, errlen, "word list %s has no words", name);
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
		snprintf(err, errlen, "word list %s has %zu distinct words; at least %d are needed",
			 name, count, MIN_LIST_WORDS);
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
	snprintf(err, errlen, "word list %s: out of memory", name);
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

bool wordlist_load(const char *path, struct wordlist *list, char *err, size_t errlen)
{
	struct stat st;
	char *data = NULL;
	size_t len = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	bool ok;

	if (fd < 0) {
		snprintf(err, errlen, "cannot open word list %s: %s", path, strerror(errno));
		return false;
	}
	if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "cannot read word list %s: %s", path,
			 S_ISDIR(st.st_mode) ? "it is a directory" : strerror(errno));
		close(fd);
		return false;
	}
	/* Read up to one byte past the limit, so that pipes and files that grow
	 * are held to it too. */
	data = malloc(MAX_LIST_FILE_BYTES + 1);
	if (!data) {
		snprintf(err, errlen, "word list %s: out of memory", path);
		close(fd);
		return false;
	}
	for (;;) {
		ssize_t got = read(fd, data + len, MAX_LIST_FILE_BYTES + 1 - len);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			snprintf(err, errlen, "cannot read word list %s: %s", path, strerror(errno));
			free(data);
			close(fd);
			return false;
		}
		if (got == 0)
			break;
		len += (size_t)got;
		if (len > MAX_LIST_FILE_BYTES) {
			snprintf(err, errlen, "word list %s is larger than 16 MiB", path);
			free(data);
			close(fd);
			return false;
		}
	}
	close(fd);
	ok = wordlist_parse(data, len, path, list, err, errlen);
	free(data);
	return ok;
}
