/*
 * listings.c - the hidden actions (the LISTING rows of options.def): the
 * program's own tables for the build and the completions, and --printable
 * for pass gen.
 */
#include "config.h"

#include "request/options_table.h"
#include "secret/charset.h"
#include "secret/passphrase.h"
#include "site_rules/site_rules.h"
#include "site_rules/sites.h"
#include "text/text.h"

#include <stdio.h>
#include <string.h>

/* pass gen shows text that is not plain ASCII through this. */
static void list_printable(const char *text)
{
	print_printable(stdout, text, strlen(text));
}

/*
 * The words the shells offer for an option's argument, one a line,
 * tab-separated: KIND, WORD and a few words on it ("-" for none).  KIND is
 * the completer column of --list-options (capitalize, classes), or, for
 * --rules, rules-name (a rule) and rules-class (a class in its value).
 * The completions are made from it at build time (tools/gen-blocks), as
 * from the option table.
 */
static void list_values(void)
{
	const char *name;

	for (unsigned i = 0; (name = capitalization_name(i)); i++)
		printf("capitalize\t%s\t%s\n", name, capitalization_summary(i));
	for (unsigned k = 0; k < CLASS_COUNT; k++)
		printf("classes\t%s\t%s\n", char_class_name((enum char_class)k),
		       char_class_summary((enum char_class)k));
	for (size_t i = 0; (name = site_rules_rule_name(i)); i++)
		printf("rules-name\t%s\t-\n", name);
	for (size_t i = 0; (name = site_rules_class_name(i)); i++)
		printf("rules-class\t%s\t-\n", name);
}

static const struct listing listings[] = {
#define OPTION(...)
#define GLUE(...)
#define LISTING(...) { __VA_ARGS__ },
#include "request/options.def"
#undef OPTION
#undef GLUE
#undef LISTING
};

const struct listing *listing_find(int argc, char **argv)
{
	if (argc < 2 || strncmp(argv[1], "--", 2) != 0)
		return NULL;
	for (size_t i = 0; i < sizeof listings / sizeof listings[0]; i++)
		if (strcmp(argv[1] + 2, listings[i].name) == 0 &&
		    argc == (listings[i].metavar ? 3 : 2))
			return &listings[i];
	return NULL;
}
