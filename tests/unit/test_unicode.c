/*
 * test_unicode.c - the Unicode tables and normalization form C.
 *
 * A few properties by hand, then Unicode's own conformance test for
 * normalization (NormalizationTest.txt of the tables' version, kept in
 * data/unicode): for every line and column, unicode_is_nfc() must say
 * whether NFC leaves the text as it is, and visible_text_check() must
 * never accept a text that NFC changes.
 */
#include "config.h"

#include "fixtures.h"
#include "tap.h"
#include "text/text.h"
#include "text/unicode.h"
#include "ucd.h"

#include <stdlib.h>

static void test_properties(void)
{
	ok(unicode_is_invisible(0x200b) && unicode_is_invisible(0x00ad) &&
	   unicode_is_invisible(0xfe0f) && unicode_is_invisible(0xe0041) &&
	   unicode_is_invisible(0x0600) && !unicode_is_invisible(0x0041),
	   "invisible: U+200B, U+00AD, U+FE0F, U+E0041, U+0600; not A");
	ok(unicode_is_unassigned(0x0378) && unicode_is_unassigned(0xfffe) &&
	   !unicode_is_unassigned(0x1f511), "unassigned: U+0378, U+FFFE; not U+1F511");
	ok(unicode_nfc_quick_check(0x2126) == UNICODE_NFC_NO &&
	   unicode_nfc_quick_check(0x0301) == UNICODE_NFC_MAYBE &&
	   unicode_nfc_quick_check(0x00e9) == UNICODE_NFC_YES, "quick check: U+2126 No, U+0301 Maybe, U+00E9 Yes");
	ok(unicode_combining_class(0x0301) == 230 && unicode_combining_class(0x0316) == 220 &&
	   unicode_combining_class(0x0061) == 0, "combining classes: U+0301 230, U+0316 220, a 0");
}

/* visible_text_check() judges printable ASCII without the tables: they
 * must hold none of it. */
static void test_ascii_in_no_table(void)
{
	unsigned found = 0;

	for (uint32_t c = 0x20; c < 0x7f; c++)
		found += unicode_is_invisible(c) || unicode_is_blank(c) ||
			 unicode_is_private_use(c) || unicode_is_unassigned(c) ||
			 unicode_nfc_quick_check(c) != UNICODE_NFC_YES || unicode_is_nfkc_no(c) ||
			 unicode_combining_class(c) != 0 || unicode_is_mark(c) ||
			 unicode_is_nonspacing_mark(c);
	ok(found == 0, "printable ASCII: in no table that visible_text_check() skips for it (%u found)",
	   found);
}

/* The code points of one column ("0044 0307"), at most max. */
static size_t parse_column(char *column, uint32_t *out, size_t max)
{
	size_t n = 0;

	for (char *end; *column && n < max; column = end) {
		out[n++] = (uint32_t)strtoul(column, &end, 16);
		if (end == column)
			return 0;
	}
	return n;
}

static void test_conformance(void)
{
	FILE *in = ucd_open("NormalizationTest.txt");
	char line[4096], version[64] = "";
	unsigned long lines = 0, wrong = 0, accepted_changed = 0;

	while (in && fgets(line, sizeof line, in)) {
		char *column[5], *p = line;
		uint32_t text[5][UNICODE_NFC_MAX];
		size_t n[5];
		unsigned major, minor, update;

		if (!version[0] && sscanf(line, "# NormalizationTest-%u.%u.%u.txt", &major, &minor, &update) == 3)
			snprintf(version, sizeof version, "%u.%u.%u", major, minor, update);
		if (line[0] == '#' || line[0] == '@')
			continue;
		for (int k = 0; k < 5; k++) {
			column[k] = p;
			p = p ? strchr(p, ';') : NULL;
			if (p)
				*p++ = '\0';
		}
		if (!p)
			continue;
		for (int k = 0; k < 5; k++)
			n[k] = parse_column(column[k], text[k], UNICODE_NFC_MAX);
		lines++;
		/* NFC of columns 1 to 3 is column 2, of columns 4 and 5 column 4. */
		for (int k = 0; k < 5; k++) {
			int nfc = k < 3 ? 1 : 3;
			bool is_nfc = n[k] == n[nfc] && memcmp(text[k], text[nfc], n[k] * sizeof text[k][0]) == 0;
			char utf8[UNICODE_NFC_MAX * 4];
			size_t change;
			struct text_flaw flaw;

			if (unicode_is_nfc(text[k], n[k], &change) != is_nfc && wrong++ < 5)
				printf("# line %lu, column %d: NFC %s it\n", lines, k + 1,
				       is_nfc ? "keeps" : "changes");
			if (!is_nfc && visible_text_check(utf8, utf8_encode(text[k], n[k], utf8), &flaw))
				accepted_changed++;
		}
	}
	ok(in && ucd_close(in), "data/unicode/NormalizationTest.txt.gz read to its end");
	ok(strcmp(version, unicode_version) == 0, "NormalizationTest.txt is of Unicode %s, as the tables (%s)",
	   version, unicode_version);
	ok(lines > 15000 && wrong == 0, "unicode_is_nfc: %lu lines, 5 columns each, %lu wrong", lines, wrong);
	ok(lines > 15000 && accepted_changed == 0,
	   "visible_text_check: no text that NFC changes is accepted (%lu were)", accepted_changed);
}

int main(void)
{
	test_properties();
	test_ascii_in_no_table();
	test_conformance();
	return done_testing();
}
