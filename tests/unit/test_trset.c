/* test_trset.c - the tr(1) set syntax: escapes, ranges, classes, repeats */
#include "config.h"

#include "tap.h"
#include "secret/trset.h"

#include <ctype.h>
#include <locale.h>

/* The set as a string of its bytes in increasing order. */
static const char *set_string(const struct byteset *set)
{
	static char out[257];
	size_t n = 0;

	for (int c = 1; c < 256; c++)
		if (set->has[c])
			out[n++] = (char)c;
	out[n] = '\0';
	return out;
}

static void parses_to(const char *spec, const char *want)
{
	struct byteset set;
	struct error error;
	bool parsed = byteset_parse(spec, &set, &error);
	char name[96];

	snprintf(name, sizeof name, "'%s' parses", spec);
	if (!ok(parsed, "%s", name)) {
		printf("#   error: %s\n", error.text);
		return;
	}
	snprintf(name, sizeof name, "'%s' is the expected set", spec);
	is_str(set_string(&set), want, name);
}

static void refused(const char *spec, const char *message_part)
{
	struct byteset set;
	struct error error;
	bool parsed = byteset_parse(spec, &set, &error);

	ok(!parsed && strstr(error.text, message_part) != NULL, "'%s' is refused (%s)", spec,
	   !parsed ? error.text : "accepted");
}

/*
 * trset.c writes the C locale's classes as ranges of its own; <ctype.h>
 * in the C locale is the reference, byte by byte, NUL included.
 */
static void classes_are_the_c_locale(void)
{
	static const struct {
		const char *name;
		int (*test)(int);
	} classes[] = {
		{ "alnum", isalnum }, { "alpha", isalpha }, { "blank", isblank },
		{ "cntrl", iscntrl }, { "digit", isdigit }, { "graph", isgraph },
		{ "lower", islower }, { "print", isprint }, { "punct", ispunct },
		{ "space", isspace }, { "upper", isupper }, { "xdigit", isxdigit },
	};

	setlocale(LC_ALL, "C");
	for (size_t k = 0; k < sizeof classes / sizeof classes[0]; k++) {
		char spec[16];
		struct byteset set;
		struct error error;
		int differs = -1;

		snprintf(spec, sizeof spec, "[:%s:]", classes[k].name);
		if (!ok(byteset_parse(spec, &set, &error), "'%s' parses", spec))
			continue;
		for (int c = 0; c < 256 && differs < 0; c++)
			if (set.has[c] != (classes[k].test(c) != 0))
				differs = c;
		ok(differs < 0, "'%s' holds the bytes that <ctype.h> puts in it in the C locale "
		   "(first difference: %d)", spec, differs);
	}
}

/*
 * A SET of more than 256 bytes is unescaped in other room than a short one
 * (trset.c): the same results on both sides of the change and at the
 * 4096-byte limit, which counts bytes after escapes.
 */
static void long_sets(void)
{
	static char spec[5 * 4096];
	struct byteset set = { { false } };
	struct error error;
	size_t len = 0;

	/* 256 bytes: "\\141" 64 times; 257: one 'z' more. */
	for (int i = 0; i < 64; i++)
		len += (size_t)sprintf(spec + len, "\\141");
	ok(byteset_parse(spec, &set, &error) && strcmp(set_string(&set), "a") == 0,
	   "a SET of 256 bytes parses (%s)", set_string(&set));
	strcpy(spec + len, "z");
	ok(byteset_parse(spec, &set, &error) && strcmp(set_string(&set), "az") == 0,
	   "a SET of 257 bytes parses (%s)", set_string(&set));
	/* 4096 bytes after escapes (16384 before): accepted, and an escaped
	 * '-' stays a character; one more is refused. */
	len = 0;
	for (int i = 0; i < 4095; i++)
		len += (size_t)sprintf(spec + len, "\\%03o", i % 2 ? 0142 : 0055);
	strcpy(spec + len, "c");
	ok(byteset_parse(spec, &set, &error) && strcmp(set_string(&set), "-bc") == 0,
	   "a SET of 4096 bytes after escapes parses (%s)", set_string(&set));
	strcpy(spec + len, "cd");
	ok(!byteset_parse(spec, &set, &error) && strstr(error.text, "too long (maximum 4096 bytes)"),
	   "a SET of 4097 bytes after escapes is refused (%s)", error.text);
}

int main(void)
{
	classes_are_the_c_locale();
	parses_to("abc", "abc");
	parses_to("cba", "abc");
	parses_to("aab", "ab");
	parses_to("a-e", "abcde");
	parses_to("a-a", "a");
	parses_to("-a", "-a");
	parses_to("a-", "-a");
	parses_to("a\\-c", "-ac");
	parses_to("\\141-\\143", "abc");
	parses_to("\\101\\060", "0A");
	parses_to("\\\\", "\\");
	parses_to("\\q", "q");
	parses_to("\\", "\\");
	parses_to("[:digit:]", "0123456789");
	parses_to("[:xdigit:]", "0123456789ABCDEFabcdef");
	parses_to("[:upper:]x", "ABCDEFGHIJKLMNOPQRSTUVWXYZx");
	parses_to("[=a=]", "a");
	parses_to("[abc]", "[]abc");
	parses_to("[:digit", ":[dgit");
	parses_to("[:alpha:]-z", "-ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
	parses_to("]-a", "]^_`a");
	parses_to("\\400", " 0");
	parses_to("A-Z2-7", "234567ABCDEFGHIJKLMNOPQRSTUVWXYZ");
	refused("z-a", "reverse");
	refused("[:foo:]", "invalid character class 'foo'");
	refused("[::]", "missing character class");
	refused("[=ab=]", "exactly one character");
	parses_to("[a*3]b", "ab");
	parses_to("[a*010]c", "ac");
	parses_to("[a*3", "*3[a");
	refused("[a*b]", "invalid repeat count");
	refused("[a*]", "[c*] is not allowed");
	refused("[a*0]", "[c*] is not allowed");
	long_sets();
	return done_testing();
}
