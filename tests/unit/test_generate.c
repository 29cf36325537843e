/*
 * test_generate.c - golden outputs through the scripted random source.
 *
 * Each expected string is worked out by hand from the mapping in uniform.c:
 * a 64-bit word x (8 script bytes, big-endian) gives the k base-N digits of
 * V = floor(x N^k / 2^64), unless x N^k mod 2^64 is below 2^64 mod N^k.
 * Three words are easy to follow for any N^k < 2^64 that does not divide
 * 2^64: 0 is rejected (low part 0); 1 is V = 0, every digit 0 (low part
 * N^k); 2^64 - 1 is V = N^k - 1, every digit N - 1 (low part 2^64 - N^k,
 * at least 2^64 mod N^k).  And for N^k divisible by 4, c 2^62 + 1 is
 * V = c N^k / 4 (low part N^k).
 */
#include "config.h"

#include "generator/generate.h"
#include "scripted_source.h"
#include "generator/spec.h"
#include "generator/spec_build.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

/* Build a spec from a command line into *spec, as main() does: in place,
 * since a spec may point into itself (a passphrase at its word list). */
static void spec_from(struct spec *spec, int argc, char **argv)
{
	struct request req;
	struct error err;

	if (!parse_options(argc, argv, &req, &err) || !spec_build(&req, spec, &err)) {
		printf("Bail out! spec: %s\n", err.text);
		exit(1);
	}
}

static struct scripted_source stream;

static void golden(char **argv, int argc, const unsigned char *script, size_t len,
		   const char *want, const char *name)
{
	struct spec spec;
	char out[64] = "";

	spec_from(&spec, argc, argv);
	/* The pool's first request: the script. */
	out[generate_secret(&spec, scripted_source_init(&stream, script, len, 0, len), out)] = '\0';
	is_str(out, want, name);
}

#define ARGV(...) ((char *[]){ "pass-genhelper", __VA_ARGS__, NULL })
#define ARGC(...) ((int)(sizeof((char *[]){ "pass-genhelper", __VA_ARGS__ }) / sizeof(char *)))
#define GOLDEN(script, want, name, ...) \
	golden(ARGV(__VA_ARGS__), ARGC(__VA_ARGS__), script, sizeof script, want, name)

/* `count` secrets of the spec one at a time (generate_secret) and in
 * batches (generate_batch), each from a scripted stream of the same seed
 * announced alike: the same bytes, terminators included. */
static bool batches_match(int argc, char **argv, unsigned long count)
{
	static char single[1 << 20], batched[1 << 20];
	static struct scripted_source one, many;
	struct spec spec;
	struct random_source *a, *b;
	size_t at = 0, made = 0;
	bool fits = true;

	spec_from(&spec, argc, argv);
	a = scripted_source_init(&one, NULL, 0, 99, generate_random_bytes(&spec));
	b = scripted_source_init(&many, NULL, 0, 99, generate_random_bytes(&spec));

	if (!generate_batches(&spec)) {
		spec_free(&spec);
		return false;
	}
	for (unsigned long i = 0; i < count; i++) {
		at += generate_secret(&spec, a, single + at);
		single[at++] = '\n';
	}
	for (unsigned long left = count; left > 0;) {
		size_t room;
		unsigned long n = generate_batch_count(&spec, left, &room);
		size_t len = generate_batch(&spec, b, n, '\n', batched + made);

		fits &= n >= 1 && n <= left && len <= room && room <= GENERATE_BATCH_ROOM;
		made += len;
		left -= n;
	}
	spec_free(&spec);
	return fits && made == at && memcmp(single, batched, at) == 0;
}

#define BATCHES(count, name, ...) \
	ok(batches_match(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), count), "batches: %s", name)

static void test_batches(void)
{
	BATCHES(3000, "3000 x 25 of 94 characters", "25");
	BATCHES(2000, "2000 x 16 of 94 characters (the spreading's cases end at 16, 32, 33)", "16");
	BATCHES(2000, "2000 x 32 of 94 characters", "32");
	BATCHES(2000, "2000 x 33 of 94 characters", "33");
	BATCHES(3000, "3000 x 7 digits (18 a word)", "--format", "digits", "7");
	BATCHES(500, "500 x 300 of 62 characters", "--format", "alnum", "300");
	BATCHES(3000, "3000 base64 tokens of 16 bytes", "--format", "base64", "--bytes", "16");
	BATCHES(3000, "3000 base64url tokens of 17 bytes", "--format", "base64url", "--bytes", "17");
	BATCHES(3000, "3000 hex tokens of 5 bytes", "--format", "hex", "--bytes", "5");
	BATCHES(3000, "3000 passphrases of 6 words", "-w", "6");
	BATCHES(12000, "12000 passphrases of 6 words, the list spelt out for a long run", "-w", "6",
		"--count", "12000");
	BATCHES(12000, "12000 passphrases of 3 words, '-' between, the list spelt out", "-w", "3",
		"-s", "-", "--count", "12000");
	BATCHES(500, "500 passphrases of 40 words, '--' between", "-w", "40", "-s", "--");
	BATCHES(1000, "1000 passphrases, capitalised", "-w", "5", "--capitalize", "first");
	{
		struct spec spec, rules;

		spec_from(&spec, ARGC("-w", "6", "-C", "random"), ARGV("-w", "6", "-C", "random"));
		spec_from(&rules, ARGC("--require", "digit", "12"), ARGV("--require", "digit", "12"));

		ok(!generate_batches(&spec) && !generate_batches(&rules),
		   "no batches where other draws come between (random capitals) or whole candidates are judged (class rules)");
		spec_free(&spec);
		spec_free(&rules);
	}
}

