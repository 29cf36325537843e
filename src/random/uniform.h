/* uniform.h - unbiased digits below a bound from random words: the plan and the arithmetic */
#ifndef PASS_GENHELPER_UNIFORM_H
#define PASS_GENHELPER_UNIFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bits in one draw of kernel randomness. */
#define UNIFORM_WORD_BITS 64
/* The most values one word can carry (bound 2: 64 bits). */
#define UNIFORM_MAX_PER_WORD 64
_Static_assert(UNIFORM_MAX_PER_WORD >= UNIFORM_WORD_BITS, "a word of bits, one value each");

/*
 * How values below `bound` (n) are cut from w-bit words: `per_word` (k)
 * values a word, the k base-n digits of a number below n^k; a word is
 * rejected when its last remainder (see uniform_digits) is below
 * `threshold` = 2^w mod n^k.  The proof is in uniform.c.
 */
struct uniform_plan {
	uint32_t bound;
	unsigned per_word;
	uint64_t threshold;
};

/*
 * The plan for words of `bits` bits (16 in tests, UNIFORM_WORD_BITS in the
 * program), 1 < bound < 2^32 (bound < 2^(bits/2) for bits < 64, so that
 * the products below fit): k is chosen, among those with n^k <= 2^w, to
 * carry the most values per word after rejections, k * (2^w - t).
 */
void uniform_plan_for(uint32_t bound, unsigned bits, struct uniform_plan *plan);

/* x * n = high * 2^64 + (returned low word), exactly, for n < 2^32. */
static inline uint64_t uniform_mul64(uint64_t x, uint32_t n, uint32_t *high)
{
	uint64_t lo = (x & 0xffffffffu) * n;
	uint64_t hi = (x >> 32) * n + (lo >> 32); /* < 2^64: no overflow */

	*high = (uint32_t)(hi >> 32);
	return hi << 32 | (lo & 0xffffffffu);
}

/*
 * The same product with one 128-bit multiply, where the compiler has the
 * type (GCC and Clang on 64-bit targets): the high and low words of the
 * 128-bit x * n are exactly those above (tests/unit/test_uniform.c
 * compares them).  UNIFORM_PORTABLE (a -D at build time) keeps the
 * portable product everywhere, as on a compiler without the type; it is
 * built and tested so (tests/port/run and the unit tests).
 */
#if defined(__SIZEOF_INT128__) && !defined(UNIFORM_PORTABLE)
#define UNIFORM_HAVE_MUL128 1
static inline uint64_t uniform_mul128(uint64_t x, uint32_t n, uint32_t *high)
{
	unsigned __int128 product = (unsigned __int128)x * n;

	*high = (uint32_t)(product >> 64);
	return (uint64_t)product;
}
#define uniform_mul_word uniform_mul128
#else
#define UNIFORM_HAVE_MUL128 0
#define uniform_mul_word uniform_mul64
#endif

/* The same for 16-bit words, n < 2^16: the width the exhaustive test uses. */
static inline uint16_t uniform_mul16(uint16_t x, uint32_t n, uint32_t *high)
{
	uint32_t product = (uint32_t)x * n;

	*high = product >> 16;
	return (uint16_t)product;
}

/*
 * One word x to k digits below n, most significant first: digit i is the
 * high part of r * n, r the low part of the previous product (x at first).
 * Returns false when the word must be rejected (and the digits ignored).
 * One template, two widths: the program uses 64 bits, the test 16 bits,
 * where every word can be tried.
 */
#define UNIFORM_DIGITS_TEMPLATE(name, word_t, mul)                                       \
	static inline bool name(word_t x, const struct uniform_plan *plan, uint32_t *digits) \
	{                                                                                  \
		for (unsigned i = 0; i < plan->per_word; i++)                              \
			x = mul(x, plan->bound, &digits[i]);                               \
		return x >= plan->threshold;                                               \
	}
UNIFORM_DIGITS_TEMPLATE(uniform_digits64, uint64_t, uniform_mul_word)
UNIFORM_DIGITS_TEMPLATE(uniform_digits16, uint16_t, uniform_mul16)

/* Bytes of a stream that `draws` draws below `bound` take at least (pool.c
 * reads 64-bit words). */
uint64_t uniform_bytes_for(uint32_t bound, uint64_t draws);

#endif
