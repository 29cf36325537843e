/*
 * options.c - getopt_long table and argument checks.
 *
 * Every number has a bound and every conflict a message; parsing is kept
 * free of output and exits so that its caller decides what to print.
 */
#include "config.h"

#include "options.h"
#include "errors.h"
#include "text.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	OPT_PRINT_ALPHABET = 256,
	OPT_WORDLIST,
	OPT_SYMBOLS,
	OPT_DICE,
	OPT_DICE_SIDES,
	OPT_RULES,
	OPT_SITE,
	OPT_ENTRY,
	OPT_NO_SITE_RULES,
	OPT_FOR_PASS,      /* from here on: pass gen's plumbing, last in the table */
	OPT_NO_SYMBOLS,
	OPT_POLICY,
	OPT_POLICY_FOLDER,
	OPT_POLICY_SIGNED,
	OPT_STORE
};

static const char short_options[] = ":f:c:l:e:b:r:x:An:zvhVws:S:C:dy";

/*
 * The one option table.  Each row: the long name, whether it takes an
 * argument, its value (the helper's short letter, or an OPT_ above), then
 * what `pass gen` makes of it:
 *   - the letter `pass gen` gives it ('-': a long option only; 0: not an
 *     option of `pass gen`), and its name there when that differs (pass
 *     gen says --show-entropy where the helper says --verbose);
 *   - the group it joins in a policy file (POLICY_NONE: not allowed there).
 * From it come getopt_long()'s table, the option lists that --list-options
 * and --list-pass-gen-options print (and so the shell completions and the
 * getopt strings and dispatch of `pass gen`, made at build time), and the
 * whitelist of policy files.
 */
#define OPTION_TABLE(X) \
	X("format",         required_argument, 'f',                't', NULL,           POLICY_KIND) \
	X("charset",        required_argument, 'c',                '-', NULL,           POLICY_KIND) \
	X("length",         required_argument, 'l',                0,   NULL,           POLICY_LENGTH) \
	X("entropy",        required_argument, 'e',                'e', NULL,           POLICY_LENGTH) \
	X("bytes",          required_argument, 'b',                '-', NULL,           POLICY_LENGTH) \
	X("require",        required_argument, 'r',                'r', NULL,           POLICY_RULE) \
	X("exclude",        required_argument, 'x',                'x', NULL,           POLICY_RULE) \
	X("no-ambiguous",   no_argument,       'A',                'A', NULL,           POLICY_RULE) \
	X("count",          required_argument, 'n',                0,   NULL,           POLICY_NONE) \
	X("null",           no_argument,       'z',                0,   NULL,           POLICY_NONE) \
	X("verbose",        no_argument,       'v',                'v', "show-entropy", POLICY_NONE) \
	X("print-alphabet", no_argument,       OPT_PRINT_ALPHABET, 0,   NULL,           POLICY_NONE) \
	X("words",          no_argument,       'w',                'w', NULL,           POLICY_KIND) \
	X("wordlist",       required_argument, OPT_WORDLIST,       '-', NULL,           POLICY_KIND) \
	X("separator",      required_argument, 's',                's', NULL,           POLICY_RULE) \
	X("separators",     required_argument, 'S',                '-', NULL,           POLICY_RULE) \
	X("capitalize",     required_argument, 'C',                'C', NULL,           POLICY_RULE) \
	X("digit",          no_argument,       'd',                'd', NULL,           POLICY_RULE) \
	X("symbol",         no_argument,       'y',                'y', NULL,           POLICY_RULE) \
	X("symbols",        required_argument, OPT_SYMBOLS,        '-', NULL,           POLICY_RULE) \
	X("dice",           no_argument,       OPT_DICE,           0,   NULL,           POLICY_NONE) \
	X("dice-sides",     required_argument, OPT_DICE_SIDES,     0,   NULL,           POLICY_NONE) \
	X("rules",          required_argument, OPT_RULES,          '-', NULL,           POLICY_RULE) \
	X("site",           required_argument, OPT_SITE,           '-', NULL,           POLICY_RULE) \
	X("entry",          required_argument, OPT_ENTRY,          0,   NULL,           POLICY_NONE) \
	X("no-site-rules",  no_argument,       OPT_NO_SITE_RULES,  '-', NULL,           POLICY_NONE) \
	X("help",           no_argument,       'h',                0,   NULL,           POLICY_NONE) \
	X("version",        no_argument,       'V',                0,   NULL,           POLICY_NONE) \
	X("pass-gen",       no_argument,       OPT_FOR_PASS,       0,   NULL,           POLICY_NONE) \
	X("pass-no-symbols", no_argument,      OPT_NO_SYMBOLS,     'n', "no-symbols",   POLICY_NONE) \
	X("pass-policy",    required_argument, OPT_POLICY,         0,   NULL,           POLICY_NONE) \
	X("pass-policy-folder", required_argument, OPT_POLICY_FOLDER,  0,   NULL,           POLICY_NONE) \
	X("pass-policy-signed", no_argument,       OPT_POLICY_SIGNED,  0,   NULL,           POLICY_NONE) \
	X("pass-store",     required_argument, OPT_STORE,          0,   NULL,           POLICY_NONE)

