/*
 * test_uniform.c - the uniform mapping, checked over every possible input.
 *
 * The claim (proof in src/random/uniform.c): for a w-bit word, a bound n and k
 * with N = n^k <= 2^w, the k digits produced from a word spell
 * V = floor(x N / 2^w), the word is rejected exactly when x N mod 2^w is
 * below t = 2^w mod N, and then every V in [0, N) is produced by exactly
 * floor(2^w / N) words.
 *
 * At w = 16 the same code (one template, uniform_digits16) runs over every
 * word, for every bound up to 256 and every k; counting is the only test
 * that sees a bias of a few words in 2^w, and a naive mapping or the
 * nearest other threshold fails it.  At w = 64 the program's code
 * (uniform_digits64, uniform_mul64) is checked against exact 128-bit
 * arithmetic: products, thresholds, the choice of k, and for sampled V
 * every word that maps to V, counting the accepted ones.
 */
#include "config.h"

#include "scripted_source.h"
#include "tap.h"
#include "random/spell.h"
#include "random/uniform.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Every 16-bit word through plan (bound n, per_word k, threshold t). */
static bool exhaustive16(const struct uniform_plan *plan, uint32_t span)
{
	uint32_t *hits = calloc(span, sizeof *hits);
	uint32_t rejected = 0;
	bool exact = true;

	if (!hits)
		return false;
	for (uint32_t x = 0; x < 65536; x++) {
		uint32_t digits[UNIFORM_MAX_PER_WORD], v = 0;
		bool accepted = uniform_digits16((uint16_t)x, plan, digits);

		for (unsigned i = 0; i < plan->per_word; i++) {
			exact &= digits[i] < plan->bound;
			v = v * plan->bound + digits[i];
		}
		/* The digits spell floor(x N / 2^16), accepted or not. */
		exact &= v == (uint32_t)(((uint64_t)x * span) >> 16);
		if (accepted)
			hits[v]++;
		else
			rejected++;
	}
	for (uint32_t v = 0; v < span; v++)
		exact &= hits[v] == 65536 / span;
	free(hits);
	return exact && rejected == 65536 % span;
}

static void test_16_bit_words(void)
{
	unsigned plans = 0;
	bool choice_ok = true, all_exact = true, off_by_one_caught = true, naive_caught = true;

	for (uint32_t n = 2; n <= 256; n++) {
		struct uniform_plan chosen;
		uint64_t best = 0;
		unsigned best_k = 0;
		uint32_t span = 1;
		bool matched = false;

		uniform_plan_for(n, 16, &chosen);
		for (unsigned k = 1; (uint64_t)span * n <= 65536; k++) {
			struct uniform_plan plan = { n, k, 0 };

			span *= n;
			plan.threshold = 65536 % span;
			all_exact &= exhaustive16(&plan, span);
			if ((uint64_t)k * (65536 - plan.threshold) >= best) {
				best = (uint64_t)k * (65536 - plan.threshold);
				best_k = k;
			}
			if (plan.threshold > 0) {
				/* Low parts x N mod 2^16 are multiples of g, the power
				 * of two in N, and so is t: the nearest thresholds
				 * that change any decision are t - g and t + 1. */
				struct uniform_plan low = plan, high = plan, none = plan;
				uint32_t g = span & -span;

				low.threshold -= g;
				high.threshold++;
				off_by_one_caught &= !exhaustive16(&low, span) && !exhaustive16(&high, span);
				/* No rejection at all: the multiply-shift's own
				 * bias must fail the same count. */
				none.threshold = 0;
				naive_caught &= !exhaustive16(&none, span);
			}
			matched |= k == chosen.per_word && plan.threshold == chosen.threshold;
			plans++;
		}
		choice_ok &= matched && chosen.bound == n && chosen.per_word == best_k;
	}
	ok(all_exact, "16-bit words: all %u plans (every n <= 256, every k with n^k <= 2^16) exact", plans);
	ok(choice_ok, "16-bit words: the chosen k carries the most values per word, threshold 2^16 mod n^k");
	ok(off_by_one_caught, "16-bit words: the next threshold either way (t - g, t + 1) fails the count");
	ok(naive_caught, "16-bit words: the same count fails the mapping without rejection (its bias)");
}

/* 2^64 mod n^k and the choice of k, by exact 128-bit arithmetic. */
#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;

