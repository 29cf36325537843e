/* scripted_source.h - the random source of every C test: a fixed stream */
#ifndef PASS_GENHELPER_SCRIPTED_SOURCE_H
#define PASS_GENHELPER_SCRIPTED_SOURCE_H

#include "random/pool.h"

#include <stddef.h>
#include <stdint.h>

/* The seed of the golden transcript's stream (tests/golden/run). */
#define SCRIPTED_GOLDEN_SEED UINT64_C(0x0123456789abcdef)

#define SCRIPTED_MAX_REQUESTS 64

/*
 * A pooled source (pool.h) whose stream is a script of fixed bytes and then
 * a xorshift64* stream from a seed: the one stand-in for the kernel that
 * the unit tests, the golden transcript's program and the fuzz targets
 * share.  It draws through the very pool the kernel's source uses, so a
 * test sees the program's requests and rejections.  Not a random source:
 * it is built only into tests, never into the program.
 */
struct scripted_source {
	struct pooled_source pooled; /* first: a scripted source is a pooled source */
	const unsigned char *script;
	size_t script_len, position;
	uint64_t state;              /* xorshift64*, after the script */
	size_t handed_out;
	size_t requests[SCRIPTED_MAX_REQUESTS], request_count;
};

/*
 * Set up src: the bytes of script (len of them, none when NULL) first, then
 * the stream from `seed` (any value; 0 stands for SCRIPTED_GOLDEN_SEED),
 * with `expected_bytes` announced to the pool as the kernel's source is
 * told the work of a run.  Returns the source to draw from.
 */
struct random_source *scripted_source_init(struct scripted_source *src,
					   const unsigned char *script, size_t len,
					   uint64_t seed, uint64_t expected_bytes);

/* How many bytes the pool asked for since set-up (past the script too). */
size_t scripted_source_used(const struct scripted_source *src);

/* The sizes of the pool's requests since set-up, in order (the first
 * SCRIPTED_MAX_REQUESTS); returns how many there were. */
size_t scripted_source_requests(const struct scripted_source *src, const size_t **sizes);

#endif
