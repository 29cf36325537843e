/* unicode.h - the few Unicode character properties that judging text needs */
#ifndef PASS_GENHELPER_UNICODE_H
#define PASS_GENHELPER_UNICODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Code points first..last, sorted and disjoint in each table; value is
 * the combining class in unicode_combining, 1 elsewhere. */
struct unicode_range {
	uint32_t first, last;
	uint8_t value;
};

/* A canonical decomposition, one step: code_point is first and second
 * (0 when it decomposes to one code point). */
struct unicode_decomposition {
	uint32_t code_point, first, second;
};

/* A primary composite: NFC makes composite of first and second. */
struct unicode_composition {
	uint32_t first, second, composite;
};

/* The tables (unicode-tables.c, made by tools/unicode-tables from the
 * Unicode Character Database of the version unicode_version names). */
extern const char unicode_version[];
extern const struct unicode_range unicode_invisible[], unicode_blank[],
	unicode_private_use[], unicode_nonspacing[], unicode_unassigned[],
	unicode_nfc_no[], unicode_nfc_maybe[], unicode_combining[], unicode_nfkc_no[],
	unicode_spacing_mark[], unicode_scripts[], unicode_stringprep[];
extern const size_t unicode_invisible_count, unicode_blank_count,
	unicode_private_use_count, unicode_nonspacing_count, unicode_unassigned_count,
	unicode_nfc_no_count, unicode_nfc_maybe_count, unicode_combining_count,
	unicode_nfkc_no_count, unicode_spacing_mark_count, unicode_scripts_count,
	unicode_stringprep_count;

/* A code point's prototype in confusables.txt (UTS #39): length code
 * points of unicode_prototypes from start. */
struct unicode_confusable {
	uint32_t code_point;
	uint16_t start;
	uint8_t length;
};
extern const struct unicode_confusable unicode_confusables[];
extern const size_t unicode_confusables_count;
extern const uint32_t unicode_prototypes[];

/* A set of scripts, one bit a script (the bits are listed in
 * unicode-tables.c): 164 in Unicode 15.0.0, Hanb, Jpan and Kore included. */
#define UNICODE_SCRIPT_WORDS 3
extern const unsigned unicode_script_count;
extern const uint64_t unicode_script_sets[][UNICODE_SCRIPT_WORDS];
extern const size_t unicode_script_sets_count;
extern const uint64_t unicode_script_latin[UNICODE_SCRIPT_WORDS],
	unicode_script_cjk[UNICODE_SCRIPT_WORDS];
extern const struct unicode_decomposition unicode_decompositions[];
extern const struct unicode_composition unicode_compositions[];
extern const size_t unicode_decompositions_count, unicode_compositions_count;

/* Default_Ignorable_Code_Point or a format character (Cf): shown as
 * nothing, or as nothing of its own (U+200B, U+00AD, U+FE0F, tags). */
bool unicode_is_invisible(uint32_t code_point);

/* A space other than U+0020 (General_Category Zs: U+00A0, U+2002..U+200A,
 * U+3000, ...) or U+2800 BRAILLE PATTERN BLANK: one more way to show a
 * blank, so two words that differ in it look the same. */
bool unicode_is_blank(uint32_t code_point);

/* General_Category Co: a private-use character, shown as the font likes
 * (often one and the same box). */
bool unicode_is_private_use(uint32_t code_point);

/* General_Category Mn or Me: a mark drawn over, under or around the
 * character before it (U+0301, U+0338, U+20DD). */
bool unicode_is_nonspacing_mark(uint32_t code_point);

/* General_Category Cn: not a character in this version of Unicode. */
bool unicode_is_unassigned(uint32_t code_point);

enum unicode_nfc_check { UNICODE_NFC_YES, UNICODE_NFC_NO, UNICODE_NFC_MAYBE };

/* NFC_Quick_Check: No when normalization form C never keeps the code point
 * (U+2126 OHM SIGN becomes U+03A9), Maybe when it may join it to the
 * character before (U+0301 after "e" makes U+00E9). */
