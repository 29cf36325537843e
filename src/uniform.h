/* uniform.h - unbiased draws from an explicit random source */
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
UNIFORM_DIGITS_TEMPLATE(uniform_digits64, uint64_t, uniform_mul64)
UNIFORM_DIGITS_TEMPLATE(uniform_digits16, uint16_t, uniform_mul16)

/*
 * The random source, chosen once in main() and handed down to every draw:
 * the kernel (through random_bytes(), random.c) or dice typed on standard
 * input (dice.c).  Kernel bytes are read into a pool whose requests are
 * sized to the work announced by random_source_init(); values left over in
 * a word are kept for the next draw with the same bound.  Its owner wipes
 * everything in it when done (main(): at exit, on every path).
 */
/* Where larger getrandom requests stop paying: 16 MB read in requests of
 * 256 B, 1 KiB, 4 KiB, 16 KiB, 64 KiB, 256 KiB, 1 MiB ran at 192, 445, 666,
 * 757, 776, 780, 754 MB/s on the build machine (Linux 6, AMD EPYC VM). */
#define UNIFORM_POOL_BYTES 16384
#define UNIFORM_SLOTS 8          /* bounds whose leftover values are kept */

struct uniform_slot {
	struct uniform_plan plan;   /* plan.bound 0: unused */
	unsigned next;              /* digits[next..per_word) are unused */
	uint32_t digits[UNIFORM_MAX_PER_WORD];
};

struct random_source {
	unsigned dice_sides;        /* 0: the kernel */
	uint64_t expected;          /* kernel bytes still expected to be needed */
	size_t tail;                /* request size once `expected` is spent */
	size_t pool_len, pool_used;
	size_t pool_filled;         /* the most of the pool ever filled */
	unsigned char pool[UNIFORM_POOL_BYTES];
	unsigned slot_turn;         /* the slot to reuse next */
	struct uniform_slot slots[UNIFORM_SLOTS];
};

/*
 * Set up src: dice of `dice_sides` sides (dice_enable()), or the kernel when
 * 0, expecting about `expected_bytes` of kernel randomness in all (a lower
 * bound: more is read in growing blocks as needed, never more than
 * UNIFORM_POOL_BYTES at once).  src must outlive every draw, and start
 * zeroed (static storage) or set up before: what it held is wiped first.
 */
void random_source_init(struct random_source *src, unsigned dice_sides, uint64_t expected_bytes);

/* Forget and wipe everything src holds; it can be used again afterwards. */
void random_source_wipe(struct random_source *src);

/* Kernel bytes one run of `draws` draws below `bound` takes at least. */
uint64_t uniform_bytes_for(uint32_t bound, uint64_t draws);

/* A uniformly distributed integer in [0, bound), 1 <= bound < 2^32. */
uint32_t uniform_below(struct random_source *src, uint32_t bound);

/*
 * len characters, each alphabet[uniform_below(src, size)]: the same values
 * in the same order, written straight from each word.
 */
void uniform_fill(struct random_source *src, const char *alphabet, uint32_t size, char *out,
		  size_t len);

/* Uniform random bytes (from the pool, or 256-sided draws with dice). */
void uniform_bytes(struct random_source *src, void *buf, size_t len);

#endif