static const struct option long_options[] = {
#define GETOPT_ROW(name, has_arg, value, pass_gen_short, pass_gen_name, policy) \
	{ name, has_arg, NULL, value },
	OPTION_TABLE(GETOPT_ROW)
#undef GETOPT_ROW
	{ NULL, 0, NULL, 0 }
};

struct option_facts {
	char pass_gen_short;         /* 0: not a pass gen option */
	const char *pass_gen_name;   /* NULL: the helper's name */
	enum policy_group policy;
};

/* Row for row beside long_options. */
static const struct option_facts option_facts[] = {
#define FACTS_ROW(name, has_arg, value, pass_gen_short, pass_gen_name, policy) \
	{ pass_gen_short, pass_gen_name, policy },
	OPTION_TABLE(FACTS_ROW)
#undef FACTS_ROW
};

/*
 * The options of `pass gen` that are pass glue, not generator options:
 * the shell acts on them and never passes them on.
 */
static const struct {
	const char *name;
	char pass_gen_short;
} pass_gen_glue[] = {
	{ "qrcode", 'q' }, { "clip", 'c' }, { "in-place", 'i' }, { "force", 'f' }, { "help", 'h' },
};

/* parse_bounded() with MAX_UNIT after the maximum in its message ("" for a
 * bare number). */
static bool parse_bounded_unit(const char *text, unsigned long min, unsigned long max,
			       const char *max_unit, const char *what, unsigned long *value,
			       struct error *err)
{
	unsigned long result = 0;
	const char *p = text;
	const char *shown = error_quote(err, text);

	if (*p == '\0') {
		error_set(err, "invalid %s '': a number is required", what);
		return false;
	}
	for (; *p; p++) {
		if (*p < '0' || *p > '9') {
			error_set(err, "invalid %s %s: not a whole number", what, shown);
			return false;
		}
		/* Stop before result * 10 + digit could pass max (and wrap). */
		if (result > (max - (unsigned long)(*p - '0')) / 10) {
			error_set(err, "invalid %s %s: the maximum is %lu%s", what, shown, max,
				  max_unit);
			return false;
		}
		result = result * 10 + (unsigned long)(*p - '0');
	}
	if (result < min) {
		error_set(err, "invalid %s %s: the minimum is %lu", what, shown, min);
		return false;
	}
	*value = result;
	return true;
}

bool parse_bounded(const char *text, unsigned long min, unsigned long max,
		   const char *what, unsigned long *value, struct error *err)
{
	return parse_bounded_unit(text, min, max, "", what, value, err);
}

/* Add the classes of a comma list to *mask: --require options add up. */
static bool parse_classes(const char *list, class_mask *mask, struct error *err)
{
	const char *p = list;

	for (;;) {
		size_t len = strcspn(p, ",");
		enum char_class class = char_class_by_name(p, len);

		if (class == CLASS_COUNT) {
			error_set(err, "invalid class %s in --require: use lower, upper, digit or punct",
				  error_quote_mem(err, p, len));
			return false;
		}
		*mask |= 1u << class;
		if (p[len] == '\0')
			return true;
		p += len + 1;
	}
}

