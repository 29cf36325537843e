/* test_pwgen_compat.c - pwgen's command line turned into the helper's */
#include "config.h"

#include "cli/pwgen_compat.h"
#include "request/request.h"
#include "generator/spec.h"
#include "generator/spec_build.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

#define ARGV(...) ((char *[]){ "pwgen", __VA_ARGS__, NULL })
#define ARGC(...) ((int)(sizeof ARGV(__VA_ARGS__) / sizeof(char *)) - 1)

/* What the helper's parser and spec make of a translation. */
struct outcome {
	size_t alphabet, length;
	unsigned long count;
	class_mask required;
	/* A pronounceable password: its sets, and what it holds one of. */
	bool pronounceable, capital, digit, symbol;
	unsigned consonants, vowels;
};

static bool build(struct pwgen_request *req, struct outcome *out)
{
	struct request helper;
	struct spec spec;
	struct error err = { .next_quote = 0 };

	if (!parse_options(req->argc, req->argv, &helper, &err) ||
	    !spec_build(&helper, &spec, &err)) {
		printf("# %s\n", err.text);
		return false;
	}
	memset(out, 0, sizeof *out);
	out->count = spec.count;
	if (spec.kind == SPEC_PRONOUNCEABLE) {
		const struct pronounceable *p = &spec.pronounceable;

		out->pronounceable = true;
		out->length = pronounceable_length(p, p->drawn);
		out->capital = p->capital;
		out->digit = p->digits.size > 0;
		out->symbol = p->symbols.size > 0;
		out->consonants = p->consonants.size;
		out->vowels = p->vowels.size;
	} else {
		out->alphabet = spec.characters.alphabet.size;
		out->length = spec.characters.length;
		out->required = spec.characters.required;
	}
	spec_free(&spec);
	return true;
}

/* Translate a pwgen command line (not to a terminal) and build it. */
static bool translate(int argc, char **argv, bool to_terminal, struct pwgen_request *req,
		      struct outcome *out)
{
	struct error err = { .next_quote = 0 };

	if (!pwgen_parse(argc, argv, to_terminal, req, &err)) {
		printf("# %s\n", err.text);
		return false;
	}
	return build(req, out);
}

static bool refused(int argc, char **argv, const char *want)
{
	struct pwgen_request req;
	struct error err = { .next_quote = 0 };

	if (pwgen_parse(argc, argv, false, &req, &err))
		return false;
	if (strstr(err.text, want))
		return true;
	printf("# got '%s'\n", err.text);
	return false;
}

#define BIT(class) (1u << (class))
#define CAPS_DIGITS (BIT(CLASS_UPPER) | BIT(CLASS_DIGIT))
#define ALL_THREE (CAPS_DIGITS | BIT(CLASS_PUNCT))

