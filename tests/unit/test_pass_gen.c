/* test_pass_gen.c - pass gen's merge of a policy under the command line
 * (pass_gen_merge), row by row of the option table's policy column, and
 * its strength rule (strength_judge) on what the policy, the consent in
 * PASSWORD_STORE_GEN_ALLOW_WEAK and the entry's site rules give */
#include "config.h"

#include "pass/pass_gen.h"
#include "pass/strength.h"
#include "generator/spec_build.h"
#include "fixtures.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* The strength rule: a store (a temporary folder) with the folder bank,
 * whose policy file's private copy is `copy`; a command of pass gen under
 * it, resolved, built and judged as the program does. */
static char store[] = "/tmp/test_pass_gen.XXXXXX";
static char copy[sizeof store + 16];
static char notice[MESSAGE_BYTES]; /* the last notice of a weak secret allowed */
static double figure;             /* the exact bits of the last spec built */

static void keep_notice(const char *line)
{
	snprintf(notice, sizeof notice, "%s", line);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ok(f && fputs(text, f) >= 0 && fclose(f) == 0, "wrote %s", path);
}

/* consent is PASSWORD_STORE_GEN_ALLOW_WEAK (NULL: unset). */
static enum pass_gen_result judged(const char *consent, int argc, char **argv)
{
	struct pass_gen pg;
	struct request req;
	struct spec spec;
	enum pass_gen_result result;

	if (consent)
		setenv(CONSENT_VARIABLE, consent, 1);
	else
		unsetenv(CONSENT_VARIABLE);
	notice[0] = '\0';
	figure = -1;
	error_clear(&err);
	if (!parse_options(argc, argv, &req, &err)) {
		ok(false, "command line %s", err.text);
		return PASS_GEN_USAGE;
	}
	result = pass_gen_resolve(&pg, &req, &err);
	if (result == PASS_GEN_OK) {
		if (!spec_build(&req, &spec, &err)) {
			ok(false, "spec %s", err.text);
			pass_gen_free(&pg);
			return PASS_GEN_USAGE;
		}
		figure = spec.bits;
		result = strength_judge(&pg, &spec, keep_notice, &err);
		spec_free(&spec);
	}
	pass_gen_free(&pg);
	return result;
}

/* Under the policy in bank (its copy), and as pass gen runs without one. */
#define UNDER_POLICY(consent, ...) \
	judged(consent, ARGC("--pass-gen", "--pass-store", store, "--pass-policy", copy, \
			     "--pass-policy-folder", "/bank", __VA_ARGS__), \
	       ARGV("--pass-gen", "--pass-store", store, "--pass-policy", copy, \
		    "--pass-policy-folder", "/bank", __VA_ARGS__))
#define WITHOUT_POLICY(consent, ...) \
	judged(consent, ARGC("--pass-gen", __VA_ARGS__), ARGV("--pass-gen", __VA_ARGS__))

static bool has(const char *text, const char *part)
{
	return strstr(text, part) != NULL;
}

