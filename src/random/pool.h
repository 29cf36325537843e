/* pool.h - a random source over a stream of bytes: pooled reads, unbiased digits */
#ifndef PASS_GENHELPER_POOL_H
#define PASS_GENHELPER_POOL_H

#include "random/source.h"
#include "random/uniform.h"

#include <stddef.h>
#include <stdint.h>

/*
 * The part of a byte-stream source that does not depend on where the bytes
 * come from: the kernel's source (random.c) and the tests' scripted one
 * (tests/unit/scripted_source.c) are each a pooled source with their own
 * read_stream().  Bytes are read into a pool whose requests are sized to
 * the work announced at set-up; values left over in a word are kept for
 * the next draw with the same bound (uniform.c says why that stays
 * uniform).  The pool keeps the bytes the run's secrets were drawn from
 * until the source is wiped (wiping each word as it is taken would cost a
 * call per word).
 */
/* Where larger getrandom requests stop paying: 16 MB read in requests of
 * 256 B, 1 KiB, 4 KiB, 16 KiB, 64 KiB, 256 KiB, 1 MiB ran at 192, 445, 666,
 * 757, 776, 780, 754 MB/s on the build machine (Linux 6, AMD EPYC VM). */
#define POOL_BYTES 16384
#define POOL_SLOTS 8 /* bounds whose leftover values are kept */

struct pool_slot {
	struct uniform_plan plan;   /* plan.bound 0: unused */
	unsigned next;              /* digits[next..per_word) are unused */
	uint32_t digits[UNIFORM_MAX_PER_WORD];
};

struct pooled_source {
	struct random_source base;
	/* Fill buf with exactly len bytes of the stream, or end the program. */
	void (*read_stream)(struct pooled_source *src, void *buf, size_t len);
	uint64_t expected;          /* bytes still expected to be needed */
	size_t tail;                /* request size once `expected` is spent */
	size_t pool_len, pool_used;
	size_t pool_filled;         /* the most of the pool ever filled */
	/* Slots are taken in order, then reused in turn; nothing reads a
	 * slot not taken yet, so on fresh storage their pages are first
	 * written, not read (a read first is one page fault more: the zero
	 * page, then its copy). */
	unsigned slots_used;
	unsigned slot_turn;         /* the slot to reuse next, once all are used */
	struct pool_slot slots[POOL_SLOTS];
	/* Last: setting up reads the fields above, and a call that draws a
	 * few bytes touches only the pool's start, so the page the fields
	 * and those bytes share is the only one a short run faults in. */
	unsigned char pool[POOL_BYTES];
};

/*
 * Set up src (empty, whatever it held before, which is wiped) to read its
 * stream with read_stream(), expecting about `expected_bytes` in all (a
 * lower bound: more is read in growing blocks as needed, never more than
 * POOL_BYTES at once).  `ops` is the implementation's table; its below,
 * fill, bytes, draws and view are normally pooled_below, pooled_fill,
 * pooled_bytes, pooled_draws and pooled_view.
 */
void pooled_source_init(struct pooled_source *src, const struct random_source_ops *ops,
			void (*read_stream)(struct pooled_source *, void *, size_t),
			uint64_t expected_bytes);

uint32_t pooled_below(struct random_source *src, uint32_t bound);
void pooled_fill(struct random_source *src, const char *alphabet, uint32_t size, char *out,
		 size_t len);
void pooled_bytes(struct random_source *src, void *buf, size_t len);
void pooled_draws(struct random_source *src, uint32_t bound, uint32_t *out, size_t n);
const unsigned char *pooled_view(struct random_source *src, size_t unit, size_t *len);

/* Wipe the pool and the leftover digits: only what was filled, so that a
 * single password does not touch the whole pool. */
void pooled_source_wipe(struct pooled_source *src);

#endif
