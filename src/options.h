/* options.h - the command line, turned into a request without side effects */
#ifndef PASS_GENHELPER_OPTIONS_H
#define PASS_GENHELPER_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "charset.h"

/* Documented bounds (man page, --help). */
#define MAX_LENGTH 4096          /* characters in one secret */
#define MAX_ENTROPY_BITS 4096    /* an --entropy target */
#define MAX_BYTES 2048           /* --bytes: hex of 2048 bytes is 4096 characters */
#define MAX_COUNT 1000000000UL   /* secrets in one run */
#define DEFAULT_ENTROPY_BITS 128
#define MAX_EXCLUDES 16         /* --exclude options; they add up */
_Static_assert(2 * MAX_BYTES <= MAX_LENGTH, "hex of --bytes fits the longest secret");

enum action {
	ACTION_GENERATE, ACTION_HELP, ACTION_VERSION, ACTION_PRINT_ALPHABET,
	ACTION_LIST_FORMATS, ACTION_LIST_OPTIONS, /* hidden: see parse_options() */
	ACTION_LIST_SITES                         /* hidden too */
};

/* How the length was asked for. */
enum length_kind { LENGTH_DEFAULT, LENGTH_CHARS, LENGTH_ENTROPY, LENGTH_BYTES };

struct request {
	enum action action;
	const char *format;   /* --format NAME, or NULL */
	const char *charset;  /* --charset SET, or NULL */
	const char *exclude[MAX_EXCLUDES]; /* every --exclude SET given */
	size_t exclude_count;
	bool no_ambiguous;
	class_mask required;
	enum length_kind length_kind;
	unsigned long length_value; /* characters, bits or bytes */
	unsigned long count;
	bool null_terminated;
	bool verbose;
	/* Passphrases. */
	bool words;              /* --words or --format words */
	const char *wordlist;    /* --wordlist FILE */
	const char *separator;   /* --separator STRING */
	const char *separators;  /* --separators SET */
	const char *capitalize;  /* --capitalize MODE */
	bool digit;              /* --digit */
	bool symbol;             /* --symbol */
	const char *symbols;     /* --symbols SET */
	/* Dice instead of the kernel. */
	unsigned long dice_sides; /* 0: no dice */
	/* Site password rules (rules_spec.c). */
	const char *rules;       /* --rules RULES */
	const char *site;        /* --site DOMAIN */
	const char *entry;       /* --entry NAME: a pass entry, looked up in the table */
	bool no_site_rules;      /* --no-site-rules */
	bool for_pass;           /* --for-pass: the caller is `pass gen` */
};

/*
 * Parse argv.  Returns true on success; on a usage error returns false with
 * a one-line reason in err.  Prints nothing and never exits, so that it can
 * be called repeatedly (tests, fuzzing).
 */
bool parse_options(int argc, char **argv, struct request *req, char *err, size_t errlen);

/*
 * Print the long options, one a line: "NAME<TAB>SHORT<TAB>ARGUMENT", SHORT
 * the short alias or "-", ARGUMENT "required" or "none" (--list-options).
 */
void print_option_table(void);

/*
 * Parse a decimal number in [min, max]: digits only, no sign, no spaces, no
 * trailing text, no overflow.  On failure writes "invalid WHAT 'TEXT': ..."
 * to err and returns false.
 */
bool parse_bounded(const char *text, unsigned long min, unsigned long max,
		   const char *what, unsigned long *value, char *err, size_t errlen);

#endif
