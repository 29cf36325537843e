/* test_words.c - the embedded list and the word-list file parser */
#include "config.h"

#include "tap.h"
#include "text/text.h"
#include "secret/words.h"
#include "secret/lookalikes.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static struct error err;

/* n distinct words "aa", "ab", ... (letters a-h, so up to 64), one a line,
 * after `prefix` and before `suffix`. */
static char *make_list(const char *prefix, size_t n, const char *suffix)
{
	size_t len = strlen(prefix) + n * 3 + strlen(suffix) + 1;
	char *text = malloc(len), *p = text;

	p += sprintf(p, "%s", prefix);
	for (size_t i = 0; i < n; i++)
		p += sprintf(p, "%c%c\n", (int)('a' + i / 8), (int)('a' + i % 8));
	sprintf(p, "%s", suffix);
	return text;
}

static bool parse(const char *text, struct wordlist *list)
{
	error_clear(&err);
	return wordlist_parse(text, strlen(text), "test", list, &err);
}

static void refused(const char *text, const char *part, const char *name)
{
	struct wordlist list;

	ok(!parse(text, &list) && strstr(err.text, part), "%s: %s", name, err.text);
}

/* Lists of make_list(prefix, n, suffix) that the parser refuses, with a
 * message holding part. */
static const struct {
	const char *prefix;
	size_t n;
	const char *suffix, *part, *name;
} refusals[] = {
	/* Errors name the line. */
	{ "", 10, "two words\n", "line 11: more than one word", "a line with two words" },
	{ "", 3, "bad\xff\n", "line 4: not valid UTF-8", "invalid UTF-8" },
	{ "", 3, "over\xc0\xaflong\n", "line 4: not valid UTF-8", "an overlong UTF-8 form" },
	{ "", 3, "ctl\x01x\n", "line 4: control character", "a control character" },
	/* Letters of two scripts that look alike: refused in a word, and
	 * across words, naming the line and the first letter at fault. */
	{ "", 3, "p\xd0\xb5" "ace\n",
	  "line 4: mix of scripts that UTS #39 does not allow (highly restrictive) in the word 'p\xd0\xb5" "ace' (U+0435)",
	  "a word of Latin and Cyrillic" },
	{ "", 3, "\xd0\xbc\xd0\xb8\xd1\x80\n",
	  "line 4: mix of scripts that UTS #39 does not allow (highly restrictive) with the words before it in the word",
	  "a Cyrillic word after Latin ones" },
	{ "", 63, "\xef\xac\x81\n", "line 64: compatibility character that NFKC replaces", "the ligature fi, U+FB01" },
	{ "", 2, "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz\n", "line 3: word longer than 48 bytes",
	  "a 52-byte word" },
	/* Words of one skeleton (UTS #39), one of them not ASCII: refused,
	 * naming both and their lines, and where they differ. */
	{ "a-b\n", 63, "a\xe2\x88\x92" "b\n",
	  "line 65: the word 'a\xe2\x88\x92" "b' looks like the word 'a-b' of line 1 (one skeleton by UTS #39's confusables; they differ at U+2212)",
	  "a-b and a, U+2212 MINUS SIGN, b" },
	{ "\xe3\x83\x98\n", 1, "\xe3\x81\xb8\n",
	  "line 3: the word '\xe3\x81\xb8' looks like the word '\xe3\x83\x98' of line 1",
	  "katakana and hiragana HE, before the count of words" },
	/* Too few words. */
	{ "", 63, "", "63 distinct words; at least 64", "63 words" },
	{ "", 63, "aa\n", "63 distinct words", "64 lines but 63 distinct words" },
};

