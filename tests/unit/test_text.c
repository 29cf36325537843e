/* test_text.c - printable text, quoting and bounded text assembly */
#include "config.h"

#include "fixtures.h"
#include "tap.h"
#include "text/text.h"

static void test_printable(void)
{
	ok(utf8_printable("a b\xc3\xa9", 5), "printable: ASCII, space and U+00E9");
	ok(!utf8_printable("a\n", 2), "printable: not a newline");
	ok(!utf8_printable("\x1b[2J", 4), "printable: not ESC");
	ok(!utf8_printable("\x7f", 1), "printable: not DEL");
	ok(!utf8_printable("\xed\xa0\x80", 3), "printable: not a surrogate");
	ok(!utf8_printable("\xc0\xaf", 2), "printable: not an overlong form");
	ok(!utf8_printable("a\xc2\x9b" "b", 4), "printable: not U+009B (CSI, a C1 control)");
	ok(!utf8_printable("\xc2\x80", 2) && !utf8_printable("\xc2\x9f", 2) &&
	   utf8_printable("\xc2\xa1", 2), "printable: the C1 range U+0080-U+009F ends at U+009F");
	ok(!utf8_printable("\xc2\xa0", 2) && !utf8_printable("\xe3\x80\x80", 3) &&
	   !utf8_printable("\xe2\xa0\x80", 3), "printable: not U+00A0, U+3000, U+2800 (blanks)");
	ok(!utf8_printable("\xe2\x80\xae", 3), "printable: not U+202E (right-to-left override)");
	ok(!utf8_printable("\xe2\x81\xa6", 3), "printable: not U+2066 (a bidi isolate)");
	ok(!utf8_printable("\xe2\x80\xa8", 3), "printable: not U+2028 (line separator)");
	ok(!utf8_printable("\xef\xbb\xbf", 3), "printable: not U+FEFF (byte-order mark)");
	ok(utf8_printable("\xe2\x82\xac\xf0\x9f\x94\x91", 7), "printable: U+20AC and U+1F511");
	ok(!utf8_printable("\xe2\x80\x8b", 3) && !utf8_printable("\xe2\x80\x8d", 3) &&
	   !utf8_printable("\xc2\xad", 2) && !utf8_printable("\xef\xb8\x8f", 3) &&
	   !utf8_printable("\xf3\xa0\x80\x81", 4),
	   "printable: not U+200B, U+200D, U+00AD, U+FE0F, U+E0001 (invisible)");
}

/* The first flaw of text for a word or a separator, as "what (U+XXXX)". */
static const char *flaw_of(const char *text)
{
	static char shown[200];
	struct text_flaw flaw;
	char code_point[TEXT_FLAW_BYTES];

	if (visible_text_check(text, strlen(text), &flaw))
		return "none";
	snprintf(shown, sizeof shown, "%s%s", flaw.what, text_flaw_code_point(&flaw, code_point));
	return shown;
}

/* Texts and their first flaws ("none" for none), as flaw_of() shows them. */
struct flaw_case {
	const char *text, *flaw, *name;
};

static void flaws_are(const struct flaw_case *cases, size_t count)
{
	for (size_t i = 0; i < count; i++)
		is_str(flaw_of(cases[i].text), cases[i].flaw, cases[i].name);
}