static bool check_plan64(uint32_t n, unsigned *k_out)
{
	const u128 two64 = (u128)1 << 64;
	struct uniform_plan plan;
	u128 span = 1, best = 0;
	unsigned best_k = 0;
	uint64_t best_t = 0;

	uniform_plan_for(n, 64, &plan);
	for (unsigned k = 1; span * n <= two64; k++) {
		u128 t, value;

		span *= n;
		t = two64 % span;
		value = (u128)k * (two64 - t);
		if (value >= best) {
			best = value;
			best_k = k;
			best_t = (uint64_t)t;
		}
	}
	*k_out = plan.per_word;
	return plan.bound == n && plan.per_word == best_k && plan.threshold == best_t;
}

/* For sampled V, every 64-bit word x with floor(x N / 2^64) = V. */
static bool count_preimages64(uint32_t n, unsigned samples, unsigned *tried)
{
	const u128 two64 = (u128)1 << 64;
	struct uniform_plan plan;
	u128 span = 1;
	uint64_t state = 0x9e3779b97f4a7c15u;
	bool exact = true;

	uniform_plan_for(n, 64, &plan);
	for (unsigned i = 0; i < plan.per_word; i++)
		span *= n;
	for (unsigned s = 0; s < samples; s++) {
		u128 v, first, end;
		uint64_t accepted = 0;

		if (s < samples / 3) {
			v = s;                      /* the lowest values */
		} else if (s < 2 * samples / 3) {
			v = span - 1 - (s - samples / 3); /* the highest */
		} else {
			state = state * 6364136223846793005u + 1442695040888963407u;
			v = ((u128)state * span) >> 64;   /* spread over [0, N) */
		}
		first = (v * two64 + span - 1) / span;
		end = v + 1 == span ? two64 : ((v + 1) * two64 + span - 1) / span;
		for (u128 x = first; x < end; x++) {
			uint32_t digits[UNIFORM_MAX_PER_WORD];
			u128 spelled = 0;
			bool keep = uniform_digits64((uint64_t)x, &plan, digits);

			for (unsigned i = 0; i < plan.per_word; i++)
				spelled = spelled * n + digits[i];
			exact &= spelled == v;
			exact &= keep == (((uint64_t)x * (uint64_t)span) >= plan.threshold);
			accepted += keep;
			(*tried)++;
		}
		exact &= accepted == (uint64_t)(two64 / span);
	}
	return exact;
}

/* The program's product (one 128-bit multiply where the compiler has the
 * type) against the portable uniform_mul64, on the edges (0, 1, 2^32 - 1,
 * 2^32, 2^63, 2^64 - 1 and their neighbours by every bound at an edge)
 * and on random values. */
static void test_mul128(void)
{
#if UNIFORM_HAVE_MUL128
	static const uint64_t edge_x[] = { 0, 1, 2, 0xffffffffu, UINT64_C(0x100000000),
					   UINT64_C(0x100000001), UINT64_C(0x7fffffffffffffff),
					   UINT64_C(0x8000000000000000), UINT64_MAX - 1, UINT64_MAX };
	static const uint32_t edge_n[] = { 0, 1, 2, 3, 94, 7776, 0x7fffffffu, 0x80000000u,
					   0xfffffffeu, 0xffffffffu };
	bool same = true;
	uint64_t state = 7;
	unsigned cases = 0;

	for (size_t i = 0; i < sizeof edge_x / sizeof edge_x[0]; i++)
		for (size_t j = 0; j < sizeof edge_n / sizeof edge_n[0]; j++, cases++) {
			uint32_t h1, h2;

			same &= uniform_mul128(edge_x[i], edge_n[j], &h1) ==
				uniform_mul64(edge_x[i], edge_n[j], &h2) && h1 == h2;
		}
	for (int i = 0; i < 1000000; i++, cases++) {
		uint64_t x;
		uint32_t n, h1, h2;

		state = state * 6364136223846793005u + 1442695040888963407u;
		x = state ^ state >> 29;
		n = (uint32_t)(state >> 32) >> (i % 32); /* every width of bound */
		same &= uniform_mul128(x, n, &h1) == uniform_mul64(x, n, &h2) && h1 == h2;
	}
	ok(same, "128-bit products: uniform_mul128 equals uniform_mul64 (%u cases, edges and random)",
	   cases);
#endif
	/* Without the 128-bit product (no such type, or UNIFORM_PORTABLE) there
	 * is no second product to compare: uniform_mul64 alone is checked
	 * against exact products above, and nothing is counted as skipped. */
}