int main(void)
{
	struct wordlist embedded_list;
	const struct wordlist *embedded = &embedded_list;
	struct wordlist list;
	char *text;

	wordlist_default(&embedded_list);
	/* The embedded list's properties (tools/check-wordlist checks the
	 * data file too, with the blocklist). */
	{
		bool letters = true, sorted = true, prefix_free = true;
		struct word_spelling rooms[2];

		for (size_t i = 0; i < embedded->count; i++) {
			const char *w = wordlist_word(embedded, i, &rooms[i % 2]);
			const char *before = i > 0 ? rooms[(i - 1) % 2].text : NULL;
			size_t len = strlen(w);

			struct text_flaw flaw;

			if (len < 3 || len > 9 || strspn(w, "abcdefghijklmnopqrstuvwxyz") != len ||
			    !visible_text_check(w, len, &flaw))
				letters = false;
			if (before && strcmp(before, w) >= 0)
				sorted = false;
			if (before && strncmp(before, w, strlen(before)) == 0)
				prefix_free = false;
		}
		ok(embedded->count == 7776, "embedded list has 7776 = 6^5 words (%zu)", embedded->count);
		ok(letters, "embedded words are 3 to 9 letters a-z, visible text in NFC");
		ok(sorted, "embedded list is sorted and has no repeats");
		ok(prefix_free && embedded->prefix_free, "embedded list is prefix-free");
		ok(embedded->longest <= 9, "longest embedded word has at most 9 letters");
	}
	/* wordlist_code_put spells each code straight into place, its length
	 * from the code: the same words as wordlist_word, and codes of 1 to
	 * 12 letters of every kind. */
	{
		bool same = true;
		struct word_spelling room;
		char put[12 + 1];

		for (size_t i = 0; i < embedded->count; i++) {
			const char *w = wordlist_word(embedded, i, &room);
			size_t len = wordlist_code_put(embedded->codes[i], put);

			same &= len == strlen(w) && memcmp(put, w, len) == 0;
		}
		for (uint64_t letters = 1, code = 0; letters <= 12; letters++) {
			code = code << 5 | (letters * 7 % 26 + 1); /* a letter a-z */
			same &= wordlist_code_put(code, put) == letters;
			for (size_t k = 0; k < letters; k++)
				same &= put[k] == (char)('a' - 1 + ((code >> (5 * k)) & 31));
			same &= wordlist_code_put(code | UINT64_C(26) << (5 * (letters - 1)), put) ==
				letters && put[letters - 1] == 'z';
		}
		ok(same, "wordlist_code_put: every embedded word as wordlist_word spells it; codes of 1-12 letters");
	}

	/* A clean list. */
	text = make_list("# a comment\n\n   \n", 64, "");
	ok(parse(text, &list) && list.count == 64 && list.duplicates == 0 && list.prefix_free,
	   "64 words with a comment and blank lines: %s", err.text);
	ok(strcmp(list.words[0], "aa") == 0 && strcmp(list.words[63], "hh") == 0, "sorted words");
	wordlist_free(&list);
	free(text);

	/* Repeats collapse and are counted. */
	text = make_list("", 64, "aa\nhh\nhh\n");
	ok(parse(text, &list) && list.count == 64 && list.duplicates == 3,
	   "repeats collapse: 67 lines, 64 distinct, 3 repeats");
	wordlist_free(&list);
	free(text);

	/* Diceware numbering, CRLF and surrounding blanks. */
	{
		char buf[4096], *p = buf;

		for (int i = 0; i < 64; i++)
			p += sprintf(p, "%d\t %c%c \r\n", 11111 + i, 'a' + i / 8, 'a' + i % 8);
		ok(parse(buf, &list) && list.count == 64 && strcmp(list.words[1], "ab") == 0,
		   "diceware '11111<TAB>word' lines and CRLF endings: %s", err.text);
		wordlist_free(&list);
	}

	/* UTF-8 words are words. */
	text = make_list("caf\xc3\xa9\n\xc3\xa9l\xc3\xa8ve\n", 62, "");
	ok(parse(text, &list) && list.count == 64, "UTF-8 words are accepted: %s", err.text);
	wordlist_free(&list);
	free(text);

	/* Prefix-freeness is recorded, not required, by the parser. */
	text = make_list("", 64, "aab\n");
	ok(parse(text, &list) && !list.prefix_free, "'aa' before 'aab': not prefix-free");
	wordlist_free(&list);
	free(text);

	/* Errors name the line. */
	for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
		text = make_list(refusals[i].prefix, refusals[i].n, refusals[i].suffix);
		refused(text, refusals[i].part, refusals[i].name);
		free(text);
	}
	/* Words must look like themselves and nothing else: an invisible
	 * character or one that normalization (NFC) changes would let one
	 * visible word count many times. */
	{
		static const struct {
			const char *word, *part, *name;
		} unseen[] = {
			{ "hunter2\xe2\x80\x8b", "invisible or formatting character in the word 'hunter2\\xe2\\x80\\x8b' (U+200B)", "U+200B ZERO WIDTH SPACE" },
			{ "hun\xe2\x80\x8cter", "(U+200C)", "U+200C ZERO WIDTH NON-JOINER" },
			{ "hun\xe2\x80\x8dter", "(U+200D)", "U+200D ZERO WIDTH JOINER" },
			{ "hun\xe2\x81\xa0ter", "(U+2060)", "U+2060 WORD JOINER" },
			{ "hun\xc2\xadter", "(U+00AD)", "U+00AD SOFT HYPHEN" },
			{ "hunter\xef\xb8\x8f", "(U+FE0F)", "U+FE0F VARIATION SELECTOR-16" },
			{ "hunter\xf3\xa0\x84\x80", "(U+E0100)", "U+E0100 VARIATION SELECTOR-17" },
			{ "hun\xe1\xa0\x8eter", "(U+180E)", "U+180E MONGOLIAN VOWEL SEPARATOR" },
			{ "hun\xcd\x8fter", "(U+034F)", "U+034F COMBINING GRAPHEME JOINER" },
			{ "hunter\xf3\xa0\x81\x81", "(U+E0041)", "U+E0041 TAG LATIN CAPITAL LETTER A" },
			{ "hun\xe3\x85\xa4ter", "(U+3164)", "U+3164 HANGUL FILLER" },
			{ "caf\x65\xcc\x81", "normalization (NFC) joins to the one before in the word 'cafe\xcc\x81' (U+0301)", "a decomposed e acute" },
			{ "\xe2\x84\xa6hm", "character that normalization (NFC) replaces in the word '\xe2\x84\xa6hm' (U+2126)", "U+2126 OHM SIGN" },
			{ "x\xcc\x85\xcc\x96", "combining mark out of canonical order in the word 'x\xcc\x85\xcc\x96' (U+0316)", "marks of classes 230 then 220" },
			{ "new\xf1\x90\x80\x80", "code point unassigned in Unicode 15.0.0 in the word", "an unassigned code point" },
			{ "1\xe1\xa0\x86" "2", "SASLprep (RFC 4013) maps to nothing in the word '1\xe1\xa0\x86" "2' (U+1806)", "U+1806 MONGOLIAN TODO SOFT HYPHEN" },
			{ "a\xef\xbf\xbd", "SASLprep (RFC 4013) prohibits in the word 'a\xef\xbf\xbd' (U+FFFD)", "U+FFFD REPLACEMENT CHARACTER" },
			{ "a\xef\xbf\xbc", "SASLprep (RFC 4013) prohibits in the word", "U+FFFC OBJECT REPLACEMENT CHARACTER" },
			{ "\xe2\xbf\xb0\xe5\xb1\xb1", "SASLprep (RFC 4013) prohibits in the word", "U+2FF0 IDEOGRAPHIC DESCRIPTION CHARACTER" },
		};

		for (size_t i = 0; i < sizeof unseen / sizeof unseen[0]; i++) {
			char line[64];

			snprintf(line, sizeof line, "%s\n", unseen[i].word);
			text = make_list("", 3, line);
			refused(text, "line 4: ", unseen[i].name);
			refused(text, unseen[i].part, unseen[i].name);
			free(text);
		}
	}
	/* The same words composed and marks in canonical order are words;
	 * so are a Greek and a Bengali word, each in a list of its script. */
	text = make_list("caf\xc3\xa9\nx\xcc\x96\xcc\x85\n", 62, "");
	ok(parse(text, &list) && list.count == 64, "NFC words are accepted: %s", err.text);
	wordlist_free(&list);
	free(text);
	{
		static const char *const words[][2] = {
			{ "\xce\xa9\xce\xbc", "\xce\xb1\xce\xb2\xce\xb3\xce\xb4\xce\xb5\xce\xb6\xce\xb7\xce\xb8" },
			{ "\xe0\xa6\x95\xe0\xa6\xbe", "\xe0\xa6\x95\xe0\xa6\x96\xe0\xa6\x97\xe0\xa6\x98\xe0\xa6\x9a\xe0\xa6\x9b\xe0\xa6\x9c\xe0\xa6\x9d" },
		};

		for (size_t w = 0; w < 2; w++) {
			char lines[2048], *p = lines;
			const char *letters = words[w][1];
			size_t step = strlen(letters) / 8;

			/* 64 words: the first word, then two letters of eight. */
			p += sprintf(p, "%s\n", words[w][0]);
			for (size_t i = 0; i < 64; i++)
				p += sprintf(p, "%.*s%.*s\n", (int)step, letters + i / 8 * step,
					     (int)step, letters + i % 8 * step);
			ok(parse(lines, &list) && list.count == 65, "a list in %s is accepted: %s",
			   w == 0 ? "Greek" : "Bengali", err.text);
			wordlist_free(&list);
		}
	}
	/* Two ASCII words of one skeleton ("rn" and "m") and words that
	 * differ in case only are words (the ones refused: above). */
	text = make_list("rn\nm\nApple\napple\nAPPLE\n", 62, "");
	ok(parse(text, &list) && list.count == 67, "rn and m, Apple, apple and APPLE are 5 words: %s", err.text);
	wordlist_free(&list);
	free(text);
	{
		/* What goes between words, by clusters of skeletons: U+2026 is
		 * "...", so "a." holds one of its dots; "\u00d6" is "O" and a
		 * diaeresis, one cluster, not "0"; ASCII and ASCII are not
		 * looked at ("l" and "1"); a word that looks like the start of
		 * another, one of them not ASCII, only when asked. */
		static const char *const dotted[] = { "b", "a." }, *const umlaut[] = { "\xc3\x96l", "h\xc3\xb6lle" };
		static const char *const alpha[] = { "\xc9\x91", "abk", "bk" }, *const ascii[] = { "I", "lk" };
		uint32_t in_word = 0, in_joiner = 0;
		const char *a = NULL, *b = NULL;

		ok(lookalikes_clash(dotted, 2, "\xe2\x80\xa6", 3, &in_word, &in_joiner) == dotted[1] &&
		   in_word == '.' && in_joiner == 0x2026, "a. and U+2026: U+%04X, U+%04X", (unsigned)in_word, (unsigned)in_joiner);
		ok(!lookalikes_clash(umlaut, 2, "0123456789", 10, &in_word, &in_joiner), "O with diaeresis and l are not digits");
		ok(lookalikes_clash(umlaut, 2, "\xe2\x88\xa3", 3, &in_word, &in_joiner) == umlaut[0] && in_word == 'l',
		   "l of a word and U+2223 DIVIDES");
		ok(lookalikes_find(alpha, 3, false, &a, &b) == LOOKALIKES_NONE &&
		   lookalikes_find(alpha, 3, true, &a, &b) == LOOKALIKES_START && a == alpha[0] && b == alpha[1],
		   "alpha is the start of abk");
		ok(lookalikes_find(ascii, 2, true, &a, &b) == LOOKALIKES_NONE, "I and lk: ASCII");
	}
	refused("", "is empty", "an empty file");
	refused("# only a comment\n\n", "has no words", "comments only");
	ok(!wordlist_parse("ab\0cd\n", 6, "test", &list, &err) && strstr(err.text, "binary"),
	   "a NUL byte means binary: %s", err.text);

	/* Files. */
	ok(!wordlist_load("/nonexistent/list", &list, &err) &&
	   strstr(err.text, "cannot open word list '/nonexistent/list': No such file"),
	   "a missing file: %s", err.text);
	ok(!wordlist_load("/", &list, &err) && strstr(err.text, "directory"),
	   "a directory: %s", err.text);
	{
		char path[] = "/tmp/pass-genhelper-test-XXXXXX";
		int fd = mkstemp(path);
		bool big_refused;

		/* A sparse file one byte over 16 MiB. */
		big_refused = fd >= 0 && ftruncate(fd, MAX_LIST_FILE_BYTES + 1) == 0 &&
			      !wordlist_load(path, &list, &err) &&
			      strstr(err.text, "larger than 16 MiB");
		ok(big_refused, "a file over 16 MiB: %s", err.text);
		if (fd >= 0 && ftruncate(fd, 0) == 0) {
			text = make_list("", 64, "");
			ok(write(fd, text, strlen(text)) == (ssize_t)strlen(text) &&
			   wordlist_load(path, &list, &err) && list.count == 64,
			   "a good file loads: %s", err.text);
			wordlist_free(&list);
			free(text);
		}
		if (fd >= 0) {
			close(fd);
			unlink(path);
		}
	}
	return done_testing();
}
