/*
 * main.c - pass-genhelper: passwords and tokens from kernel randomness, with
 * the length chosen from an entropy target and the exact entropy reported.
 */
#include "config.h"

#include "charset.h"
#include "command.h"
#include "dice.h"
#include "generate.h"
#include "output.h"
#include "sites.h"
#include "uniform.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_SYS_PRCTL_H
#include <sys/prctl.h>
#endif

/* The random source, chosen once in main(): the kernel, or dice. */
static struct random_source source;

/*
 * Run by exit() on every path: after main() returns and after die().
 * Each buffer is wiped right after its last use: the candidate secret
 * (command.c), a passphrase's draws, an encoding's raw bytes, a roll's
 * digits.  Three outlive a single secret, so an exit can find them full:
 *   - the random source: its pool keeps the bytes that the run's secrets
 *     were drawn from until the run ends (wiping each word as it is taken
 *     would cost a call per word);
 *   - the typed dice rolls, the secrets in another form, read ahead in a
 *     buffer;
 *   - the output buffer, wiped after each write; a write that fails ends
 *     the program with secrets still queued, some of which may already
 *     have reached the reader.
 * An exit from the middle of one secret (randomness or a roll that cannot
 * be read) leaves only the part of a secret that was never finished nor
 * printed, and the source it came from is wiped here.
 */
static void wipe_at_exit(void)
{
	random_source_wipe(&source);
	dice_wipe();
	output_wipe();
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
	struct command cmd;
	int status = EXIT_OK;

#if defined(HAVE_SYS_PRCTL_H) && defined(PR_SET_DUMPABLE)
	/* No core dump or ptrace attach by other users' processes. */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
#endif
	atexit(wipe_at_exit);
	output_init();
	switch (command_prepare(&cmd, argc, argv)) {
	case STEP_EXIT:
		status = EXIT_USAGE;
		break;
	case STEP_HELP:
		usage();
		output_finish_stdio();
		break;
	case STEP_VERSION:
		printf("%s %s\n", PROGRAM_NAME, PACKAGE_VERSION);
		output_finish_stdio();
		break;
	case STEP_LIST:
		if (cmd.request.action == ACTION_LIST_FORMATS)
			print_format_table();
		else if (cmd.request.action == ACTION_LIST_SITES)
			print_site_table();
		else
			print_option_table();
		output_finish_stdio();
		break;
	case STEP_PRINT_ALPHABET:
		command_print_alphabet(&cmd);
		output_finish();
		break;
	case STEP_GENERATE:
		/* The random source, chosen here once: the kernel, or dice. */
		random_source_init(&source, (unsigned)cmd.spec.dice_sides,
				   generate_random_bytes(&cmd.spec));
		command_generate(&cmd, &source, cmd.spec.count);
		if (cmd.spec.dice_sides)
			dice_finish();
		output_finish();
		break;
	}
	command_free(&cmd);
	return status;
}
