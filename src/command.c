/*
 * command.c - argv -> request -> spec -> report -> secrets, in the library.
 *
 * main() only sets up the process and picks the step; everything a command
 * line can reach lives here, so that the whole-command fuzz target
 * (tests/fuzz/fuzz_command.c) runs the very path the program runs.
 */
#include "config.h"

#include "command.h"

#include "generate.h"
#include "output.h"
#include "report.h"
#include "util.h"

#include <string.h>

/* A secret and its terminator always fit in the output buffer
 * (output_secret() flushes before one that would not). */
_Static_assert(MAX_SECRET_BYTES + 1 <= OUTPUT_BUFFER_BYTES, "a secret fits the output buffer");

/* One secret at a time; wiped right after it is queued. */
static char secret[MAX_SECRET_BYTES];

static void emit_warning(const char *line)
{
	inform("%s", line);
}

enum command_step command_prepare(struct command *cmd, int argc, char **argv)
{
	char err[MESSAGE_BYTES];

	memset(cmd, 0, sizeof *cmd);
	if (!parse_options(argc, argv, &cmd->request, err, sizeof err)) {
		usage_error(err);
		return STEP_EXIT;
	}
	if (cmd->request.action == ACTION_HELP)
		return STEP_HELP;
	if (cmd->request.action == ACTION_VERSION)
		return STEP_VERSION;
	if (cmd->request.action == ACTION_LIST_FORMATS ||
	    cmd->request.action == ACTION_LIST_OPTIONS ||
	    cmd->request.action == ACTION_LIST_SITES)
		return STEP_LIST;
	if (!spec_build(&cmd->request, &cmd->spec, err, sizeof err)) {
		usage_error(err);
		return STEP_EXIT;
	}
	cmd->have_spec = true;
	report_warnings(&cmd->spec, emit_warning);
	if (cmd->request.action == ACTION_PRINT_ALPHABET)
		return STEP_PRINT_ALPHABET;
	if (cmd->spec.verbose) {
		char line[REPORT_BYTES];

		inform("%s", report_entropy(&cmd->spec, line, sizeof line));
	}
	return STEP_GENERATE;
}

void command_print_alphabet(const struct command *cmd)
{
	const struct spec *spec = &cmd->spec;

	if (spec->is_passphrase) {
		for (size_t i = 0; i < spec->passphrase.list->count; i++)
			output_secret(wordlist_word(spec->passphrase.list, i),
				      strlen(wordlist_word(spec->passphrase.list, i)), spec->terminator);
	} else {
		output_secret(spec->alphabet.chars, spec->alphabet.size, spec->terminator);
	}
}

void command_generate(const struct command *cmd, struct random_source *src,
		      unsigned long count)
{
	for (unsigned long i = 0; i < count; i++) {
		size_t length = generate_secret(&cmd->spec, src, secret);

		output_secret(secret, length, cmd->spec.terminator);
		secure_zero(secret, length);
	}
}

void command_free(struct command *cmd)
{
	if (cmd->have_spec)
		spec_free(&cmd->spec);
	cmd->have_spec = false;
}