static void test_visible(void)
{
	static const struct flaw_case cases[] = {
		{ "a b-\xc3\xa9\xe2\x82\xac\xf0\x9f\x94\x91", "none",
		  "visible: ASCII, space, U+00E9, U+20AC, U+1F511" },
		{ "a\tb", "control character (U+0009)", "visible: not a tab" },
		{ "a\xff", "not valid UTF-8", "visible: not invalid UTF-8" },
		{ "a\xe2\x80\x8b", "invisible or formatting character (U+200B)", "visible: not U+200B" },
		{ "\xd8\x80", "invisible or formatting character (U+0600)",
		  "visible: not U+0600, a format character (Cf) that is not default-ignorable" },
		{ "\xe1\x85\x9f", "invisible or formatting character (U+115F)",
		  "visible: not U+115F, a default-ignorable letter (Lo)" },
		{ "\xe2\x80\xa9", "line or paragraph separator (U+2029)", "visible: not U+2029" },
		{ "e\xcc\x81", "character that normalization (NFC) joins to the one before (U+0301)",
		  "visible: e and U+0301 is not NFC" },
		/* Characters whose NFC_Quick_Check is Maybe: in NFC or not, by the
		 * whole normalization. */
		{ "\xc3\xa0\xcc\xa3", "character that normalization (NFC) joins to the one before (U+0323)",
		  "visible: U+00E0 and U+0323 is not NFC (U+1EA1 and U+0300, after reordering)" },
		{ "\xe1\xba\xa1\xcc\x82", "character that normalization (NFC) joins to the one before (U+0302)",
		  "visible: U+1EA1 and U+0302 is not NFC (U+1EAD)" },
		{ "\xe1\x84\x80\xe1\x85\xa1", "character that normalization (NFC) joins to the one before (U+1161)",
		  "visible: conjoining jamo U+1100 U+1161 are not NFC (U+AC00)" },
		{ "\xea\xb0\x80\xe1\x86\xa8", "character that normalization (NFC) joins to the one before (U+11A8)",
		  "visible: U+AC00 and a final U+11A8 are not NFC (U+AC01)" },
		{ "q\xcc\x81", "none", "visible: q and U+0301 is NFC (no composite)" },
		{ "\xe0\xa6\x95\xe0\xa6\xbe", "none", "visible: Bengali U+0995 U+09BE is NFC" },
		{ "\xe0\xa6\x95\xe0\xa7\x87\xe0\xa6\xbe", "character that normalization (NFC) joins to the one before (U+09BE)",
		  "visible: Bengali U+09C7 U+09BE is not NFC (U+09CB)" },
		{ "\xe0\xa4\x9c\xe0\xa4\xbc", "none",
		  "visible: Devanagari U+091C U+093C is NFC (U+095B is excluded from composition)" },
		{ "\xe0\xb6\x9a\xe0\xb7\x8a", "none", "visible: Sinhala U+0D9A U+0DCA is NFC" },
		{ "\xe3\x81\x8b\xe3\x82\x99", "character that normalization (NFC) joins to the one before (U+3099)",
		  "visible: U+304B U+3099 is not NFC (U+304C)" },
		{ "\xef\xac\x9d", "character that normalization (NFC) replaces (U+FB1D)",
		  "visible: U+FB1D is excluded from composition" },
		{ "a\xcc\x96\xcc\x85", "none", "visible: marks of classes 220, 230 in order" },
		{ "a\xcc\x85\xcc\x96", "combining mark out of canonical order (U+0316)",
		  "visible: marks of classes 230, 220 are not" },
		{ "\xef\xbf\xbe", "code point unassigned in Unicode 15.0.0 (U+FFFE)",
		  "visible: a noncharacter is unassigned" },
		{ "\xf4\x8f\xbf\xbd", "private-use character (U+10FFFD)",
		  "visible: private use U+10FFFD is not (shown as the font likes)" },
		{ "a\xe2\x80\x83" "b", "space or blank other than U+0020 (U+2003)",
		  "visible: an em space is not" },
		{ "\xe0\xa4\x95\xe0\xa4\x82\xe0\xa4\x82", "the same mark twice in a row (U+0902)",
		  "visible: a mark of class 0 repeated over the letter is not" },
		{ "q\xcc\x81" "x\xcc\x81", "none", "visible: the same mark on two letters is" },
	};

	flaws_are(cases, sizeof cases / sizeof cases[0]);
}

