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

#include <stdio.h>
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
	/* pass gen puts --pass-gen first; its user typed no helper options,
	 * so the hint about pass-genhelper --help would mislead. */
	void (*report_usage)(const char *) =
		argc > 1 && strcmp(argv[1], "--pass-gen") == 0 ? emit_warning : usage_error;

	memset(cmd, 0, sizeof *cmd);
	if (!parse_options(argc, argv, &cmd->request, err, sizeof err)) {
		report_usage(err);
		return STEP_EXIT;
	}
	if (cmd->request.action == ACTION_HELP)
		return STEP_HELP;
	if (cmd->request.action == ACTION_VERSION)
		return STEP_VERSION;
	if (cmd->request.action == ACTION_LIST_FORMATS ||
	    cmd->request.action == ACTION_LIST_OPTIONS ||
	    cmd->request.action == ACTION_LIST_PASS_GEN_OPTIONS ||
	    cmd->request.action == ACTION_PRINTABLE)
		return STEP_LIST;
	if (cmd->request.for_pass) {
		switch (pass_gen_resolve(&cmd->pass_gen, &cmd->request, err, sizeof err)) {
		case PASS_GEN_OK:
			break;
		case PASS_GEN_USAGE:
			report_usage(err);
			return STEP_EXIT;
		case PASS_GEN_REFUSED:
			inform("%s", err);
			return STEP_FAIL;
		}
	}
	if (!spec_build(&cmd->request, &cmd->spec, err, sizeof err)) {
		if (cmd->pass_gen.policy_used) {
			/* The store's policy may be what does not fit. */
			inform("with the options of the policy file %s: %s", cmd->pass_gen.policy.shown, err);
			return STEP_FAIL;
		}
		report_usage(err);
		return STEP_EXIT;
	}
	cmd->have_spec = true;
	if (cmd->request.for_pass &&
	    pass_gen_judge(&cmd->pass_gen, &cmd->spec, emit_warning, err, sizeof err) != PASS_GEN_OK) {
		inform("%s", err);
		return STEP_FAIL;
	}
	report_warnings(&cmd->spec, emit_warning);
	if (cmd->request.action == ACTION_PRINT_ALPHABET)
		return STEP_PRINT_ALPHABET;
	if (cmd->spec.verbose) {
		char line[REPORT_BYTES];

		/* The report was asked for: if it cannot be written, neither
		 * may the secret be (a figure lost to a full disk). */
		clearerr(stderr);
		inform("%s", report_entropy(&cmd->spec, line, sizeof line));
		if (fflush(stderr) != 0 || ferror(stderr))
			return STEP_FAIL;
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
	pass_gen_free(&cmd->pass_gen);
}
