/*
 * charset.c - tr(1)-compatible character sets and the named alphabets.
 *
 * The parser follows GNU tr's reading of SET1 in the C locale, which is what
 * pass(1) uses (`LC_ALL=C tr -dc "$characters"`): backslash escapes and octal
 * codes first, then [:class:], [=c=] and ranges a-z over the unescaped
 * characters, and [c*n] stands for c; any other '[' is an ordinary
 * character.  [c*] and [c*0] are refused, as tr refuses them in SET1.
 * tests/cli.bats compares the result with the real tr for many sets.
 */
#include "config.h"

#include "charset.h"
#include "text.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

const struct format formats[] = {
	{ "graph", "[:punct:][:alnum:]", ENCODING_NONE,
	  "pass's default set: letters, digits and punctuation (94)" },
	{ "alnum", "[:alnum:]", ENCODING_NONE, "letters and digits (62), as pass --no-symbols" },
	{ "alpha", "[:alpha:]", ENCODING_NONE, "letters (52)" },
	{ "lower", "[:lower:]", ENCODING_NONE, "lower-case letters (26)" },
	{ "upper", "[:upper:]", ENCODING_NONE, "upper-case letters (26)" },
	{ "digits", "[:digit:]", ENCODING_NONE, "decimal digits (10), for PINs" },
	{ "hex", "0-9a-f", ENCODING_HEX, "lower-case hexadecimal (16)" },
	{ "base32", "A-Z2-7", ENCODING_BASE32, "RFC 4648 base32 (32), unpadded" },
	{ "base64", "A-Za-z0-9+/", ENCODING_BASE64, "RFC 4648 base64 (64), unpadded" },
	{ "base64url", "A-Za-z0-9_-", ENCODING_BASE64URL, "RFC 4648 URL-safe base64 (64), unpadded" },
	{ "words", NULL, ENCODING_NONE, "a passphrase from the embedded list (7776) or --wordlist" },
	{ NULL, NULL, ENCODING_NONE, NULL }
};

/* Groups that are easy to confuse on paper or on screen: 0/O/o/Q/D,
 * 1/l/I/|, 5/S, 2/Z, 8/B, 6/G and the two quote-like marks ` and '. */
const char ambiguous_chars[] = "012568BDGIOQSZlo|'`";

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

/* The SET after escape processing: each byte, and whether it was escaped. */
struct unescaped {
	unsigned char byte[4096];
	bool escaped[4096];
	size_t len;
};

static int octal_value(char c)
{
	return c >= '0' && c <= '7' ? c - '0' : -1;
}

static const char *unescape(const char *spec, struct unescaped *out)
{
	out->len = 0;
	for (size_t i = 0; spec[i] != '\0'; i++) {
		unsigned char c = (unsigned char)spec[i];
		bool escaped = false;

		if (out->len == sizeof out->byte)
			return "character set is too long (maximum 4096 bytes)";
		if (c == '\\' && spec[i + 1] != '\0') {
			escaped = true;
			c = (unsigned char)spec[++i];
			switch (c) {
			case 'a': c = '\a'; break;
			case 'b': c = '\b'; break;
			case 'f': c = '\f'; break;
			case 'n': c = '\n'; break;
			case 'r': c = '\r'; break;
			case 't': c = '\t'; break;
			case 'v': c = '\v'; break;
			default:
				if (octal_value((char)c) >= 0) {
					/* Up to three octal digits, as long as the value
					 * stays within a byte (\400 is \40 then '0'). */
					unsigned value = (unsigned)octal_value((char)c);

					for (int digits = 1; digits < 3; digits++) {
						int next = octal_value(spec[i + 1]);

						if (next < 0 || value * 8 + (unsigned)next > 0377)
							break;
						value = value * 8 + (unsigned)next;
						i++;
					}
					c = (unsigned char)value;
				}
				/* Any other escaped character stands for itself. */
				break;
			}
		}
		out->byte[out->len] = c;
		out->escaped[out->len] = escaped;
		out->len++;
	}
	return NULL;
}

static bool unescaped_is(const struct unescaped *u, size_t i, unsigned char c)
{
	return i < u->len && !u->escaped[i] && u->byte[i] == c;
}

/* Index of the unescaped `delim` that is followed by an unescaped ']', at or
 * after `from`; u->len when there is none. */
static size_t find_closing(const struct unescaped *u, size_t from, unsigned char delim)
{
	for (size_t i = from; i + 1 < u->len; i++)
		if (unescaped_is(u, i, delim) && unescaped_is(u, i + 1, ']'))
			return i;
	return u->len;
}

static const struct {
	const char *name;
	int (*test)(int);
} class_tests[] = {
	{ "alnum", isalnum }, { "alpha", isalpha }, { "blank", isblank },
	{ "cntrl", iscntrl }, { "digit", isdigit }, { "graph", isgraph },
	{ "lower", islower }, { "print", isprint }, { "punct", ispunct },
	{ "space", isspace }, { "upper", isupper }, { "xdigit", isxdigit },
};