/* What NFKC, the marks and the start of a text may not hold. */
static void test_visible_lookalikes(void)
{
	static const struct flaw_case cases[] = {
		{ "\xef\xbd\x97ord", "compatibility (U+FF57)", "U+FF57 FULLWIDTH W" },
		{ "\xf0\x9d\x90\x9a", "compatibility (U+1D41A)", "U+1D41A MATHEMATICAL BOLD A" },
		{ "\xe2\x93\x90", "compatibility (U+24D0)", "U+24D0 CIRCLED A" },
		{ "\xef\xac\x81", "compatibility (U+FB01)", "U+FB01 the ligature fi" },
		{ "\xc2\xaa", "compatibility (U+00AA)", "U+00AA ordinal a" },
		{ "\xca\xb3", "compatibility (U+02B3)", "U+02B3 modifier r" },
		{ "x\xc2\xb2", "compatibility (U+00B2)", "U+00B2 superscript two" },
		{ "\xe1\xba\x9b", "compatibility (U+1E9B)", "U+1E9B, long s with dot: a composite of one" },
		{ "a\xcc\xb4", "overlay mark (combining class 1) (U+0334)", "U+0334, an overlay" },
		{ "a\xcc\xb5\xcc\xb4", "overlay mark (combining class 1) (U+0335)", "U+0335 U+0334" },
		{ "q\xcc\x81\xcc\x80", "second mark of one combining class on a character (U+0300)",
		  "U+0301 U+0300 on one letter: class 230 twice" },
		{ "q\xcc\x81\xe0\xa4\x82\xcc\x81", "second mark of one combining class on a character (U+0301)",
		  "class 230 twice with a class 0 mark between" },
		{ "\xcc\x81x", "combining mark at the start (U+0301)", "a text that starts with a mark (Mn)" },
		{ "\xe0\xa4\xbe", "combining mark at the start (U+093E)", "one that starts with a spacing mark (Mc)" },
		{ "\xe2\x83\x9d", "combining mark at the start (U+20DD)", "one that starts with an enclosing mark (Me)" },
	};
	static const struct flaw_case stays[] = {
		{ "\xe0\xa4\xb9\xe0\xa5\x88\xe0\xa4\x82", "none", "visible: U+0939 U+0948 U+0902 is" },
		{ "x\xcc\x96\xcc\x81", "none", "visible: marks of classes 220 and 230 on one letter are" },
		{ "\xc3\xa9l\xc3\xa8ve \xc3\x9f \xd1\x91", "none", "visible: U+00E9, U+00E8, U+00DF, U+0451 are" },
	};
	char name[120];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *got = flaw_of(cases[i].text);
		const char *cut = strstr(cases[i].flaw, " (U+");
		size_t head = strstr(cases[i].flaw, "compatibility") == cases[i].flaw ? 13 : (size_t)(cut - cases[i].flaw);

		snprintf(name, sizeof name, "visible: not %s (%s)", cases[i].name, got);
		ok(strncmp(got, cases[i].flaw, head) == 0 && strstr(got, cut) != NULL, "%s", name);
	}
	/* What stays: Hindi's class-0 marks on one letter (U+0948 U+0902 in
	 * "hain"), marks of two classes, and NFC letters NFKC keeps. */
	flaws_are(stays, sizeof stays / sizeof stays[0]);
}

/* What SASLprep (RFC 4013) maps away or prohibits is refused; printable
 * ASCII, which visible_text_check() judges without the tables, is none of
 * it. */
