/* charset.h - alphabets: named formats, character classes, alphabets from sets */
#ifndef PASS_GENHELPER_CHARSET_H
#define PASS_GENHELPER_CHARSET_H

#include <stdbool.h>
#include <stddef.h>

#include "secret/trset.h"

/*
 * The classes a --require rule can name.  In the C locale they are disjoint,
 * and with the space they cover every printable ASCII character.
 */
enum char_class { CLASS_LOWER, CLASS_UPPER, CLASS_DIGIT, CLASS_PUNCT, CLASS_COUNT };

/* Bit mask of required classes: bit k set means class k must appear. */
typedef unsigned class_mask;

/* Number of classes in a mask. */
unsigned class_mask_count(class_mask mask);

/* An alphabet: distinct printable characters, in increasing byte order. */
struct alphabet {
	char chars[96];
	unsigned size;
	unsigned class_size[CLASS_COUNT];
};
/* Every printable ASCII character, space included (0x20-0x7e), fits. */
_Static_assert(sizeof ((struct alphabet *)0)->chars >= 0x7e - 0x20 + 1,
	       "an alphabet holds every printable ASCII character");

/* Byte encodings that --bytes can use; ENCODING_NONE for plain alphabets. */
enum encoding { ENCODING_NONE, ENCODING_HEX, ENCODING_BASE32, ENCODING_BASE64, ENCODING_BASE64URL };

/* Bits per character of an encoding (0 for ENCODING_NONE). */
unsigned encoding_bits_per_char(enum encoding encoding);

/* Characters needed to encode `bytes` bytes (no padding). */
size_t encoded_length(enum encoding encoding, size_t bytes);

/* What a format makes: characters of a set, a passphrase, or syllables. */
enum format_kind { FORMAT_CHARACTERS, FORMAT_WORDS, FORMAT_PRONOUNCEABLE };

struct format {
	const char *name;
	enum format_kind kind;
	const char *set;         /* tr(1) syntax; NULL but for characters */
	enum encoding encoding;  /* for --bytes */
	const char *description; /* for --help and the man page */
};

/* The rows of formats[], for the code that names one. */
enum format_id {
	FORMAT_ID_GRAPH, FORMAT_ID_ALNUM, FORMAT_ID_ALPHA, FORMAT_ID_LOWER, FORMAT_ID_UPPER,
	FORMAT_ID_DIGITS, FORMAT_ID_HEX, FORMAT_ID_BASE32, FORMAT_ID_BASE64, FORMAT_ID_BASE64URL,
	FORMAT_ID_WORDS, FORMAT_ID_PRONOUNCEABLE, FORMAT_ID_COUNT
};

/* Named formats, by id, terminated by a NULL name. */
extern const struct format formats[FORMAT_ID_COUNT + 1];

const struct format *format_by_name(const char *name);

/* Print every format name and alias, one a line: "NAME<TAB>FORMAT<TAB>
 * DESCRIPTION", FORMAT the name NAME stands for (--list-formats). */
void print_format_table(void);

/*
 * Build an alphabet from a set.  Returns true on success; else false with a
 * message in err naming the first byte that cannot be printed safely.
 */
bool alphabet_from_byteset(const struct byteset *set, struct alphabet *alpha,
			   struct error *err);

/* Which class a printable character belongs to, CLASS_COUNT for the space. */
enum char_class char_class_of(unsigned char c);

/* "lower", "upper", "digit", "punct". */
const char *char_class_name(enum char_class class);

/* A few words on a class ("a lower-case letter"), for the completions. */
const char *char_class_summary(enum char_class class);

/* Parse a class name; returns CLASS_COUNT when it is not one. */
enum char_class char_class_by_name(const char *name, size_t len);

/* Characters that --no-ambiguous removes (a literal too, for --help). */
#define AMBIGUOUS_CHARS "012568BDGIOQSZlo|'`"
extern const char ambiguous_chars[];

#endif
