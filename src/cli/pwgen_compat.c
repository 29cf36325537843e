/*
 * pwgen_compat.c - pwgen 2.08's command line, as QtPass ("-1 [--secure]
 * --capitalize|--no-capitalize --numerals|--no-numerals [--symbols]
 * LENGTH"), pass 1.6 and older ("-s [-y] LENGTH 1") and scripts call it,
 * turned into the helper's: a --charset, --require classes, --length and
 * --count, or where pwgen makes pronounceable passwords ("phonemes"), the
 * helper's --format pronounceable with --capital, --digit and --symbol.
 * Everything after that is the helper's own run, so the password is drawn
 * uniformly from kernel randomness whatever pwgen would have done.
 *
 * pwgen's rules, read from pwgen 2.08 (pwgen.c, pw_rand.c) and checked
 * against it by tests/pwgen-compat.bats:
 *   - the characters: lower-case letters always; digits and capitals unless
 *     -0 or -A; the 32 ASCII symbols with -y; less pwgen's look-alikes with
 *     -B, its vowels (with 0 and 1) with -v, and the bytes of -r;
 *   - a password longer than 2 characters holds at least one digit, one
 *     capital and one symbol, of those that are on (never a required
 *     lower-case letter); pwgen rejects whole candidates, as the helper does;
 *   - the default length is 8 and the count 1, or a screenful in columns
 *     when standard output is a terminal (-C and -1 choose).
 * What differs on purpose is in pass-genhelper-pwgen(1): the helper's
 * syllables for pwgen's phonemes, no -H, bounded decimal numbers, the
 * helper's exit statuses.
 */
#include "config.h"

#include "cli/pwgen_compat.h"

#include "text/bounds.h"
#include "secret/charset.h"
#include "request/request.h"
#include "text/util.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* pwgen's sets (pw_rand.c): what -B and -v leave out. */
#define PWGEN_AMBIGUOUS "B8G6I1l0OQDS5Z2"
static const char pwgen_ambiguous[] = PWGEN_AMBIGUOUS;
static const char pwgen_vowels[] = "01aeiouyAEIOUY";

/* pwgen 2.08's short options (-a and -C included), with ':' first so that a
 * missing argument is told apart from an unknown option. */
static const char pwgen_short_options[] = ":01AaBCcnN:sr:hH:vy";

static const struct option pwgen_long_options[] = {
	{ "alt-phonics", no_argument, NULL, 'a' },
	{ "capitalize", no_argument, NULL, 'c' },
	{ "numerals", no_argument, NULL, 'n' },
	{ "symbols", no_argument, NULL, 'y' },
	{ "num-passwords", required_argument, NULL, 'N' },
	{ "remove-chars", required_argument, NULL, 'r' },
	{ "secure", no_argument, NULL, 's' },
	{ "help", no_argument, NULL, 'h' },
	{ "no-numerals", no_argument, NULL, '0' },
	{ "no-capitalize", no_argument, NULL, 'A' },
	{ "sha1", required_argument, NULL, 'H' },
	{ "ambiguous", no_argument, NULL, 'B' },
	{ "no-vowels", no_argument, NULL, 'v' },
	{ NULL, 0, NULL, 0 }
};

/* What the options asked for, before it is checked and translated. */
struct pwgen_flags {
	bool digits, capitals, symbols;   /* on by default: digits, capitals */
	bool no_ambiguous, no_vowels;
	bool secure;                      /* -s, or -v or -r, which imply it */
	bool columns;
	bool help;
	bool removed[256];                /* the bytes of every -r */
	unsigned long length;
	unsigned long count;              /* 0: not given */
};

bool pwgen_called(const char *argv0)
{
	return argv0 && strcmp(base_name(argv0), PWGEN_NAME) == 0;
}

static void pwgen_usage(void)
{
	fputs("Usage: pwgen [OPTION]... [LENGTH] [COUNT]\n"
	      "pwgen's command line for the programs that run pwgen (QtPass, pass 1.6,\n"
	      "scripts): every password is drawn uniformly from kernel randomness by\n"
	      "pass-genhelper.  Default: 8 characters; 1 password, or a screenful in\n"
	      "columns on a terminal.\n"
	      "\n"
	      "  -c, --capitalize      capital letters, at least one (the default)\n"
	      "  -A, --no-capitalize   no capital letters\n"
	      "  -n, --numerals        digits, at least one (the default)\n"
	      "  -0, --no-numerals     no digits\n"
	      "  -y, --symbols         symbols too, at least one\n"
	      "  -B, --ambiguous       leave out pwgen's look-alikes: B8G6I1l0OQDS5Z2\n"
	      "  -v, --no-vowels       leave out 01aeiouyAEIOUY\n"
	      "  -r, --remove-chars CHARS  leave out CHARS\n"
	      "  -s, --secure          passwords of the whole set, not pronounceable\n"
	      "  -a, --alt-phonics     accepted and ignored, as pwgen does\n", stdout);
	printf("  -N, --num-passwords N  print N passwords (1-%lu); also COUNT\n"
	       "  LENGTH                characters a password (1-%d)\n", (unsigned long)MAX_COUNT, MAX_LENGTH);
	fputs("  -1                    one password a line\n"
	      "  -C                    in columns\n"
	      "  -h, --help            show this help and exit\n"
	      "\n"
	      "Without -s, -v or -r, from 5 characters on, passwords are pronounceable:\n"
	      "pass-genhelper's syllables (--format pronounceable), uniform, with exactly\n"
	      "one capital, digit and symbol as the options ask.  Otherwise at least one\n"
	      "of each class that is on when the length is more than 2; whole candidates\n"
	      "are rejected, so the output stays uniform.  -H is refused.\n"
	      "Exit status: 0 success, 1 runtime failure, 2 usage error.\n", stdout);
}

