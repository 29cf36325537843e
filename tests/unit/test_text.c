/*
 * test_text.c - printable text, quoting, bounded text assembly, and the
 * --verbose report built from a real command line.
 */
#include "config.h"

#include "options.h"
#include "report.h"
#include "spec.h"
#include "tap.h"
#include "text.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static struct error err;

static void test_printable(void)
{
	ok(utf8_printable("a b\xc3\xa9", 5), "printable: ASCII, space and U+00E9");
	ok(!utf8_printable("a\n", 2), "printable: not a newline");
	ok(!utf8_printable("\x1b[2J", 4), "printable: not ESC");
	ok(!utf8_printable("\x7f", 1), "printable: not DEL");
	ok(!utf8_printable("\xed\xa0\x80", 3), "printable: not a surrogate");
	ok(!utf8_printable("\xc0\xaf", 2), "printable: not an overlong form");
	ok(!utf8_printable("a\xc2\x9b" "b", 4), "printable: not U+009B (CSI, a C1 control)");
	ok(!utf8_printable("\xc2\x80", 2) && !utf8_printable("\xc2\x9f", 2) &&
	   utf8_printable("\xc2\xa0", 2), "printable: the C1 range U+0080-U+009F ends at U+009F");
	ok(!utf8_printable("\xe2\x80\xae", 3), "printable: not U+202E (right-to-left override)");
	ok(!utf8_printable("\xe2\x81\xa6", 3), "printable: not U+2066 (a bidi isolate)");
	ok(!utf8_printable("\xe2\x80\xa8", 3), "printable: not U+2028 (line separator)");
	ok(!utf8_printable("\xef\xbb\xbf", 3), "printable: not U+FEFF (byte-order mark)");
	ok(utf8_printable("\xe2\x82\xac\xf0\x9f\x94\x91", 7), "printable: U+20AC and U+1F511");
}

static void test_quote(void)
{
	char out[QUOTE_BYTES], text[400];

	is_str(quote(out, "graph"), "'graph'", "quote: plain text");
	is_str(quote(out, ""), "''", "quote: empty text");
	is_str(quote(out, "it's a\\b"), "'it\\'s a\\\\b'", "quote: quote and backslash escaped");
	is_str(quote(out, "\x1b]0;title\a\x1b[2J"), "'\\x1b]0;title\\x07\\x1b[2J'",
	       "quote: an OSC title and a clear-screen sequence are shown escaped");
	is_str(quote(out, "a\xc2\x9b" "b"), "'a\\xc2\\x9bb'", "quote: U+009B (CSI) escaped byte by byte");
	is_str(quote(out, "\xff\xc3\xa9"), "'\\xff\xc3\xa9'",
	       "quote: an invalid byte escaped, the valid character after it kept");
	is_str(quote(out, "line\nbreak"), "'line\\x0abreak'", "quote: newline escaped");
	is_str(quote_mem(out, "a\0b", 3), "'a\\x00b'", "quote_mem: a NUL byte escaped");
	memset(text, 'x', sizeof text - 1);
	text[sizeof text - 1] = '\0';
	quote(out, text);
	ok(strlen(out) == QUOTE_SHOWN_BYTES + 5 && strcmp(out + strlen(out) - 4, "'...") == 0,
	   "quote: a long text is cut after %d bytes and marked: %zu bytes", QUOTE_SHOWN_BYTES,
	   strlen(out));
	memset(text, '\x1b', sizeof text - 1);
	quote(out, text);
	ok(strlen(out) == QUOTE_SHOWN_BYTES * 4 + 5 && strlen(out) < QUOTE_BYTES,
	   "quote: the worst case (every byte escaped) fits QUOTE_BYTES: %zu < %d", strlen(out),
	   QUOTE_BYTES);
}

static void test_text_buffer(void)
{
	char small[12], canary[4] = "ok!";
	struct text_buffer text;

	text_init(&text, small, sizeof small);
	text_append(&text, "%s", "abc");
	text_append(&text, "%d", 42);
	ok(!text.truncated && strcmp(small, "abc42") == 0 && text.used == 5,
	   "text_append: pieces add up");
	text_append(&text, "%s", "0123456789");
	ok(text.truncated && strcmp(small, "abc42012...") == 0 && text.used == 11 &&
	   strcmp(canary, "ok!") == 0, "text_append: an overlong piece is cut with '...': '%s'", small);
	text_append(&text, "%s", "more");
	ok(strcmp(small, "abc42012...") == 0, "text_append: nothing is added after a cut");
	text_init(&text, small, sizeof small);
	text_append(&text, "%s", "abcdefg\xc3\xa9\xc3\xa9\xc3\xa9");
	ok(text.truncated && strcmp(small, "abcdefg...") == 0,
	   "text_append: a cut never splits a UTF-8 character: '%s'", small);
}