static void test_policy_strength(void)
{
	char name[sizeof store + 32];

	/* A 6-digit PIN: 19.9 bits, far below the command line's 25
	 * characters of pass's default set. */
	write_file(copy, "--format digit\n--length 6\n");
	snprintf(name, sizeof name, "'%s/bank/.pass-gen'", store);
	ok(UNDER_POLICY(NULL, "--entry", "bank/pin") == PASS_GEN_REFUSED,
	   "a weak policy without consent: refused");
	ok(has(err.text, name) && has(err.text, " gives 19.9 bits") &&
	   has(err.text, "less than 128") && has(err.text, "sign it (PASSWORD_STORE_SIGNING_KEY)") &&
	   has(err.text, "add its folder and the fewest bits you accept to PASSWORD_STORE_GEN_ALLOW_WEAK, such as '/bank:19'"),
	   "the refusal names the file, the figure and both ways to consent: %s", err.text);
	ok(UNDER_POLICY("site=example.com:0", "--entry", "bank/pin") == PASS_GEN_REFUSED,
	   "consent for something else does not count");

	/* A signature allows it (a signed policy names its folder). */
	write_file(copy, "--folder /bank\n--format digit\n--length 6\n");
	ok(UNDER_POLICY(NULL, "--pass-policy-signed") == PASS_GEN_OK && has(notice, "allowed by its signature"),
	   "a signed weak policy: allowed, with a notice: %s", notice);
	ok(UNDER_POLICY(NULL, "--entry", "bank/pin") == PASS_GEN_REFUSED,
	   "the same file unsigned: refused");

	/* The folder with a floor: allowed when the secret holds the floor. */
	write_file(copy, "--charset ab01\n--length 10\n"); /* exactly 20 bits */
	ok(UNDER_POLICY("/bank:20", "--entry", "bank/x") == PASS_GEN_OK &&
	   has(notice, "allowed by PASSWORD_STORE_GEN_ALLOW_WEAK"),
	   "exactly at the floor: allowed: %s", notice);
	ok(UNDER_POLICY("/bank:21", "--entry", "bank/x") == PASS_GEN_REFUSED &&
	   has(err.text, "PASSWORD_STORE_GEN_ALLOW_WEAK allows '/bank' down to 21 bits only"),
	   "one bit under the floor: refused: %s", err.text);
	ok(UNDER_POLICY("/bank//:0", "--entry", "bank/x") == PASS_GEN_OK,
	   "the folder as the consent writes it, its doubled and trailing / dropped");
	ok(UNDER_POLICY("/bank", "--entry", "bank/x") == PASS_GEN_REFUSED &&
	   has(err.text, "names '/bank' without a floor, which allows nothing below 128 bits") &&
	   has(err.text, "such as '/bank:20'"),
	   "the folder without a floor allows nothing: %s", err.text);

	/* 2^128 - 2^64 strings: its log2 rounds to 128 as a double, but the
	 * count is below 2^128. */
	write_file(copy, "--charset ab01\n--require digit\n--length 64\n");
	ok(UNDER_POLICY("/bank:128", "--entry", "bank/x") == PASS_GEN_REFUSED,
	   "just under 128 bits, floor 128: refused");
	ok(has(err.text, " gives 127.99") && !has(err.text, " gives 128.0 bits"),
	   "its figure does not read 128.0: %s", err.text);
	ok(UNDER_POLICY(NULL, "--entry", "bank/x") == PASS_GEN_REFUSED,
	   "just under 128 bits without consent: refused");
	ok(UNDER_POLICY("/bank:127", "--entry", "bank/x") == PASS_GEN_OK,
	   "just under 128 bits, floor 127: allowed");
	write_file(copy, "--charset ab01\n--length 64\n"); /* exactly 2^128 */
	ok(UNDER_POLICY(NULL, "--entry", "bank/x") == PASS_GEN_OK && !notice[0],
	   "exactly 128 bits: strong, no notice");

	/* The slack: a policy may cost up to 1 bit against the command line
	 * alone (16 characters of 94: 104.9 bits); 3 characters fewer cost
	 * 0.75 bit, 4 fewer 1.004 bits. */
	write_file(copy, "--exclude abc\n");
	ok(UNDER_POLICY(NULL, "-l", "16") == PASS_GEN_OK && !notice[0],
	   "a policy within 1 bit of the command line alone: no consent needed");
	write_file(copy, "--require lower,upper\n--require digit,punct\n");
	ok(UNDER_POLICY(NULL, "-l", "16") == PASS_GEN_OK, "--require of every class: within the slack: %s", err.text);
	write_file(copy, "--exclude abcd\n");
	ok(UNDER_POLICY(NULL, "-l", "16") == PASS_GEN_REFUSED &&
	   has(err.text, "and less than the 104.9 bits without it"),
	   "a policy more than 1 bit below the command line alone: refused: %s", err.text);

	/* The slack compares counts: with pass's character set of 20 (from
	 * its environment, outside the store), a policy requiring a digit at
	 * length 1 leaves 10 strings, exactly half, though log2 10 =
	 * 3.3219280948873622 and log2 20 - 1 = 3.3219280948873626 as doubles;
	 * requiring one of 9 digits leaves less than half. */
	write_file(copy, "--require digit\n");
	setenv("PASSWORD_STORE_CHARACTER_SET", "0123456789abcdefghij", 1);
	ok(UNDER_POLICY(NULL, "-l", "1") == PASS_GEN_OK && !notice[0],
	   "exactly 1 bit below the command line alone: within the slack: %s", err.text);
	setenv("PASSWORD_STORE_CHARACTER_SET", "012345678abcdefghijk", 1);
	ok(UNDER_POLICY(NULL, "-l", "1") == PASS_GEN_REFUSED,
	   "9 strings of 20: more than 1 bit below: refused");
	unsetenv("PASSWORD_STORE_CHARACTER_SET");
}

/* 676 words of 26 bytes that share their first 24: 16 of them hold 150.4
 * bits, but the first 72 bytes of a passphrase hold only 2 whole words. */
static void test_bcrypt_bound(void)
{
	char path[sizeof store + 32], *list = malloc(676 * 27 + 1), *at = list;

	for (char a = 'a'; a <= 'z'; a++)
		for (char b = 'a'; b <= 'z'; b++)
			at += sprintf(at, "sharedprefixsharedprefix%c%c\n", a, b);
	snprintf(path, sizeof path, "%s/bank/long.txt", store);
	write_file(path, list);
	free(list);
	write_file(copy, "--wordlist long.txt\n--length 16\n");
	ok(UNDER_POLICY(NULL, "--entry", "bank/x") == PASS_GEN_REFUSED && figure > 150,
	   "a passphrase of %.1f bits whose first 72 bytes keep 18.8: refused", figure);
	ok(has(err.text, "(bcrypt) keeps at least 18.8 bits of it") && has(err.text, "'/bank:18'"),
	   "the refusal gives the bcrypt bound: %s", err.text);
	ok(UNDER_POLICY("/bank:19", "--entry", "bank/x") == PASS_GEN_REFUSED,
	   "a floor above the bound, below the whole figure: refused");
	ok(UNDER_POLICY("/bank:18", "--entry", "bank/x") == PASS_GEN_OK,
	   "a floor at the bound: allowed");
	unlink(path);
}

