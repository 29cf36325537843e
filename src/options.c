/*
 * options.c - getopt_long table and argument checks.
 *
 * Every number has a bound and every conflict a message; parsing is kept
 * free of output and exits so that its caller decides what to print.
 */
#include "config.h"

#include "options.h"
#include "text.h"

#include "dice.h"
#include "passphrase.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	OPT_PRINT_ALPHABET = 256,
	OPT_WORDLIST,
	OPT_SYMBOLS,
	OPT_DICE,
	OPT_DICE_SIDES
};
/* Site password rules. */
enum {
	OPT_RULES = 320,
	OPT_SITE,
	OPT_ENTRY,
	OPT_NO_SITE_RULES
};

static const char short_options[] = ":f:c:l:e:b:r:x:An:zvhVws:S:C:dy";

static const struct option long_options[] = {
	{ "format", required_argument, NULL, 'f' },
	{ "charset", required_argument, NULL, 'c' },
	{ "length", required_argument, NULL, 'l' },
	{ "entropy", required_argument, NULL, 'e' },
	{ "bytes", required_argument, NULL, 'b' },
	{ "require", required_argument, NULL, 'r' },
	{ "exclude", required_argument, NULL, 'x' },
	{ "no-ambiguous", no_argument, NULL, 'A' },
	{ "count", required_argument, NULL, 'n' },
	{ "null", no_argument, NULL, 'z' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "print-alphabet", no_argument, NULL, OPT_PRINT_ALPHABET },
	{ "words", no_argument, NULL, 'w' },
	{ "wordlist", required_argument, NULL, OPT_WORDLIST },
	{ "separator", required_argument, NULL, 's' },
	{ "separators", required_argument, NULL, 'S' },
	{ "capitalize", required_argument, NULL, 'C' },
	{ "digit", no_argument, NULL, 'd' },
	{ "symbol", no_argument, NULL, 'y' },
	{ "symbols", required_argument, NULL, OPT_SYMBOLS },
	{ "dice", no_argument, NULL, OPT_DICE },
	{ "dice-sides", required_argument, NULL, OPT_DICE_SIDES },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "site", required_argument, NULL, OPT_SITE },
	{ "entry", required_argument, NULL, OPT_ENTRY },
	{ "no-site-rules", no_argument, NULL, OPT_NO_SITE_RULES },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

/* parse_bounded() with MAX_UNIT after the maximum in its message ("" for a
 * bare number). */
static bool parse_bounded_unit(const char *text, unsigned long min, unsigned long max,
			       const char *max_unit, const char *what, unsigned long *value,
			       char *err, size_t errlen)
{
	unsigned long result = 0;
	const char *p = text;
	char shown[QUOTE_BYTES];

	quote(shown, text);
	if (*p == '\0') {
		snprintf(err, errlen, "invalid %s '': a number is required", what);
		return false;
	}
	for (; *p; p++) {
		if (*p < '0' || *p > '9') {
			snprintf(err, errlen, "invalid %s %s: not a whole number", what, shown);
			return false;
		}
		/* Stop before result * 10 + digit could pass max (and wrap). */
		if (result > (max - (unsigned long)(*p - '0')) / 10) {
			snprintf(err, errlen, "invalid %s %s: the maximum is %lu%s", what, shown, max,
				 max_unit);
			return false;
		}
		result = result * 10 + (unsigned long)(*p - '0');
	}
	if (result < min) {
		snprintf(err, errlen, "invalid %s %s: the minimum is %lu", what, shown, min);
		return false;
	}
	*value = result;
	return true;
}

bool parse_bounded(const char *text, unsigned long min, unsigned long max,
		   const char *what, unsigned long *value, char *err, size_t errlen)
{
	return parse_bounded_unit(text, min, max, "", what, value, err, errlen);
}

