/* test_trset.c - the tr(1) set syntax: escapes, ranges, classes, repeats */
#include "config.h"

#include "tap.h"
#include "secret/trset.h"

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

int main(void)
{
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
	return done_testing();
}