static bool add_class(const unsigned char *name, size_t len, struct byteset *set)
{
	for (size_t k = 0; k < sizeof class_tests / sizeof class_tests[0]; k++) {
		if (strlen(class_tests[k].name) != len ||
		    memcmp(class_tests[k].name, name, len) != 0)
			continue;
		/* The program never calls setlocale(), so this is the C locale. */
		for (int c = 0; c < 256; c++)
			if (class_tests[k].test(c))
				set->has[c] = true;
		return true;
	}
	return false;
}

/*
 * A repeat construct [c*n] at i (u->byte[i] is '['), as GNU tr reads it: a
 * character, '*', then characters up to the next ']' with no escaped one in
 * between.  Returns 0 when there is none (the '[' is then an ordinary
 * character), 1 when there is one (its ']' at *close), -1 when it is
 * malformed or has a zero count, which tr refuses in SET1.  With -d a
 * repeated character is simply in the set once.
 */
static int find_repeat(const struct unescaped *u, size_t i, size_t *close, const char **error)
{
	size_t j = i + 3, digits_start = i + 3;
	unsigned long count = 0;
	bool octal;

	if (!unescaped_is(u, i + 2, '*'))
		return 0;
	while (j < u->len && !u->escaped[j] && u->byte[j] != ']')
		j++;
	if (!unescaped_is(u, j, ']'))
		return 0;
	octal = j > digits_start && u->byte[digits_start] == '0';
	for (size_t k = digits_start; k < j; k++) {
		unsigned digit = (unsigned)(u->byte[k] - '0');

		if (u->byte[k] < '0' || digit >= (octal ? 8u : 10u) || count > 0xffffffffUL) {
			*error = "invalid repeat count in a [c*n] construct";
			return -1;
		}
		count = count * (octal ? 8 : 10) + digit;
	}
	if (count == 0) {
		*error = "the repeat construct [c*] is not allowed in a character set";
		return -1;
	}
	*close = j;
	return 1;
}

const char *byteset_parse(const char *spec, struct byteset *set)
{
	static struct unescaped u; /* 8 KiB: kept off the stack */
	static char message[QUOTE_BYTES + 64];
	const char *error;
	size_t i = 0;

	memset(set, 0, sizeof *set);
	error = unescape(spec, &u);
	if (error)
		return error;
	while (i < u.len) {
		if (unescaped_is(&u, i, '[') &&
		    (unescaped_is(&u, i + 1, ':') || unescaped_is(&u, i + 1, '='))) {
			unsigned char delim = u.byte[i + 1];
			size_t close = find_closing(&u, i + 2, delim);

			if (close < u.len) {
				const unsigned char *operand = u.byte + i + 2;
				size_t operand_len = close - (i + 2);

				if (delim == ':') {
					if (operand_len == 0)
						return "missing character class name '[::]'";
					if (!add_class(operand, operand_len, set)) {
						char shown[QUOTE_BYTES];

						snprintf(message, sizeof message,
							 "invalid character class %s",
							 quote_mem(shown, (const char *)operand,
								   operand_len));
						return message;
					}
				} else {
					if (operand_len != 1)
						return "an equivalence class [=c=] takes exactly one character";
					set->has[operand[0]] = true;
				}
				i = close + 2;
				continue;
			}
		}
		if (unescaped_is(&u, i, '[') && i + 2 < u.len) {
			size_t close;
			int repeat = find_repeat(&u, i, &close, &error);

			if (repeat < 0)
				return error;
			if (repeat > 0) {
				set->has[u.byte[i + 1]] = true;
				i = close + 1;
				continue;
			}
		}
		if (i + 2 < u.len && unescaped_is(&u, i + 1, '-')) {
			unsigned char first = u.byte[i], last = u.byte[i + 2];

			if (first > last) {
				snprintf(message, sizeof message,
					 "range-endpoints of '%c-%c' are in reverse order",
					 isprint(first) ? first : '?', isprint(last) ? last : '?');
				return message;
			}
			for (unsigned c = first; c <= last; c++)
				set->has[c] = true;
			i += 3;
			continue;
		}
		set->has[u.byte[i]] = true;
		i++;
	}
	return NULL;
}

enum char_class char_class_of(unsigned char c)
{
	if (islower(c))
		return CLASS_LOWER;
	if (isupper(c))
		return CLASS_UPPER;
	if (isdigit(c))
		return CLASS_DIGIT;
	if (ispunct(c))
		return CLASS_PUNCT;
	return CLASS_COUNT;
}

static const char *const class_names[CLASS_COUNT] = { "lower", "upper", "digit", "punct" };

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

const char *alphabet_from_byteset(const struct byteset *set, struct alphabet *alpha,
				  char *errbuf, size_t errlen)
{
	memset(alpha, 0, sizeof *alpha);
	for (unsigned c = 0; c < 256; c++) {
		if (!set->has[c])
			continue;
		/* Only printable ASCII, space included: controls would corrupt a
		 * terminal or a pass entry, and bytes >= 0x80 are not characters
		 * on their own in UTF-8. */
		if (c < 0x20 || c > 0x7e) {
			char what[32];

			describe_byte(c, what, sizeof what);
			snprintf(errbuf, errlen,
				 "character set contains %s, which cannot be printed safely", what);
			return errbuf;
		}
		alpha->chars[alpha->size++] = (char)c;
		if (char_class_of((unsigned char)c) != CLASS_COUNT)
			alpha->class_size[char_class_of((unsigned char)c)]++;
	}
	return NULL;
}