/* Add the classes of a comma list to *mask: --require options add up. */
static bool parse_classes(const char *list, class_mask *mask, char *err, size_t errlen)
{
	const char *p = list;

	for (;;) {
		size_t len = strcspn(p, ",");
		enum char_class class = char_class_by_name(p, len);

		if (class == CLASS_COUNT) {
			char shown[QUOTE_BYTES];

			snprintf(err, errlen,
				 "invalid class %s in --require: use lower, upper, digit or punct",
				 quote_mem(shown, p, len));
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
		       const char *shown_as, char *err, size_t errlen)
{
	/* Whether a length counts characters or words is known only once
	 * every option is read ("-l 2000 -w"), so its maximum names both. */
	_Static_assert(MAX_WORDS == 1024, "the length's maximum below spells MAX_WORDS");
	static const struct {
		enum length_kind kind;
		const char *what;
		unsigned long max;
		const char *max_unit;
	} bounds[] = {
		{ LENGTH_CHARS, "length", MAX_LENGTH, " characters or 1024 words" },
		{ LENGTH_ENTROPY, "entropy", MAX_ENTROPY_BITS, "" },
		{ LENGTH_BYTES, "byte count", MAX_BYTES, "" },
	};
	unsigned long value;

	if (req->length_kind != LENGTH_DEFAULT && req->length_kind != kind) {
		snprintf(err, errlen, "%s and %s cannot be combined: give the length one way",
			 length_option_name(req->length_kind), shown_as);
		return false;
	}
	for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
		if (bounds[i].kind != kind)
			continue;
		if (!parse_bounded_unit(text, 1, bounds[i].max, bounds[i].max_unit, bounds[i].what,
					&value, err, errlen))
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

static void describe_option_error(int option, const char *element, char *err, size_t errlen)
{
	char shown[QUOTE_BYTES];

	if (strncmp(element, "--", 2) == 0 && element[2] != '\0') {
		const char *name = element + 2;
		size_t len = strcspn(name, "=");
		const struct option *found;
		size_t matches = long_options_matching(name, len, &found);

		if (matches > 1) {
			struct text_buffer text;

			text_init(&text, err, errlen);
			text_append(&text, "option %s is ambiguous; possibilities:",
				    quote_mem(shown, element, 2 + len));
			for (const struct option *o = long_options; o->name; o++)
				if (strncmp(o->name, name, len) == 0)
					text_append(&text, " '--%s'", o->name);
			return;
		}
		if (matches == 1 && found->val == optopt) {
			if (option == ':')
				snprintf(err, errlen, "option '--%s' requires an argument", found->name);
			else
				snprintf(err, errlen, "option '--%s' doesn't allow an argument",
					 found->name);
			return;
		}
		if (optopt == 0) {
			snprintf(err, errlen, "unknown option %s", quote_mem(shown, element, 2 + len));
			return;
		}
	}
	{
		const char given[2] = { '-', (char)optopt };

		quote_mem(shown, given, sizeof given);
		if (option == ':')
			snprintf(err, errlen, "option %s requires an argument", shown);
		else
			snprintf(err, errlen, "unknown option %s", shown);
	}
}

void print_option_table(void)
{
	for (const struct option *o = long_options; o->name; o++)
		printf("%s\t%c\t%s\n", o->name, o->val < 256 ? o->val : '-',
		       o->has_arg == required_argument ? "required" : "none");
}

static bool parse_arguments(int argc, char **argv, struct request *req, char *err, size_t errlen)
{
	int option;

	/*
	 * Hidden, for the build: --list-formats and --list-options print the
	 * program's own tables, from which the shell completions are made and
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
	/* The site table, for the completion of --site. */
	if (argc == 2 && strcmp(argv[1], "--list-sites") == 0) {
		req->action = ACTION_LIST_SITES;
		return true;
	}
	opterr = 0;  /* messages are ours */
	optind = 0;  /* full reset, so parsing can run more than once */
	while ((option = getopt_long(argc, argv, short_options, long_options, NULL)) != -1) {
		switch (option) {
		case 'f': req->format = optarg; break;
		case 'c': req->charset = optarg; break;
		case 'x':
			if (req->exclude_count == MAX_EXCLUDES) {
				snprintf(err, errlen, "too many --exclude options (maximum %d)",
					 MAX_EXCLUDES);
				return false;
			}
			req->exclude[req->exclude_count++] = optarg;
			break;
		case 'A': req->no_ambiguous = true; break;
		case 'z': req->null_terminated = true; break;
		case 'v': req->verbose = true; break;
		case 'h': req->action = ACTION_HELP; return true;
		case 'V': req->action = ACTION_VERSION; return true;
		case OPT_PRINT_ALPHABET: req->action = ACTION_PRINT_ALPHABET; break;
		case 'w': req->words = true; break;
		case OPT_WORDLIST: req->wordlist = optarg; break;
		case 's': req->separator = optarg; break;
		case 'S': req->separators = optarg; break;
		case 'C': req->capitalize = optarg; break;
		case 'd': req->digit = true; break;
		case 'y': req->symbol = true; break;
		case OPT_SYMBOLS: req->symbols = optarg; req->symbol = true; break;
		case OPT_DICE:
			if (req->dice_sides == 0)
				req->dice_sides = DEFAULT_DICE_SIDES;
			break;
		case OPT_DICE_SIDES:
			if (!parse_bounded(optarg, 2, MAX_DICE_SIDES, "number of dice sides",
					   &req->dice_sides, err, errlen))
				return false;
			break;
		case OPT_RULES: req->rules = optarg; break;
		case OPT_SITE: req->site = optarg; break;
		case OPT_ENTRY: req->entry = optarg; break;
		case OPT_NO_SITE_RULES: req->no_site_rules = true; break;
		case 'l':
		case 'e':
		case 'b': {
			enum length_kind kind = option == 'l' ? LENGTH_CHARS
					      : option == 'e' ? LENGTH_ENTROPY : LENGTH_BYTES;

			if (!set_length(req, kind, optarg, length_option_name(kind), err, errlen))
				return false;
			break;
		}
		case 'r':
			if (!parse_classes(optarg, &req->required, err, errlen))
				return false;
			break;
		case 'n':
			if (!parse_bounded(optarg, 1, MAX_COUNT, "count", &req->count, err, errlen))
				return false;
			break;
		case ':':
		default:
			describe_option_error(option, argv[optind - 1], err, errlen);
			return false;
		}
	}
	if (optind < argc) {
		/* A bare number is the length, as external-generator hooks call it. */
		if (optind + 1 < argc) {
			char shown[QUOTE_BYTES];

			snprintf(err, errlen, "unexpected argument %s: at most one length",
				 quote(shown, argv[optind + 1]));
			return false;
		}
		if (req->length_kind != LENGTH_DEFAULT) {
			snprintf(err, errlen, "%s and a length argument cannot be combined",
				 length_option_name(req->length_kind));
			return false;
		}
		if (!set_length(req, LENGTH_CHARS, argv[optind], "a length argument", err, errlen))
			return false;
	}
	if (req->format && req->charset) {
		snprintf(err, errlen, "--format and --charset cannot be combined");
		return false;
	}
	return true;
}

/*
 * --for-pass (the caller is `pass gen`) is taken exactly, before
 * getopt_long() sees the rest: in the table it would make "--for", which
 * has always meant --format, ambiguous.  It is not for people, so neither
 * --help nor --list-options names it.  (An option argument spelled
 * "--for-pass" would be taken for it.)
 */
bool parse_options(int argc, char **argv, struct request *req, char *err, size_t errlen)
{
	char **args;
	int kept = 0;
	bool for_pass = false, ok;

	memset(req, 0, sizeof *req);
	req->count = 1;
	if (argc < 1)
		return parse_arguments(argc, argv, req, err, errlen);
	args = malloc(((size_t)argc + 1) * sizeof *args);
	if (!args) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	for (int i = 0; i < argc; i++) {
		if (i > 0 && strcmp(argv[i], "--for-pass") == 0) {
			for_pass = true;
			continue;
		}
		if (strcmp(argv[i], "--") == 0) {
			while (i < argc)
				args[kept++] = argv[i++];
			break;
		}
		args[kept++] = argv[i];
	}
	args[kept] = NULL;
	ok = parse_arguments(kept, args, req, err, errlen);
	free(args);
	req->for_pass = for_pass;
	return ok;
}