/* A number as pwgen reads it, but bounded and decimal only: pwgen takes
 * "010" for 8 (strtol, base 0), so a leading zero is refused rather than
 * read another way. */
static bool parse_number(const char *text, unsigned long max, const char *what,
			 unsigned long *value, struct error *err)
{
	if (text[0] == '0' && text[1] >= '0' && text[1] <= '9')
		return error_set(err, "invalid %s %s: a leading zero (pwgen reads it as octal)",
				 what, error_quote(err, text));
	return parse_bounded(text, 1, max, what, value, err);
}

static bool apply_pwgen_option(struct pwgen_flags *flags, int option, const char *arg,
			       struct error *err)
{
	switch (option) {
	case '0': flags->digits = false; break;
	case 'A': flags->capitals = false; break;
	case 'a': break;
	case 'B': flags->no_ambiguous = true; break;
	case 'c': flags->capitals = true; break;
	case 'n': flags->digits = true; break;
	case 'N':
		return parse_number(arg, MAX_COUNT, "number of passwords", &flags->count, err);
	case 's': flags->secure = true; break;
	case 'C': flags->columns = true; break;
	case '1': flags->columns = false; break;
	case 'H':
		return error_set(err, "option -H/--sha1 is refused: it makes passwords from a "
				 "file's hash, not from randomness");
	case 'y': flags->symbols = true; break;
	case 'v':
		flags->no_vowels = true;
		flags->secure = true;
		break;
	case 'r':
		for (const unsigned char *p = (const unsigned char *)arg; *p; p++)
			flags->removed[*p] = true;
		flags->secure = true;
		break;
	case 'h': flags->help = true; break;
	default:
		return error_set(err, "invalid option");
	}
	return true;
}

/* Whether pwgen lets c appear, and so whether the helper may draw it. */
static bool allowed(const struct pwgen_flags *flags, unsigned char c)
{
	switch (char_class_of(c)) {
	case CLASS_DIGIT:
		if (!flags->digits)
			return false;
		break;
	case CLASS_UPPER:
		if (!flags->capitals)
			return false;
		break;
	case CLASS_PUNCT:
		if (!flags->symbols)
			return false;
		break;
	default:
		break;
	}
	if (flags->no_ambiguous && strchr(pwgen_ambiguous, c))
		return false;
	if (flags->no_vowels && strchr(pwgen_vowels, c))
		return false;
	return !flags->removed[c];
}

/* The alphabet as a --charset argument, the classes it must show as a
 * --require argument; false when something pwgen asks for is left empty. */
static bool translate_alphabet(const struct pwgen_flags *flags, struct pwgen_request *req,
			       struct error *err)
{
	static const struct {
		enum char_class class;
		const char *name;    /* in messages */
	} wanted[] = {
		{ CLASS_UPPER, "capital letters" },
		{ CLASS_DIGIT, "digits" },
		{ CLASS_PUNCT, "symbols" },
	};
	unsigned left[CLASS_COUNT] = { 0 };
	char *out = req->charset;
	size_t total = 0;

	for (unsigned c = '!'; c <= '~'; c++) {
		if (!allowed(flags, (unsigned char)c))
			continue;
		left[char_class_of((unsigned char)c)]++;
		total++;
		/* An octal escape, \ooo: four of the PWGEN_CHARSET_BYTES a
		 * character may take. */
		*out++ = '\\';
		*out++ = (char)('0' + (c >> 6));
		*out++ = (char)('0' + (c >> 3 & 7));
		*out++ = (char)('0' + (c & 7));
	}
	*out = '\0';
	if (total == 0)
		return error_set(err, "no characters left to draw from after -r, -B and -v");
	req->require[0] = '\0';
	for (size_t i = 0; i < sizeof wanted / sizeof wanted[0]; i++) {
		bool on = wanted[i].class == CLASS_UPPER ? flags->capitals :
			  wanted[i].class == CLASS_DIGIT ? flags->digits : flags->symbols;

		if (!on)
			continue;
		if (left[wanted[i].class] == 0)
			return error_set(err, "no %s left to draw from after -r, -B and -v",
					 wanted[i].name);
		/* pwgen asks for at least one only above 2 characters. */
		if (flags->length > 2) {
			size_t used = strlen(req->require);

			/* At most "digit,upper,punct", the size of require. */
			snprintf(req->require + used, sizeof req->require - used, "%s%s",
				 used ? "," : "", char_class_name(wanted[i].class));
		}
	}
	return true;
}