static const char *length_option_name(enum length_kind kind)
{
	switch (kind) {
	case LENGTH_CHARS: return "--length";
	case LENGTH_ENTROPY: return "--entropy";
	case LENGTH_BYTES: return "--bytes";
	case LENGTH_DEFAULT: break;
	}
	return "";
}

/* Record a length request; two different ways of giving it conflict. */
static bool set_length(struct request *req, enum length_kind kind, const char *text,
		       const char *shown_as, struct error *err)
{
	/* Whether a length counts characters or words is known only once
	 * every option is read ("-l 2000 -w"), so its maximum names both. */
	char words_unit[48];
	const struct {
		enum length_kind kind;
		const char *what;
		unsigned long max;
		const char *max_unit;
	} bounds[] = {
		{ LENGTH_CHARS, "length", MAX_LENGTH, words_unit },
		{ LENGTH_ENTROPY, "entropy", MAX_ENTROPY_BITS, "" },
		{ LENGTH_BYTES, "byte count", MAX_BYTES, "" },
	};
	unsigned long value;

	snprintf(words_unit, sizeof words_unit, " characters or %d words", MAX_WORDS);
	if (req->length_kind != LENGTH_DEFAULT && req->length_kind != kind) {
		error_set(err, "%s and %s cannot be combined: give the length one way",
			  length_option_name(req->length_kind), shown_as);
		return false;
	}
	for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
		if (bounds[i].kind != kind)
			continue;
		if (!parse_bounded_unit(text, 1, bounds[i].max, bounds[i].max_unit, bounds[i].what,
					&value, err))
			return false;
	}
	req->length_kind = kind;
	req->length_value = value;
	return true;
}

/*
 * getopt_long() says only "missing argument" (':') or "bad option" ('?'),
 * and which element of argv it was looking at is not always optind - 1:
 * inside a cluster such as "-qv" optind still points at the cluster's
 * element and argv[optind - 1] is the option before it.  What tells the
 * cases apart: for a long option optind has moved past "--name[=value]",
 * and optopt is 0 when the name matched no option or more than one, or
 * the option's value when it was found but got an argument it does not
 * take (or lacked one it needs).  A short option's error has the letter
 * in optopt and never an element starting with "--" that names it.
 */

/* The options whose names start with the first len bytes of name; the
 * exact match, if any, is the only one counted. */
static size_t long_options_matching(const char *name, size_t len, const struct option **found)
{
	size_t matches = 0;

	*found = NULL;
	for (const struct option *o = long_options; o->name; o++) {
		if (strncmp(o->name, name, len) != 0)
			continue;
		if (strlen(o->name) == len) {
			*found = o;
			return 1;
		}
		if (!*found)
			*found = o;
		matches++;
	}
	return matches;
}

static void describe_option_error(int option, const char *element, struct error *err)
{
	if (strncmp(element, "--", 2) == 0 && element[2] != '\0') {
		const char *name = element + 2;
		size_t len = strcspn(name, "=");
		const struct option *found;
		size_t matches = long_options_matching(name, len, &found);

		if (matches > 1) {
			struct text_buffer text;

			text_init(&text, err->text, sizeof err->text);
			text_append(&text, "option %s is ambiguous; possibilities:",
				    error_quote_mem(err, element, 2 + len));
			for (const struct option *o = long_options; o->name; o++)
				if (strncmp(o->name, name, len) == 0)
					text_append(&text, " '--%s'", o->name);
			return;
		}
		if (matches == 1 && found->val == optopt) {
			if (option == ':')
				error_set(err, "option '--%s' requires an argument", found->name);
			else
				error_set(err, "option '--%s' doesn't allow an argument",
					  found->name);
			return;
		}
		if (optopt == 0) {
			error_set(err, "unknown option %s", error_quote_mem(err, element, 2 + len));
			return;
		}
	}
	{
		const char given[2] = { '-', (char)optopt };
		const char *shown = error_quote_mem(err, given, sizeof given);

		if (option == ':')
			error_set(err, "option %s requires an argument", shown);
		else
			error_set(err, "unknown option %s", shown);
	}
}

