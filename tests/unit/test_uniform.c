/*
 * test_uniform.c - the uniform mapping, checked over every possible input.
 *
 * For a w-bit word and a bound b, an unbiased mapping must give every value
 * in [0, b) to exactly floor(2^w / b) inputs and reject the remaining
 * 2^w mod b.  Counting over all 2^32 inputs is the only test that can see a
 * wide-word modulo bias (a few parts in 2^32); it takes a few seconds.
 */
#include "config.h"

#include "fake_random.h"
#include "tap.h"
#include "uniform.h"

#include <stdint.h>
#include <stdlib.h>

typedef bool map_function(uint32_t x, uint32_t bound, unsigned width, uint32_t *value);

/* The classic biased draw, x mod bound with no rejection: the check below
 * must fail it, or the check proves nothing. */
static bool modulo_map(uint32_t x, uint32_t bound, unsigned width, uint32_t *value)
{
	(void)width;
	*value = x % bound;
	return true;
}

/* Inlined at each call so that the constant width and mapping fold into the
 * loop. */
static inline __attribute__((always_inline)) bool exhaustive_check(map_function *map,
								   uint32_t bound, unsigned width)
{
	uint64_t words = UINT64_C(1) << width;
	uint64_t *hits = calloc(bound, sizeof *hits);
	uint64_t rejected = 0;
	bool uniform = true;

	if (!hits)
		return false;
	for (uint64_t x = 0; x < words; x++) {
		uint32_t value;

		if (!map((uint32_t)x, bound, width, &value))
			rejected++;
		else if (value >= bound)
			uniform = false;
		else
			hits[value]++;
	}
	for (uint32_t v = 0; v < bound; v++)
		if (hits[v] != words / bound)
			uniform = false;
	free(hits);
	return uniform && rejected == words % bound;
}

static inline __attribute__((always_inline)) bool exhaustive(uint32_t bound, unsigned width)
{
	return exhaustive_check(uniform_map, bound, width);
}

int main(void)
{
	static const uint32_t wide_bounds[] = { 10, 62, 94, 7776 };
	bool all_small = true;

	/* Every 8-bit case and a spread of 16-bit ones first: quick. */
	for (uint32_t bound = 1; bound <= 256; bound++)
		all_small &= exhaustive(bound, 8);
	ok(all_small, "8-bit words: every bound 1..256 is exactly uniform");
	all_small = true;
	for (uint32_t bound = 1; bound <= 65536; bound += 997)
		all_small &= exhaustive(bound, 16);
	all_small &= exhaustive(65536, 16) && exhaustive(7776, 16) && exhaustive(94, 16);
	ok(all_small, "16-bit words: 70 bounds up to 65536 are exactly uniform");
	for (size_t i = 0; i < sizeof wide_bounds / sizeof wide_bounds[0]; i++)
		ok(exhaustive(wide_bounds[i], 32),
		   "32-bit words: bound %u, all 2^32 inputs: each value floor(2^32/%u) times",
		   wide_bounds[i], wide_bounds[i]);

	/* The same check on a modulo draw must fail, for bounds that do not
	 * divide 2^w, and pass where they do: the check has teeth. */
	ok(!exhaustive_check(modulo_map, 94, 8) && !exhaustive_check(modulo_map, 7776, 16),
	   "the same check rejects x %% bound (modulo bias) for 94 and 7776");
	ok(exhaustive_check(modulo_map, 64, 8) && exhaustive_check(modulo_map, 16, 16),
	   "the same check accepts x %% bound when the bound divides 2^w (control)");

	ok(uniform_width(2) == 8 && uniform_width(256) == 8 && uniform_width(257) == 16 &&
	   uniform_width(65536) == 16 && uniform_width(65537) == 32,
	   "word width is the smallest of 8, 16, 32 bits that holds the bound");

	/* The draw loop: byte 0 maps to low half 0 < 256 mod 94 = 68, so it is
	 * rejected; 255 gives 255 * 94 = 23970 = 93 * 256 + 162, accepted as 93. */
	{
		static const unsigned char script[] = { 0x00, 0xFF };

		fake_random_script(script, sizeof script);
		ok(uniform_below(94) == 93, "uniform_below(94) rejects byte 0 and maps 255 to 93");
	}
	/* 16-bit words are read big-endian: 0x8001 * 7776 = 3888 * 2^16 + 7776,
	 * and 7776 >= 2^16 mod 7776 = 3328, so it is accepted as 3888. */
	{
		static const unsigned char script[] = { 0x80, 0x01 };

		fake_random_script(script, sizeof script);
		ok(uniform_below(7776) == 3888, "uniform_below(7776) reads a big-endian 16-bit word");
	}
	{
		static const unsigned char script[] = { 1, 2, 3, 4, 5 };
		unsigned char got[5];

		fake_random_script(script, sizeof script);
		uniform_bytes(got, sizeof got);
		ok(memcmp(got, script, sizeof got) == 0, "uniform_bytes passes bytes through in order");
	}
	/* uniform_fill gives the same characters as uniform_below one at a
	 * time, from the same bytes, rejections included; across a refill too. */
	{
		static unsigned char script[600];
		static const char alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
					       "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
		char filled[400], drawn[400];

		for (size_t i = 0; i < sizeof script; i++)
			script[i] = (unsigned char)(i * 37 + 11);
		fake_random_script(script, sizeof script);
		uniform_fill(alphabet, 94, filled, sizeof filled);
		fake_random_script(script, sizeof script);
		for (size_t i = 0; i < sizeof drawn; i++)
			drawn[i] = alphabet[uniform_below(94)];
		ok(memcmp(filled, drawn, sizeof filled) == 0,
		   "uniform_fill matches uniform_below draw for draw over 400 characters");
	}
	return done_testing();
}