int main(void)
{
#define ZERO 0, 0, 0, 0, 0, 0, 0, 0
#define ONE 0, 0, 0, 0, 0, 0, 0, 1
#define ALL_ONES 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
	/* Digits: 10^18 <= 2^64 < 10^19, and k = 18 carries more digits per
	 * word than k = 19 (which rejects 46% of the words): word 0 rejected,
	 * word 1 gives 18 zeros, then the first two of 18 nines. */
	static const unsigned char digits_script[] = { ZERO, ONE, ALL_ONES };
	/* alnum is 0-9 A-Z a-z (indexes 0, 10, 36 for '0', 'A', 'a'); 62^10 <=
	 * 2^64 < 62^11, so k = 10.  2^64 - 1 is ten 'z', thrown away whole for
	 * the rule; 3 * 2^62 + 1 is V = 3 * 62^10 / 4 = 46 * 62^9 + 31 * 62^8:
	 * 'k' (36 + 10), 'V' (10 + 21), then eight '0'. */
	static const unsigned char rules_script[] = { ALL_ONES, 0xc0, 0, 0, 0, 0, 0, 0, 1 };
	/* Without the rule the first candidate stands. */
	static const unsigned char foobar[] = { 'f', 'o', 'o', 'b', 'a', 'r' };
	/* graph: '!' is index 0, '~' index 93; 94^9 <= 2^64 < 94^10, k = 9.
	 * Word 0 is rejected; 2^63 + 1 is V = 94^9 / 2 = 47 * 94^8: index 47,
	 * 'P' (0x21 + 47 = 0x50), then '!'. */
	static const unsigned char graph_script[] = { ZERO, 0x80, 0, 0, 0, 0, 0, 0, 1 };
	GOLDEN(digits_script, "00000000000000000099", "digits: word 0 rejected, 18 zeros, 2 nines",
	       "--format", "digits", "--length", "20");
	GOLDEN(rules_script, "kV00000000", "rule check rejects ten 'z' and keeps 'kV00000000'",
	       "--format", "alnum", "--length", "10", "--require", "lower,upper,digit");
	GOLDEN(rules_script, "zzzzzzzzzz", "without rules ten 'z' are kept", "--format", "alnum",
	       "--length", "10");
	GOLDEN(foobar, "Zm9vYmFy", "base64 --bytes 6 encodes the bytes", "--format", "base64",
	       "--bytes", "6");
	GOLDEN(foobar, "MZXW6YTBOI", "base32 --bytes 6", "--format", "base32", "--bytes", "6");
	GOLDEN(foobar, "666f6f626172", "hex --bytes 6", "--format", "hex", "--bytes", "6");
	GOLDEN(graph_script, "P!", "graph: word 0 is rejected, 2^63 + 1 starts with 'P', '!'", "2");

	/* The next secret takes the unused characters of the same word: two
	 * more '!' and no new request beyond the script's 16 bytes. */
	{
		struct spec spec;
		char out[3] = "";

		spec_from(&spec, ARGC("2"), ARGV("2"));
		generate_secret(&spec, &stream.pooled.base, out);
		ok(strcmp(out, "!!") == 0 && scripted_source_used(&stream) == 16,
		   "a second password continues the word: '%s' after %zu bytes", out,
		   scripted_source_used(&stream));
	}

	ok(meets_rules("aB3!", 4, 15) && !meets_rules("aB3 ", 4, 15) && meets_rules("x", 1, 0),
	   "meets_rules");
	{
		struct spec spec;

		spec_from(&spec, ARGC("--format", "base64", "--bytes", "18"),
			  ARGV("--format", "base64", "--bytes", "18"));

		ok(spec.kind == SPEC_TOKEN && spec.token.length == 24 && spec.bits == 144.0,
		   "base64 --bytes 18: 24 characters, 144 bits");
	}
	test_batches();
	return done_testing();
}
