/*
 * uniform.c - unbiased integers in [0, bound) from random bytes.
 *
 * Method (Lemire, "Fast random integer generation in an interval", 2019; the
 * same idea as OpenBSD arc4random_uniform): draw a w-bit word x, form the
 * 2w-bit product m = x * bound, answer m >> w, but reject x when the low half
 * of m is below t = 2^w mod bound.
 *
 * Why the answer is uniform: output v is produced by the x whose product lies
 * in [v * 2^w, (v + 1) * 2^w).  Their low halves form an arithmetic
 * progression with step `bound` inside [0, 2^w).  Accepting only low >= t
 * keeps the terms that fall in [t, 2^w), an interval whose length
 * 2^w - t = bound * floor(2^w / bound) is a multiple of the step, so it holds
 * exactly floor(2^w / bound) terms of any such progression.  Every v keeps
 * the same number of x values: the output is exactly uniform, and a word is
 * rejected with probability t / 2^w < bound / 2^w.
 * tests/unit/test_uniform.c checks this over every x for several bounds,
 * w = 32 included.
 *
 * Width: the smallest of 8, 16, 32 bits that holds the bound, so a
 * 94-character alphabet costs 1.36 bytes a character on average (accept
 * probability 1 - 68/256) instead of 4.
 */
#include "config.h"

#include "uniform.h"
#include "dice.h"
#include "random.h"
#include "util.h"

#include <string.h>

/*
 * Refilled 256 bytes at a time, the most getrandom(2) answers whole; a byte
 * is handed out once, and the pool is wiped at exit.
 */
static unsigned char pool[256];
static size_t pool_used = sizeof pool;

static void wipe_pool(void)
{
	secure_zero(pool, sizeof pool);
	pool_used = sizeof pool;
}

static void refill(void)
{
	register_wipe(wipe_pool);
	random_bytes(pool, sizeof pool);
	pool_used = 0;
}

void uniform_bytes(void *buf, size_t len)
{
	unsigned char *out = buf;

	if (dice_enabled()) {
		for (size_t i = 0; i < len; i++)
			out[i] = (unsigned char)dice_below(256);
		return;
	}

	while (len > 0) {
		size_t take;

		if (pool_used == sizeof pool)
			refill();
		take = sizeof pool - pool_used;
		if (take > len)
			take = len;
		memcpy(out, pool + pool_used, take);
		pool_used += take;
		out += take;
		len -= take;
	}
}

unsigned uniform_width(uint32_t bound)
{
	if (bound <= UINT32_C(1) << 8)
		return 8;
	if (bound <= UINT32_C(1) << 16)
		return 16;
	return 32;
}

uint32_t uniform_below(uint32_t bound)
{
	unsigned width = uniform_width(bound);
	uint32_t value;

	if (dice_enabled())
		return dice_below(bound);

	for (;;) {
		unsigned char bytes[4];
		uint32_t x = 0;

		uniform_bytes(bytes, width / 8);
		for (unsigned i = 0; i < width / 8; i++)
			x = x << 8 | bytes[i];
		secure_zero(bytes, sizeof bytes);
		if (uniform_map(x, bound, width, &value))
			return value;
	}
}

void uniform_fill(const char *alphabet, uint32_t size, char *out, size_t len)
{
	size_t i = 0;

	if (dice_enabled() || uniform_width(size) != 8) {
		for (; i < len; i++)
			out[i] = alphabet[uniform_below(size)];
		return;
	}
	/* The common case, an alphabet of at most 256 characters: the same
	 * 8-bit draws as uniform_below(), taken straight from the pool. */
	while (i < len) {
		uint32_t value;

		if (pool_used == sizeof pool)
			refill();
		if (uniform_map(pool[pool_used++], size, 8, &value))
			out[i++] = alphabet[value];
	}
}
