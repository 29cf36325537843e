/*
 * fuzz_charset.c - byteset_parse() and alphabet_from_byteset() on any SET.
 *
 * The input, up to its first NUL and at most MAX_SET_INPUT bytes, is the
 * SET.  (tests/fuzz/run uses -max_len=4096; the cap is a little larger so
 * that replayed seeds can reach the parser's own 4096-byte limit.)
 *
 * Checked on every input:
 *   - a failure comes with a non-empty message;
 *   - a success gives an alphabet of distinct printable characters
 *     (0x20..0x7e), strictly increasing, at most 95 of them, that holds
 *     exactly the bytes of the set, with class sizes that match <ctype.h>;
 *     an alphabet refusal happens exactly when the set holds a byte outside
 *     0x20..0x7e;
 *   - reference: when the SET has no backslash and no '[', it is plain
 *     characters and a-z ranges, which a ten-line parser below reads
 *     independently; the two must agree on success, failure and the set
 *     (with no '-' as well, the set is exactly the input's bytes);
 *   - round trip: the set, written back as octal escapes (\ooo) or as
 *     escaped ranges (\ooo-\ooo), parses to the same set.
 */
#include "config.h"

#include "secret/charset.h"
#include "fuzz_support.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SET_INPUT 8192

/* Plain characters and ranges, as GNU tr reads a SET with no escapes and no
 * brackets: "x-y" (x <= y) is a range, a '-' elsewhere is itself. */
static bool reference_plain(const unsigned char *s, size_t len, bool has[256])
{
	memset(has, 0, 256 * sizeof has[0]);
	for (size_t i = 0; i < len;) {
		if (i + 2 < len && s[i + 1] == '-') {
			if (s[i] > s[i + 2])
				return false;
			for (unsigned c = s[i]; c <= s[i + 2]; c++)
				has[c] = true;
			i += 3;
		} else {
			has[s[i++]] = true;
		}
	}
	return true;
}

static void append_octal(char *out, size_t *used, unsigned c)
{
	*used += (size_t)sprintf(out + *used, "\\%03o", c);
}

/* The set as "\ooo\ooo..." (ranges = false) or "\ooo-\ooo..." runs. */
static void write_back(const struct byteset *set, bool ranges, char *out)
{
	size_t used = 0;

	for (unsigned c = 0; c < 256; c++) {
		unsigned end = c;

		if (!set->has[c])
			continue;
		if (ranges) {
			while (end + 1 < 256 && set->has[end + 1])
				end++;
		}
		append_octal(out, &used, c);
		if (end > c) {
			out[used++] = '-';
			append_octal(out, &used, end);
		}
		c = end;
	}
	out[used] = '\0';
}

static void check_round_trip(const struct byteset *set)
{
	static char text[256 * 4 + 1];
	struct byteset again;
	struct error err;

	for (int ranges = 0; ranges < 2; ranges++) {
		write_back(set, ranges, text);
		CHECK(byteset_parse(text, &again, &err));
		CHECK(memcmp(again.has, set->has, sizeof set->has) == 0);
	}
}

static void check_alphabet(const struct byteset *set)
{
	struct alphabet alpha;
	struct error err = { .next_quote = 0 };
	unsigned members = 0, class_size[CLASS_COUNT] = { 0 };
	bool unprintable = false;
	bool built;

	for (unsigned c = 0; c < 256; c++) {
		if (!set->has[c])
			continue;
		members++;
		if (c < 0x20 || c > 0x7e)
			unprintable = true;
		else if (islower((int)c))
			class_size[CLASS_LOWER]++;
		else if (isupper((int)c))
			class_size[CLASS_UPPER]++;
		else if (isdigit((int)c))
			class_size[CLASS_DIGIT]++;
		else if (ispunct((int)c))
			class_size[CLASS_PUNCT]++;
	}
	built = alphabet_from_byteset(set, &alpha, &err);
	CHECK(built != unprintable);
	if (!built) {
		CHECK(err.text[0] != '\0');
		CHECK(memchr(err.text, '\0', sizeof err.text) != NULL);
		return;
	}
	CHECK(alpha.size == members);
	CHECK(alpha.size <= 95);
	for (unsigned i = 0; i < alpha.size; i++) {
		unsigned char c = (unsigned char)alpha.chars[i];

		CHECK(c >= 0x20 && c <= 0x7e);
		CHECK(set->has[c]);
		if (i > 0)
			CHECK((unsigned char)alpha.chars[i - 1] < c);
	}
	for (int k = 0; k < CLASS_COUNT; k++)
		CHECK(alpha.class_size[k] == class_size[k]);
	/* Only the space is in no class. */
	CHECK(alpha.class_size[0] + alpha.class_size[1] + alpha.class_size[2] +
	      alpha.class_size[3] + (set->has[' '] ? 1u : 0u) == alpha.size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t len = nul ? (size_t)(nul - data) : size;
	struct byteset set;
	struct error problem = { .next_quote = 0 };
	bool parsed;
	char *spec;
	bool has[256];

	if (len > MAX_SET_INPUT)
		len = MAX_SET_INPUT;
	/* An exact-size copy, so that ASan sees a read past the terminator. */
	spec = malloc(len + 1);
	if (!spec)
		return 0;
	memcpy(spec, data, len);
	spec[len] = '\0';

	fuzz_enter();
	parsed = byteset_parse(spec, &set, &problem);
	if (!parsed) {
		CHECK(problem.text[0] != '\0');
	} else {
		check_alphabet(&set);
		check_round_trip(&set);
	}
	if (!memchr(spec, '\\', len) && len > 4096) {
		/* Without escapes every byte is one byte of the SET. */
		CHECK(!parsed);
	} else if (!memchr(spec, '\\', len) && !memchr(spec, '[', len)) {
		bool ok = reference_plain((const unsigned char *)spec, len, has);

		CHECK(ok == parsed);
		if (ok)
			CHECK(memcmp(has, set.has, sizeof has) == 0);
		if (!memchr(spec, '-', len)) {
			CHECK(parsed);
			for (unsigned c = 1; c < 256; c++)
				CHECK(set.has[c] == (memchr(spec, (int)c, len) != NULL));
			CHECK(!set.has[0]);
		}
	}
	fuzz_leave();
	free(spec);
	return 0;
}