static void test_visible_saslprep(void)
{
	static const struct flaw_case cases[] = {
		{ "1\xe1\xa0\x86" "2", "character that SASLprep (RFC 4013) maps to nothing (U+1806)",
		  "visible: not U+1806 MONGOLIAN TODO SOFT HYPHEN (table B.1)" },
		{ "a\xef\xbf\xbd", "character that SASLprep (RFC 4013) prohibits (U+FFFD)",
		  "visible: not U+FFFD (table C.6)" },
		{ "a\xef\xbf\xbc", "character that SASLprep (RFC 4013) prohibits (U+FFFC)",
		  "visible: not U+FFFC (tables C.2.2, C.6)" },
		{ "\xe2\xbf\xb0\xe5\xb1\xb1", "character that SASLprep (RFC 4013) prohibits (U+2FF0)",
		  "visible: not U+2FF0, an ideographic description character (table C.7)" },
		{ "\xe2\xbf\xbb", "character that SASLprep (RFC 4013) prohibits (U+2FFB)",
		  "visible: not U+2FFB (table C.7)" },
	};
	unsigned ascii = 0;

	flaws_are(cases, sizeof cases / sizeof cases[0]);
	ok(unicode_saslprep(0x1680) == UNICODE_SASLPREP_SPACE &&
	   unicode_saslprep(0x200b) == UNICODE_SASLPREP_NOTHING &&
	   unicode_saslprep(0xe0001) == UNICODE_SASLPREP_PROHIBITED &&
	   unicode_saslprep(0x2ffc) == UNICODE_SASLPREP_KEEP &&
	   unicode_saslprep(0x00e9) == UNICODE_SASLPREP_KEEP,
	   "saslprep: U+1680 a space, U+200B nothing (B.1 before C.1.2), U+E0001 prohibited; U+2FFC, U+00E9 kept");
	for (uint32_t c = 0x20; c < 0x7f; c++)
		ascii += unicode_saslprep(c) != UNICODE_SASLPREP_KEEP;
	ok(ascii == 0, "saslprep: keeps printable ASCII (%u not)", ascii);
}

/* The skeleton of a text (UTF-8), as UTF-8; "" when it does not fit. */
static const char *skeleton_of(const char *text)
{
	static char out[4 * 64 * UNICODE_SKELETON_GROWTH + 1];
	uint32_t points[UNICODE_NFC_MAX], skeleton[UNICODE_NFC_MAX * UNICODE_SKELETON_GROWTH];
	size_t n = 0, length, o;

	for (size_t i = 0, len = strlen(text); i < len && n < UNICODE_NFC_MAX; n++) {
		unsigned long c;

		i += utf8_decode((const unsigned char *)text + i, len - i, &c);
		points[n] = (uint32_t)c;
	}
	if (!unicode_skeleton(points, n, skeleton, sizeof skeleton / sizeof *skeleton, &length))
		return "";
	o = utf8_encode(skeleton, length, out);
	out[o] = '\0';
	return out;
}

/* UTS #39's skeletons, and the room a code point's skeleton takes. */
static void test_skeletons(void)
{
	static const char *const alike[][2] = {
		{ "a-b", "a\xe2\x80\x90" "b" },       /* U+2010 HYPHEN */
		{ "a-b", "a\xe2\x88\x92" "b" },       /* U+2212 MINUS SIGN */
		{ "\xe3\x83\x98", "\xe3\x81\xb8" }, /* katakana and hiragana HE */
		{ "\xe3\x83\xad", "\xe5\x8f\xa3" }, /* katakana RO, Han "mouth" */
		{ "rn", "m" },                          /* ASCII: --no-ambiguous's */
		{ "p\xd0\xb5", "pe" },                 /* Cyrillic ie */
		{ "\xc3\xa9", "e\xcc\x81" },         /* NFD first */
	};
	unsigned long over = 0, worst = 0;
	char shown[64];

	for (size_t i = 0; i < sizeof alike / sizeof alike[0]; i++) {
		snprintf(shown, sizeof shown, "%s", skeleton_of(alike[i][0]));
		ok(shown[0] && strcmp(shown, skeleton_of(alike[i][1])) == 0,
		   "skeleton: %s and %s are one (%s)", alike[i][0], alike[i][1], shown);
	}
	snprintf(shown, sizeof shown, "%s", skeleton_of("a-b"));
	ok(strcmp(shown, skeleton_of("a_b")) != 0, "skeleton: a-b and a_b are not one");
	snprintf(shown, sizeof shown, "%s", skeleton_of("\xe3\x83\x98"));
	ok(strcmp(shown, skeleton_of("\xe3\x83\x9b")) != 0, "skeleton: katakana HE and HO are not one");
	/* Every code point a word can hold makes a skeleton that fits
	 * UNICODE_SKELETON_GROWTH (lookalikes.c sizes its room by it). */
	for (uint32_t c = 0x80; c <= 0x10ffff; c++) {
		uint32_t skeleton[64];
		size_t length;

		if ((c >= 0xd800 && c <= 0xdfff) || unicode_is_unassigned(c) ||
		    unicode_nfc_quick_check(c) == UNICODE_NFC_NO || unicode_is_nfkc_no(c))
			continue;
		if (!unicode_skeleton(&c, 1, skeleton, 64, &length) || length > UNICODE_SKELETON_GROWTH)
			over++;
		else if (length > worst)
			worst = length;
	}
	ok(over == 0, "skeleton: of every code point NFC and NFKC keep, at most %d code points (%lu over, longest %lu)",
	   UNICODE_SKELETON_GROWTH, over, worst);
}

