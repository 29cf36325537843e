/* test_spec.c - a request to a checked spec: defaults, lengths, alphabets, class rules */
#include "config.h"

#include "request/request.h"
#include "generator/spec.h"
#include "generator/spec_build.h"
#include "fixtures.h"
#include "tap.h"

static struct error err;

/* The command line parses, and spec_build() refuses it. */
#define REFUSES(name, part, ...)                                                       \
	ok((error_clear(&err), parse_options(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), &req, &err)) \
		 &&                                      \
		   !spec_build(&req, &spec, &err) && strstr(err.text, part),             \
	   "refuses %s: %s", name, err.text)

int main(void)
{
	struct request req;
	struct spec spec;

	/* Defaults. */
	ok(parse_and_build(1, (char *[]){ "pass-genhelper", NULL }, &req, &spec, &err),
	   "accepts no options");
	ok(spec.characters.length == 20 && spec.characters.alphabet.size == 94 && spec.count == 1 &&
	   spec.terminator == '\n' && spec.characters.required == 0,
	   "default: 20 characters of 94, one secret, newline");
	ACCEPTS("a bare length", "32");
	ok(spec.characters.length == 32, "a bare number is the length");
	ACCEPTS("--entropy 256 --format base64url", "--entropy", "256", "--format", "base64url");
	ok(spec.characters.length == 43 && spec.kind == SPEC_CHARACTERS, "256 bits of base64url: 43 characters");
	ACCEPTS("--require twice", "--require", "lower", "-r", "digit,upper", "-l", "3");
	ok(spec.characters.required == (1u << CLASS_LOWER | 1u << CLASS_UPPER | 1u << CLASS_DIGIT),
	   "--require options add up");
	ACCEPTS("--exclude twice", "-f", "digits", "-x", "0-4", "--exclude", "9");
	ok(spec.characters.alphabet.size == 4, "--exclude options add up: digits less 0-4 and 9");
	ACCEPTS("--no-ambiguous", "--no-ambiguous");
	ok(spec.characters.alphabet.size == 94 - 19, "--no-ambiguous removes 19 characters from graph");
	ACCEPTS("maximum length", "-l", "4096");
	ACCEPTS("maximum count", "-n", "1000000000");
	ACCEPTS("maximum bytes", "-f", "hex", "-b", "2048");
	ok(spec.kind == SPEC_TOKEN && spec.token.length == 4096, "2048 bytes of hex are 4096 characters");
	ACCEPTS("--null -v", "--null", "-v");
	ok(spec.terminator == '\0' && spec.verbose, "--null and --verbose are recorded");

	/* Usage errors found in the spec. */
	REFUSES("an unknown format", "unknown format 'rot13'", "-f", "rot13");
	REFUSES("--bytes with graph", "byte encoding", "-b", "16");
	REFUSES("--bytes with --charset", "byte encoding", "-c", "a-z", "-b", "16");
	REFUSES("--bytes after --exclude", "byte encoding", "-f", "base64", "-x", "+/", "-b", "16");
	REFUSES("--bytes with --require", "cannot be combined with --require", "-f", "base64",
		"-r", "digit", "-b", "16");
	REFUSES("a class the alphabet lacks", "no punct characters", "-f", "alnum", "-r", "punct");
	REFUSES("a class emptied by --exclude", "no digit characters", "-r", "digit", "-x",
		"[:digit:]");
	REFUSES("fewer characters than classes", "cannot hold", "-l", "3", "-r",
		"lower,upper,digit,punct");
	REFUSES("an empty set", "empty", "-c", "a", "-x", "a");
	REFUSES("a one-character set", "only one character", "-c", "aaa");
	/* Two characters with both required: 2^L - 2 strings, short of 2^4096
	 * even at the maximum length. */
	REFUSES("an unreachable target", "cannot be reached", "-c", "a0", "-r", "lower,digit",
		"-e", "4096");
	ACCEPTS("a target reached at the maximum length", "-c", "a0", "-e", "4096");
	ok(spec.characters.length == 4096, "4096 bits of a two-character set: 4096 characters");
	REFUSES("a bad --exclude set", "--exclude: range-endpoints", "-x", "z-a");
	REFUSES("rules that leave one string", "only one string", "-c", "ab1", "-r", "digit",
		"-l", "1");

	/* Thresholds compare the exact count, and the figure keeps its side. */
	ACCEPTS("64 of ab01 with a digit", "-c", "ab01", "-r", "digit", "-l", "64");
	ok(!spec_reaches(&spec, 128) && spec.bits < 128,
	   "2^128 - 2^64 strings: short of 128 bits, and so is the figure (%.17g)", spec.bits);
	ACCEPTS("two strings under site rules", "--rules", "allowed: [abc]; required: [ab];", "-l",
		"1");
	ok(spec_reaches(&spec, 1) && spec.bits == 1.0, "\"a\" and \"b\": one bit (%.17g)",
	   spec.bits);
	spec_free(&spec);
	ACCEPTS("--entropy 1 under site rules", "--rules", "allowed: [abc]; required: [ab];",
		"-e", "1");
	ok(spec.characters.length == 1, "one bit under rules: one character (2 strings)");
	spec_free(&spec);
	REFUSES("rules that would take a minute to count", "too much work", "--rules",
		"allowed: ascii-printable; max-consecutive: 3717; required: [a]", "-l", "4096");
	ACCEPTS("a passphrase", "-w", "10");
	ok(spec_reaches(&spec, 129) && !spec_reaches(&spec, 130),
	   "10 words of 7776: 129.2 bits, between 2^129 and 2^130");
	return done_testing();
}
