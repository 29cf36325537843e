/*
 * source.h - the random source: one object, a small table of operations.
 *
 * Every random choice of a run is drawn from one source, chosen once by
 * command_run() (command.c) and handed down to every draw:
 *   - the kernel (struct kernel_source, random.c): getrandom or getentropy
 *     through a pool of bytes (pool.c);
 *   - dice typed on standard input (struct dice_source, dice.c);
 *   - in tests, a scripted stream (tests/unit/scripted_source.c) through
 *     the same pool, so that outputs are exact and golden.
 * Each implementation embeds `struct random_source` as its first member
 * and keeps all of its state in its own struct (as coreutils'
 * randint_source and libsodium's randombytes_implementation do): no
 * source has file-scope state, so a test can run several side by side and
 * one call, source_wipe(), forgets everything a source holds.
 *
 * The draws keep the names they have always had (uniform_below,
 * uniform_fill, uniform_bytes): what they promise is uniformity, whatever
 * the source.
 */
#ifndef PASS_GENHELPER_SOURCE_H
#define PASS_GENHELPER_SOURCE_H

#include <stddef.h>
#include <stdint.h>

struct random_source;

struct random_source_ops {
	/* A uniformly distributed integer in [0, bound), 2 <= bound < 2^32. */
	uint32_t (*below)(struct random_source *src, uint32_t bound);
	/* out[i] = alphabet[below(size)] for i < len, the same values in the
	 * same order as len draws, 2 <= size; a source may do it faster. */
	void (*fill)(struct random_source *src, const char *alphabet, uint32_t size, char *out,
		     size_t len);
	/* len uniform random bytes. */
	void (*bytes)(struct random_source *src, void *buf, size_t len);
	/* out[i] = below(bound) for i < n, the same values in the same order
	 * as n draws, 2 <= bound; NULL where n calls of below are as fast. */
	void (*draws)(struct random_source *src, uint32_t bound, uint32_t *out, size_t n);
	/* The next random bytes where the source keeps them, read in place:
	 * a whole number of units of `unit` bytes, at most *len bytes and at
	 * least one unit, taken from the stream as uniform_bytes would take
	 * them, *len set to how many; NULL (nothing taken) where the source
	 * cannot (NULL: never; a pool: when less than a unit is left). */
	const unsigned char *(*view)(struct random_source *src, size_t unit, size_t *len);
	/* After the last draw of a run: the checks a source makes once it
	 * knows nothing more will be drawn (dice: the rest of the input). */
	void (*finish)(struct random_source *src);
	/* Forget and wipe everything the source holds, secrets and the
	 * resources it opened; it can be set up again afterwards. */
	void (*wipe)(struct random_source *src);
};

struct random_source {
	const struct random_source_ops *ops;
};

/* A uniformly distributed integer in [0, bound), 1 <= bound < 2^32; a draw
 * below 1 is 0 and reads nothing. */
static inline uint32_t uniform_below(struct random_source *src, uint32_t bound)
{
	return bound <= 1 ? 0 : src->ops->below(src, bound);
}

/* len characters, each alphabet[uniform_below(src, size)]: the same values
 * in the same order. */
static inline void uniform_fill(struct random_source *src, const char *alphabet, uint32_t size,
				char *out, size_t len)
{
	if (size > 1) {
		src->ops->fill(src, alphabet, size, out, len);
		return;
	}
	for (size_t i = 0; i < len; i++)
		out[i] = alphabet[0];
}

/* n draws below bound, 1 <= bound < 2^32, into out: the same values in the
 * same order as n calls of uniform_below. */
static inline void uniform_draws(struct random_source *src, uint32_t bound, uint32_t *out,
				 size_t n)
{
	if (bound > 1 && src->ops->draws) {
		src->ops->draws(src, bound, out, n);
		return;
	}
	for (size_t i = 0; i < n; i++)
		out[i] = uniform_below(src, bound);
}

/* Random bytes read in place, or NULL (see view above). */
static inline const unsigned char *uniform_view(struct random_source *src, size_t unit,
						 size_t *len)
{
	return src->ops->view ? src->ops->view(src, unit, len) : NULL;
}

/* len uniform random bytes. */
static inline void uniform_bytes(struct random_source *src, void *buf, size_t len)
{
	src->ops->bytes(src, buf, len);
}

/* After the last draw of a run (see finish above). */
static inline void source_finish(struct random_source *src)
{
	src->ops->finish(src);
}

/* Forget and wipe everything src holds: the one call that does it. */
static inline void source_wipe(struct random_source *src)
{
	src->ops->wipe(src);
}

#endif
