/*
 * trset.c - SET arguments in tr(1) syntax, read into a set of bytes.
 *
 * The parser follows GNU tr's reading of SET1 in the C locale, which is what
 * pass(1) uses (`LC_ALL=C tr -dc "$characters"`): backslash escapes and octal
 * codes first, then [:class:], [=c=] and ranges a-z over the unescaped
 * characters, and [c*n] stands for c; any other '[' is an ordinary
 * character.  [c*] and [c*0] are refused, as tr refuses them in SET1.
 * tests/cli-charset.bats and tests/tr-sweep.bats compare the result with
 * the real tr for many sets.
 * What the bytes may become (an alphabet) is charset.c's business.
 */
#include "config.h"

#include "secret/trset.h"
#include "text/text.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/*
 * The SET after escape processing: each byte, and whether it was escaped
 * (a bit a byte), in room for at least as many bytes as the SET has (an
 * escape only shortens it).  A short SET, as every format's and most typed
 * ones are, is unescaped on byteset_parse()'s stack, in a frame of a few
 * hundred bytes; a longer one in static room, whose pages only a long SET
 * touches.  (4 KiB on the stack made the deepest frame of a plain call, a
 * page fault of its own; static for every SET, a page of bss: bench/.)
 */
#define SHORT_SET_BYTES 256
_Static_assert(SHORT_SET_BYTES % 64 == 0 && MAX_SET_BYTES % 64 == 0,
	       "escaped[] has a whole word for every 64 bytes of room");

struct unescaped {
	size_t len;
	size_t room;         /* bytes that byte[] and escaped[] hold */
	unsigned char *byte;
	uint64_t *escaped;
};

static bool is_escaped(const struct unescaped *u, size_t i)
{
	return u->escaped[i / 64] >> (i % 64) & 1;
}

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

		if (out->len == out->room) {
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
		if (out->len % 64 == 0)
			out->escaped[out->len / 64] = 0;
		out->escaped[out->len / 64] |= (uint64_t)escaped << (out->len % 64);
		out->len++;
	}
	return true;
}

static bool unescaped_is(const struct unescaped *u, size_t i, unsigned char c)
{
	return i < u->len && !is_escaped(u, i) && u->byte[i] == c;
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

/*
 * The classes of the C locale (POSIX, XBD 7.3.1), which pass's
 * `LC_ALL=C tr` reads: ASCII only, each a few ranges of bytes, written as
 * pairs of first and last.  Not <ctype.h>'s functions: a table of them
 * makes the loader bind twelve libc symbols at start, and testing all 256
 * bytes through them takes longer than the whole password.
 */
static const struct {
	/* Arrays, not pointers: nothing for the loader to relocate.  ranges
	 * holds the first and last byte of each of the pairs ranges, and one
	 * more byte for the literal's NUL, which nothing reads ("punct" fills
	 * the eight before it). */
	char name[8];
	unsigned char pairs;
	char ranges[9];
} class_ranges[] = {
	{ "alnum", 3, "09AZaz" }, { "alpha", 2, "AZaz" }, { "blank", 2, "\t\t  " },
	{ "cntrl", 2, "\000\037\177\177" }, { "digit", 1, "09" }, { "graph", 1, "!~" },
	{ "lower", 1, "az" }, { "print", 1, " ~" }, { "punct", 4, "!/:@[`{~" },
	{ "space", 2, "\t\r  " }, { "upper", 1, "AZ" }, { "xdigit", 3, "09AFaf" },
};

/* Is the operand name (len bytes, not terminated) the class name?  A loop
 * of its own: the only compare of a plain call that would bind memcmp. */
static bool is_class_name(const char *class_name, const unsigned char *name, size_t len)
{
	size_t i = 0;

	while (i < len && class_name[i] == (char)name[i])
		i++;
	return i == len && class_name[i] == '\0';
}

static bool add_class(const unsigned char *name, size_t len, struct byteset *set)
{
	for (size_t k = 0; k < sizeof class_ranges / sizeof class_ranges[0]; k++) {
		const char *range = class_ranges[k].ranges;

		if (!is_class_name(class_ranges[k].name, name, len))
			continue;
		for (unsigned pair = 0; pair < class_ranges[k].pairs; pair++, range += 2)
			for (unsigned c = (unsigned char)range[0]; c <= (unsigned char)range[1]; c++)
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
	while (j < u->len && !is_escaped(u, j) && u->byte[j] != ']')
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

/* Has s more than n bytes?  Read no further than that. */
static bool longer_than(const char *s, size_t n)
{
	for (size_t i = 0; i <= n; i++)
		if (s[i] == '\0')
			return false;
	return true;
}

bool byteset_parse(const char *spec, struct byteset *set, struct error *err)
{
	static unsigned char long_byte[MAX_SET_BYTES];
	static uint64_t long_escaped[MAX_SET_BYTES / 64];
	unsigned char short_byte[SHORT_SET_BYTES];
	uint64_t short_escaped[SHORT_SET_BYTES / 64];
	struct unescaped u = { 0, SHORT_SET_BYTES, short_byte, short_escaped };
	size_t i = 0;

	memset(set, 0, sizeof *set);
	if (longer_than(spec, SHORT_SET_BYTES))
		u = (struct unescaped){ 0, MAX_SET_BYTES, long_byte, long_escaped };
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
					  first >= ' ' && first <= '~' ? first : '?',
					  last >= ' ' && last <= '~' ? last : '?');
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
