/*
 * main.c - pass-genhelper: passwords and tokens from kernel randomness, with
 * the length chosen from an entropy target and the exact entropy reported.
 */
#include "config.h"

#include "charset.h"
#include "command.h"
#include "dice.h"
#include "pwgen_compat.h"
#include "util.h"

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
	      "128 bits of entropy (20 characters).\n"
	      "\n"
	      "Alphabet:\n"
	      "  -f, --format NAME     a named alphabet (see below); default: graph\n"
	      "  -c, --charset SET     characters as tr(1) would keep them with\n"
	      "                        'LC_ALL=C tr -dc SET', e.g. '[:alnum:]_-'\n"
	      "  -x, --exclude SET     never use these characters (tr(1) syntax)\n"
	      "  -A, --no-ambiguous    leave out look-alikes: ", stdout);
	fputs(ambiguous_chars, stdout);
	fputs("\n"
	      "  -r, --require LIST    at least one character of each class in LIST,\n"
	      "                        a comma list of lower, upper, digit, punct\n"
	      "\n"
	      "Length (one of):\n"
	      "  -e, --entropy BITS    the shortest length with at least BITS bits\n", stdout);
	printf("                        (1-%d; default %d)\n", MAX_ENTROPY_BITS,
	       DEFAULT_ENTROPY_BITS);
	printf("  -l, --length N        N characters (1-%d); also a bare LENGTH argument\n",
	       MAX_LENGTH);
	printf("  -b, --bytes N         N random bytes (1-%d) in a byte encoding\n"
	       "                        (hex, base32, base64, base64url), unpadded\n",
	       MAX_BYTES);
	fputs("\n"
	      "Site password rules (Apple's password-rules language):\n"
	      "      --rules RULES     meet RULES, e.g. 'maxlength: 16; required: digit'\n"
	      "      --site DOMAIN     meet the rules of DOMAIN from the embedded table\n"
	      "      --entry NAME      meet the rules of the site a pass entry names\n"
	      "      --no-site-rules   ignore the site that --entry names\n", stdout);
	fputs("\n"
	      "Passphrases (LENGTH and --length count words):\n"
	      "  -w, --words           a passphrase (same as --format words)\n"
	      "      --wordlist FILE   words from FILE, one a line ('#' comments and\n"
	      "                        diceware numbers allowed), instead of the\n"
	      "                        embedded 7776-word list\n"
	      "  -s, --separator TEXT  between words (default: one space; may be empty\n"
	      "                        with a prefix-free list)\n"
	      "  -S, --separators SET  each gap gets one character of SET at random\n"
	      "  -C, --capitalize MODE none, first (each word), all, or random (each\n"
	      "                        word's first letter, one bit per word)\n"
	      "  -d, --digit           a random digit after a randomly chosen word\n"
	      "  -y, --symbol          a random symbol after a randomly chosen word\n"
	      "      --symbols SET     the symbols for --symbol (default: [:punct:]\n"
	      "                        less the separators)\n"
	      "\n"
	      "Dice:\n"
	      "      --dice            take every random choice from six-sided dice\n"
	      "                        rolls typed on standard input\n", stdout);
	printf("      --dice-sides N    dice with N sides (2-%d); implies --dice\n",
	       MAX_DICE_SIDES);
	fputs("\n"
	      "Output:\n", stdout);
	printf("  -n, --count N         print N secrets (1-%lu)\n", MAX_COUNT);
	fputs("  -z, --null            end each secret with NUL instead of newline\n"
	      "  -v, --verbose         report the exact entropy on standard error\n"
	      "      --print-alphabet  print the characters (or words, one a line) that\n"
	      "                        can appear, and exit\n"
	      "  -h, --help            show this help and exit\n"
	      "  -V, --version         show the version and exit\n"
	      "\n"
	      "Formats:\n", stdout);
	for (const struct format *f = formats; f->name; f++)
		printf("  %-10s  %s\n", f->name, f->description);
	fputs("\n"
	      "Class rules reject whole candidates, so the output stays uniform over the\n"
	      "strings that meet them; the reported entropy counts exactly those.\n"
	      "Exit status: 0 success, 1 runtime failure, 2 usage error.\n", stdout);
}

int main(int argc, char **argv)
{
	const struct command_setup setup = { .print_usage = usage };
	struct command cmd;
	int status;

	forbid_core_dumps();
	/*
	 * Each buffer is wiped right after its last use: the candidate secret
	 * (command.c), a passphrase's draws, an encoding's raw bytes, a roll's
	 * digits.  Two outlive a single secret, so an exit can find them full:
	 *   - the random source: the kernel's pool keeps the bytes that the
	 *     run's secrets were drawn from until the run ends, and the dice
	 *     source the typed rolls, the secrets in another form, read ahead;
	 *   - the output buffer, wiped after each write; a write that fails
	 *     ends the program with secrets still queued, some of which may
	 *     already have reached the reader.
	 * command_run() wipes both when it ends; when die() ends the program
	 * in the middle (randomness or a roll that cannot be read, a write
	 * error), this handler does.  That leaves only the part of a secret
	 * that was never finished nor printed.
	 */
	atexit(command_wipe);
	/* Called as pwgen (a link): pwgen's command line. */
	status = pwgen_called(argv[0]) ? pwgen_run(&cmd, argc, argv)
				       : command_run(&cmd, argc, argv, &setup);
	command_free(&cmd);
	return status;
}
