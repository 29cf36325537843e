/*
 * text.c - printable text and quoting.
 *
 * Word lists, separators and every message can carry text from a file in a
 * shared password store; one rule says what may reach a terminal as it is,
 * and quote() is the one way user text enters a message.
 */
#include "config.h"

#include "text/text.h"

#include "text/unicode.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

size_t utf8_decode(const unsigned char *s, size_t left, unsigned long *code_point)
{
	unsigned long value;
	size_t need;

	if (s[0] < 0x80) {
		*code_point = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		need = 2;
		value = s[0] & 0x1fu;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		need = 3;
		value = s[0] & 0x0fu;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		need = 4;
		value = s[0] & 0x07u;
	} else {
		return 0;
	}
	if (left < need)
		return 0;
	for (size_t i = 1; i < need; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		value = value << 6 | (s[i] & 0x3fu);
	}
	if ((need == 3 && value < 0x800) || (need == 4 && value < 0x10000) || value > 0x10ffff ||
	    (value >= 0xd800 && value <= 0xdfff))
		return 0;
	*code_point = value;
	return need;
}

/* Why a terminal would not show the code point as itself, or NULL. */
static const char *unshown_reason(unsigned long c)
{
	if (c < 0x20 || (c >= 0x7f && c <= 0x9f))
		return "control character";
	if (c == 0x2028 || c == 0x2029)
		return "line or paragraph separator";
	/* Printable ASCII is in none of the tables (test_unicode.c checks
	 * each), so text of it is judged without reading them. */
	if (c < 0x80)
		return NULL;
	if (unicode_is_invisible((uint32_t)c))
		return "invisible or formatting character";
	if (unicode_is_blank((uint32_t)c))
		return "space or blank other than U+0020";
	if (unicode_is_private_use((uint32_t)c))
		return "private-use character";
	return NULL;
}

bool code_point_printable(unsigned long c)
{
	return unshown_reason(c) == NULL;
}

/* Why code point c cannot be part of a word or a separator whatever
 * stands around it, or NULL. */
static const char *code_point_flaw(unsigned long c)
{
	static char unassigned[48];
	const char *reason = unshown_reason(c);

	if (reason || c < 0x80)
		return reason;
	if (unicode_is_unassigned((uint32_t)c)) {
		if (!unassigned[0])
			snprintf(unassigned, sizeof unassigned, "code point unassigned in Unicode %s",
				 unicode_version);
		return unassigned;
	}
	/* UAX #15's quick check: No is never in NFC (Maybe is judged on the
	 * whole text, nfc_flaw()). */
	if (unicode_nfc_quick_check((uint32_t)c) == UNICODE_NFC_NO)
		return "character that normalization (NFC) replaces";
	/* NFKC (as SASLprep and PRECIS verifiers apply it) replaces these by
	 * other characters, so two words that differ only in them would be
	 * one password there. */
	if (unicode_is_nfkc_no((uint32_t)c))
		return "compatibility character that NFKC replaces (a fullwidth, "
		       "mathematical, circled, superscript or modifier form, or a ligature)";
	/* SASLprep's own tables: what it drops would count for nothing, and
	 * what it refuses could not be a password there at all. */
	switch (unicode_saslprep((uint32_t)c)) {
	case UNICODE_SASLPREP_NOTHING:
		return "character that SASLprep (RFC 4013) maps to nothing";
	case UNICODE_SASLPREP_SPACE:
		return "character that SASLprep (RFC 4013) maps to a space";
	case UNICODE_SASLPREP_PROHIBITED:
		return "character that SASLprep (RFC 4013) prohibits";
	case UNICODE_SASLPREP_KEEP:
		break;
	}
	return NULL;
}

/* The marks of a text read so far: the last code point and its combining
 * class, and the classes of the nonspacing marks on the last base
 * character, one bit a class. */
struct marks_seen {
	unsigned long previous;
	unsigned previous_class;
	bool on_base;
	uint64_t classes_on_base[256 / 64];
};

/* Why code point c cannot follow what seen holds (nothing when first), or
 * NULL; seen then holds c too. */
