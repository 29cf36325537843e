/*
 * scripted_random.c - a fixed random_bytes() for the golden transcript.
 *
 * Linked with src/main.c and the library in place of src/random.c, it makes
 * pass-genhelper-scripted: the real program whose "kernel" bytes are a
 * xorshift64* stream from a fixed seed, so that every run prints the same
 * secrets.  tests/golden/run compares what it prints (with what the real
 * program prints from scripted dice rolls) with tests/golden/expected, so
 * that a change meant to keep behaviour shows any byte it does not keep.
 * Not a random source: it is built only for `make check`, never installed.
 */
#include "config.h"

#include "random.h"

#include <stdint.h>

static uint64_t state = UINT64_C(0x0123456789abcdef);

/* xorshift64* (Vigna): plenty for rejection sampling to end, and fixed. */
static uint64_t next(void)
{
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return state * UINT64_C(0x2545f4914f6cdd1d);
}

void random_bytes(void *buf, size_t len)
{
	unsigned char *out = buf;

	/* One byte a step, so the stream does not depend on how the pool
	 * splits its requests. */
	for (size_t i = 0; i < len; i++)
		out[i] = (unsigned char)(next() >> 56);
}
