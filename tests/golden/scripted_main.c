/*
 * scripted_main.c - pass-genhelper-scripted, for the golden transcript.
 *
 * The real program (src/cli/main.c, included here for its --help text, and
 * the library), run through command_run() with the scripted source of
 * tests/unit/scripted_source.c in place of the kernel: a xorshift64*
 * stream from a fixed seed, so that every run prints the same secrets.
 * tests/golden/run compares what it prints (with what the real program
 * prints from scripted dice rolls) with tests/golden/expected, so that a
 * change meant to keep behaviour shows any byte it does not keep.  Not a
 * random source: it is built only for `make check`, never installed.
 */
#define main program_main
#include "cli/main.c"
#undef main

#include "scripted_source.h"

int program_main(int argc, char **argv);

int main(int argc, char **argv)
{
	static struct scripted_source stream;
	struct command_setup setup = { .print_usage = usage };
	struct command cmd;
	int status;

	forbid_core_dumps();
	setup.scripted = scripted_source_init(&stream, NULL, 0, SCRIPTED_GOLDEN_SEED, 0);
	die_cleanup_set(command_wipe);
	status = command_run(&cmd, argc, argv, &setup);
	command_free(&cmd);
	return status;
}
