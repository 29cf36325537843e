/* test_pass-gen.c - pass gen's merge of a policy under the command line
 * (pass_gen_merge), row by row of the option table's policy column */
#include "config.h"

#include "pass-gen.h"
#include "fixtures.h"
#include "tap.h"

#include <string.h>

static struct error err;

/* The command line and the policy as requests, each through the parser. */
#define CLI(...) ok(parse_options(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), &cli, &err), \
		    "command line %s", err.text)
#define POLICY(...) ok(parse_options(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), &policy, &err), \
		       "policy %s", err.text)
#define MERGE() ok(pass_gen_merge(&cli, &policy, &err), "merged %s", err.text)

static bool same(const char *got, const char *want)
{
	return got == want || (got && want && strcmp(got, want) == 0);
}

int main(void)
{
	struct request cli, policy;

	/* The alphabet is the policy's; the command line's length stays. */
	CLI("-l", "30");
	POLICY("--format", "hex", "--entropy", "64");
	MERGE();
	ok(same(cli.format, "hex") && cli.length_kind == LENGTH_CHARS && cli.length_value == 30,
	   "the policy's alphabet, the command line's length");

	/* With no length on the command line, the policy's. */
	CLI("-A");
	POLICY("--words", "--entropy", "64");
	MERGE();
	ok(cli.words && cli.length_kind == LENGTH_ENTROPY && cli.length_value == 64,
	   "the policy's words and length");
	CLI("--bytes", "16");
	POLICY("--format", "base64", "--entropy", "64");
	MERGE();
	ok(cli.length_kind == LENGTH_BYTES && cli.length_value == 16,
	   "a length given another way on the command line is the length");

	/* Rules that add up: the policy's, then the command line's. */
	CLI("-r", "digit", "-x", "a", "-x", "b");
	POLICY("--require", "upper", "--exclude", "c", "--no-ambiguous", "--digit");
	MERGE();
	ok(cli.required == ((1u << CLASS_DIGIT) | (1u << CLASS_UPPER)), "--require classes add up");
	ok(cli.exclude_count == 3 && same(cli.exclude[0], "c") && same(cli.exclude[1], "a") &&
	   same(cli.exclude[2], "b"), "--exclude sets add up, the policy's first");
	ok(cli.no_ambiguous && cli.digit, "flags add up");

	/* Rules of one value: the command line's wins, and an option it
	 * cannot be combined with counts as giving it. */
	CLI("-w", "-s", "-", "-C", "first", "--symbols", "!");
	POLICY("--separators", "+=", "--capitalize", "all", "--symbols", "#", "--symbol");
	MERGE();
	ok(same(cli.separator, "-") && !cli.separators,
	   "--separator on the command line sets the policy's --separators aside");
	ok(same(cli.capitalize, "first") && same(cli.symbols, "!") && cli.symbol,
	   "--capitalize and --symbols: the command line's");
	CLI("-l", "5");
	POLICY("--separators", "+=", "--capitalize", "all");
	MERGE();
	ok(same(cli.separators, "+=") && same(cli.capitalize, "all") && !cli.separator,
	   "without them on the command line, the policy's");

	/* Site rules: one value, and --no-site-rules sets the policy's aside. */
	CLI("--no-site-rules");
	POLICY("--site", "example.com");
	MERGE();
	ok(!cli.site && !cli.rules && cli.no_site_rules, "--no-site-rules: no site from the policy");
	CLI("--rules", "minlength: 8");
	POLICY("--site", "example.com");
	MERGE();
	ok(same(cli.rules, "minlength: 8") && !cli.site, "--rules sets the policy's --site aside");
	CLI("-l", "5");
	POLICY("--rules", "required: digit");
	MERGE();
	ok(same(cli.rules, "required: digit"), "without site rules on the command line, the policy's");

	/* What a policy may not set is never taken from it. */
	CLI("-l", "5");
	POLICY("--count", "3", "--verbose");
	MERGE();
	ok(cli.count == 1 && !cli.verbose, "--count and --verbose are not merged");

	/* The policy's word list goes with its name. */
	CLI("-l", "5");
	POLICY("--wordlist", "list.txt");
	policy.wordlist_data = "data";
	policy.wordlist_len = 4;
	MERGE();
	ok(same(cli.wordlist, "list.txt") && cli.wordlist_data == policy.wordlist_data &&
	   cli.wordlist_len == 4, "the policy's word list, read already, with its name");

	/* Too many --exclude together. */
	CLI("-x", "a", "-x", "b", "-x", "c", "-x", "d", "-x", "e", "-x", "f", "-x", "g", "-x", "h",
	    "-x", "i");
	POLICY("-x", "1", "-x", "2", "-x", "3", "-x", "4", "-x", "5", "-x", "6", "-x", "7", "-x", "8");
	ok(!pass_gen_merge(&cli, &policy, &err) &&
	   strstr(err.text, "too many --exclude options with the policy's (maximum 16)"),
	   "more than 16 --exclude together: refused: %s", err.text);

	/* A policy's own options conflict as the command line's do (one check,
	 * in apply_option). */
	error_clear(&err);
	ok(!parse_options(ARGC("--format", "hex", "--charset", "a-z"),
			  ARGV("--format", "hex", "--charset", "a-z"), &policy, &err) &&
	   strcmp(err.text, "--format and --charset cannot be combined") == 0,
	   "--format with --charset: %s", err.text);
	return done_testing();
}