bool apply_option(struct request *req, int option, const char *arg, struct error *err)
{
	switch (option) {
	case 'f': req->format = arg; break;
	case 'c': req->charset = arg; break;
	case 'x':
		if (req->exclude_count == MAX_EXCLUDES) {
			error_set(err, "too many --exclude options (maximum %d)", MAX_EXCLUDES);
			return false;
		}
		req->exclude[req->exclude_count++] = arg;
		break;
	case 'A': req->no_ambiguous = true; break;
	case 'z': req->null_terminated = true; break;
	case 'v': req->verbose = true; break;
	case 'h': req->action = ACTION_HELP; break;
	case 'V': req->action = ACTION_VERSION; break;
	case OPT_PRINT_ALPHABET: req->action = ACTION_PRINT_ALPHABET; break;
	case 'w': req->words = true; break;
	case OPT_WORDLIST: req->wordlist = arg; break;
	case 's': req->separator = arg; break;
	case 'S': req->separators = arg; break;
	case 'C': req->capitalize = arg; break;
	case 'd': req->digit = true; break;
	case 'y': req->symbol = true; break;
	case OPT_SYMBOLS: req->symbols = arg; req->symbol = true; break;
	case OPT_DICE:
		if (req->dice_sides == 0)
			req->dice_sides = DEFAULT_DICE_SIDES;
		break;
	case OPT_DICE_SIDES:
		return parse_bounded(arg, 2, MAX_DICE_SIDES, "number of dice sides", &req->dice_sides,
				     err);
	case 'l':
	case 'e':
	case 'b': {
		enum length_kind kind = option == 'l' ? LENGTH_CHARS
				      : option == 'e' ? LENGTH_ENTROPY : LENGTH_BYTES;

		return set_length(req, kind, arg, length_option_name(kind), err);
	}
	case 'r': return parse_classes(arg, &req->required, err);
	case 'n': return parse_bounded(arg, 1, MAX_COUNT, "count", &req->count, err);
	case OPT_RULES: req->rules = arg; break;
	case OPT_SITE: req->site = arg; break;
	case OPT_ENTRY: req->entry = arg; break;
	case OPT_NO_SITE_RULES: req->no_site_rules = true; break;
	case OPT_FOR_PASS: req->for_pass = true; break;
	case OPT_NO_SYMBOLS: req->no_symbols = true; break;
	case OPT_POLICY: req->policy = arg; break;
	case OPT_POLICY_FOLDER: req->policy_folder = arg; break;
	case OPT_POLICY_SIGNED: req->policy_signed = true; break;
	case OPT_STORE: req->store = arg; break;
	default:
		error_set(err, "unknown option");
		return false;
	}
	return true;
}

void print_option_table(void)
{
	/* Not the options pass gen hands over (--pass-gen and after): they are
	 * its plumbing, documented apart in the man page. */
	for (const struct option *o = long_options; o->name && o->val != OPT_FOR_PASS; o++)
		printf("%s\t%c\t%s\n", o->name, o->val < 256 ? o->val : '-',
		       o->has_arg == required_argument ? "required" : "none");
}

void print_pass_gen_option_table(void)
{
	for (size_t i = 0; i < sizeof pass_gen_glue / sizeof pass_gen_glue[0]; i++)
		printf("%s\t%c\tnone\tglue\n", pass_gen_glue[i].name, pass_gen_glue[i].pass_gen_short);
	for (size_t i = 0; long_options[i].name; i++) {
		const struct option_facts *facts = &option_facts[i];

		if (!facts->pass_gen_short)
			continue;
		printf("%s\t%c\t%s\t--%s\n",
		       facts->pass_gen_name ? facts->pass_gen_name : long_options[i].name,
		       facts->pass_gen_short,
		       long_options[i].has_arg == required_argument ? "required" : "none",
		       long_options[i].name);
	}
}

enum policy_group option_policy_group(const char *name, size_t len, int *value, bool *has_arg)
{
	for (size_t i = 0; long_options[i].name; i++) {
		if (strlen(long_options[i].name) != len || memcmp(long_options[i].name, name, len) != 0)
			continue;
		*value = long_options[i].val;
		*has_arg = long_options[i].has_arg == required_argument;
		return option_facts[i].policy;
	}
	return POLICY_NONE;
}

