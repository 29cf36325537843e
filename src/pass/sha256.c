/*
 * sha256.c - the SHA-256 pin of a word list: its hexadecimal form, and the
 * digest.
 *
 * The digest is FIPS 180-4's SHA-256, written here: a word list's pin is
 * then checked wherever the program builds (musl and the BSDs too), and a
 * plain run loads and binds nothing for it.  tests/unit/test_sha256.c
 * checks it against FIPS 180-4's examples and the padding's edge lengths.
 */
#include "config.h"

#include "pass/sha256.h"

#include <stdint.h>
#include <string.h>

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

bool sha256_from_hex(const char *hex, unsigned char out[SHA256_BYTES])
{
	if (strlen(hex) != 2 * SHA256_BYTES)
		return false;
	for (size_t i = 0; i < SHA256_BYTES; i++) {
		int high = hex_value(hex[2 * i]), low = hex_value(hex[2 * i + 1]);

		if (high < 0 || low < 0)
			return false;
		out[i] = (unsigned char)(high << 4 | low);
	}
	return true;
}

/* FIPS 180-4 5.3.3: the first 32 bits of the fractional parts of the
 * square roots of the first 8 primes. */
static const uint32_t initial_hash[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

/* FIPS 180-4 4.2.2: the first 32 bits of the fractional parts of the cube
 * roots of the first 64 primes. */
static const uint32_t round_constants[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t rotate_right(uint32_t x, unsigned n)
{
	return x >> n | x << (32 - n);
}

/* FIPS 180-4 6.2.2: one 64-byte block into the state. */
static void compress(uint32_t state[8], const unsigned char *block)
{
	uint32_t w[64], a, b, c, d, e, f, g, h;

	/* The message schedule. */
	for (unsigned t = 0; t < 16; t++)
		w[t] = (uint32_t)block[4 * t] << 24 | (uint32_t)block[4 * t + 1] << 16 |
		       (uint32_t)block[4 * t + 2] << 8 | block[4 * t + 3];
	for (unsigned t = 16; t < 64; t++) {
		uint32_t s0 = rotate_right(w[t - 15], 7) ^ rotate_right(w[t - 15], 18) ^ w[t - 15] >> 3;
		uint32_t s1 = rotate_right(w[t - 2], 17) ^ rotate_right(w[t - 2], 19) ^ w[t - 2] >> 10;

		w[t] = w[t - 16] + s0 + w[t - 7] + s1;
	}
	a = state[0], b = state[1], c = state[2], d = state[3];
	e = state[4], f = state[5], g = state[6], h = state[7];
	/* T1 = h + Sigma1(e) + Ch(e, f, g) + K[t] + W[t],
	 * T2 = Sigma0(a) + Maj(a, b, c). */
	for (unsigned t = 0; t < 64; t++) {
		uint32_t t1 = h + (rotate_right(e, 6) ^ rotate_right(e, 11) ^ rotate_right(e, 25)) +
			      ((e & f) ^ (~e & g)) + round_constants[t] + w[t];
		uint32_t t2 = (rotate_right(a, 2) ^ rotate_right(a, 13) ^ rotate_right(a, 22)) +
			      ((a & b) ^ (a & c) ^ (b & c));

		h = g;
		g = f;
		f = e;
		e = d + t1;
		d = c;
		c = b;
		b = a;
		a = t1 + t2;
	}
	state[0] += a;
	state[1] += b;
	state[2] += c;
	state[3] += d;
	state[4] += e;
	state[5] += f;
	state[6] += g;
	state[7] += h;
}

void sha256_digest(const void *data, size_t len, unsigned char out[SHA256_BYTES])
{
	const unsigned char *bytes = data;
	size_t rest = len % 64, whole = len - rest, padded;
	unsigned char last[128] = { 0 };
	uint64_t bits = (uint64_t)len * 8; /* modulo 2^64, as 5.1.1 counts it */
	uint32_t state[8];

	memcpy(state, initial_hash, sizeof state);
	for (size_t i = 0; i < whole; i += 64)
		compress(state, bytes + i);
	/* FIPS 180-4 5.1.1: the rest, a 1 bit, zeros, and the length in bits
	 * (64 bits, big-endian) to end a block: one block more, or two when
	 * the rest leaves fewer than 9 bytes of it. */
	memcpy(last, bytes + whole, rest);
	last[rest] = 0x80;
	padded = rest + 1 + 8 <= 64 ? 64 : 128;
	for (unsigned i = 0; i < 8; i++)
		last[padded - 1 - i] = (unsigned char)(bits >> 8 * i);
	compress(state, last);
	if (padded == 128)
		compress(state, last + 64);
	for (unsigned i = 0; i < 8; i++) {
		out[4 * i] = (unsigned char)(state[i] >> 24);
		out[4 * i + 1] = (unsigned char)(state[i] >> 16);
		out[4 * i + 2] = (unsigned char)(state[i] >> 8);
		out[4 * i + 3] = (unsigned char)state[i];
	}
}
