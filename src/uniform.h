/* uniform.h - unbiased integers from the random byte stream */
#ifndef PASS_GENHELPER_UNIFORM_H
#define PASS_GENHELPER_UNIFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Map one random word x of `width` bits (8, 16 or 32; x < 2^width) to
 * [0, bound).  Returns false when x must be rejected and a fresh word drawn.
 * Exposed so that a test can run every possible x through it.
 */
bool uniform_map(uint32_t x, uint32_t bound, unsigned width, uint32_t *value);

/* The word width uniform_below() uses for a bound: the smallest that fits. */
unsigned uniform_width(uint32_t bound);

/* A uniformly distributed integer in [0, bound), 1 <= bound. */
uint32_t uniform_below(uint32_t bound);

/* Random bytes taken from the same buffered stream. */
void uniform_bytes(void *buf, size_t len);

#endif