enum unicode_nfc_check unicode_nfc_quick_check(uint32_t code_point);

/* General_Category Mn, Mc or Me: a mark that belongs to the character
 * before it. */
bool unicode_is_mark(uint32_t code_point);

/* NFKC_Quick_Check No: normalization form KC never keeps the code point.
 * For text in NFC these are the compatibility characters (fullwidth,
 * mathematical, circled and modifier letters, ligatures: U+FF41, U+1D41A,
 * U+24D0, U+02B3, U+FB01), and NFKC leaves NFC text without them as it
 * is (UAX #15: its NFKC_Quick_Check Maybe characters are NFC's). */
bool unicode_is_nfkc_no(uint32_t code_point);

/*
 * The scripts of a text, as UTS #39 (Unicode Security Mechanisms, section
 * 5.2) judges them: each code point stands for its augmented script set
 * (Script_Extensions, else Script; Common and Inherited are every script;
 * Han adds Hanb, Jpan and Kore, kana Jpan, Hangul Kore, Bopomofo Hanb).
 * `all` is the intersection over every code point added, `not_latin` over
 * those whose set lacks Latin.
 */
struct unicode_scripts {
	uint64_t all[UNICODE_SCRIPT_WORDS], not_latin[UNICODE_SCRIPT_WORDS];
};

/* No code point yet: both intersections are every script. */
void unicode_scripts_init(struct unicode_scripts *scripts);

void unicode_scripts_add(struct unicode_scripts *scripts, uint32_t code_point);

/* UTS #39's Highly Restrictive: one script (the intersection is not
 * empty), or Latin with Han and Hiragana and Katakana, with Han and
 * Bopomofo, or with Han and Hangul (what is not Latin has Jpan, Hanb or
 * Kore in common). */
bool unicode_scripts_highly_restrictive(const struct unicode_scripts *scripts);

/* What SASLprep (RFC 4013) does with a code point, by RFC 3454's tables:
 * keeps it, maps it to nothing (B.1: U+00AD, U+1806, U+200B, U+FE0F),
 * to a space (C.1.2: U+00A0, U+3000), or prohibits it (C.2.1 to C.9:
 * controls, private use, U+FFFC, U+FFFD, U+2FF0..U+2FFB, tags). */
enum unicode_saslprep {
	UNICODE_SASLPREP_KEEP, UNICODE_SASLPREP_NOTHING, UNICODE_SASLPREP_SPACE,
	UNICODE_SASLPREP_PROHIBITED
};

enum unicode_saslprep unicode_saslprep(uint32_t code_point);

/* Canonical_Combining_Class, 0 for most characters. */
unsigned unicode_combining_class(uint32_t code_point);

/* Code points a text may have for unicode_is_nfc() to judge it. */
#define UNICODE_NFC_MAX 64

/*
 * Are the count code points (at most UNICODE_NFC_MAX) in normalization
 * form C, that is, does NFC leave them as they are?  If not, *first_change
 * is the index of the first code point NFC changes.  Decomposes, orders
 * and composes as UAX #15 says.
 */
bool unicode_is_nfc(const uint32_t *code_points, size_t count, size_t *first_change);

/*
 * The skeleton of count code points (at most UNICODE_NFC_MAX), as UTS #39
 * (section 4) defines it with confusables.txt of unicode_version: NFD,
 * each code point replaced by its prototype, NFD again; into out (room
 * code points), its length in *length.  Two texts that a reader may take
 * for each other (Latin "a-b" and "a\u2010b", katakana U+30D8 and
 * hiragana U+3078) have the same skeleton.  False when it does not fit.
 */
bool unicode_skeleton(const uint32_t *code_points, size_t count, uint32_t *out, size_t room,
		      size_t *length);

/* Code points of a skeleton a code point that NFC and NFKC keep can make,
 * at most (7 for the Hangul syllable U+AF66: test_unicode.c checks each). */
#define UNICODE_SKELETON_GROWTH 8

#endif
