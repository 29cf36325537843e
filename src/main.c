/*
 * main.c - pass-genhelper: passwords and tokens from kernel randomness, with
 * the length chosen from an entropy target and the exact entropy reported.
 */
#include "config.h"

#include "charset.h"
#include "dice.h"
#include "generate.h"
#include "options.h"
#include "output.h"
#include "spec.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_SYS_PRCTL_H
#include <sys/prctl.h>
#endif

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

static void report_passphrase_entropy(const struct spec *spec)
{
	const struct passphrase *p = &spec->passphrase;
	const struct passphrase_bits *bits = &spec->word_bits;
	char parts[320];
	size_t used;

	bool extras = p->separators.size || p->caps == CAPS_RANDOM || p->digit || p->symbols.size;

	used = (size_t)snprintf(parts, sizeof parts, "%zu %s of %zu (%s): %.1f", p->words,
				p->words == 1 ? "word" : "words", p->list->count, p->list->name,
				bits->words);
	if (p->separators.size)
		used += (size_t)snprintf(parts + used, sizeof parts - used,
					 ", %zu %s of %u: %.1f", p->words - 1,
					 p->words == 2 ? "separator" : "separators", p->separators.size,
					 bits->separators);
	if (p->caps == CAPS_RANDOM)
		used += (size_t)snprintf(parts + used, sizeof parts - used,
					 ", random capitals: %.1f", bits->capitals);
	if (p->digit)
		used += (size_t)snprintf(parts + used, sizeof parts - used,
					 ", a digit after one of %zu %s: %.1f", p->words,
					 p->words == 1 ? "word" : "words", bits->digit);
	if (p->symbols.size)
		used += (size_t)snprintf(parts + used, sizeof parts - used,
					 ", a symbol of %u after one of %zu %s: %.1f",
					 p->symbols.size, p->words, p->words == 1 ? "word" : "words",
					 bits->symbol);
	if (used >= sizeof parts)
		used = sizeof parts - 1;
	/* "...: 129.2" alone already ends in the total; otherwise add it. */
	if (!extras)
		warn("entropy: %s bits", parts);
	else
		warn("entropy: %s; total %.1f bits", parts, bits->total);
}

static void report_entropy(const struct spec *spec)
{
	char rules[64] = "";

	if (spec->words) {
		report_passphrase_entropy(spec);
		return;
	}
	if (spec->encoding != ENCODING_NONE) {
		warn("entropy: %zu random bytes as %zu %s characters: %.1f bits", spec->bytes,
		     spec->length, spec->format_name, spec->bits);
		return;
	}
	for (int k = 0; k < CLASS_COUNT; k++) {
		size_t used = strlen(rules);

		if (spec->required & (1u << k))
			snprintf(rules + used, sizeof rules - used, "%s%s",
				 used ? "," : ", requiring ", char_class_name((enum char_class)k));
	}
	warn("entropy: %zu characters from %u (%s)%s: %.1f bits", spec->length,
	     spec->alphabet.size, spec->alphabet_name, rules, spec->bits);
}

/* One secret at a time; wiped after it is queued and on any exit. */
static char secret[MAX_SECRET_BYTES];
static size_t secret_room; /* the most of it a secret of this run uses */
/* The random source, chosen here once: the kernel, or dice. */
static struct random_source source;

static void wipe_secret(void)
{
	secure_zero(secret, secret_room);
}

int main(int argc, char **argv)
{
	struct request request;
	struct spec spec;
	char err[256];

#if defined(HAVE_SYS_PRCTL_H) && defined(PR_SET_DUMPABLE)
	/* No core dump or ptrace attach by other users' processes. */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
#endif
	output_init();
	register_wipe(wipe_secret);
	if (!parse_options(argc, argv, &request, err, sizeof err))
		die_usage("%s", err);
	if (request.action == ACTION_HELP) {
		usage();
		output_finish_stdio();
		return EXIT_OK;
	}
	if (request.action == ACTION_VERSION) {
		printf("%s %s\n", PROGRAM_NAME, PACKAGE_VERSION);
		output_finish_stdio();
		return EXIT_OK;
	}
	if (!spec_build(&request, &spec, err, sizeof err))
		die_usage("%s", err);
	if (spec.file_list.duplicates)
		warn("word list %s: %zu repeated %s ignored; the entropy counts the %zu distinct ones",
		     spec.file_list.name, spec.file_list.duplicates,
		     spec.file_list.duplicates == 1 ? "word" : "words", spec.file_list.count);
	if (spec.capital_collisions)
		warn("capitals make %zu more %s identical to others; the entropy counts the %zu distinct ones",
		     spec.capital_collisions, spec.capital_collisions == 1 ? "word" : "words",
		     spec.capitalized_list.count);
	if (request.action == ACTION_PRINT_ALPHABET) {
		if (spec.words) {
			for (size_t i = 0; i < spec.passphrase.list->count; i++)
				output_secret(wordlist_word(spec.passphrase.list, i),
					      strlen(wordlist_word(spec.passphrase.list, i)), spec.terminator);
		} else {
			output_secret(spec.alphabet.chars, spec.alphabet.size, spec.terminator);
		}
		output_finish();
		spec_free(&spec);
		return EXIT_OK;
	}
	secret_room = spec.length;
	random_source_init(&source, (unsigned)spec.dice_sides, generate_random_bytes(&spec));
	if (spec.verbose)
		report_entropy(&spec);
	for (unsigned long i = 0; i < spec.count; i++) {
		size_t length = generate_secret(&spec, &source, secret);

		output_secret(secret, length, spec.terminator);
		secure_zero(secret, length);
	}
	if (spec.dice_sides)
		dice_finish();
	output_finish();
	run_wipes();
	spec_free(&spec);
	return EXIT_OK;
}