static const char *mark_flaw(struct marks_seen *seen, unsigned long c, bool first)
{
	bool mark = c >= 0x80 && unicode_is_mark((uint32_t)c);
	unsigned combining_class = c < 0x80 ? 0 : unicode_combining_class((uint32_t)c);
	bool repeated = c == seen->previous;
	uint64_t bit = (uint64_t)1 << (combining_class % 64);

	if (first && mark)
		return "combining mark at the start";
	if (combining_class != 0 && seen->previous_class > combining_class)
		return "combining mark out of canonical order";
	seen->previous_class = combining_class;
	seen->previous = c;
	if (!mark) {
		if (seen->on_base)
			memset(seen->classes_on_base, 0, sizeof seen->classes_on_base);
		seen->on_base = false;
		return NULL;
	}
	if (!unicode_is_nonspacing_mark((uint32_t)c))
		return NULL;
	/* A mark drawn over the one before draws the same pixels twice: "a"
	 * with one U+0338 and with two look alike, and NFC keeps both, so a
	 * list could count one visible word many times. */
	if (repeated)
		return "the same mark twice in a row";
	if (combining_class == 0)
		return NULL;
	/* Marks of one class sit in one place: stacked there, or drawn
	 * through the letter (the overlays, class 1), they hide each other,
	 * in any order. */
	if (combining_class == 1)
		return "overlay mark (combining class 1)";
	if (seen->classes_on_base[combining_class / 64] & bit)
		return "second mark of one combining class on a character";
	seen->classes_on_base[combining_class / 64] |= bit;
	seen->on_base = true;
	return NULL;
}

/* Is the text of count code points (the first UNICODE_NFC_MAX of them in
 * code_points), whose first quick check Maybe is at first_maybe, in NFC?
 * If not, false with the flaw. */
static bool nfc_check(const uint32_t *code_points, size_t count, size_t first_maybe,
		      uint32_t maybe_code_point, struct text_flaw *flaw)
{
	size_t first_change, k;

	flaw->has_code_point = true;
	flaw->code_point = maybe_code_point;
	if (count > UNICODE_NFC_MAX) {
		flaw->what = "combining character in a text too long to normalize";
		return false;
	}
	if (unicode_is_nfc(code_points, count, &first_change))
		return true;
	/* Name the first character that may join the one before, at or after
	 * the first change (e and U+0301 become U+00E9: U+0301). */
	k = first_change > first_maybe ? first_change : first_maybe;
	while (k < count && unicode_nfc_quick_check(code_points[k]) != UNICODE_NFC_MAYBE)
		k++;
	if (k < count)
		flaw->code_point = code_points[k];
	flaw->what = "character that normalization (NFC) joins to the one before";
	return false;
}

bool visible_text_check(const char *text, size_t len, struct text_flaw *flaw)
{
	const unsigned char *s = (const unsigned char *)text;
	uint32_t code_points[UNICODE_NFC_MAX], maybe_code_point = 0;
	size_t count = 0, first_maybe = SIZE_MAX;
	struct marks_seen seen = { 0 };

	for (size_t i = 0; i < len; count++) {
		unsigned long c = 0;
		size_t step = utf8_decode(s + i, len - i, &c);

		flaw->code_point = c;
		flaw->has_code_point = step != 0;
		flaw->what = step == 0 ? "not valid UTF-8" : code_point_flaw(c);
		if (!flaw->what)
			flaw->what = mark_flaw(&seen, c, count == 0);
		if (flaw->what)
			return false;
		if (first_maybe == SIZE_MAX && c >= 0x80 &&
		    unicode_nfc_quick_check((uint32_t)c) == UNICODE_NFC_MAYBE) {
			first_maybe = count;
			maybe_code_point = (uint32_t)c;
		}
		if (count < UNICODE_NFC_MAX)
			code_points[count] = (uint32_t)c;
		i += step;
	}
	flaw->what = NULL;
	return first_maybe == SIZE_MAX ||
	       nfc_check(code_points, count, first_maybe, maybe_code_point, flaw);
}

