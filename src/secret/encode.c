/*
 * encode.c - hex, base32, base64 and base64url (RFC 4648), without padding.
 *
 * Padding carries no information and is often refused by password fields,
 * so it is left out: 18 bytes give 24 base64 characters, 16 give 22.
 */
#include "config.h"

#include "secret/encode.h"
#include "text/util.h"

#include <stdint.h>

static const char hex_digits[] = "0123456789abcdef";
static const char base32_digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
static const char base64_digits[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char base64url_digits[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

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
	/* Whole groups first, without the bit loop: 3 bytes to 4 characters
	 * (base64), 5 to 8 (base32), 1 to 2 (hex); the loop below then starts
	 * with an empty accumulator, as it would have reached the same point. */
	if (width == 6) {
		for (; i + 3 <= len; i += 3) {
			uint32_t group = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];

			out[written++] = digits[group >> 18];
			out[written++] = digits[(group >> 12) & 63];
			out[written++] = digits[(group >> 6) & 63];
			out[written++] = digits[group & 63];
		}
	} else if (width == 5) {
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
