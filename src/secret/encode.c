/*
 * encode.c - hex, base32, base64 and base64url (RFC 4648), without padding.
 *
 * Padding carries no information and is often refused by password fields,
 * so it is left out: 18 bytes give 24 base64 characters, 16 give 22.
 */
#include "config.h"

#include "secret/encode.h"
#include "text/bytes.h"
#include "text/cold.h"
#include "text/util.h"

#include <stdint.h>
#include <string.h>

/* base64 runs with SSSE3 where the processor has it (asked at run time);
 * not in the build that stands for other compilers (UNIFORM_PORTABLE,
 * tests/port/run), which so tests the code they run. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(UNIFORM_PORTABLE)
#define ENCODE_SSSE3 1
#include <cpuid.h>
#include <tmmintrin.h>
#else
#define ENCODE_SSSE3 0
#endif

static const char hex_digits[] = "0123456789abcdef";
static const char base32_digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
static const char base64_digits[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char base64url_digits[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/*
 * base64's characters two at a time: entry i is the characters of the
 * 12-bit value i, so that a group of 3 bytes is 2 lookups, not 4.  Spelt
 * by the compiler from the alphabet's ranges (A-Z a-z 0-9 and the last
 * two), 8 KiB a table, read only by token runs: after the data every
 * call reads (text/cold.h).
 */
#define B64_CHAR(v, c62, c63)                                                  \
	((v) < 26 ? 'A' + (v) : (v) < 52 ? 'a' + (v) - 26 : (v) < 62 ? '0' + (v) - 52 \
	 : (v) == 62 ? (c62) : (c63))
#define B64_PAIR(i, a, b) { B64_CHAR((i) >> 6, a, b), B64_CHAR((i) & 63, a, b) }
/* Entries i, i + 1, ...: 4, 16, 64, 256, 1024 of them, then all 4096. */
#define B64_P4(i, a, b) \
	B64_PAIR(i, a, b), B64_PAIR((i) + 1, a, b), B64_PAIR((i) + 2, a, b), B64_PAIR((i) + 3, a, b)
#define B64_P16(i, a, b) \
	B64_P4(i, a, b), B64_P4((i) + 4, a, b), B64_P4((i) + 8, a, b), B64_P4((i) + 12, a, b)
#define B64_P64(i, a, b) \
	B64_P16(i, a, b), B64_P16((i) + 16, a, b), B64_P16((i) + 32, a, b), B64_P16((i) + 48, a, b)
#define B64_P256(i, a, b)                                                       \
	B64_P64(i, a, b), B64_P64((i) + 64, a, b), B64_P64((i) + 128, a, b),    \
		B64_P64((i) + 192, a, b)
#define B64_P1024(i, a, b)                                                      \
	B64_P256(i, a, b), B64_P256((i) + 256, a, b), B64_P256((i) + 512, a, b), \
		B64_P256((i) + 768, a, b)
#define B64_P4096(a, b)                                                        \
	B64_P1024(0, a, b), B64_P1024(1024, a, b), B64_P1024(2048, a, b),      \
		B64_P1024(3072, a, b)
static const char base64_pairs[4096][2] COLD_TABLE = { B64_P4096('+', '/') };
static const char base64url_pairs[4096][2] COLD_TABLE = { B64_P4096('-', '_') };

static const char *digits_of(enum encoding encoding)
{
	switch (encoding) {
	case ENCODING_HEX: return hex_digits;
	case ENCODING_BASE32: return base32_digits;
	case ENCODING_BASE64: return base64_digits;
	case ENCODING_BASE64URL: return base64url_digits;
	case ENCODING_NONE: break;
	}
	return NULL;
}

/* base64 by pairs, of in's bytes from i to len: 3 bytes are 24 bits, two
 * pairs; a last byte is 8 bits and 4 of padding, one pair; a last 2
 * bytes, 16 bits and 2 of padding, a pair and a character.  Inlined into
 * encode_many()'s loop, so that a token costs no call. */