/* Are the texts, added one after another, of one script set (UTS #39)? */
static bool scripts_of(const char *const *texts, size_t count)
{
	struct unicode_scripts scripts;
	unsigned long code_point;

	unicode_scripts_init(&scripts);
	for (size_t i = 0; i < count; i++)
		if (!text_scripts_add(&scripts, texts[i], strlen(texts[i]), &code_point))
			return false;
	return true;
}

static void test_scripts(void)
{
	const char *latin_cyrillic[] = { "peace\xd0\xbex" }, *two_words[] = { "peace", "\xd0\xbc\xd0\xb8\xd1\x80" };
	const char *greek[] = { "\xce\xb1\xce\xbb\xcf\x86\xce\xb1", "123-" };
	const char *japanese[] = { "\xe6\x9d\xb1\xe4\xba\xac", "\xe3\x81\x95\xe3\x81\x8f\xe3\x82\x89", "\xe3\x82\xab\xe3\x83\x8a", "tokyo" };
	const char *korean_kana[] = { "\xed\x95\x9c", "\xe3\x81\x95" }, *chinese[] = { "\xe4\xb8\xad", "\xe3\x84\x85", "abc" };
	const char *han_cyrillic[] = { "\xe4\xb8\xad", "\xd0\xbc" }, *hindi[] = { "\xe0\xa4\xb9\xe0\xa5\x88\xe0\xa4\x82", "\xe0\xa5\xa4" };
	struct unicode_scripts scripts;
	unsigned long code_point = 0;

	ok(!scripts_of(latin_cyrillic, 1), "scripts: Latin and Cyrillic in one word are not one set");
	unicode_scripts_init(&scripts);
	ok(!text_scripts_add(&scripts, "peace\xd0\xbex", 8, &code_point) && code_point == 0x43e,
	   "scripts: the first code point that breaks the set is named (U+%04lX)", code_point);
	ok(!scripts_of(two_words, 2), "scripts: a Latin word and a Cyrillic word are not");
	ok(scripts_of(greek, 2), "scripts: Greek with digits and punctuation (Common) is");
	ok(scripts_of(japanese, 4), "scripts: Han, Hiragana, Katakana and Latin are (Japanese)");
	ok(scripts_of(chinese, 3), "scripts: Han, Bopomofo and Latin are (Chinese)");
	ok(!scripts_of(korean_kana, 2), "scripts: Hangul and Hiragana are not");
	ok(!scripts_of(han_cyrillic, 2), "scripts: Han and Cyrillic are not");
	ok(scripts_of(hindi, 2), "scripts: Devanagari with U+0964 DANDA (Script_Extensions) is");
}

