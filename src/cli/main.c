/*
 * main.c - pass-genhelper: passwords and tokens from kernel randomness, with
 * the length chosen from an entropy target and the exact entropy reported.
 */
#include "config.h"

#include "secret/charset.h"
#include "cli/command.h"
#include "random/dice.h"
#include "request/options_table.h"
#include "cli/pwgen_compat.h"
#include "text/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#ifdef HAVE_SYS_PRCTL_H
#include <sys/prctl.h>
#endif

/*
 * A core file would hold the pool, the secrets and the typed rolls.  Not
 * being able to forbid one is a failure, like having no randomness.
 */
static void forbid_core_dumps(void)
{
	const struct rlimit no_core = { 0, 0 };

#if defined(HAVE_SYS_PRCTL_H) && defined(PR_SET_DUMPABLE)
	/* Linux: no core dump even through a core_pattern pipe, which ignores
	 * RLIMIT_CORE 0, and no ptrace attach by other users' processes. */
	if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0)
		die(EXIT_RUNTIME, "cannot forbid core dumps: %s", strerror(errno));
#endif
	/* Everywhere (POSIX): a core file may be at most 0 bytes. */
	if (setrlimit(RLIMIT_CORE, &no_core) != 0)
		die(EXIT_RUNTIME, "cannot forbid core dumps: %s", strerror(errno));
}

static void usage(void)
{
	printf("Usage: %s [OPTION]... [LENGTH]\n", PROGRAM_NAME);
	fputs("Print random passwords or tokens from kernel randomness, one per line.\n"
	      "By default: one password from pass's 94-character set, long enough for\n"
	      "128 bits of entropy (20 characters).\n", stdout);
	print_option_help();
	fputs("\n"
	      "Formats:\n", stdout);
	/* The name column is as wide as the longest name, so that every
	 * description starts in the same column. */
	int name_width = 0;
	for (const struct format *f = formats; f->name; f++)
		if ((int)strlen(f->name) > name_width)
			name_width = (int)strlen(f->name);
	for (const struct format *f = formats; f->name; f++)
		printf("  %-*s  %s\n", name_width, f->name, f->description);
	fputs("\n"
	      "Class rules reject whole candidates, so the output stays uniform over the\n"
	      "strings that meet them; the reported entropy counts exactly those.\n"
	      "Exit status: 0 success, 1 runtime failure, 2 usage error.\n", stdout);
}

int main(int argc, char **argv)
{
	const struct command_setup setup = { .print_usage = usage };
	/* Static: 33 KiB, two thirds of it the pass layer's state, which a
	 * plain call never touches.  On the stack they would put the frames
	 * of every call below them on pages of their own; here the part a
	 * call writes shares the page that the loader's relocations of the
	 * data section have written already. */
	static struct command cmd;
	int status;

	forbid_core_dumps();
	/*
	 * Each buffer is wiped right after its last use: a passphrase's draws,
	 * an encoding's raw bytes, a roll's digits.  Two outlive a single
	 * secret, so an exit can find them full:
	 *   - the random source: the kernel's pool keeps the bytes that the
	 *     run's secrets were drawn from until the run ends, and the dice
	 *     source the typed rolls, the secrets in another form, read ahead;
	 *   - the output buffer, where each secret is made (command.c), wiped
	 *     after each write; a write that fails ends the program with
	 *     secrets still queued, some of which may already have reached
	 *     the reader, and one may be half made.
	 * command_run() wipes both when it ends; when die() ends the program
	 * in the middle (randomness or a roll that cannot be read, a write
	 * error), die() calls this.  (Not atexit(): its stub and libc's list
	 * are two or three page faults of a call's sixty.)
	 */
	die_cleanup_set(command_wipe);
	/* Called as pwgen (a link): pwgen's command line. */
	status = pwgen_called(argv[0]) ? pwgen_run(&cmd, argc, argv)
				       : command_run(&cmd, argc, argv, &setup);
	command_free(&cmd);
	return status;
}