static inline __attribute__((always_inline)) size_t
encode_base64(const char (*pairs)[2], const char *digits, const unsigned char *in, size_t i,
	      size_t len, char *out)
{
	char *start = out;
	uint64_t tail = 0;
	unsigned bits;

	/* 6 bytes (4 pairs) at a time from one 8-byte read while 8 bytes
	 * are left. */
	for (; i + 8 <= len; i += 6) {
		uint64_t group = load_be64(in + i);

		memcpy(out, pairs[group >> 52], 2);
		memcpy(out + 2, pairs[(group >> 40) & 4095], 2);
		memcpy(out + 4, pairs[(group >> 28) & 4095], 2);
		memcpy(out + 6, pairs[(group >> 16) & 4095], 2);
		out += 8;
	}
	/* The last bytes (fewer than 8) as the low bits of one number: from
	 * a read of the input's last 8 bytes where it has 8, else a byte at
	 * a time; then a pair for each 12 bits, most significant first. */
	bits = 8 * (unsigned)(len - i);
	if (bits == 0)
		return (size_t)(out - start);
	if (len >= 8)
		tail = load_be64(in + len - 8) & ((UINT64_C(1) << bits) - 1);
	else
		for (; i < len; i++)
			tail = tail << 8 | in[i];
	for (; bits >= 12; bits -= 12, out += 2)
		memcpy(out, pairs[(tail >> (bits - 12)) & 4095], 2);
	if (bits == 8) {
		memcpy(out, pairs[(tail & 255) << 4], 2);
		out += 2;
	} else if (bits == 4) {
		*out++ = digits[(tail & 15) << 2];
	}
	return (size_t)(out - start);
}

/*
 * All four encodings read the input as one big-endian bit string, `width`
 * bits a character, the last character padded with zero bits.
 */
size_t encode_bytes(enum encoding encoding, const unsigned char *in, size_t len, char *out)
{
	unsigned width = encoding_bits_per_char(encoding);
	const char *digits = digits_of(encoding);
	unsigned long accumulator = 0;
	unsigned held = 0; /* bits in the accumulator */
	size_t written = 0;

	size_t i = 0;

	if (!digits)
		return 0;
	/* base64 all by pairs; the others' whole groups first, without the
	 * bit loop: 5 bytes to 8 characters (base32), 1 to 2 (hex); the loop
	 * below then starts with an empty accumulator, as it would have
	 * reached the same point. */
	if (width == 6)
		return encode_base64(encoding == ENCODING_BASE64 ? base64_pairs : base64url_pairs,
				     digits, in, 0, len, out);
	if (width == 5) {
		for (; i + 5 <= len; i += 5) {
			uint64_t group = 0;

			for (size_t k = 0; k < 5; k++)
				group = group << 8 | in[i + k];
			for (int k = 7; k >= 0; k--)
				out[written++] = digits[(group >> (5 * k)) & 31];
		}
	} else if (width == 4) {
		for (; i < len; i++) {
			out[written++] = digits[in[i] >> 4];
			out[written++] = digits[in[i] & 15];
		}
	}
	for (; i < len; i++) {
		accumulator = (accumulator << 8 | in[i]) & 0xffffu;
		held += 8;
		while (held >= width) {
			held -= width;
			out[written++] = digits[(accumulator >> held) & ((1u << width) - 1)];
		}
	}
	if (held > 0)
		out[written++] = digits[(accumulator << (width - held)) & ((1u << width) - 1)];
	secure_zero(&accumulator, sizeof accumulator);
	return written;
}

/* n tokens of `bytes` bytes each, each followed by the terminator. */
static inline __attribute__((always_inline)) size_t
encode_base64_run(const char (*pairs)[2], const char *digits, const unsigned char *in,
		  size_t bytes, size_t n, char terminator, char *out)
{
	char *start = out;

	for (size_t i = 0; i < n; i++, in += bytes) {
		out += encode_base64(pairs, digits, in, 0, bytes, out);
		*out++ = terminator;
	}
	return (size_t)(out - start);
}

#if ENCODE_SSSE3
/*
 * The same with SSSE3, where the processor has it (x86-64 processors
 * since 2006): 12 bytes to 16 characters in a few vector instructions
 * (the method of W. Mula and D. Lemire, "Faster Base64 Encoding and
 * Decoding Using AVX2 Instructions", 2018), the rest of a token by pairs.
 * Each 32-bit lane gets one 3-byte group b0 b1 b2, as bytes b1 b0 b2 b1:
 * its low 16 bits hold the sextets a (bits 15-10) and b (9-4), its high
 * 16 bits c (11-6) and d (5-0).  Two multiplies move each to its byte:
 * the high halves of a * 2^6 and c * 2^10 are a >> 10 and c >> 6 (bytes
 * 0 and 2), the low halves of b * 2^4 and d * 2^8 put b and d in bytes 1
 * and 3.  A sextet v then becomes its character by adding the offset of
 * its range, looked up by a byte that saturating arithmetic makes of v:
 * 13 below 26, 0 from 26 to 51, v - 51 above.
 */
