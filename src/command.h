/* command.h - the program's work from argv to output, main() aside */
#ifndef PASS_GENHELPER_COMMAND_H
#define PASS_GENHELPER_COMMAND_H

#include "options.h"
#include "pass-gen.h"
#include "text.h"
#include "spec.h"
#include "uniform.h"


/* What main() does after command_prepare(). */
enum command_step {
	STEP_EXIT,           /* a usage error was reported: exit with EXIT_USAGE */
	STEP_FAIL,           /* a refusal or a failure was reported: EXIT_RUNTIME */
	STEP_HELP,
	STEP_VERSION,
	STEP_PRINT_ALPHABET,
	STEP_LIST,           /* --list-formats, --list-options */
	STEP_GENERATE
};

struct command {
	struct request request;
	struct spec spec;
	bool have_spec;
	struct pass_gen pass_gen;  /* --pass-gen: what the request points into */
};

/*
 * Parse argv and build the spec; report a usage error (message and "Try"
 * line on standard error), or the warnings the spec calls for and, with
 * --verbose, the entropy line.  Never exits; the fuzz target runs it on
 * any command line.
 */
enum command_step command_prepare(struct command *cmd, int argc, char **argv);

/* Queue what --print-alphabet prints. */
void command_print_alphabet(const struct command *cmd);

/* Generate and queue `count` secrets (main: the --count asked for) with
 * randomness from src. */
void command_generate(const struct command *cmd, struct random_source *src,
		      unsigned long count);

/* Release what command_prepare() built. */
void command_free(struct command *cmd);

#endif
