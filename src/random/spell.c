/*
 * spell.c - random words straight to characters, one or two a product.
 *
 * A word's digits come from a chain of products by n (uniform.c).  Two
 * steps of the chain are one product by n^2: with r n = d 2^w + r' and
 * r' n = e 2^w + r'',
 *
 *     r n^2 = d n 2^w + r' n = (d n + e) 2^w + r'',
 *
 * where r'' < 2^w and d n + e < n^2, so the high word of r n^2 is d n + e
 * (the pair of digits d, e) and its low word is r'', the remainder the
 * chain goes on from.  The same digits in the same order, the same last
 * remainder and so the same rejections: half the products, and one
 * lookup of two characters in a table of the n^2 pairs instead of two
 * lookups (tests/unit/test_uniform.c checks fills long enough to use
 * pairs against draws one at a time).
 */
#include "config.h"

#include "random/spell.h"
#include "text/bytes.h"

#include <string.h>

static struct {
	uint32_t bound; /* 0: not made yet */
	char alphabet[SPELL_PAIRS_MAX_BOUND];
	spell_pair pairs[SPELL_PAIRS_MAX_BOUND * SPELL_PAIRS_MAX_BOUND];
} made;

const spell_pair *spell_pairs_for(const char *alphabet, uint32_t n, size_t len)
{
	if (n < 2 || n > SPELL_PAIRS_MAX_BOUND || len < SPELL_PAIRS_MIN_LEN)
		return NULL;
	if (made.bound != n || memcmp(made.alphabet, alphabet, n) != 0) {
		memcpy(made.alphabet, alphabet, n);
		for (uint32_t d = 0; d < n; d++)
			for (uint32_t e = 0; e < n; e++) {
				made.pairs[d * n + e][0] = alphabet[d];
				made.pairs[d * n + e][1] = alphabet[e];
			}
		made.bound = n;
	}
	/* C11 converts char (*)[2] to const char (*)[2] only by a cast. */
	return (const spell_pair *)made.pairs;
}

/* Two digits of the chain from one product by n2 = n^2, their
 * characters at out; returns the remainder. */
static inline uint64_t spell_two(uint64_t x, uint32_t n2, const spell_pair *pairs, char *out)
{
	uint32_t pair;

	x = uniform_mul_word(x, n2, &pair);
	memcpy(out, pairs[pair], 2);
	return x;
}

/* spell_word by pairs: an odd k's first digit alone, then the pairs. */
static inline bool spell_word_pairs(uint64_t x, uint32_t n, unsigned k, uint64_t t,
				    const char *alphabet, const spell_pair *pairs, char *out)
{
	unsigned i = 0;

	if (k % 2) {
		uint32_t digit;

		x = uniform_mul_word(x, n, &digit);
		out[i++] = alphabet[digit];
	}
	for (; i < k; i += 2)
		x = spell_two(x, n * n, pairs, out + i);
	return x >= t;
}

/*
 * For pass's 94 characters, 9 a word: the words from p to last to
 * characters at out, rejected ones dropped; returns where the characters
 * end.  Two words at a time, their products interleaved: each word's
 * products form a chain, each waiting for the one before, and two chains
 * fill the waits.  The second word's characters go right after the
 * first's, and move back when the first is rejected.  Each product's high
 * word is used at once (GCC then keeps the 128-bit products in registers),
 * and GCC unrolls the digits' loop whole.
 */
#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL_9 _Pragma("GCC unroll 9")
#else
#define UNROLL_9
#endif

static char *spell_nines(const unsigned char *p, const unsigned char *last, uint32_t n,
			 uint64_t t, const char *alphabet, char *out)
{
	for (; last - p >= 16; p += 16) {
		uint64_t x = load_be64(p), y = load_be64(p + 8);

		UNROLL_9
		for (unsigned i = 0; i < 9; i++) {
			uint32_t dx, dy;

			x = uniform_mul_word(x, n, &dx);
			out[i] = alphabet[dx];
			y = uniform_mul_word(y, n, &dy);
			out[9 + i] = alphabet[dy];
		}
		if (x < t)
			memmove(out, out + 9, 9);
		out += (x >= t) * 9 + (y >= t) * 9;
	}
	if (p < last)
		out += spell_word(load_be64(p), n, 9, t, alphabet, out) ? 9 : 0;
	return out;
}

/* The same by pairs: a first digit, then four pairs, each word. */
static char *spell_nines_pairs(const unsigned char *p, const unsigned char *last, uint32_t n,
			       uint64_t t, const char *alphabet, const spell_pair *pairs,
			       char *out)
{
	const uint32_t n2 = n * n;

	for (; last - p >= 16; p += 16) {
		uint64_t x = load_be64(p), y = load_be64(p + 8);
		uint32_t dx, dy;

		x = uniform_mul_word(x, n, &dx);
		out[0] = alphabet[dx];
		y = uniform_mul_word(y, n, &dy);
		out[9] = alphabet[dy];
		UNROLL_9
		for (unsigned i = 1; i < 9; i += 2) {
			x = spell_two(x, n2, pairs, out + i);
			y = spell_two(y, n2, pairs, out + 9 + i);
		}
		if (x < t)
			memmove(out, out + 9, 9);
		out += (x >= t) * 9 + (y >= t) * 9;
	}
	if (p < last)
		out += spell_word_pairs(load_be64(p), n, 9, t, alphabet, pairs, out) ? 9 : 0;
	return out;
}

/* In a function of its own, with the plan in locals that the characters
 * written cannot alias, so that its few live values stay in registers. */
__attribute__((noinline)) char *spell_words(const unsigned char *p, size_t words,
					    const struct uniform_plan *plan,
					    const char *alphabet, const spell_pair *pairs,
					    char *out)
{
	const uint32_t n = plan->bound;
	const unsigned k = plan->per_word;
	const uint64_t t = plan->threshold;
	const unsigned char *last = p + 8 * words;

	if (pairs) {
		if (k == 9)
			return spell_nines_pairs(p, last, n, t, alphabet, pairs, out);
		for (; p < last; p += 8)
			out += spell_word_pairs(load_be64(p), n, k, t, alphabet, pairs, out) ? k : 0;
		return out;
	}
	if (k == 9)
		return spell_nines(p, last, n, t, alphabet, out);
	for (; p < last; p += 8)
		out += spell_word(load_be64(p), n, k, t, alphabet, out) ? k : 0;
	return out;
}