/* bpl.bibliocommons.com's rules: a 4-digit PIN, 13.3 bits. */
static void test_site_strength(void)
{
	ok(WITHOUT_POLICY(NULL, "--entry", "lib/bpl.bibliocommons.com") == PASS_GEN_REFUSED,
	   "site rules an entry's name picks, without consent: refused");
	ok(has(err.text, "the password rules of site 'bpl.bibliocommons.com' for entry 'lib/bpl.bibliocommons.com' give 13.3 bits") &&
	   has(err.text, "give --no-site-rules") && has(err.text, "such as 'site=bpl.bibliocommons.com:13'"),
	   "the refusal names the site, the entry, the figure and the ways out: %s", err.text);
	ok(WITHOUT_POLICY("site=bpl.bibliocommons.com:13", "--entry", "lib/bpl.bibliocommons.com") ==
	   PASS_GEN_OK && has(notice, "allowed by PASSWORD_STORE_GEN_ALLOW_WEAK"),
	   "with the site and a floor it holds: allowed: %s", notice);
	ok(WITHOUT_POLICY("site=BPL.bibliocommons.com:14", "--entry", "lib/bpl.bibliocommons.com") ==
	   PASS_GEN_REFUSED, "a floor above what the rules give: refused");
	ok(WITHOUT_POLICY("site=bpl.bibliocommons.com", "--entry", "lib/bpl.bibliocommons.com") ==
	   PASS_GEN_REFUSED, "the site without a floor: refused");
	ok(WITHOUT_POLICY("/lib:0", "--entry", "lib/bpl.bibliocommons.com") == PASS_GEN_REFUSED,
	   "the entry's folder is not the site");
	ok(WITHOUT_POLICY(NULL, "--entry", "lib/bpl.bibliocommons.com", "--no-site-rules") ==
	   PASS_GEN_OK, "--no-site-rules: nothing to judge");
	ok(WITHOUT_POLICY(NULL, "--site", "bpl.bibliocommons.com") == PASS_GEN_OK && !notice[0] &&
	   figure < 14, "--site on the command line: the user's choice, not judged");
}

/* The policy's folder, as pass gen hands it over, resolved once: from the
 * store's top, and named with the store (its trailing '/' dropped) in
 * what the policy says. */
static void test_policy_folder(void)
{
	char slashed[sizeof store + 2], name[sizeof store + 64];

	write_file(copy, "--length 6\n--folder /elsewhere\n");
	ok(judged(NULL, ARGC("--pass-gen", "--pass-store", store, "--pass-policy", copy,
			     "--pass-policy-folder", "bank"),
		  ARGV("--pass-gen", "--pass-store", store, "--pass-policy", copy,
		       "--pass-policy-folder", "bank")) == PASS_GEN_USAGE &&
	   has(err.text, "invalid --pass-policy-folder 'bank': a folder's path in the store, such as /bank"),
	   "a folder not from the store's top: a usage error: %s", err.text);
	snprintf(slashed, sizeof slashed, "%s/", store);
	snprintf(name, sizeof name, "'%s/bank/.pass-gen' is for the folder '/elsewhere'", store);
	ok(judged(NULL, ARGC("--pass-gen", "--pass-store", slashed, "--pass-policy", copy,
			     "--pass-policy-folder", "/x/../bank/"),
		  ARGV("--pass-gen", "--pass-store", slashed, "--pass-policy", copy,
		       "--pass-policy-folder", "/x/../bank/")) == PASS_GEN_REFUSED &&
	   has(err.text, name) && has(err.text, "not for '/bank' where it is"),
	   "the folder resolved, the policy named below the store: %s", err.text);
}

static void test_strength(void)
{
	char bank[sizeof store + 8];

	if (!mkdtemp(store)) {
		ok(false, "mkdtemp");
		return;
	}
	snprintf(bank, sizeof bank, "%s/bank", store);
	mkdir(bank, 0700);
	snprintf(copy, sizeof copy, "%s/copy", store);
	/* pass's environment as if unset. */
	unsetenv("PASSWORD_STORE_CHARACTER_SET");
	unsetenv("PASSWORD_STORE_CHARACTER_SET_NO_SYMBOLS");
	unsetenv("PASSWORD_STORE_GENERATED_LENGTH");
	unsetenv("PASSWORD_STORE_GENERATED_ENTROPY");
	test_policy_folder();
	test_policy_strength();
	test_bcrypt_bound();
	test_site_strength();
	unsetenv(CONSENT_VARIABLE);
	unlink(copy);
	rmdir(bank);
	rmdir(store);
}

int main(void)
{
	struct request cli, policy;

	/* The alphabet is the policy's; the command line's length stays. */
	CLI("-l", "30");
	POLICY("--format", "hex", "--entropy", "64");
	MERGE();
	ok(cli.format == &formats[FORMAT_ID_HEX] && cli.length_kind == LENGTH_CHARS && cli.length_value == 30,
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

	test_strength();
	return done_testing();
}
