/* options_table.h - the option table (options.def) as rows, and what is
 * printed from them */
#ifndef PASS_GENHELPER_OPTIONS_TABLE_H
#define PASS_GENHELPER_OPTIONS_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "request/request.h"

/* What a policy file may set, and how pass gen merges it under the
 * command line (pass_gen.c): a choice of alphabet replaces the policy's, a
 * length its length, and rules add up (a rule of one value: the command
 * line's wins). */
enum policy_group { POLICY_NONE, POLICY_KIND, POLICY_RULE, POLICY_LENGTH };

/* The rows of the option table (options.def), by name: OPT_FORMAT, ... */
enum option_id {
#define OPTION(id, ...) OPT_##id,
#define LISTING(...)
#define GLUE(...)
#include "request/options.def"
#undef OPTION
#undef GLUE
#undef LISTING
	OPTION_COUNT
};

/* Where --help lists an option. */
enum help_section {
	SECTION_ALPHABET, SECTION_LENGTH, SECTION_SITE, SECTION_WORDS, SECTION_PRONOUNCEABLE,
	SECTION_DICE,
	SECTION_OUTPUT, SECTION_HIDDEN
};

/* The kinds of secret an option applies to: a set of bits. */
enum option_kinds {
	KINDS_CHARACTERS = 1,     /* characters and tokens */
	KINDS_WORDS = 2,          /* passphrases */
	KINDS_PRONOUNCEABLE = 4,  /* pronounceable passwords */
	KINDS_ANY = 7
};

/* What an option does to the request (options.def says which). */
enum setter_kind {
	SET_STRING, SET_FLAG, SET_LIST, SET_CLASSES, SET_LENGTH, SET_NUMBER, SET_FORMAT,
	SET_ACTION, SET_CUSTOM
};

/* What the shell completions offer for an option's argument. */
enum completer {
	COMPLETE_NONE, COMPLETE_FORMAT, COMPLETE_SET, COMPLETE_CLASSES, COMPLETE_CAPITALIZE,
	COMPLETE_FILE, COMPLETE_SITE, COMPLETE_RULES
};

/*
 * One row of options.def; see there for the fields.  Wide fields first,
 * then the enums, then the letters, so that no padding lies between them:
 * a row takes 136 bytes instead of 160 (LP64), and the read-only data the
 * loader relocates at start (the rows hold pointers) fits in one page
 * fewer.
 */
struct option_row {
	const char *name;
	const char *metavar;      /* NULL: no argument */
	size_t field;             /* offsetof(struct request, ...) */
	size_t count_field;       /* SET_LIST: the count beside the array */
	size_t list_max;          /* SET_LIST: the array's size */
	unsigned long min, max;   /* SET_NUMBER */
	const char *what;         /* SET_NUMBER: for messages */
	const char *conflicts;    /* long names, space-separated */
	const char *hint;         /* after "cannot be combined", or NULL */
	const char *gen_name;     /* pass gen's name, or NULL: the same */
	const char *summary;
	const char *help;
	enum help_section section;
	enum option_kinds kinds;
	enum setter_kind setter;
	int value;                /* SET_LENGTH: the length kind; SET_ACTION: the action */
	enum policy_group policy;
	enum completer completer;
	char short_name;          /* 0: none */
	char gen_short;           /* pass gen's letter, '-' or 0 */
};

extern const struct option_row option_rows[OPTION_COUNT];

/* A row's field in a request, as a TYPE (const TYPE for a const request):
 * `type` is the field's type, SET_LIST's array's element type. */
#define OPTION_FIELD(req, row, type) \
	((type *)(void *)((char *)(req) + (row)->field))
#define OPTION_COUNT_FIELD(req, row, type) \
	((type *)(void *)((char *)(req) + (row)->count_field))

/* getopt_long()'s value for a row (its short letter, else a number past
 * every letter), and back; NULL for no row. */
int option_row_value(const struct option_row *row);
const struct option_row *option_row_by_value(int value);

/* Is the whole word `name` one of the space-separated words of list? */
bool option_names(const char *list, const char *name);

/* Is the row's field set in req (a string given, a flag on, a list or
 * class mask not empty, the length given its way, a number not 0)?  False
 * for rows with no field of their own (SET_ACTION, SET_CUSTOM). */
bool option_is_set(const struct request *req, const struct option_row *row);

/* Do the rows conflict (either one names the other in its conflicts)? */
bool options_conflict(const struct option_row *a, const struct option_row *b);

/* A hidden action (the LISTING rows of options.def): what it prints. */
struct listing {
	const char *name;
	const char *metavar;  /* its one argument, or NULL: none */
	void (*print)(void);  /* what it prints, if it takes no argument */
	void (*print_text)(const char *text);  /* what it prints, given its argument */
};

/* The hidden action that argv[1] names exactly, when argc is what it
 * takes (2, or 3 with its argument); NULL for none. */
const struct listing *listing_find(int argc, char **argv);

/* --help's option lines, section by section. */
void print_option_help(void);

/*
 * The policy group of the long option `name` (len bytes, exact), with its
 * getopt value and whether it takes an argument; POLICY_NONE for an option
 * a policy may not set or one that does not exist.
 */
enum policy_group option_policy_group(const char *name, size_t len, int *value, bool *has_arg);

/*
 * Print the options (--list-options), one a line, tab-separated: NAME,
 * SHORT (the short alias or "-"), ARGUMENT ("required" or "none"), USE
 * (the helper option itself, "--NAME"), METAVAR ("-" for none), COMPLETER
 * (what the shells offer for the argument: none, format, set, classes,
 * capitalize, file, site, rules), CONFLICTS (the options it cannot be
 * combined with, comma-separated, or "-"), REPEAT ("once"; "many": it adds
 * up; "alone": it prints and exits) and SUMMARY.  The options pass gen
 * hands over are left out.
 */
void print_option_table(void);

/*
 * The same for the options of `pass gen` (--list-pass-gen-options), by
 * its names and letters: USE is "glue" for what the shell does itself,
 * else the helper option it passes on.
 */
void print_pass_gen_option_table(void);

#endif
