/* options.h - the command line, turned into a request without side effects */
#ifndef PASS_GENHELPER_OPTIONS_H
#define PASS_GENHELPER_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "bounds.h"
#include "charset.h"
#include "errors.h"

enum action {
	ACTION_GENERATE, ACTION_HELP, ACTION_VERSION, ACTION_PRINT_ALPHABET,
	ACTION_LIST_FORMATS, ACTION_LIST_OPTIONS, ACTION_LIST_PASS_GEN_OPTIONS,
	ACTION_LIST_SITES, ACTION_PRINTABLE
	/* the lists are hidden: see parse_options() */
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
	/* For `pass gen` (pass-gen.c): pass's environment and the store's
	 * policy. */
	bool for_pass;           /* --pass-gen */
	bool no_symbols;         /* --pass-no-symbols: pass's set without symbols */
	bool alphabet_from_env;  /* format or charset is pass's default, not asked
				    for: site rules take its place */
	bool length_from_env;    /* the length is PASSWORD_STORE_GENERATED_LENGTH's:
				    under site rules, the entropy target rules */
	const char *policy;      /* --pass-policy FILE: a private copy of the policy */
	const char *policy_folder; /* --pass-policy-folder /PATH: where it was found */
	const char *store;       /* --pass-store DIR: the store's top */
	bool policy_signed;      /* --pass-policy-signed: its signature was verified */
	const char *printable;   /* --printable TEXT (hidden, for pass gen) */
	/* A word list read already (a policy's, through the store), parsed
	 * instead of opening `wordlist`, which is then its name. */
	const char *wordlist_data;
	size_t wordlist_len;
};

/* What a policy file may set, and what the command line then overrides
 * (pass-gen.c): a choice of alphabet replaces the policy, a length its
 * length, and rules add up. */
enum policy_group { POLICY_NONE, POLICY_KIND, POLICY_RULE, POLICY_LENGTH };

/*
 * Parse argv.  Returns true on success; on a usage error returns false with
 * a one-line reason in err.  Prints nothing and never exits, so that it can
 * be called repeatedly (tests, fuzzing).
 */
bool parse_options(int argc, char **argv, struct request *req, struct error *err);

/*
 * Apply one option (getopt_long's value for it, and its argument or NULL)
 * to req, as the command line does: a policy file's lines go through here
 * too.  Returns false with the reason in err.
 */
bool apply_option(struct request *req, int option, const char *arg, struct error *err);

/*
 * The policy group of the long option `name` (len bytes, exact), with its
 * getopt value and whether it takes an argument; POLICY_NONE for an option
 * a policy may not set or one that does not exist.
 */
enum policy_group option_policy_group(const char *name, size_t len, int *value, bool *has_arg);

/*
 * Print the options of `pass gen`, one a line: "NAME<TAB>SHORT<TAB>ARGUMENT
 * <TAB>USE", as --list-options does, USE "glue" for what the shell does
 * itself or the helper option it passes on (--list-pass-gen-options).
 */
void print_pass_gen_option_table(void);

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
		   const char *what, unsigned long *value, struct error *err);

#endif
