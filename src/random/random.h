/*
 * random.h - the kernel's randomness as a random source: the program's only
 * source, unless the user chose to type dice rolls instead (dice.h).
 *
 * Tests never link a replacement of this file: they hand the code under
 * test another source (tests/unit/scripted_source.h), the one seam through
 * which a test controls the bytes.
 */
#ifndef PASS_GENHELPER_RANDOM_H
#define PASS_GENHELPER_RANDOM_H

#include "random/pool.h"

#include <stdint.h>

struct kernel_source {
	struct pooled_source pooled; /* first: a kernel source is a pooled source */
	enum { KERNEL_UNTRIED, KERNEL_GETRANDOM, KERNEL_URANDOM } reader;
	int urandom_fd;              /* the fallback's open /dev/urandom, or -1 */
};

/*
 * Set up src to draw from the kernel's CSPRNG, expecting about
 * `expected_bytes` in all (see pooled_source_init); src must start zeroed
 * (static storage) or have been set up before.  A draw never returns short
 * and never degrades: when the kernel cannot deliver, the program exits
 * with status 1.  Wiping closes what the source opened.
 */
void kernel_source_init(struct kernel_source *src, uint64_t expected_bytes);

#endif