bool text_scripts_add(struct unicode_scripts *scripts, const char *text, size_t len,
		      unsigned long *code_point)
{
	const unsigned char *s = (const unsigned char *)text;

	for (size_t i = 0; i < len;) {
		size_t step = utf8_decode(s + i, len - i, code_point);

		if (step == 0)
			return false;
		unicode_scripts_add(scripts, (uint32_t)*code_point);
		if (!unicode_scripts_highly_restrictive(scripts))
			return false;
		i += step;
	}
	return true;
}

const char *text_flaw_code_point(const struct text_flaw *flaw, char out[TEXT_FLAW_BYTES])
{
	if (flaw->has_code_point)
		snprintf(out, TEXT_FLAW_BYTES, " (U+%04lX)", flaw->code_point);
	else
		out[0] = '\0';
	return out;
}

bool utf8_printable(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;

	for (size_t i = 0; i < len;) {
		unsigned long c;
		size_t step = utf8_decode(s + i, len - i, &c);

		if (step == 0 || !code_point_printable(c))
			return false;
		i += step;
	}
	return true;
}

/*
 * The character at s (left bytes) as a message shows it, into out (at most
 * 4 bytes and a terminator), returning how many bytes of s it stands for:
 * a printable character as it is (a backslash, and with quoting a single
 * quote, after a backslash), anything else one byte at a time as \xHH (an
 * invalid sequence may hide a valid character right after its first byte).
 */
static size_t show_character(const unsigned char *s, size_t left, bool quoting, char out[5])
{
	static const char hex[] = "0123456789abcdef";
	unsigned long c;
	size_t step = utf8_decode(s, left, &c);
	size_t o = 0;

	if (step != 0 && code_point_printable(c)) {
		if (c == '\\' || (quoting && c == '\''))
			out[o++] = '\\';
		memcpy(out + o, s, step);
		out[o + step] = '\0';
		return step;
	}
	out[0] = '\\';
	out[1] = 'x';
	out[2] = hex[s[0] >> 4];
	out[3] = hex[s[0] & 0xf];
	out[4] = '\0';
	return 1;
}

const char *quote_mem(char out[QUOTE_BYTES], const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t shown = len < QUOTE_SHOWN_BYTES ? len : QUOTE_SHOWN_BYTES;
	size_t o = 0;

	out[o++] = '\'';
	for (size_t i = 0; i < shown;) {
		char piece[5];

		i += show_character(s + i, shown - i, true, piece);
		memcpy(out + o, piece, strlen(piece));
		o += strlen(piece);
	}
	out[o++] = '\'';
	if (shown < len) {
		memcpy(out + o, "...", 3);
		o += 3;
	}
	out[o] = '\0';
	return out;
}

bool print_printable(FILE *out, const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;

	for (size_t i = 0; i < len;) {
		char piece[5];

		i += show_character(s + i, len - i, false, piece);
		if (fputs(piece, out) == EOF)
			return false;
	}
	return fputc('\n', out) != EOF;
}

const char *quote(char out[QUOTE_BYTES], const char *text)
{
	return quote_mem(out, text, strlen(text));
}

void text_init(struct text_buffer *text, char *data, size_t size)
{
	text->data = data;
	text->size = size;
	text->used = 0;
	text->truncated = false;
	data[0] = '\0';
}

void text_append(struct text_buffer *text, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	text_vappend(text, fmt, ap);
	va_end(ap);
}

void text_vappend(struct text_buffer *text, const char *fmt, va_list ap)
{
	size_t left = text->size - text->used;
	int wanted;

	if (text->truncated)
		return;
	wanted = vsnprintf(text->data + text->used, left, fmt, ap);
	if (wanted >= 0 && (size_t)wanted < left) {
		text->used += (size_t)wanted;
		return;
	}
	/* Cut: keep room for "...", then step back over UTF-8 continuation
	 * bytes so that the text ends on a whole character. */
	text->truncated = true;
	text->used = text->size - 4;
	while (text->used > 0 && ((unsigned char)text->data[text->used] & 0xc0) == 0x80)
		text->used--;
	memcpy(text->data + text->used, "...", 4);
	text->used += 3;
}
