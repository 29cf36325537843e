/*
 * pwgen_compat.h - pwgen 2.08's command line, for the programs that run a
 * pwgen executable (QtPass, pass 1.6 and older, scripts), turned into the
 * helper's own command line
 */
#ifndef PASS_GENHELPER_PWGEN_COMPAT_H
#define PASS_GENHELPER_PWGEN_COMPAT_H

#include <stdbool.h>

#include "cli/command.h"
#include "text/errors.h"

/* The name the program answers to as pwgen (a link to it). */
#define PWGEN_NAME "pwgen"

/* pwgen's terminal width, fixed in pwgen 2.08: columns of passwords fill it. */
#define PWGEN_TERMINAL_WIDTH 80
/* Rows of passwords pwgen prints on a terminal when no count is given. */
#define PWGEN_TERMINAL_ROWS 20

/* Elements of the helper's command line: the name, up to eight options
 * (five with an argument), NULL. */
#define PWGEN_ARGV_MAX 15

/* The printable ASCII characters pwgen draws from, at most, each written
 * as a three-digit octal escape. */
#define PWGEN_CHARSET_BYTES (94 * 4 + 1)

struct pwgen_request {
	/* The helper's command line meaning the same: argv[argc] is NULL. */
	char *argv[PWGEN_ARGV_MAX];
	int argc;
	/* Room for the arguments argv points to. */
	char charset[PWGEN_CHARSET_BYTES];
	char length[24];
	char count[24];
	char require[sizeof "digit,upper,punct"];
	/* Passwords a line: 0 for one a line (-1, or no terminal). */
	unsigned long columns;
	/* pwgen would have made a pronounceable ("phoneme") password: this
	 * one is the helper's --format pronounceable. */
	bool phonemes;
};

/* Whether argv[0] names the program as pwgen (its last path element). */
bool pwgen_called(const char *argv0);

/*
 * Parse pwgen's options and arguments (getopt_long: argv may be permuted)
 * into the helper's command line; to_terminal says whether standard output
 * is a terminal (pwgen's columns and its default count).  Prints nothing
 * and never exits; false with the reason in err on a usage error.
 */
bool pwgen_parse(int argc, char **argv, bool to_terminal, struct pwgen_request *req,
		 struct error *err);

/*
 * The whole run of a pwgen command line: pwgen_parse(), then command_run()
 * on the helper's command line, in columns when pwgen would print them.
 * print_usage prints the helper's --help; pwgen's own help is printed for
 * -h.  Returns the exit status.
 */
int pwgen_run(struct command *cmd, int argc, char **argv);

#endif
