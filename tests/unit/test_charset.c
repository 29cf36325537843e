/* test_charset.c - the tr(1)-style parser, named formats and alphabets */
#include "config.h"

#include "charset.h"
#include "tap.h"

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
	struct byteset set;
	struct alphabet alpha;
	struct error err;

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

	/* Named formats: sizes and aliases. */
	{
		static const struct {
			const char *name;
			unsigned size;
		} sizes[] = {
			{ "graph", 94 }, { "pass", 94 }, { "default", 94 }, { "alnum", 62 },
			{ "alpha", 52 }, { "lower", 26 }, { "upper", 26 }, { "digits", 10 },
			{ "digit", 10 }, { "hex", 16 }, { "base32", 32 }, { "base64", 64 },
			{ "base64url", 64 },
		};

		for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
			const struct format *f = format_by_name(sizes[i].name);

			ok(f && byteset_parse(f->set, &set, &err) &&
			   alphabet_from_byteset(&set, &alpha, &err) &&
			   alpha.size == sizes[i].size,
			   "format %s has %u characters", sizes[i].name, sizes[i].size);
		}
		ok(format_by_name("nope") == NULL, "unknown format names are not found");
	}

	/* Class counts of pass's set: 26 + 26 + 10 + 32 = 94. */
	byteset_parse("[:punct:][:alnum:]", &set, &err);
	alphabet_from_byteset(&set, &alpha, &err);
	ok(alpha.class_size[CLASS_LOWER] == 26 && alpha.class_size[CLASS_UPPER] == 26 &&
	   alpha.class_size[CLASS_DIGIT] == 10 && alpha.class_size[CLASS_PUNCT] == 32,
	   "graph splits into 26 lower, 26 upper, 10 digit, 32 punct");
	ok(alpha.chars[0] == '!' && alpha.chars[93] == '~', "alphabet is in byte order");

	/* Printable ASCII only. */
	byteset_parse("[:print:]", &set, &err);
	ok(alphabet_from_byteset(&set, &alpha, &err) && alpha.size == 95,
	   "[:print:] (space included) is accepted: 95 characters");
	{
		static const char *const unsafe[] = { "a\\n", "\\0a", "\\001", "[:space:]",
						      "[:cntrl:]", "\\200", "\\377", "\\t" };

		for (size_t i = 0; i < sizeof unsafe / sizeof unsafe[0]; i++)
			ok(byteset_parse(unsafe[i], &set, &err) &&
			   !alphabet_from_byteset(&set, &alpha, &err) &&
			   strstr(err.text, "cannot be printed safely") != NULL,
			   "'%s' is refused as unprintable: %s", unsafe[i], err.text);
	}

	ok(char_class_of('a') == CLASS_LOWER && char_class_of('Z') == CLASS_UPPER &&
	   char_class_of('5') == CLASS_DIGIT && char_class_of('~') == CLASS_PUNCT &&
	   char_class_of(' ') == CLASS_COUNT, "character classes");
	ok(char_class_by_name("punct", 5) == CLASS_PUNCT &&
	   char_class_by_name("digits", 6) == CLASS_COUNT && char_class_by_name("dig", 3) == CLASS_COUNT,
	   "class names are matched exactly");
	return done_testing();
}
