/*
 * encode.c - hex, base32, base64 and base64url (RFC 4648), without padding.
 *
 * Padding carries no information and is often refused by password fields,
 * so it is left out: 18 bytes give 24 base64 characters, 16 give 22.
 */
#include "config.h"

#include "encode.h"
#include "util.h"

static const char hex_digits[] = "0123456789abcdef";
static const char base32_digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
static const char base64_digits[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char base64url_digits[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* Bits per output character. */
static unsigned bits_per_char(enum encoding encoding)
{
	switch (encoding) {
	case ENCODING_HEX: return 4;
	case ENCODING_BASE32: return 5;
	case ENCODING_BASE64:
	case ENCODING_BASE64URL: return 6;
	case ENCODING_NONE: break;
	}
	return 0;
}

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

size_t encoded_length(enum encoding encoding, size_t bytes)
{
	unsigned width = bits_per_char(encoding);

	return width ? (bytes * 8 + width - 1) / width : 0;
}

/*
 * All four encodings read the input as one big-endian bit string, `width`
 * bits a character, the last character padded with zero bits.
 */
size_t encode_bytes(enum encoding encoding, const unsigned char *in, size_t len, char *out)
{
	unsigned width = bits_per_char(encoding);
	const char *digits = digits_of(encoding);
	unsigned long accumulator = 0;
	unsigned held = 0; /* bits in the accumulator */
	size_t written = 0;

	if (!digits)
		return 0;
	for (size_t i = 0; i < len; i++) {
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