/* The options for `pass gen` go together (pass-gen.c uses them). */
static bool check_pass_gen_options(const struct request *req, struct error *err)
{
	const char *needs_for_pass = req->no_symbols ? "--pass-no-symbols"
				   : req->policy ? "--pass-policy"
				   : req->policy_folder ? "--pass-policy-folder"
				   : req->policy_signed ? "--pass-policy-signed"
				   : req->store ? "--pass-store" : NULL;

	if (needs_for_pass && !req->for_pass) {
		error_set(err, "%s is for pass gen and needs --pass-gen", needs_for_pass);
		return false;
	}
	if (req->policy && (!req->policy_folder || !req->store)) {
		error_set(err, "--pass-policy needs --pass-policy-folder and --pass-store");
		return false;
	}
	if (!req->policy && (req->policy_folder || req->policy_signed)) {
		error_set(err, "%s needs --pass-policy",
			  req->policy_folder ? "--pass-policy-folder" : "--pass-policy-signed");
		return false;
	}
	if (req->no_symbols && (req->format || req->charset || req->words || req->wordlist)) {
		error_set(err, "--no-symbols cannot be combined with --format, --charset, --words or --wordlist");
		return false;
	}
	return true;
}

bool parse_options(int argc, char **argv, struct request *req, struct error *err)
{
	int option;

	error_clear(err);
	memset(req, 0, sizeof *req);
	req->count = 1;
	/*
	 * Hidden, for the build: --list-formats, --list-options,
	 * --list-pass-gen-options and --list-sites print the program's own
	 * tables, from which the shell completions are made and
	 * against which the man pages and README are checked (Makefile.am,
	 * tools/gen-completion, tests/doc-tables.bats).  Each is taken only
	 * exactly and alone, outside getopt_long(), so that no abbreviation
	 * of a documented option changes meaning and --help stays as it is.
	 */
	if (argc == 2 && strcmp(argv[1], "--list-formats") == 0) {
		req->action = ACTION_LIST_FORMATS;
		return true;
	}
	if (argc == 2 && strcmp(argv[1], "--list-options") == 0) {
		req->action = ACTION_LIST_OPTIONS;
		return true;
	}
	if (argc == 2 && strcmp(argv[1], "--list-pass-gen-options") == 0) {
		req->action = ACTION_LIST_PASS_GEN_OPTIONS;
		return true;
	}
	/* pass gen shows text that is not plain ASCII through this. */
	if (argc == 3 && strcmp(argv[1], "--printable") == 0) {
		req->action = ACTION_PRINTABLE;
		req->printable = argv[2];
		return true;
	}
	/* The site table, for the completion of --site. */
	if (argc == 2 && strcmp(argv[1], "--list-sites") == 0) {
		req->action = ACTION_LIST_SITES;
		return true;
	}
	opterr = 0;  /* messages are ours */
	optind = 0;  /* full reset, so parsing can run more than once */
	while ((option = getopt_long(argc, argv, short_options, long_options, NULL)) != -1) {
		if (option == ':' || option == '?') {
			/* musl leaves optind at argc + 1 after a last short
			 * option that lacks its argument: that is argv[argc - 1]. */
			describe_option_error(option, argv[optind <= argc ? optind - 1 : argc - 1], err);
			return false;
		}
		if (!apply_option(req, option, optarg, err))
			return false;
		if (req->action == ACTION_HELP || req->action == ACTION_VERSION)
			return true;
	}
	if (optind < argc) {
		/* A bare number is the length, as external-generator hooks call it. */
		if (optind + 1 < argc) {
			error_set(err, "unexpected argument %s: at most one length",
				  error_quote(err, argv[optind + 1]));
			return false;
		}
		if (req->length_kind != LENGTH_DEFAULT) {
			error_set(err, "%s and a length argument cannot be combined",
				  length_option_name(req->length_kind));
			return false;
		}
		if (!set_length(req, LENGTH_CHARS, argv[optind], "a length argument", err))
			return false;
	}
	if (req->format && req->charset) {
		error_set(err, "--format and --charset cannot be combined");
		return false;
	}
	return check_pass_gen_options(req, err);
}

