/*
 * test_generate.c - golden outputs through the scripted random source.
 *
 * Each expected string is worked out by hand from the mapping in uniform.c:
 * a byte x becomes x * N >> 8 unless the low byte of x * N is below 256 mod N.
 */
#include "config.h"

#include "fake_random.h"
#include "generate.h"
#include "spec.h"
#include "tap.h"

#include <stdlib.h>

/* Build a spec from a command line, as main() does. */
static struct spec spec_from(int argc, char **argv)
{
	struct request req;
	struct spec spec;
	char err[256];

	if (!parse_options(argc, argv, &req, err, sizeof err) ||
	    !spec_build(&req, &spec, err, sizeof err)) {
		printf("Bail out! spec: %s\n", err);
		exit(1);
	}
	return spec;
}

static void golden(char **argv, int argc, const unsigned char *script, size_t len,
		   const char *want, const char *name)
{
	struct spec spec = spec_from(argc, argv);
	char out[64] = "";

	fake_random_script(script, len);
	generate_secret(&spec, out);
	out[spec.length] = '\0';
	is_str(out, want, name);
}

#define ARGV(...) ((char *[]){ "pass-genhelper", __VA_ARGS__, NULL })
#define ARGC(...) ((int)(sizeof((char *[]){ "pass-genhelper", __VA_ARGS__ }) / sizeof(char *)))
#define GOLDEN(script, want, name, ...) \
	golden(ARGV(__VA_ARGS__), ARGC(__VA_ARGS__), script, sizeof script, want, name)

int main(void)
{
	/* Digits, N = 10, reject low < 6:
	 *  25 ->  250: '0'         26 ->  260: low 4, rejected
	 *  51 ->  510: '1'         52 ->  520: '2'
	 * 255 -> 2550: '9'        128 -> 1280: low 0, rejected
	 *   0 ->    0: rejected   200 -> 2000: '7' */
	static const unsigned char digits_script[] = { 25, 26, 51, 52, 255, 128, 0, 200 };
	/* alnum is 0-9 A-Z a-z (indexes 0, 10, 36 for '0', 'A', 'a'); N = 62,
	 * reject low < 8.  149 -> 9238 = 36 * 256 + 22: 'a'.  42 -> 2604 =
	 * 10 * 256 + 44: 'A'.  1 -> 62: '0'.  "aaa" lacks upper and digit and is
	 * thrown away whole; "aA0" is accepted. */
	static const unsigned char rules_script[] = { 149, 149, 149, 149, 42, 1 };
	/* Without the rule the first candidate stands. */
	static const unsigned char foobar[] = { 'f', 'o', 'o', 'b', 'a', 'r' };
	/* graph: '!' is index 0, '~' index 93; N = 94, reject low < 68.
	 * 255 -> 23970 = 93 * 256 + 162: '~'.  3 -> 282 = 1 * 256 + 26: rejected.
	 * 4 -> 376 = 1 * 256 + 120: index 1, '"'. */
	static const unsigned char graph_script[] = { 255, 3, 4 };

	GOLDEN(digits_script, "01297", "digits: scripted bytes, two rejections", "--format",
	       "digits", "--length", "5");
	GOLDEN(rules_script, "aA0", "rule check rejects 'aaa' and keeps 'aA0'", "--format",
	       "alnum", "--length", "3", "--require", "lower,upper,digit");
	GOLDEN(rules_script, "aaa", "without rules 'aaa' is kept", "--format", "alnum",
	       "--length", "3");
	GOLDEN(foobar, "Zm9vYmFy", "base64 --bytes 6 encodes the bytes", "--format", "base64",
	       "--bytes", "6");
	GOLDEN(foobar, "MZXW6YTBOI", "base32 --bytes 6", "--format", "base32", "--bytes", "6");
	GOLDEN(foobar, "666f6f626172", "hex --bytes 6", "--format", "hex", "--bytes", "6");
	GOLDEN(graph_script, "~\"", "graph: byte 255 is '~', 3 is rejected, 4 is '\"'", "2");

	ok(meets_rules("aB3!", 4, 15) && !meets_rules("aB3 ", 4, 15) && meets_rules("x", 1, 0),
	   "meets_rules");
	{
		struct spec spec = spec_from(ARGC("--format", "base64", "--bytes", "18"),
					     ARGV("--format", "base64", "--bytes", "18"));

		ok(spec.length == 24 && spec.bits == 144.0, "base64 --bytes 18: 24 characters, 144 bits");
	}
	return done_testing();
}
