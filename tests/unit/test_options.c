/* test_options.c - argv to a request: number bounds, the option table, conflicts */
#include "config.h"

#include "request/options_table.h"
#include "request/request.h"
#include "generator/spec.h"
#include "fixtures.h"
#include "tap.h"

#include <string.h>

static struct error err;

/* The parser itself refuses the command line (spec_build.c is never reached). */
#define REFUSES(name, part, ...)                                                         \
	ok((error_clear(&err), !parse_options(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), &req, &err)) && \
	       strstr(err.text, part),                                                              \
	   "refuses %s: %s", name, err.text)

int main(void)
{
	struct request req;
	struct spec spec;
	unsigned long value;

	/* parse_bounded: strtonum-like. */
	ok(parse_bounded("42", 1, 100, "n", &value, &err) && value == 42, "42");
	ok(parse_bounded("100", 1, 100, "n", &value, &err) && value == 100, "the maximum");
	ok(parse_bounded("0001", 1, 100, "n", &value, &err) && value == 1, "leading zeros");
	ok(!parse_bounded("101", 1, 100, "n", &value, &err) && strstr(err.text, "maximum is 100"),
	   "above the maximum: %s", err.text);
	ok(!parse_bounded("0", 1, 100, "n", &value, &err) && strstr(err.text, "minimum is 1"),
	   "below the minimum: %s", err.text);
	{
		static const char *const junk[] = { "", "-1", "+1", " 1", "1 ", "1x", "0x10", "1e3", "abc" };

		for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++)
			ok(!parse_bounded(junk[i], 1, 100, "n", &value, &err),
			   "'%s' is not a number: %s", junk[i], err.text);
	}
	ok(!parse_bounded("18446744073709551616", 1, (unsigned long)-1, "n", &value, &err),
	   "2^64 overflows and is refused, not wrapped");
	ok(parse_bounded("18446744073709551615", 1, (unsigned long)-1, "n", &value, &err) &&
	   value == (unsigned long)-1, "2^64 - 1 is the largest accepted");

	/* Usage errors. */
	REFUSES("an unknown option", "unknown option '--frobnicate'", "--frobnicate");
	REFUSES("an unknown short option", "unknown option '-k'", "-k");
	REFUSES("a flag given a value", "option '--verbose' doesn't allow an argument", "--verbose=yes");
	REFUSES("an abbreviated flag given a value", "option '--verbose' doesn't allow an argument",
		"--verb=1");
	REFUSES("an unknown letter in a cluster after a long option names the letter",
		"unknown option '-q'", "--verbose", "-qv");
	REFUSES("an unknown letter at a cluster's end", "unknown option '-q'", "--verbose", "-vq");
	REFUSES("a missing argument at a cluster's end names the letter",
		"option '-f' requires an argument", "--verbose", "-vf");
	REFUSES("an ambiguous abbreviation is called ambiguous",
		"option '--sep' is ambiguous; possibilities: '--separator' '--separators'", "--sep", "x");
	REFUSES("an unknown long option with a value is named without it",
		"unknown option '--frob'", "--frob=1");
	REFUSES("a non-ASCII option letter is shown escaped", "unknown option '-\\xc3'", "-\xc3\xa9");
	REFUSES("escape sequences in an option are shown escaped",
		"unknown option '--\\x1b[2J'", "--\x1b[2J");
	REFUSES("a missing argument", "requires an argument", "--length");
	REFUSES("--length with --entropy", "cannot be combined", "-l", "5", "-e", "40");
	REFUSES("--bytes with --length", "cannot be combined", "-f", "hex", "-b", "5", "-l", "4");
	REFUSES("--length with a bare number", "cannot be combined", "-l", "5", "7");
	REFUSES("two bare numbers", "unexpected argument", "5", "7");
	REFUSES("a bare word", "invalid length 'abc'", "abc");
	REFUSES("--format with --charset", "cannot be combined", "-f", "hex", "-c", "a-z");
	REFUSES("length 0", "minimum is 1", "-l", "0");
	REFUSES("length 4097", "maximum is 4096", "-l", "4097");
	REFUSES("entropy 4097", "maximum is 4096", "-e", "4097");
	REFUSES("bytes 2049", "maximum is 2048", "-f", "hex", "-b", "2049");
	REFUSES("count 0", "minimum is 1", "-n", "0");
	REFUSES("count 10^9 + 1", "maximum is 1000000000", "-n", "1000000001");
	REFUSES("an unknown class", "invalid class 'symbol'", "-r", "lower,symbol");
	REFUSES("an empty class list item", "invalid class ''", "-r", "lower,");
	REFUSES("17 --exclude options", "too many --exclude", "-x", "a", "-x", "a", "-x", "a",
		"-x", "a", "-x", "a", "-x", "a", "-x", "a", "-x", "a", "-x", "a", "-x", "a", "-x",
		"a", "-x", "a", "-x", "a", "-x", "a", "-x", "a", "-x", "a", "-x", "a");
	/* The hidden table options: exact and alone, so that "--l" still
	 * abbreviates --length and nothing else changes meaning. */
	ok(parse_options(2, ARGV("--list-formats"), &req, &err) &&
	   req.action == ACTION_LIST && strcmp(req.listing->name, "list-formats") == 0, "--list-formats");
	ok(parse_options(2, ARGV("--list-options"), &req, &err) &&
	   req.action == ACTION_LIST && strcmp(req.listing->name, "list-options") == 0, "--list-options");
	REFUSES("--list-formats with another option", "unknown option '--list-formats'",
		"--list-formats", "-v");
	REFUSES("an abbreviation of --list-options", "unknown option '--list-option'",
		"--list-option");
	ACCEPTS("--l as an abbreviation of --length", "--l", "7");
	ok(spec.characters.length == 7, "--l is still --length");
	/* Parsing twice in one process gives the same answer (getopt reset). */
	ACCEPTS("a second parse", "-f", "digits", "-l", "6");
	ok(spec.characters.length == 6 && spec.characters.alphabet.size == 10, "parsing is repeatable");
	return done_testing();
}