static void test_64_bit_words(void)
{
	static const uint32_t bounds[] = { 2, 3, 10, 16, 26, 32, 52, 62, 64, 85, 94, 255, 256,
					   1000, 7776, 65536, 1000000, 4294967295u };
	bool products = true, plans = true;
	unsigned k = 0, tried = 0;
	uint64_t state = 1;

	for (int i = 0; i < 100000; i++) {
		uint64_t x;
		uint32_t n, high;

		state = state * 6364136223846793005u + 1442695040888963407u;
		x = i < 4 ? (uint64_t)0 - (uint64_t)(i & 1) : state;
		n = i < 4 ? (i < 2 ? 1u : 4294967295u) : (uint32_t)(state >> 17) | 1u;
		products &= uniform_mul64(x, n, &high) == (uint64_t)((u128)x * n) &&
			    high == (uint32_t)(((u128)x * n) >> 64);
	}
	ok(products, "64-bit products: uniform_mul64 equals exact 128-bit products (100000 cases)");
	test_mul128();
	for (uint32_t n = 2; n <= 4096; n++)
		plans &= check_plan64(n, &k);
	for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++)
		plans &= check_plan64(bounds[i], &k);
	ok(plans, "64-bit words: every bound 2..4096 and up to 2^32 - 1: threshold 2^64 mod n^k, best k");
	check_plan64(94, &k);
	ok(k == 9, "94 characters: 9 a word (94^9 <= 2^64 < 94^10)");
	check_plan64(10, &k);
	ok(k == 18, "digits: 18 a word (k = 19 would reject 46%% of the words)");
	check_plan64(16, &k);
	ok(k == 16, "hex: 16 a word, nothing rejected");
	check_plan64(7776, &k);
	ok(k == 4, "7776 words: 4 a word");
	for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
		uint32_t n = bounds[i];
		unsigned samples = n >= 7776 ? 30 : 600;

		ok(count_preimages64(n, samples, &tried),
		   "64-bit words, bound %u: every V sampled has exactly floor(2^64 / n^k) accepted words",
		   n);
	}
	ok(tried > 100000, "64-bit words: %u words tried", tried);
}
#else
static void test_64_bit_words(void)
{
	ok(true, "# SKIP no 128-bit integers here to check the 64-bit arithmetic against");
}
#endif

/* The same draws, in pieces of every length up to 130 (longest 0) or of
 * 4096 to 8191 (longest 4096: long enough for spell.c's pairs), through
 * uniform_fill (as characters of a bound-long alphabet) and uniform_draws, and one at a time
 * through uniform_below: a first request of 21 bytes (announced), so that
 * a word straddles two requests, then the doubling ones; words of 0 (the
 * rejected kind, for every bound that rejects any) now and then. */
static bool same_in_pieces(struct scripted_source *stream, uint32_t bound, size_t total,
			   bool as_draws, size_t longest)
{
	static unsigned char script[512];
	static char alphabet[256], filled[60000];
	static uint32_t values[60000];
	size_t at = 0, piece = 0;
	struct random_source *src;
	bool same = true;

	for (size_t i = 0; i < sizeof script; i++)
		script[i] = (unsigned char)(i * 151 + 7);
	for (size_t i = 0; i + 8 <= sizeof script; i += 72)
		memset(script + i, 0, 8);
	for (size_t i = 0; i < sizeof alphabet; i++)
		alphabet[i] = (char)i;
	src = scripted_source_init(stream, script, sizeof script, 5, 21);
	while (at < total) {
		size_t len = longest ? longest + piece++ * 2741 % longest
				     : piece++ % 97 * 3 % 131; /* 0 to 130, in no order */

		if (len > total - at)
			len = total - at;
		if (as_draws)
			uniform_draws(src, bound, values + at, len);
		else
			uniform_fill(src, alphabet, bound, filled + at, len);
		at += len;
	}
	src = scripted_source_init(stream, script, sizeof script, 5, 21);
	for (size_t i = 0; i < total; i++) {
		uint32_t v = uniform_below(src, bound);

		same &= as_draws ? values[i] == v : filled[i] == alphabet[v % 256];
	}
	return same;
}

static void test_long_runs(struct scripted_source *stream)
{
	static const uint32_t bounds[] = { 94, 3, 62, 256 };
	static const uint32_t draw_bounds[] = { 7776, 94, 3, 1000000, 4294967295u };
	/* Spelt by pairs: odd and even digits a word, the largest bound. */
	static const uint32_t pair_bounds[] = { 94, 62, 10, 3, 2, 128, 129 };

	for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++)
		ok(same_in_pieces(stream, bounds[i], 50000, false, 0),
		   "uniform_fill below %u in pieces of 0 to 130 matches uniform_below over 50000 draws",
		   bounds[i]);
	for (size_t i = 0; i < sizeof pair_bounds / sizeof pair_bounds[0]; i++)
		ok(same_in_pieces(stream, pair_bounds[i], 60000, false, SPELL_PAIRS_MIN_LEN),
		   "uniform_fill below %u in pieces of 4096 to 8191 matches uniform_below over 60000 draws",
		   pair_bounds[i]);
	for (size_t i = 0; i < sizeof draw_bounds / sizeof draw_bounds[0]; i++)
		ok(same_in_pieces(stream, draw_bounds[i], 50000, true, 0),
		   "uniform_draws below %u in pieces of 0 to 130 matches uniform_below over 50000 draws",
		   draw_bounds[i]);
}

