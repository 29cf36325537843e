/* bytes.h - reading numbers from bytes in a fixed order */
#ifndef PASS_GENHELPER_BYTES_H
#define PASS_GENHELPER_BYTES_H

#include <stdint.h>

/* The 8 bytes at p as a big-endian number: written out, so that compilers
 * see one load and a byte swap. */
static inline uint64_t load_be64(const unsigned char *p)
{
	return (uint64_t)p[0] << 56 | (uint64_t)p[1] << 48 | (uint64_t)p[2] << 40 |
	       (uint64_t)p[3] << 32 | (uint64_t)p[4] << 24 | (uint64_t)p[5] << 16 |
	       (uint64_t)p[6] << 8 | (uint64_t)p[7];
}

#endif