/* Run a command line through the real parser and spec builder. */
static bool build(struct spec *spec, int argc, char **argv)
{
	struct request request;

	return parse_options(argc, argv, &request, &err) && spec_build(&request, spec, &err);
}

/*
 * The --verbose report once overflowed a fixed stack buffer when a word
 * list's path passed 320 bytes: build the report for a real list at a
 * path of over 1000 bytes, with every optional part present.
 */
static void test_report_long_path(void)
{
	char dir[] = "/tmp/test_text.XXXXXX", path[1400], file[1500], line[REPORT_BYTES];
	char tiny[24];
	struct spec spec;
	FILE *f;

	if (!mkdtemp(dir)) {
		ok(false, "mkdtemp: %s", strerror(errno));
		return;
	}
	snprintf(path, sizeof path, "%s", dir);
	while (strlen(path) < 1100)
		strcat(path, "/.");
	snprintf(file, sizeof file, "%s/w.txt", path);
	f = fopen(file, "w");
	for (int i = 0; f && i < 100; i++)
		fprintf(f, "w%c%c\n", 'a' + i / 26, 'a' + i % 26);
	if (f)
		fclose(f);
	char *argv[] = { "pass-genhelper", "-v", "-w", "3", "--wordlist", file, "-S", "-_",
			 "-C", "random", "-d", "-y", "--symbols", "!?", "-n", "2", NULL };
	if (!ok(build(&spec, 16, argv), "a 100-word list at a %zu-byte path builds: %s",
		strlen(file), err.text))
		return;
	report_entropy(&spec, line, sizeof line);
	ok(strlen(line) < sizeof line && strstr(line, "...)") && strstr(line, "total ") &&
	   strstr(line, " bits") && utf8_printable(line, strlen(line)),
	   "report: the long path is quoted and cut, the total still shown: %s", line);
	ok(strncmp(line, "entropy: 3 words of 100 ('/tmp/test_text.", 41) == 0,
	   "report: starts with the words and the quoted path: %.60s", line);
	report_entropy(&spec, tiny, sizeof tiny);
	ok(strlen(tiny) == sizeof tiny - 1 && strcmp(tiny + sizeof tiny - 4, "...") == 0,
	   "report: into a 24-byte buffer it is cut, never overflows: '%s'", tiny);
	ok(spec.count == 2, "report: the count is untouched (it was overwritten by the overflow)");
	spec_free(&spec);
	unlink(file);
	rmdir(dir);
}

static void test_report_shapes(void)
{
	static const struct {
		const char *args;     /* after the program name, split at spaces */
		const char *expected; /* the report */
		const char *name;
	} cases[] = {
		{ "-f alnum -l 8 -r lower,upper,digit",
		  "entropy: 8 characters from 62 (alnum), requiring lower,upper,digit: 47.2 bits",
		  "characters with class rules" },
		{ "-f base64 -b 18", "entropy: 18 random bytes as 24 base64 characters: 144.0 bits",
		  "a byte encoding" },
		{ "-w 6", "entropy: 6 words of 7776 (embedded list): 77.5 bits",
		  "the embedded list, unquoted" },
		/* One of a kind is singular. */
		{ "-f digits -l 1", "entropy: 1 character from 10 (digits): 3.3 bits",
		  "one character" },
		{ "-f hex -b 1", "entropy: 1 random byte as 2 hex characters: 8.0 bits", "one byte" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char line[REPORT_BYTES], args[64], name[64];
		char *argv[8] = { "pass-genhelper" };
		int argc = 1;
		struct spec spec;

		snprintf(args, sizeof args, "%s", cases[i].args);
		for (char *word = strtok(args, " "); word && argc < 7; word = strtok(NULL, " "))
			argv[argc++] = word;
		snprintf(name, sizeof name, "report: %s", cases[i].name);
		if (build(&spec, argc, argv))
			is_str(report_entropy(&spec, line, sizeof line), cases[i].expected, name);
		spec_free(&spec);
	}
}

int main(void)
{
	test_printable();
	test_quote();
	test_text_buffer();
	test_report_long_path();
	test_report_shapes();
	return done_testing();
}
