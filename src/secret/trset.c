/*
 * trset.c - SET arguments in tr(1) syntax, read into a set of bytes.
 *
 * The parser follows GNU tr's reading of SET1 in the C locale, which is what
 * pass(1) uses (`LC_ALL=C tr -dc "$characters"`): backslash escapes and octal
 * codes first, then [:class:], [=c=] and ranges a-z over the unescaped
 * characters, and [c*n] stands for c; any other '[' is an ordinary
 * character.  [c*] and [c*0] are refused, as tr refuses them in SET1.
 * tests/cli.bats compares the result with the real tr for many sets.
 * What the bytes may become (an alphabet) is charset.c's business.
 */
#include "config.h"

#include "secret/trset.h"
#include "text/text.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The SET after escape processing: each byte, and whether it was escaped. */
struct unescaped {
	unsigned char byte[MAX_SET_BYTES];
	bool escaped[MAX_SET_BYTES];
	size_t len;
};

static int octal_value(char c)
{
	return c >= '0' && c <= '7' ? c - '0' : -1;
}

static bool unescape(const char *spec, struct unescaped *out, struct error *err)
{
	out->len = 0;
	for (size_t i = 0; spec[i] != '\0'; i++) {
		unsigned char c = (unsigned char)spec[i];
		bool escaped = false;

		if (out->len == sizeof out->byte) {
			error_set(err, "character set is too long (maximum %d bytes)",
				  MAX_SET_BYTES);
			return false;
		}
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
	return true;
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
 * malformed or has a zero count, which tr refuses in SET1 (the reason in
 * err).  With -d a
 * repeated character is simply in the set once.
 */
static int find_repeat(const struct unescaped *u, size_t i, size_t *close, struct error *err)
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
			error_set(err, "invalid repeat count in a [c*n] construct");
			return -1;
		}
		count = count * (octal ? 8 : 10) + digit;
	}
	if (count == 0) {
		error_set(err, "the repeat construct [c*] is not allowed in a character set");
		return -1;
	}
	*close = j;
	return 1;
}

bool byteset_parse(const char *spec, struct byteset *set, struct error *err)
{
	static struct unescaped u; /* 8 KiB: kept off the stack */
	size_t i = 0;

	memset(set, 0, sizeof *set);
	if (!unescape(spec, &u, err))
		return false;
	while (i < u.len) {
		if (unescaped_is(&u, i, '[') &&
		    (unescaped_is(&u, i + 1, ':') || unescaped_is(&u, i + 1, '='))) {
			unsigned char delim = u.byte[i + 1];
			size_t close = find_closing(&u, i + 2, delim);

			if (close < u.len) {
				const unsigned char *operand = u.byte + i + 2;
				size_t operand_len = close - (i + 2);

				if (delim == ':') {
					if (operand_len == 0) {
						error_set(err, "missing character class name '[::]'");
						return false;
					}
					if (!add_class(operand, operand_len, set))
						return error_set(err, "invalid character class %s",
								 error_quote_mem(err, (const char *)operand,
										 operand_len));
				} else {
					if (operand_len != 1) {
						error_set(err, "an equivalence class [=c=] takes exactly one character");
						return false;
					}
					set->has[operand[0]] = true;
				}
				i = close + 2;
				continue;
			}
		}
		if (unescaped_is(&u, i, '[') && i + 2 < u.len) {
			size_t close;
			int repeat = find_repeat(&u, i, &close, err);

			if (repeat < 0)
				return false;
			if (repeat > 0) {
				set->has[u.byte[i + 1]] = true;
				i = close + 1;
				continue;
			}
		}
		if (i + 2 < u.len && unescaped_is(&u, i + 1, '-')) {
			unsigned char first = u.byte[i], last = u.byte[i + 2];

			if (first > last) {
				error_set(err, "range-endpoints of '%c-%c' are in reverse order",
					  isprint(first) ? first : '?', isprint(last) ? last : '?');
				return false;
			}
			for (unsigned c = first; c <= last; c++)
				set->has[c] = true;
			i += 3;
			continue;
		}
		set->has[u.byte[i]] = true;
		i++;
	}
	return true;
}
