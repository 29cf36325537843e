/*
 * charset.c - the registry of alphabets: the named formats and their
 * aliases, the look-alike characters, the --require classes, and the check
 * that turns a parsed set (trset.c) into an alphabet of printable
 * characters.
 */
#include "config.h"

#include "secret/charset.h"

#include <stdio.h>
#include <string.h>

const struct format formats[FORMAT_ID_COUNT + 1] = {
	[FORMAT_ID_GRAPH] = { "graph", FORMAT_CHARACTERS, "[:punct:][:alnum:]", ENCODING_NONE,
	  "pass's default set: letters, digits and punctuation (94)" },
	[FORMAT_ID_ALNUM] = { "alnum", FORMAT_CHARACTERS, "[:alnum:]", ENCODING_NONE,
	  "letters and digits (62), as pass --no-symbols" },
	[FORMAT_ID_ALPHA] = { "alpha", FORMAT_CHARACTERS, "[:alpha:]", ENCODING_NONE, "letters (52)" },
	[FORMAT_ID_LOWER] = { "lower", FORMAT_CHARACTERS, "[:lower:]", ENCODING_NONE,
	  "lower-case letters (26)" },
	[FORMAT_ID_UPPER] = { "upper", FORMAT_CHARACTERS, "[:upper:]", ENCODING_NONE,
	  "upper-case letters (26)" },
	[FORMAT_ID_DIGITS] = { "digits", FORMAT_CHARACTERS, "[:digit:]", ENCODING_NONE,
	  "decimal digits (10), for PINs" },
	[FORMAT_ID_HEX] = { "hex", FORMAT_CHARACTERS, "0-9a-f", ENCODING_HEX,
	  "lower-case hexadecimal (16)" },
	[FORMAT_ID_BASE32] = { "base32", FORMAT_CHARACTERS, "A-Z2-7", ENCODING_BASE32,
	  "RFC 4648 base32 (32), unpadded" },
	[FORMAT_ID_BASE64] = { "base64", FORMAT_CHARACTERS, "A-Za-z0-9+/", ENCODING_BASE64,
	  "RFC 4648 base64 (64), unpadded" },
	[FORMAT_ID_BASE64URL] = { "base64url", FORMAT_CHARACTERS, "A-Za-z0-9_-", ENCODING_BASE64URL,
	  "RFC 4648 URL-safe base64 (64), unpadded" },
	[FORMAT_ID_WORDS] = { "words", FORMAT_WORDS, NULL, ENCODING_NONE,
	  "a passphrase from the embedded list (7776) or --wordlist" },
	[FORMAT_ID_PRONOUNCEABLE] = { "pronounceable", FORMAT_PRONOUNCEABLE, NULL, ENCODING_NONE,
	  "consonant-vowel-consonant syllables, as \"baktomrel\"" },
	[FORMAT_ID_COUNT] = { NULL, FORMAT_CHARACTERS, NULL, ENCODING_NONE, NULL }
};

/* Groups that are easy to confuse on paper or on screen: 0/O/o/Q/D,
 * 1/l/I/|, 5/S, 2/Z, 8/B, 6/G and the two quote-like marks ` and '. */
const char ambiguous_chars[] = AMBIGUOUS_CHARS;

/* Aliases accepted for formats, each mapped to a canonical name. */
static const struct {
	const char *alias, *name;
} format_aliases[] = {
	{ "pass", "graph" },
	{ "default", "graph" },
	{ "digit", "digits" },
	{ "passphrase", "words" },
	{ NULL, NULL }
};

unsigned encoding_bits_per_char(enum encoding encoding)
{
	switch (encoding) {
	case ENCODING_HEX: return 4;
	case ENCODING_BASE32: return 5;
	case ENCODING_BASE64:
	case ENCODING_BASE64URL: return 6;
	case ENCODING_NONE: break;
	}
	return 0;
}

size_t encoded_length(enum encoding encoding, size_t bytes)
{
	unsigned width = encoding_bits_per_char(encoding);

	return width ? (bytes * 8 + width - 1) / width : 0;
}

const struct format *format_by_name(const char *name)
{
	for (size_t i = 0; format_aliases[i].alias; i++)
		if (strcmp(name, format_aliases[i].alias) == 0)
			name = format_aliases[i].name;
	for (size_t i = 0; formats[i].name; i++)
		if (strcmp(name, formats[i].name) == 0)
			return &formats[i];
	return NULL;
}

void print_format_table(void)
{
	for (size_t i = 0; formats[i].name; i++)
		printf("%s\t%s\t%s\n", formats[i].name, formats[i].name, formats[i].description);
	for (size_t i = 0; format_aliases[i].alias; i++)
		printf("%s\t%s\tsame as %s\n", format_aliases[i].alias, format_aliases[i].name,
		       format_aliases[i].name);
}

/* The classes of the C locale, as trset.c reads [:lower:] and the rest:
 * ASCII only. */
enum char_class char_class_of(unsigned char c)
{
	if (c >= 'a' && c <= 'z')
		return CLASS_LOWER;
	if (c >= 'A' && c <= 'Z')
		return CLASS_UPPER;
	if (c >= '0' && c <= '9')
		return CLASS_DIGIT;
	if (c > 0x20 && c < 0x7f)
		return CLASS_PUNCT;
	return CLASS_COUNT;
}

unsigned class_mask_count(class_mask mask)
{
	unsigned count = 0;

	for (; mask; mask &= mask - 1)
		count++;
	return count;
}

/* Arrays, not pointers: no relocation at start (passphrase.c says why). */
static const char class_names[CLASS_COUNT][6] = { "lower", "upper", "digit", "punct" };
static const char class_summaries[CLASS_COUNT][24] = {
	"a lower-case letter", "an upper-case letter", "a digit", "a punctuation character"
};

const char *char_class_summary(enum char_class class)
{
	return class_summaries[class];
}

const char *char_class_name(enum char_class class)
{
	return class_names[class];
}

enum char_class char_class_by_name(const char *name, size_t len)
{
	for (int k = 0; k < CLASS_COUNT; k++)
		if (strlen(class_names[k]) == len && memcmp(class_names[k], name, len) == 0)
			return (enum char_class)k;
	return CLASS_COUNT;
}

static void describe_byte(unsigned c, char *buf, size_t len)
{
	switch (c) {
	case '\0': snprintf(buf, len, "NUL"); break;
	case '\n': snprintf(buf, len, "newline"); break;
	case '\t': snprintf(buf, len, "tab"); break;
	case '\r': snprintf(buf, len, "carriage return"); break;
	default: snprintf(buf, len, "byte \\%03o", c); break;
	}
}

bool alphabet_from_byteset(const struct byteset *set, struct alphabet *alpha,
			   struct error *err)
{
	memset(alpha, 0, sizeof *alpha);
	for (unsigned c = 0; c < 256; c++) {
		enum char_class class;

		if (!set->has[c])
			continue;
		/* Only printable ASCII, space included: controls would corrupt a
		 * terminal or a pass entry, and bytes >= 0x80 are not characters
		 * on their own in UTF-8. */
		if (c < 0x20 || c > 0x7e) {
			char what[32];

			describe_byte(c, what, sizeof what);
			error_set(err, "character set contains %s, which cannot be printed safely", what);
			return false;
		}
		alpha->chars[alpha->size++] = (char)c;
		class = char_class_of((unsigned char)c);
		if (class != CLASS_COUNT)
			alpha->class_size[class]++;
	}
	return true;
}