int main(void)
{
	static struct scripted_source stream;
	struct random_source *src;

	test_16_bit_words();
	test_64_bit_words();

	ok(uniform_bytes_for(94, 25) == 24 && uniform_bytes_for(94, 27) == 24 &&
	   uniform_bytes_for(94, 28) == 32 && uniform_bytes_for(7776, 6) == 16 &&
	   uniform_bytes_for(1, 1000) == 0 && uniform_bytes_for(94, 0) == 0,
	   "bytes a run takes at least: 8 for each k values");

	/* The draw loop.  Word 0 maps to V = 0 with low part 0 < 2^64 mod 94^9,
	 * rejected; 2^63 + 1 is V = 94^9 / 2 = 47 * 94^8: 47, then eight 0. */
	{
		static const unsigned char script[] = { 0, 0, 0, 0, 0, 0, 0, 0,
							0x80, 0, 0, 0, 0, 0, 0, 1 };
		bool rest = true;

		src = scripted_source_init(&stream, script, sizeof script, 0, sizeof script);
		ok(uniform_below(src, 94) == 47, "uniform_below(94) rejects word 0, maps 2^63 + 1 to 47");
		for (int i = 0; i < 8; i++)
			rest &= uniform_below(src, 94) == 0;
		ok(rest && scripted_source_used(&stream) == sizeof script,
		   "the next 8 draws below 94 are the same word's zeros, no new bytes");
		ok(uniform_below(src, 1) == 0 && scripted_source_used(&stream) == sizeof script,
		   "a draw below 1 reads nothing");
	}
	{
		static const unsigned char script[] = { 1, 2, 3, 4, 5 };
		unsigned char got[5];

		src = scripted_source_init(&stream, script, sizeof script, 0, 0);
		uniform_bytes(src, got, sizeof got);
		ok(memcmp(got, script, sizeof got) == 0, "uniform_bytes passes bytes through in order");
	}
	/* Requests: the announced work first, then 64, 128, ... bytes. */
	{
		static unsigned char script[4096];
		static char out[2000];
		const size_t *sizes;
		size_t calls;
		bool doubling = true;

		for (size_t i = 0; i < sizeof script; i++)
			script[i] = (unsigned char)((i * 2654435761u) >> 13);
		src = scripted_source_init(&stream, script, sizeof script, 0, uniform_bytes_for(94, 25));
		uniform_fill(src, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			     "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", 94, out, 25);
		calls = scripted_source_requests(&stream, &sizes);
		ok(calls >= 1 && sizes[0] == 24, "one 25-character password: first request 24 bytes");
		uniform_fill(src, "0123456789", 10, out, sizeof out);
		calls = scripted_source_requests(&stream, &sizes);
		for (size_t i = 1; i < calls; i++)
			doubling &= sizes[i] == (size_t)64 << (i - 1);
		ok(calls >= 5 && doubling,
		   "past the announced work: requests of 64, 128, 256, ... bytes (%zu requests)", calls);
	}
	/* uniform_fill gives the same characters as uniform_below one at a
	 * time, from the same bytes, rejections and leftovers included. */
	{
		static unsigned char script[800];
		static const char alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
					       "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
		static const size_t pieces[] = { 1, 7, 9, 13, 25, 2, 18, 100, 3, 222 };
		char filled[400], drawn[400];
		size_t at = 0;

		for (size_t i = 0; i < sizeof script; i++)
			script[i] = (unsigned char)(i * 37 + 11);
		for (size_t i = 0; i < sizeof script; i += 40)
			memset(script + i, 0, 8); /* some rejected words */
		src = scripted_source_init(&stream, script, sizeof script, 0, 0);
		for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
			uniform_fill(src, alphabet, 94, filled + at, pieces[i]);
			at += pieces[i];
		}
		src = scripted_source_init(&stream, script, sizeof script, 0, 0);
		for (size_t i = 0; i < sizeof drawn; i++)
			drawn[i] = alphabet[uniform_below(src, 94)];
		ok(at == sizeof filled && memcmp(filled, drawn, sizeof filled) == 0,
		   "uniform_fill in pieces matches uniform_below draw for draw over 400 characters");
	}
	test_long_runs(&stream);
	return done_testing();
}
