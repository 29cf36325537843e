/* uniform.h - unbiased integers from the random byte stream */
#ifndef PASS_GENHELPER_UNIFORM_H
#define PASS_GENHELPER_UNIFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Map one random word x of `width` bits (8, 16 or 32; x < 2^width) to
 * [0, bound).  Returns false when x must be rejected and a fresh word drawn.
 * Inline and exposed so that a test can run every possible x through it
 * quickly; the proof that it is unbiased is in uniform.c.
 */
static inline bool uniform_map(uint32_t x, uint32_t bound, unsigned width, uint32_t *value)
{
	uint64_t product = (uint64_t)x * bound;
	uint64_t mask = (UINT64_C(1) << width) - 1;
	uint64_t low = product & mask;

	if (low < bound) {
		/* t = 2^w mod bound, computed without a 2^w constant for w = 32. */
		uint64_t threshold = ((mask + 1) - bound) % bound;

		if (low < threshold)
			return false;
	}
	*value = (uint32_t)(product >> width);
	return true;
}

/* The word width uniform_below() uses for a bound: the smallest that fits. */
unsigned uniform_width(uint32_t bound);

/* A uniformly distributed integer in [0, bound), 1 <= bound. */
uint32_t uniform_below(uint32_t bound);

/*
 * len characters, each alphabet[uniform_below(size)]: the same draws from
 * the same stream, in one call, so that long runs skip the per-draw
 * overhead.
 */
void uniform_fill(const char *alphabet, uint32_t size, char *out, size_t len);

/* Random bytes taken from the same buffered stream. */
void uniform_bytes(void *buf, size_t len);

#endif
