/* request.h - the request, and the command line turned into one without
 * side effects (options.c; the option table: options_table.h) */
#ifndef PASS_GENHELPER_REQUEST_H
#define PASS_GENHELPER_REQUEST_H

#include <stdbool.h>
#include <stddef.h>

#include "text/bounds.h"
#include "secret/charset.h"
#include "text/errors.h"

enum action {
	ACTION_GENERATE, ACTION_HELP, ACTION_VERSION, ACTION_PRINT_ALPHABET,
	ACTION_LIST  /* a hidden action: `listing` (options.def, listings.c) */
};

struct listing;

/* How the length was asked for. */
enum length_kind { LENGTH_DEFAULT, LENGTH_CHARS, LENGTH_ENTROPY, LENGTH_BYTES };

struct request {
	enum action action;
	/* --format NAME, resolved when it is parsed: its row of formats[],
	 * or NULL; a NAME that names no format is kept for spec_build()'s
	 * message instead. */
	const struct format *format;
	const char *format_unknown;
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
	/* Pronounceable passwords (also --digit, --symbol, --separator). */
	bool capital;            /* --capital */
	unsigned long group;     /* --group N: characters a group; 0: none */
	/* Dice instead of the kernel. */
	unsigned long dice_sides; /* 0: no dice */
	/* Site rules (spec_site_rules.c). */
	const char *rules;       /* --rules RULES */
	const char *site;        /* --site DOMAIN */
	const char *entry;       /* --entry NAME: a pass entry, looked up in the table */
	bool no_site_rules;      /* --no-site-rules */
	/* Defaults that a caller fills in (pass gen's, from pass's
	 * environment: pass_gen.c), and how they meet site rules. */
	bool alphabet_is_default; /* format or charset is a default, not asked
				     for: site rules take its place */
	bool length_is_default;  /* the length in characters is a default, not
				    asked for: under site rules, the entropy
				    target decides */
	bool clamp_length;       /* a length outside the site rules' range is
				    brought into it with a notice, not refused */
	/* For `pass gen` (pass_gen.c): pass's environment and the store's
	 * policy. */
	bool for_pass;           /* --pass-gen */
	bool no_symbols;         /* --pass-no-symbols: pass's set without symbols */
	const char *policy;      /* --pass-policy FILE: a private copy of the policy */
	const char *policy_folder; /* --pass-policy-folder /PATH: where it was found */
	const char *store;       /* --pass-store DIR: the store's top */
	bool policy_signed;      /* --pass-policy-signed: its signature was verified */
	const struct listing *listing; /* ACTION_LIST: which */
	const char *listing_text; /* its argument (--printable TEXT), or NULL */
	/* A word list read already (a policy's, through the store), parsed
	 * instead of opening `wordlist`, which is then its name. */
	const char *wordlist_data;
	size_t wordlist_len;
};

/* Does the request ask for a passphrase (--words, --wordlist, a word
 * format)?  What is asked, before any spec: pass gen's default length is
 * one of characters. */
bool request_wants_words(const struct request *req);

/* Does the request ask for a pronounceable password (--format
 * pronounceable)? */
bool request_wants_pronounceable(const struct request *req);

/* Does the request name site rules: --rules, --site, or an --entry whose
 * site may have some, unless --no-site-rules? */
bool request_wants_site_rules(const struct request *req);

/*
 * Parse argv.  Returns true on success; on a usage error returns false with
 * a one-line reason in err.  Prints nothing and never exits, so that it can
 * be called repeatedly (tests, fuzzing).
 */
bool parse_options(int argc, char **argv, struct request *req, struct error *err);

/*
 * The message for getopt_long()'s ':' (missing argument) or '?' (unknown,
 * ambiguous or misused option), after it returned one of them while
 * parsing argv with the long options of table: the pwgen command's
 * parser uses it too, so that both say the same things the same way.
 */
struct option;
void describe_getopt_error(int option, int argc, char **argv, const struct option *table,
			   struct error *err);

/*
 * Apply one option (getopt_long's value for it, and its argument or NULL)
 * to req, as the command line does: a policy file's lines go through here
 * too.  Returns false with the reason in err.
 */
bool apply_option(struct request *req, int option, const char *arg, struct error *err);

/*
 * Parse a decimal number in [min, max]: digits only, no sign, no spaces, no
 * trailing text, no overflow.  On failure writes "invalid WHAT 'TEXT': ..."
 * to err and returns false.
 */
bool parse_bounded(const char *text, unsigned long min, unsigned long max,
		   const char *what, unsigned long *value, struct error *err);

#endif
