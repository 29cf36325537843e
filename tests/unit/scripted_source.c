/*
 * scripted_source.c - a fixed stream through the program's pool, for tests.
 *
 * After the script come the bytes of xorshift64* (Vigna) from the seed:
 * plenty for rejection sampling to end, and fixed.  The stream advances one
 * step a byte and gives the step's high byte, so that the bytes do not
 * depend on how the pool splits its requests: the golden transcript stays
 * the same whatever the pool's request sizes.
 */
#include "config.h"

#include "scripted_source.h"

#include "text/util.h"

static struct scripted_source *scripted(struct pooled_source *pooled)
{
	return (struct scripted_source *)pooled; /* pooled is the first member */
}

static unsigned char next_stream_byte(struct scripted_source *src)
{
	src->state ^= src->state >> 12;
	src->state ^= src->state << 25;
	src->state ^= src->state >> 27;
	return (unsigned char)((src->state * UINT64_C(0x2545f4914f6cdd1d)) >> 56);
}

static void read_script(struct pooled_source *pooled, void *buf, size_t len)
{
	struct scripted_source *src = scripted(pooled);
	unsigned char *out = buf;

	if (src->request_count < SCRIPTED_MAX_REQUESTS)
		src->requests[src->request_count++] = len;
	src->handed_out += len;
	for (size_t i = 0; i < len; i++)
		out[i] = src->position < src->script_len ? src->script[src->position++]
							  : next_stream_byte(src);
}

static void scripted_finish(struct random_source *src)
{
	(void)src;
}

static void scripted_wipe(struct random_source *base)
{
	struct scripted_source *src = scripted((struct pooled_source *)base);

	pooled_source_wipe(&src->pooled);
	secure_zero(&src->state, sizeof src->state);
}

static const struct random_source_ops scripted_ops = {
	.below = pooled_below,
	.fill = pooled_fill,
	.bytes = pooled_bytes,
	.draws = pooled_draws,
	.view = pooled_view,
	.finish = scripted_finish,
	.wipe = scripted_wipe,
};

struct random_source *scripted_source_init(struct scripted_source *src,
					   const unsigned char *script, size_t len,
					   uint64_t seed, uint64_t expected_bytes)
{
	pooled_source_init(&src->pooled, &scripted_ops, read_script, expected_bytes);
	src->script = script;
	src->script_len = script ? len : 0;
	src->position = 0;
	/* xorshift64* stays at 0 from 0: that seed stands for the golden one. */
	src->state = seed ? seed : SCRIPTED_GOLDEN_SEED;
	src->handed_out = src->request_count = 0;
	return &src->pooled.base;
}

size_t scripted_source_used(const struct scripted_source *src)
{
	return src->handed_out;
}

size_t scripted_source_requests(const struct scripted_source *src, const size_t **sizes)
{
	*sizes = src->requests;
	return src->request_count;
}
