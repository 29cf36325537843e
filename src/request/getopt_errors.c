/*
 * getopt_errors.c - getopt_long()'s ':' and '?' in words, for both command
 * lines that use it (the helper's, options.c, and pwgen's, pwgen_compat.c),
 * so that both say the same things the same way.
 */
#include "config.h"

#include "request/request.h"
#include "text/errors.h"
#include "text/text.h"

#include <getopt.h>
#include <string.h>

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

/* The options of table whose names start with the first len bytes of
 * name; the exact match, if any, is the only one counted. */
static size_t long_options_matching(const struct option *table, const char *name, size_t len,
				    const struct option **found)
{
	size_t matches = 0;

	*found = NULL;
	for (const struct option *o = table; o->name; o++) {
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

void describe_getopt_error(int option, int argc, char **argv, const struct option *table,
			   struct error *err)
{
	/* musl leaves optind at argc + 1 after a last short option that
	 * lacks its argument: that is argv[argc - 1]. */
	const char *element = argv[optind <= argc ? optind - 1 : argc - 1];

	if (strncmp(element, "--", 2) == 0 && element[2] != '\0') {
		const char *name = element + 2;
		size_t len = strcspn(name, "=");
		const struct option *found;
		size_t matches = long_options_matching(table, name, len, &found);

		if (matches > 1) {
			struct text_buffer text;

			text_init(&text, err->text, sizeof err->text);
			text_append(&text, "option %s is ambiguous; possibilities:",
				    error_quote_mem(err, element, 2 + len));
			for (const struct option *o = table; o->name; o++)
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