int main(void)
{
	struct pwgen_request req;
	struct outcome out;

	ok(pwgen_called("pwgen") && pwgen_called("/usr/libexec/pass-genhelper/pwgen") &&
	   !pwgen_called("pass-genhelper") && !pwgen_called("/usr/bin/pwgen2") &&
	   !pwgen_called("pwgen/x") && !pwgen_called(NULL),
	   "the name pwgen, as the last path element, and no other");

	/* QtPass: -1 [--secure] --capitalize|--no-capitalize
	 * --numerals|--no-numerals [--symbols] LENGTH. */
	ok(translate(ARGC("-1", "--secure", "--capitalize", "--numerals", "16"),
		     ARGV("-1", "--secure", "--capitalize", "--numerals", "16"), true, &req, &out) &&
	   out.alphabet == 62 && out.length == 16 && out.count == 1 &&
	   out.required == CAPS_DIGITS && req.columns == 0 && !req.phonemes,
	   "QtPass's default: 62 characters, a capital and a digit, one, no columns");
	ok(translate(ARGC("-1", "--no-capitalize", "--no-numerals", "--symbols", "20"),
		     ARGV("-1", "--no-capitalize", "--no-numerals", "--symbols", "20"), false, &req,
		     &out) &&
	   req.phonemes && out.pronounceable && out.length == 20 && out.symbol && !out.digit &&
	   !out.capital && out.consonants == 19 && out.vowels == 6,
	   "QtPass's less random, no capitals or digits, symbols: pronounceable, one symbol");
	ok(translate(ARGC("-1", "--capitalize", "--numerals", "12"),
		     ARGV("-1", "--capitalize", "--numerals", "12"), false, &req, &out) &&
	   req.phonemes && out.pronounceable && out.length == 12 && out.capital && out.digit &&
	   !out.symbol,
	   "QtPass's less random, capitals and digits: pronounceable, one capital, one digit");

	/* pass 1.6: pwgen -s [-y] LENGTH 1. */
	ok(translate(ARGC("-s", "-y", "25", "1"), ARGV("-s", "-y", "25", "1"), false, &req, &out) &&
	   out.alphabet == 94 && out.length == 25 && out.count == 1 && out.required == ALL_THREE,
	   "pass 1.6 'pwgen -s -y 25 1': pass's 94 characters and three classes");
	ok(translate(ARGC("-s", "25", "1"), ARGV("-s", "25", "1"), false, &req, &out) &&
	   out.alphabet == 62 && out.required == CAPS_DIGITS,
	   "pass 1.6 'pwgen -s 25 1': 62 characters");

	/* Defaults, columns and counts. */
	ok(translate(1, ARGV(NULL), false, &req, &out) && out.length == 8 && out.count == 1 &&
	   req.phonemes && out.pronounceable && out.capital && out.digit && !out.symbol,
	   "no arguments: 8 characters, one password, pronounceable with a capital and a digit");
	ok(translate(ARGC("-B", "10"), ARGV("-B", "10"), false, &req, &out) && out.pronounceable &&
	   out.consonants == 13 && out.vowels == 4,
	   "-B, pronounceable: no letter whose either case is in B8G6I1l0OQDS5Z2 (b d g l s z, i o)");
	ok(translate(ARGC("-A", "-B", "10"), ARGV("-A", "-B", "10"), false, &req, &out) &&
	   out.pronounceable && out.consonants == 18 && out.vowels == 6,
	   "-A -B, pronounceable: only the lower case counts, l goes");
	ok(translate(ARGC("4"), ARGV("4"), false, &req, &out) && !req.phonemes &&
	   !out.pronounceable && out.alphabet == 62, "below 5 characters: random, as pwgen");
	ok(translate(1, ARGV(NULL), true, &req, &out) && req.columns == 8 && out.count == 160,
	   "on a terminal: 80 / 9 = 8 columns, 20 rows");
	ok(translate(ARGC("-1"), ARGV("-1"), true, &req, &out) && req.columns == 0 &&
	   out.count == 1, "-1 on a terminal: one password, one a line");
	ok(translate(ARGC("-C", "100"), ARGV("-C", "100"), false, &req, &out) &&
	   req.columns == 1 && out.count == 20, "-C with a long password: one column");
	ok(translate(ARGC("-N", "3", "10", "5"), ARGV("-N", "3", "10", "5"), false, &req, &out) &&
	   out.count == 5, "the count argument after -N wins");

	/* Rules: only above 2 characters. */
	ok(translate(ARGC("-y", "2"), ARGV("-y", "2"), false, &req, &out) && out.required == 0 &&
	   !req.phonemes, "2 characters: no class required, random");
	ok(translate(ARGC("-y", "3"), ARGV("-y", "3"), false, &req, &out) &&
	   out.required == ALL_THREE, "3 characters: the classes that are on");

	/* Characters. */
	ok(translate(ARGC("-s", "-B"), ARGV("-s", "-B"), false, &req, &out) && out.alphabet == 47,
	   "-B leaves out B8G6I1l0OQDS5Z2: 62 - 15");
	ok(translate(ARGC("-v"), ARGV("-v"), false, &req, &out) && out.alphabet == 48 &&
	   !req.phonemes, "-v leaves out 01aeiouyAEIOUY: 62 - 14, random");
	ok(translate(ARGC("-r", "\\-[]a", "-y", "-s"), ARGV("-r", "\\-[]a", "-y", "-s"), false,
		     &req, &out) && out.alphabet == 89,
	   "-r with tr(1)'s special characters removes them as bytes: 94 - 5");
	ok(translate(ARGC("-A", "-c", "-0", "-n", "-s"), ARGV("-A", "-c", "-0", "-n", "-s"), false,
		     &req, &out) && out.alphabet == 62, "the last of -A and -c, of -0 and -n, wins");

	/* Refusals. */
	ok(refused(ARGC("-H", "file"), ARGV("-H", "file"), "-H/--sha1 is refused"), "-H");
	ok(refused(ARGC("-r", "0123456789"), ARGV("-r", "0123456789"), "no digits left"),
	   "-r removing every digit while digits are on");
	ok(refused(ARGC("-0", "-A", "-r", "abcdefghijklmnopqrstuvwxyz"),
		   ARGV("-0", "-A", "-r", "abcdefghijklmnopqrstuvwxyz"), "no characters left"),
	   "-r removing everything");
	ok(refused(ARGC("0"), ARGV("0"), "invalid password length '0'"), "length 0");
	ok(refused(ARGC("4097"), ARGV("4097"), "the maximum is 4096"), "length 4097");
	ok(refused(ARGC("010"), ARGV("010"), "a leading zero"), "a leading zero");
	ok(refused(ARGC("8", "0"), ARGV("8", "0"), "invalid number of passwords '0'"), "count 0");
	ok(refused(ARGC("8", "1000000001"), ARGV("8", "1000000001"), "the maximum is 1000000000"),
	   "count over the bound");
	ok(refused(ARGC("8", "2", "3"), ARGV("8", "2", "3"), "unexpected argument '3'"),
	   "a third argument");
	ok(refused(ARGC("-x"), ARGV("-x"), "unknown option '-x'"), "an unknown short option");
	ok(refused(ARGC("--sha"), ARGV("--sha"), "requires an argument"),
	   "an abbreviated long option without its argument");
	ok(refused(ARGC("--nope"), ARGV("--nope"), "unknown option '--nope'"),
	   "an unknown long option");
	ok(refused(ARGC("--no", "8"), ARGV("--no", "8"),
		   "option '--no' is ambiguous; possibilities: '--no-numerals' '--no-capitalize' '--no-vowels'"),
	   "an ambiguous abbreviation of long options");
	ok(refused(ARGC("-N"), ARGV("-N"), "option '-N' requires an argument"), "-N alone");
	return done_testing();
}
