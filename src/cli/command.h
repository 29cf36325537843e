/* command.h - the program's work from argv to output, main() aside */
#ifndef PASS_GENHELPER_COMMAND_H
#define PASS_GENHELPER_COMMAND_H

#include "request/request.h"
#include "pass/pass_gen.h"
#include "text/text.h"
#include "generator/spec.h"
#include "random/source.h"


/* What command_run() does after command_prepare(). */
enum command_step {
	STEP_EXIT,           /* a usage error was reported: exit with EXIT_USAGE */
	STEP_FAIL,           /* a refusal or a failure was reported: EXIT_RUNTIME */
	STEP_HELP,
	STEP_VERSION,
	STEP_PRINT_ALPHABET,
	STEP_LIST,           /* a hidden action: --list-formats, --printable, ... */
	STEP_GENERATE
};

struct command {
	enum command_step step;  /* what command_run() did */
	bool have_spec;
	bool have_pass_gen;
	struct request request;
	struct spec spec;
	/* --pass-gen: what the request points into; set by pass_gen_resolve()
	 * and left untouched by every other call.  Last, as its 22 KB are
	 * never written then: no page of them is touched. */
	struct pass_gen pass_gen;
};

/*
 * Parse argv and build the spec; report a usage error (message and "Try"
 * line on standard error), or the warnings the spec calls for and, with
 * --verbose, the entropy line.  Never exits; the fuzz target runs it on
 * any command line.
 */
enum command_step command_prepare(struct command *cmd, int argc, char **argv);

/* What command_run() takes from its caller besides the command line. */
struct command_setup {
	/* Prints the --help text (main.c).  NULL in a fuzz target: then
	 * command_run() stops after command_prepare() for --help, --version
	 * and the lists, which print through stdio and close its stdout for
	 * good. */
	void (*print_usage)(void);
	/* NULL in the program: the kernel, or dice when asked for.  A test
	 * passes a scripted source (tests/unit/scripted_source.h), drawn from
	 * in place of either; command_run() wipes it at the end of the run. */
	struct random_source *scripted;
	/* A test's cap on the secrets drawn, whatever --count says; 0: none. */
	unsigned long most_secrets;
	/* pwgen's columns on a terminal (pwgen_compat.c): this many secrets a
	 * line, a space between them; 0: each ends with the spec's terminator. */
	unsigned long columns;
};

/*
 * The whole run of one command line, main() aside: command_prepare(),
 * then the random source (the kernel's or the dice's, chosen here once),
 * the secrets, the source's last checks, its wipe, and the checked write
 * of standard output.  Returns the exit status; a runtime failure
 * (no randomness, a bad roll, a write error) ends the program in die().
 * cmd keeps the request, the spec and the step until command_free(), for
 * a test to look at.
 */
int command_run(struct command *cmd, int argc, char **argv, const struct command_setup *setup);

/*
 * Wipe the random source of a run in progress and the output buffer:
 * main() sets it as die()'s cleanup, since die() can end the program in
 * the middle of a run with both full.
 */
void command_wipe(void);

/* Release what command_prepare() built. */
void command_free(struct command *cmd);

#endif
