/*
 * options.c - the command line to a request: getopt_long() and the setters
 * of the option table (options.def, options_table.c), bounded numbers and
 * the one check of conflicts.
 *
 * Every number has a bound and every conflict a message; parsing is kept
 * free of output and exits so that its caller decides what to print.
 */
#include "config.h"

#include "request/request.h"
#include "request/options_table.h"
#include "text/errors.h"
#include "text/text.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* getopt_long()'s tables, from the rows: filled on each parse, the same
 * every time, since testing first whether they are filled would read
 * their page before writing it, a page fault more (the zero page, then
 * the copy) in a call that parses once. */
static struct option long_options[OPTION_COUNT + 1];
static char short_options[2 + 2 * OPTION_COUNT];

static void make_getopt_tables(void)
{
	size_t n = 0;

	short_options[n++] = ':';  /* a missing argument is ':', not '?' */
	for (size_t i = 0; i < OPTION_COUNT; i++) {
		const struct option_row *row = &option_rows[i];

		long_options[i].name = row->name;
		long_options[i].has_arg = row->metavar ? required_argument : no_argument;
		long_options[i].val = option_row_value(row);
		if (row->short_name) {
			short_options[n++] = row->short_name;
			if (row->metavar)
				short_options[n++] = ':';
		}
	}
}

/* A hidden option of pass gen is named in messages as pass gen names it. */
static const char *shown_name(const struct option_row *row)
{
	return row->section == SECTION_HIDDEN && row->gen_name ? row->gen_name : row->name;
}

/* The one check of conflicts: the option about to be applied against
 * those the request holds already (from the command line, or from the
 * same policy file). */
static bool check_conflicts(const struct request *req, const struct option_row *row,
			    struct error *err)
{
	for (size_t i = 0; i < OPTION_COUNT; i++) {
		const struct option_row *other = &option_rows[i];
		const char *hint;

		/* Whether the other is set first: a field, where the conflict
		 * lists are words to compare. */
		if (other == row || !option_is_set(req, other) || !options_conflict(row, other))
			continue;
		hint = option_names(row->conflicts, other->name) ? row->hint : other->hint;
		error_set(err, "--%s and --%s cannot be combined%s%s", shown_name(other),
			  shown_name(row), hint ? ": " : "", hint ? hint : "");
		return false;
	}
	return true;
}

/* parse_bounded() with MAX_UNIT after the maximum in its message ("" for a
 * bare number). */
static bool parse_bounded_unit(const char *text, unsigned long min, unsigned long max,
			       const char *max_unit, const char *what, unsigned long *value,
			       struct error *err)
{
	unsigned long result = 0;
	const char *p = text;

	/* The text is quoted only for a message: quoting takes longer than
	 * reading the number. */
	if (*p == '\0') {
		error_set(err, "invalid %s '': a number is required", what);
		return false;
	}
	for (; *p; p++) {
		if (*p < '0' || *p > '9') {
			error_set(err, "invalid %s %s: not a whole number", what,
				  error_quote(err, text));
			return false;
		}
		/* Stop before result * 10 + digit could pass max (and wrap). */
		if (result > (max - (unsigned long)(*p - '0')) / 10) {
			error_set(err, "invalid %s %s: the maximum is %lu%s", what,
				  error_quote(err, text), max, max_unit);
			return false;
		}
		result = result * 10 + (unsigned long)(*p - '0');
	}
	if (result < min) {
		error_set(err, "invalid %s %s: the minimum is %lu", what,
			  error_quote(err, text), min);
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

bool request_wants_words(const struct request *req)
{
	return req->words || req->wordlist || (req->format && req->format->kind == FORMAT_WORDS);
}

bool request_wants_pronounceable(const struct request *req)
{
	return req->format && req->format->kind == FORMAT_PRONOUNCEABLE;
}

bool request_wants_site_rules(const struct request *req)
{
	return req->rules || req->site || (req->entry && !req->no_site_rules);
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

/* "--length", "--entropy" or "--bytes": the row that gives the length
 * that way. */
static const char *length_option_name(enum length_kind kind)
{
	for (size_t i = 0; i < OPTION_COUNT; i++)
		if (option_rows[i].setter == SET_LENGTH && option_rows[i].value == (int)kind)
			return option_rows[i].name;
	return "";
}

/* Record a length request (two ways of giving it conflict: options.def). */
static bool set_length(struct request *req, enum length_kind kind, const char *text,
		       struct error *err)
{
	/* Whether a length counts characters or words is known only once
	 * every option is read ("-l 2000 -w"), so its maximum names both. */
	const char *const words_unit = " characters or " STRINGIFY(MAX_WORDS) " words";
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

bool apply_option(struct request *req, int option, const char *arg, struct error *err)
{
	const struct option_row *row = option_row_by_value(option);

	if (!row) {
		error_set(err, "unknown option");
		return false;
	}
	if (!check_conflicts(req, row, err))
		return false;
	switch (row->setter) {
	case SET_STRING: *OPTION_FIELD(req, row, const char *) = arg; break;
	case SET_FLAG: *OPTION_FIELD(req, row, bool) = true; break;
	case SET_LIST: {
		size_t *count = OPTION_COUNT_FIELD(req, row, size_t);

		if (*count == row->list_max) {
			error_set(err, "too many --%s options (maximum %zu)", row->name, row->list_max);
			return false;
		}
		OPTION_FIELD(req, row, const char *)[(*count)++] = arg;
		break;
	}
	case SET_CLASSES: return parse_classes(arg, OPTION_FIELD(req, row, class_mask), err);
	case SET_LENGTH: return set_length(req, (enum length_kind)row->value, arg, err);
	case SET_NUMBER:
		return parse_bounded(arg, row->min, row->max, row->what, OPTION_FIELD(req, row, unsigned long),
				     err);
	case SET_FORMAT:
		req->format = format_by_name(arg);
		req->format_unknown = req->format ? NULL : arg;
		break;
	case SET_ACTION: req->action = (enum action)row->value; break;
	case SET_CUSTOM: break;
	}
	/* What a row's setter cannot say. */
	switch ((enum option_id)(row - option_rows)) {
	case OPT_SYMBOLS: req->symbol = true; break;
	case OPT_DICE:
		if (req->dice_sides == 0)
			req->dice_sides = DEFAULT_DICE_SIDES;
		break;
	default: break;
	}
	return true;
}

/* The options for `pass gen` go together (pass_gen.c uses them). */
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
	return true;
}

bool parse_options(int argc, char **argv, struct request *req, struct error *err)
{
	int option;

	error_clear(err);
	memset(req, 0, sizeof *req);
	req->count = 1;
	/* The hidden actions: exactly and alone (options.def). */
	req->listing = listing_find(argc, argv);
	if (req->listing) {
		req->action = ACTION_LIST;
		req->listing_text = argc == 3 ? argv[2] : NULL;
		return true;
	}
	make_getopt_tables();
	opterr = 0;  /* messages are ours */
	optind = 0;  /* full reset, so parsing can run more than once */
	while ((option = getopt_long(argc, argv, short_options, long_options, NULL)) != -1) {
		if (option == ':' || option == '?') {
			describe_getopt_error(option, argc, argv, long_options, err);
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
			error_set(err, "--%s and a length argument cannot be combined",
				  length_option_name(req->length_kind));
			return false;
		}
		if (!set_length(req, LENGTH_CHARS, argv[optind], err))
			return false;
	}
	return check_pass_gen_options(req, err);
}