static void push(struct pwgen_request *req, char *arg)
{
	req->argv[req->argc++] = arg;
	req->argv[req->argc] = NULL;
}

bool pwgen_parse(int argc, char **argv, bool to_terminal, struct pwgen_request *req,
		 struct error *err)
{
	static char name[] = PROGRAM_NAME, help[] = "--help", charset[] = "--charset",
		    length[] = "--length", count[] = "--count", require[] = "--require",
		    format[] = "--format", pronounceable[] = "pronounceable",
		    capital[] = "--capital", digit[] = "--digit", symbol[] = "--symbol",
		    exclude[] = "--exclude", ambiguous[] = PWGEN_AMBIGUOUS;
	struct pwgen_flags flags = {
		.digits = true, .capitals = true, .columns = to_terminal, .length = 8
	};
	int option;

	memset(req, 0, sizeof *req);
	push(req, name);
	opterr = 0;  /* messages are ours */
	optind = 0;  /* full reset, so parsing can run more than once */
	while ((option = getopt_long(argc, argv, pwgen_short_options, pwgen_long_options,
				     NULL)) != -1) {
		if (option == ':' || option == '?') {
			describe_getopt_error(option, argc, argv, pwgen_long_options, err);
			return false;
		}
		if (!apply_pwgen_option(&flags, option, optarg, err))
			return false;
	}
	if (flags.help) {
		push(req, help);
		return true;
	}
	if (optind < argc && !parse_number(argv[optind++], MAX_LENGTH, "password length",
					   &flags.length, err))
		return false;
	if (optind < argc && !parse_number(argv[optind++], MAX_COUNT, "number of passwords",
					   &flags.count, err))
		return false;
	if (optind < argc)
		return error_set(err, "unexpected argument %s: at most a length and a count",
				 error_quote(err, argv[optind]));
	/* pwgen makes pronounceable passwords from 5 characters on, unless -s,
	 * -v or -r asked for random ones. */
	req->phonemes = !flags.secure && flags.length >= 5;
	if (!req->phonemes && !translate_alphabet(&flags, req, err))
		return false;
	if (flags.columns) {
		req->columns = PWGEN_TERMINAL_WIDTH / (flags.length + 1);
		if (req->columns == 0)
			req->columns = 1;
	}
	if (flags.count == 0)
		flags.count = flags.columns ? req->columns * PWGEN_TERMINAL_ROWS : 1;
	snprintf(req->length, sizeof req->length, "%lu", flags.length);
	snprintf(req->count, sizeof req->count, "%lu", flags.count);
	push(req, length);
	push(req, req->length);
	push(req, count);
	push(req, req->count);
	if (req->phonemes) {
		/* pwgen's phonemes hold at least one capital, digit and symbol
		 * of those that are on; the helper's syllables hold exactly one
		 * each, at a random place. */
		push(req, format);
		push(req, pronounceable);
		if (flags.capitals)
			push(req, capital);
		if (flags.digits)
			push(req, digit);
		if (flags.symbols)
			push(req, symbol);
		if (flags.no_ambiguous) {
			push(req, exclude);
			push(req, ambiguous);
		}
		return true;
	}
	push(req, charset);
	push(req, req->charset);
	if (req->require[0]) {
		push(req, require);
		push(req, req->require);
	}
	return true;
}

int pwgen_run(struct command *cmd, int argc, char **argv)
{
	struct pwgen_request req;
	struct error err;
	struct command_setup setup = { .print_usage = pwgen_usage };

	err.next_quote = 0;
	error_clear(&err);
	/* command_free() may be called on it before command_prepare(). */
	cmd->have_spec = false;
	cmd->have_pass_gen = false;
	/* Every message names the command as it was called: a pwgen on PATH
	 * may be another, and its --help is pwgen's usage. */
	program_name_set(argc > 0 && argv[0] ? argv[0] : PWGEN_NAME);
	if (!pwgen_parse(argc, argv, isatty(STDOUT_FILENO), &req, &err)) {
		usage_error(err.text);
		return EXIT_USAGE;
	}
	setup.columns = req.columns;
	return command_run(cmd, req.argc, req.argv, &setup);
}