static __attribute__((target("ssse3"))) inline void
encode_twelve(const unsigned char *in, __m128i offsets, char *out)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)in);
	__m128i a_c, b_d, sextets, range;

	v = _mm_shuffle_epi8(v, _mm_setr_epi8(1, 0, 2, 1, 4, 3, 5, 4, 7, 6, 8, 7, 10, 9, 11, 10));
	a_c = _mm_mulhi_epu16(_mm_and_si128(v, _mm_set1_epi32(0x0fc0fc00)),
			      _mm_set1_epi32(0x04000040));
	b_d = _mm_mullo_epi16(_mm_and_si128(v, _mm_set1_epi32(0x003f03f0)),
			      _mm_set1_epi32(0x01000010));
	sextets = _mm_or_si128(a_c, b_d);
	range = _mm_subs_epu8(sextets, _mm_set1_epi8(51));
	range = _mm_or_si128(range, _mm_and_si128(_mm_cmpgt_epi8(_mm_set1_epi8(26), sextets),
						  _mm_set1_epi8(13)));
	v = _mm_add_epi8(sextets, _mm_shuffle_epi8(offsets, range));
	_mm_storeu_si128((__m128i *)(void *)out, v);
}

static __attribute__((target("ssse3"))) inline __attribute__((always_inline)) size_t
encode_base64_run_ssse3(const char (*pairs)[2], const char *digits, const unsigned char *in,
			size_t bytes, size_t n, char terminator, char *out)
{
	/* Offsets by range: 26-51 to 'a', 52-61 to '0', 62, 63, 0-25 to 'A'. */
	const __m128i offsets = _mm_setr_epi8(
		'a' - 26, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52,
		'0' - 52, '0' - 52, '0' - 52, (char)(digits[62] - 62), (char)(digits[63] - 63),
		'A', 0, 0);
	char *start = out;

	for (size_t t = 0; t < n; t++, in += bytes) {
		size_t i = 0;

		for (; i + 16 <= bytes; i += 12, out += 16)
			encode_twelve(in + i, offsets, out);
		out += encode_base64(pairs, digits, in, i, bytes, out);
		*out++ = terminator;
	}
	return (size_t)(out - start);
}

__attribute__((target("ssse3"))) static size_t
encode_base64_ssse3(const char (*pairs)[2], const char *digits, const unsigned char *in,
		    size_t bytes, size_t n, char terminator, char *out)
{
	/* Keys' usual sizes, 128 and 256 bits, with the size known to the
	 * compiler, which then unrolls the groups and the tail. */
	if (bytes == 16)
		return encode_base64_run_ssse3(pairs, digits, in, 16, n, terminator, out);
	if (bytes == 32)
		return encode_base64_run_ssse3(pairs, digits, in, 32, n, terminator, out);
	return encode_base64_run_ssse3(pairs, digits, in, bytes, n, terminator, out);
}

static bool encode_portable; /* encode_prefer_portable() */

/* Asked once, and only by a run of base64 tokens. */
static bool have_ssse3(void)
{
	static enum { UNKNOWN, NO, YES } ssse3;
	unsigned a, b, c, d;

	if (ssse3 == UNKNOWN)
		ssse3 = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSSE3) ? YES : NO;
	return ssse3 == YES && !encode_portable;
}

void encode_prefer_portable(bool portable)
{
	encode_portable = portable;
}
#else
void encode_prefer_portable(bool portable)
{
	(void)portable;
}
#endif

size_t encode_many(enum encoding encoding, const unsigned char *in, size_t bytes, size_t n,
		   char terminator, char *out)
{
	char *start = out;

	if (encoding == ENCODING_BASE64 || encoding == ENCODING_BASE64URL) {
		/* The table and alphabet chosen once, not once a token. */
		const char (*pairs)[2] = encoding == ENCODING_BASE64 ? base64_pairs : base64url_pairs;
		const char *digits = digits_of(encoding);

#if ENCODE_SSSE3
		/* Processors without SSSE3 (before 2011) take the plain
		 * loop, which is not made again for each usual size. */
		if (have_ssse3())
			return encode_base64_ssse3(pairs, digits, in, bytes, n, terminator, out);
		out += encode_base64_run(pairs, digits, in, bytes, n, terminator, out);
#else
		/* Keys' usual sizes, 128 and 256 bits, with the size known to
		 * the compiler, which then unrolls the groups and the tail. */
		if (bytes == 16)
			out += encode_base64_run(pairs, digits, in, 16, n, terminator, out);
		else if (bytes == 32)
			out += encode_base64_run(pairs, digits, in, 32, n, terminator, out);
		else
			out += encode_base64_run(pairs, digits, in, bytes, n, terminator, out);
#endif
	} else {
		for (size_t i = 0; i < n; i++, in += bytes) {
			out += encode_bytes(encoding, in, bytes, out);
			*out++ = terminator;
		}
	}
	return (size_t)(out - start);
}
