/* test_charset.c - named formats, character classes and alphabets */
#include "config.h"

#include "secret/charset.h"
#include "tap.h"

int main(void)
{
	struct byteset set;
	struct alphabet alpha;
	struct error err;

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
