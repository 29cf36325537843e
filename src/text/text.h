/* text.h - what counts as printable text, and user text made safe to show */
#ifndef PASS_GENHELPER_TEXT_H
#define PASS_GENHELPER_TEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "text/unicode.h"

/*
 * Length of the well-formed UTF-8 sequence at s (at most `left` bytes, at
 * least one), or 0 when it is not one: overlong forms, surrogates and values
 * past U+10FFFF are not (RFC 3629).  The code point goes to *code_point.
 */
size_t utf8_decode(const unsigned char *s, size_t left, unsigned long *code_point);

/*
 * Would a terminal show this code point as itself?  No for the C0 controls,
 * DEL, the C1 controls U+0080-U+009F (U+009B is CSI, an escape sequence on
 * its own), the line and paragraph separators, and the invisible and
 * formatting characters: Unicode's default-ignorable code points and
 * format characters (general category Cf), such as the bidirectional marks
 * (which reorder what follows them on screen), U+200B ZERO WIDTH SPACE,
 * U+00AD SOFT HYPHEN, the variation selectors, the tag characters and the
 * byte-order mark.  Space is printable.
 */
bool code_point_printable(unsigned long code_point);

/* The first thing that keeps a text from being a word or a separator. */
struct text_flaw {
	const char *what;         /* "invisible or formatting character"... */
	unsigned long code_point; /* the character at fault, */
	bool has_code_point;      /* unless the bytes are not UTF-8 */
};

/*
 * Is text (len bytes) one that shows as itself and that no other text can
 * stand for: printable UTF-8 (as code_point_printable() says, so spaces
 * pass), no code point unassigned in the Unicode version of the tables
 * (unicode.h), and in normalization form C by UAX #15's quick check (no
 * character whose NFC_Quick_Check is No or Maybe, combining marks in
 * canonical order)?  Then two such texts are the same after NFC only if
 * they are the same bytes.  If not, false with the first flaw in *flaw.
 */
bool visible_text_check(const char *text, size_t len, struct text_flaw *flaw);

/*
 * Add the code points of text (len bytes of valid UTF-8) to scripts.  False
 * at the first one after which the scripts are no longer Highly Restrictive
 * (unicode_scripts_highly_restrictive()), with it in *code_point.
 */
bool text_scripts_add(struct unicode_scripts *scripts, const char *text, size_t len,
		      unsigned long *code_point);

/* What a flaw of scripts is called in a message. */
#define TEXT_SCRIPTS_FLAW "mix of scripts that UTS #39 does not allow (highly restrictive)"

/* Room for text_flaw_code_point(): " (U+10FFFF)" and the terminator. */
#define TEXT_FLAW_BYTES 16

/* " (U+XXXX)" for the flaw's character, "" when there is none. */
const char *text_flaw_code_point(const struct text_flaw *flaw, char out[TEXT_FLAW_BYTES]);

/* Is text well-formed UTF-8 of printable code points (spaces allowed)? */
bool utf8_printable(const char *text, size_t len);

/* Input bytes a quoted text shows before it is cut with "...". */
#define QUOTE_SHOWN_BYTES 120
/* Room for any quote(): each shown byte at most as "\xHH", the quotes, the
 * ellipsis and the terminator. */
#define QUOTE_BYTES (QUOTE_SHOWN_BYTES * 4 + 6)

/* Room for any message: a sentence and up to three quoted texts (a longer
 * one is cut at a character by the message writer, util.c). */
#define MESSAGE_BYTES 2048
_Static_assert(MESSAGE_BYTES >= 3 * QUOTE_BYTES + 400, "three quoted texts and a sentence fit");

/*
 * `text` as it may appear in a message, written to out (QUOTE_BYTES of
 * room) and returned: between single quotes, with printable characters as
 * they are, a quote or backslash escaped with a backslash, and any other
 * byte (controls, invalid UTF-8, non-printing code points) as \xHH, so that
 * nothing a user or a shared file supplies can reach a terminal as a
 * control sequence.  Past QUOTE_SHOWN_BYTES the text is cut and "..."
 * follows the closing quote.
 */
const char *quote(char out[QUOTE_BYTES], const char *text);

/* The same for a text of len bytes that may hold NUL bytes. */
const char *quote_mem(char out[QUOTE_BYTES], const char *text, size_t len);

/*
 * The text (len bytes) whole, as quote() shows it but without the quotes,
 * the escaped single quote and the cut, then a newline, to out: the one
 * rule by which `pass gen` makes text printable (--printable).  Returns
 * false when a write fails.
 */
bool print_printable(FILE *out, const char *text, size_t len);

/*
 * A text assembled piece by piece into a caller's buffer.  Every append is
 * bounded by what is left; one that does not fit marks the text truncated
 * and ends it with "..." at a UTF-8 character boundary, so a message can be
 * cut but never overflow its buffer or end in half a character.
 */
struct text_buffer {
	char *data;
	size_t size;      /* bytes of room, terminator included; at least 4 */
	size_t used;      /* bytes of text, data[used] == '\0' */
	bool truncated;
};

void text_init(struct text_buffer *text, char *data, size_t size);

void text_append(struct text_buffer *text, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

void text_vappend(struct text_buffer *text, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

#endif
