/*
 * options_table.c - the option table (options.def) as rows, and what is
 * printed from it: --help's option lines, --list-options and
 * --list-pass-gen-options.
 */
#include "config.h"

#include "request/options_table.h"

#include <stdio.h>
#include <string.h>

#define STRING(f) .setter = SET_STRING, .field = offsetof(struct request, f)
#define FLAG(f) .setter = SET_FLAG, .field = offsetof(struct request, f)
#define LIST(f) .setter = SET_LIST, .field = offsetof(struct request, f), \
	.count_field = offsetof(struct request, f##_count), \
	.list_max = sizeof ((struct request *)0)->f / sizeof ((struct request *)0)->f[0]
#define CLASSES(f) .setter = SET_CLASSES, .field = offsetof(struct request, f)
#define LENGTH(kind) .setter = SET_LENGTH, .value = kind
#define NUMBER(f, lo, hi, text) .setter = SET_NUMBER, .field = offsetof(struct request, f), \
	.min = lo, .max = hi, .what = text
#define FORMAT(f) .setter = SET_FORMAT, .field = offsetof(struct request, f)
#define ACTION(action) .setter = SET_ACTION, .value = action
#define CUSTOM .setter = SET_CUSTOM
const struct option_row option_rows[OPTION_COUNT] = {
#define OPTION(id, ...) [OPT_##id] = { __VA_ARGS__ },
#define LISTING(...)
#define GLUE(...)
#include "request/options.def"
#undef OPTION
#undef GLUE
#undef LISTING
};
#undef STRING
#undef FLAG
#undef LIST
#undef CLASSES
#undef LENGTH
#undef NUMBER
#undef FORMAT
#undef ACTION
#undef CUSTOM

int option_row_value(const struct option_row *row)
{
	return row->short_name ? row->short_name : 256 + (int)(row - option_rows);
}

const struct option_row *option_row_by_value(int value)
{
	if (value >= 256)
		return value - 256 < OPTION_COUNT ? &option_rows[value - 256] : NULL;
	for (size_t i = 0; i < OPTION_COUNT; i++)
		if (value > 0 && option_rows[i].short_name == value)
			return &option_rows[i];
	return NULL;
}

/* Is the whole word `name` one of the space-separated words of list? */
bool option_names(const char *list, const char *name)
{
	size_t len = strlen(name);

	while (*list) {
		size_t n = strcspn(list, " ");

		if (n == len && memcmp(list, name, len) == 0)
			return true;
		list += n + (list[n] == ' ');
	}
	return false;
}

bool options_conflict(const struct option_row *a, const struct option_row *b)
{
	return option_names(a->conflicts, b->name) || option_names(b->conflicts, a->name);
}

/* Where a field of the request is. */

bool option_is_set(const struct request *req, const struct option_row *row)
{
	switch (row->setter) {
	case SET_STRING: return *OPTION_FIELD(req, row, const char *const) != NULL;
	case SET_FLAG: return *OPTION_FIELD(req, row, const bool);
	case SET_LIST:
		return *OPTION_COUNT_FIELD(req, row, const size_t) != 0;
	case SET_CLASSES: return *OPTION_FIELD(req, row, const class_mask) != 0;
	case SET_LENGTH: return req->length_kind == (enum length_kind)row->value;
	/* 0 is "not given" for a number (--group); --count starts at 1 and
	 * so reads as given, which matters nowhere: it has no conflict, no
	 * kind and no policy group. */
	case SET_NUMBER: return *OPTION_FIELD(req, row, const unsigned long) != 0;
	case SET_FORMAT: return req->format || req->format_unknown;
	case SET_ACTION: case SET_CUSTOM: break;
	}
	return false;
}

enum policy_group option_policy_group(const char *name, size_t len, int *value, bool *has_arg)
{
	for (size_t i = 0; i < OPTION_COUNT; i++) {
		const struct option_row *row = &option_rows[i];

		if (strlen(row->name) != len || memcmp(row->name, name, len) != 0)
			continue;
		*value = option_row_value(row);
		*has_arg = row->metavar != NULL;
		return row->policy;
	}
	return POLICY_NONE;
}


/* The options of `pass gen` that are pass glue, not generator options:
 * the shell acts on them and never passes them on. */
static const struct {
	const char *name;
	char short_name;
	const char *summary;
	const char *conflicts;
} glue_rows[] = {
#define OPTION(...)
#define LISTING(...)
#define GLUE(...) { __VA_ARGS__ },
#include "request/options.def"
#undef OPTION
#undef GLUE
#undef LISTING
};

static const char *const completer_names[] = {
	[COMPLETE_NONE] = "none", [COMPLETE_FORMAT] = "format", [COMPLETE_SET] = "set",
	[COMPLETE_CLASSES] = "classes", [COMPLETE_CAPITALIZE] = "capitalize",
	[COMPLETE_FILE] = "file", [COMPLETE_SITE] = "site", [COMPLETE_RULES] = "rules",
};

/* The name a command gives a row: the helper's, or pass gen's. */
static const char *row_name(const struct option_row *row, bool pass_gen)
{
	return pass_gen && row->gen_name ? row->gen_name : row->name;
}

static bool listed(const struct option_row *row, bool pass_gen)
{
	return pass_gen ? row->gen_short != 0 : row->section != SECTION_HIDDEN;
}

/* "once", "many" (the option adds up) or "alone" (it prints and exits). */
static const char *row_use(const struct option_row *row)
{
	if (row->setter == SET_LIST || row->setter == SET_CLASSES)
		return "many";
	if (row->setter == SET_ACTION && row->value != ACTION_PRINT_ALPHABET)
		return "alone";
	return "once";
}

/* The options a row conflicts with that the command has, by its names,
 * comma-separated ("-" for none). */
static void print_conflicts(const struct option_row *row, bool pass_gen)
{
	const char *comma = "";

	for (size_t i = 0; i < OPTION_COUNT; i++) {
		const struct option_row *other = &option_rows[i];

		if (other == row || !listed(other, pass_gen) || !options_conflict(row, other))
			continue;
		printf("%s%s", comma, row_name(other, pass_gen));
		comma = ",";
	}
	if (!*comma)
		fputc('-', stdout); /* fputc, as elsewhere: one import less */
}

/* One line of a list: NAME, SHORT, ARGUMENT, USE, METAVAR, COMPLETER,
 * CONFLICTS, REPEAT, SUMMARY (see options_table.h). */
static void print_row(const struct option_row *row, bool pass_gen)
{
	char short_name = pass_gen ? row->gen_short : row->short_name ? row->short_name : '-';

	printf("%s\t%c\t%s\t--%s\t%s\t%s\t", row_name(row, pass_gen), short_name,
	       row->metavar ? "required" : "none", row->name, row->metavar ? row->metavar : "-",
	       completer_names[row->completer]);
	print_conflicts(row, pass_gen);
	printf("\t%s\t%s\n", row_use(row), row->summary);
}

void print_option_table(void)
{
	for (size_t i = 0; i < OPTION_COUNT; i++)
		if (listed(&option_rows[i], false))
			print_row(&option_rows[i], false);
}

void print_pass_gen_option_table(void)
{
	/* pass generate's own options first, in its order (--no-symbols, then
	 * the glue), then the helper's. */
	for (size_t i = 0; i < OPTION_COUNT; i++)
		if (option_rows[i].section == SECTION_HIDDEN && listed(&option_rows[i], true))
			print_row(&option_rows[i], true);
	for (size_t i = 0; i < sizeof glue_rows / sizeof glue_rows[0]; i++)
		printf("%s\t%c\tnone\tglue\t-\tnone\t%s\t%s\t%s\n", glue_rows[i].name,
		       glue_rows[i].short_name, *glue_rows[i].conflicts ? glue_rows[i].conflicts : "-",
		       glue_rows[i].short_name == 'h' ? "alone" : "once", glue_rows[i].summary);
	for (size_t i = 0; i < OPTION_COUNT; i++)
		if (option_rows[i].section != SECTION_HIDDEN && listed(&option_rows[i], true))
			print_row(&option_rows[i], true);
}

void print_option_help(void)
{
	static const char *const headings[] = {
		[SECTION_ALPHABET] = "Alphabet:",
		[SECTION_LENGTH] = "Length (one of):",
		[SECTION_SITE] = "Site password rules (Apple's password-rules language):",
		[SECTION_WORDS] = "Passphrases (LENGTH and --length count words):",
		[SECTION_PRONOUNCEABLE] = "Pronounceable passwords (--format pronounceable; also -x -A -d -y -s):",
		[SECTION_DICE] = "Dice:",
		[SECTION_OUTPUT] = "Output:",
	};
	int section = -1;

	for (size_t i = 0; i < OPTION_COUNT; i++) {
		const struct option_row *row = &option_rows[i];
		char head[64];
		const char *line = row->help;

		if (row->section == SECTION_HIDDEN)
			continue;
		if ((int)row->section != section) {
			section = (int)row->section;
			printf("\n%s\n", headings[section]);
		}
		if (row->short_name)
			snprintf(head, sizeof head, "  -%c, --%s", row->short_name, row->name);
		else
			snprintf(head, sizeof head, "      --%s", row->name);
		if (row->metavar)
			snprintf(head + strlen(head), sizeof head - strlen(head), " %s", row->metavar);
		/* The text in a column of its own, its lines one under another. */
		for (;;) {
			int len = (int)strcspn(line, "\n");

			printf("%-23s %.*s\n", head, len, line);
			if (line[len] == '\0')
				break;
			line += len + 1;
			head[0] = '\0';
		}
	}
}