static void test_quote(void)
{
	char out[QUOTE_BYTES], text[400];

	is_str(quote(out, "graph"), "'graph'", "quote: plain text");
	is_str(quote(out, ""), "''", "quote: empty text");
	is_str(quote(out, "it's a\\b"), "'it\\'s a\\\\b'", "quote: quote and backslash escaped");
	is_str(quote(out, "\x1b]0;title\a\x1b[2J"), "'\\x1b]0;title\\x07\\x1b[2J'",
	       "quote: an OSC title and a clear-screen sequence are shown escaped");
	is_str(quote(out, "a\xc2\x9b" "b"), "'a\\xc2\\x9bb'", "quote: U+009B (CSI) escaped byte by byte");
	is_str(quote(out, "\xff\xc3\xa9"), "'\\xff\xc3\xa9'",
	       "quote: an invalid byte escaped, the valid character after it kept");
	is_str(quote(out, "line\nbreak"), "'line\\x0abreak'", "quote: newline escaped");
	is_str(quote_mem(out, "a\0b", 3), "'a\\x00b'", "quote_mem: a NUL byte escaped");
	memset(text, 'x', sizeof text - 1);
	text[sizeof text - 1] = '\0';
	quote(out, text);
	ok(strlen(out) == QUOTE_SHOWN_BYTES + 5 && strcmp(out + strlen(out) - 4, "'...") == 0,
	   "quote: a long text is cut after %d bytes and marked: %zu bytes", QUOTE_SHOWN_BYTES,
	   strlen(out));
	memset(text, '\x1b', sizeof text - 1);
	quote(out, text);
	ok(strlen(out) == QUOTE_SHOWN_BYTES * 4 + 5 && strlen(out) < QUOTE_BYTES,
	   "quote: the worst case (every byte escaped) fits QUOTE_BYTES: %zu < %d", strlen(out),
	   QUOTE_BYTES);
}

static void test_text_buffer(void)
{
	char small[12], canary[4] = "ok!";
	struct text_buffer text;

	text_init(&text, small, sizeof small);
	text_append(&text, "%s", "abc");
	text_append(&text, "%d", 42);
	ok(!text.truncated && strcmp(small, "abc42") == 0 && text.used == 5,
	   "text_append: pieces add up");
	text_append(&text, "%s", "0123456789");
	ok(text.truncated && strcmp(small, "abc42012...") == 0 && text.used == 11 &&
	   strcmp(canary, "ok!") == 0, "text_append: an overlong piece is cut with '...': '%s'", small);
	text_append(&text, "%s", "more");
	ok(strcmp(small, "abc42012...") == 0, "text_append: nothing is added after a cut");
	text_init(&text, small, sizeof small);
	text_append(&text, "%s", "abcdefg\xc3\xa9\xc3\xa9\xc3\xa9");
	ok(text.truncated && strcmp(small, "abcdefg...") == 0,
	   "text_append: a cut never splits a UTF-8 character: '%s'", small);
}

/* With --accepted-code-points: each code point c (U+0080 and above) for
 * which "a" and c is a word, in hex, one a line, for tests/hostile-input.bats
 * to hand to a SASLprep that nobody here wrote. */
static int print_accepted(void)
{
	for (uint32_t c = 0x80; c <= 0x10ffff; c++) {
		char text[8] = "a";
		size_t n;
		struct text_flaw flaw;

		if (c >= 0xd800 && c <= 0xdfff)
			continue;
		n = 1 + utf8_encode(&c, 1, text + 1);
		if (visible_text_check(text, n, &flaw) && printf("%04X\n", (unsigned)c) < 0)
			return 1;
	}
	return fflush(stdout) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--accepted-code-points") == 0)
		return print_accepted();
	test_printable();
	test_visible();
	test_visible_saslprep();
	test_skeletons();
	test_visible_lookalikes();
	test_scripts();
	test_quote();
	test_text_buffer();
	return done_testing();
}
