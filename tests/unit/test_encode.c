/* test_encode.c - RFC 4648 test vectors, unpadded, and base64 by pairs */
#include "config.h"

#include "secret/encode.h"
#include "tap.h"

#include <stdint.h>
#include <string.h>

static void check(enum encoding encoding, const char *input, const char *want, const char *name)
{
	char out[64] = "";
	size_t len = strlen(input);
	size_t written = encode_bytes(encoding, (const unsigned char *)input, len, out);

	out[written] = '\0';
	ok(written == encoded_length(encoding, len), "%s: length '%s'", name, input);
	is_str(out, want, name);
}

/* The bits of in, `width` a character, the last padded with zero bits:
 * the definition, one bit at a time. */
static size_t by_bits(const char *digits, unsigned width, const unsigned char *in, size_t len,
		      char *out)
{
	size_t written = 0, bits = 8 * len;

	for (size_t at = 0; at < bits; at += width) {
		unsigned value = 0;

		for (unsigned b = 0; b < width; b++) {
			size_t bit = at + b;

			value = value << 1 | (bit < bits ? (in[bit / 8] >> (7 - bit % 8)) & 1u : 0u);
		}
		out[written++] = digits[value];
	}
	return written;
}

/* base64 goes two characters at a time through a table of 4096 pairs:
 * every 3-byte group (each entry of the table in both places), and every
 * 1- and 2-byte tail, against the definition. */
static void test_base64_pairs(void)
{
	static const char plus[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	static const char url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
	bool groups = true, tails = true;

	for (uint32_t v = 0; v < (1u << 24); v++) {
		const unsigned char in[5] = { (unsigned char)(v >> 16), (unsigned char)(v >> 8),
					      (unsigned char)v, (unsigned char)(v >> 8),
					      (unsigned char)v };
		char got[8], want[8];
		/* 3 bytes; and 4 or 5 (the group, then a tail) for some */
		size_t len = v % 509 == 0 ? 3 + v % 3 : 3;

		for (int e = 0; e < 2; e++) {
			size_t n = encode_bytes(e ? ENCODING_BASE64URL : ENCODING_BASE64, in, len, got);

			groups &= n == by_bits(e ? url : plus, 6, in, len, want) &&
				  memcmp(got, want, n) == 0;
		}
	}
	for (uint32_t v = 0; v < (1u << 16); v++) {
		const unsigned char in[2] = { (unsigned char)(v >> 8), (unsigned char)v };
		char got[4], want[4];

		for (size_t len = 1; len <= 2; len++)
			for (int e = 0; e < 2; e++) {
				enum encoding enc = e ? ENCODING_BASE64URL : ENCODING_BASE64;
				size_t n = encode_bytes(enc, in + 2 - len, len, got);

				tails &= n == by_bits(e ? url : plus, 6, in + 2 - len, len, want) &&
					 memcmp(got, want, n) == 0;
			}
	}
	ok(groups, "base64 and base64url: every 3-byte group as its bits spell it");
	ok(tails, "base64 and base64url: every 1- and 2-byte input as its bits spell it");
}

/* Tokens of every size up to 40 bytes (the longer ones read their last
 * bytes in one 8-byte read; 16 and 32 have their own unrolled loops), in
 * runs of 5 through encode_many() and alone through encode_bytes(),
 * against the definition; the bytes from a fixed sequence that makes
 * every bit pattern likely in every place.  With the vector instructions
 * where encode_many() uses them (portable false), and without. */
static void test_token_sizes(bool portable)
{
	static const enum encoding encodings[] = { ENCODING_BASE64, ENCODING_BASE64URL,
						   ENCODING_BASE32, ENCODING_HEX };
	static const char *const digits[] = {
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", "0123456789abcdef" };
	static const unsigned widths[] = { 6, 6, 5, 4 };
	uint64_t state = 88172645463325252u;
	bool same = true;

	encode_prefer_portable(portable);

	for (size_t e = 0; e < 4; e++)
		for (size_t bytes = 1; bytes <= 40; bytes++)
			for (int round = 0; round < 200; round++) {
				unsigned char in[5 * 40];
				char many[5 * 81], alone[81], want[81];
				size_t at = 0, n;

				for (size_t i = 0; i < 5 * bytes; i++) {
					state ^= state << 13, state ^= state >> 7, state ^= state << 17;
					in[i] = (unsigned char)(state >> 24);
				}
				n = encode_many(encodings[e], in, bytes, 5, '\n', many);
				for (size_t t = 0; t < 5; t++) {
					size_t w = by_bits(digits[e], widths[e], in + t * bytes, bytes, want);
					size_t a = encode_bytes(encodings[e], in + t * bytes, bytes, alone);

					want[w++] = '\n';
					same &= a + 1 == w && memcmp(alone, want, a) == 0 &&
						at + w <= n && memcmp(many + at, want, w) == 0;
					at += w;
				}
				same &= at == n;
			}
	encode_prefer_portable(false);
	ok(same, "tokens of 1 to 40 bytes, alone and in runs%s, as their bits spell them, in every encoding",
	   portable ? " (portable code)" : "");
}

int main(void)
{
	/* RFC 4648 section 10, with the padding removed. */
	static const char *const inputs[] = { "", "f", "fo", "foo", "foob", "fooba", "foobar" };
	static const char *const b64[] = { "", "Zg", "Zm8", "Zm9v", "Zm9vYg", "Zm9vYmE", "Zm9vYmFy" };
	static const char *const b32[] = { "", "MY", "MZXQ", "MZXW6", "MZXW6YQ", "MZXW6YTB",
					   "MZXW6YTBOI" };
	static const char *const b16[] = { "", "66", "666f", "666f6f", "666f6f62", "666f6f6261",
					   "666f6f626172" };

	for (size_t i = 0; i < 7; i++) {
		check(ENCODING_BASE64, inputs[i], b64[i], "base64");
		check(ENCODING_BASE32, inputs[i], b32[i], "base32");
		check(ENCODING_HEX, inputs[i], b16[i], "hex");
	}
	/* 0xfb 0xff: base64 "+/8", base64url "-_8". */
	check(ENCODING_BASE64, "\xfb\xff", "+/8", "base64 uses + and /");
	check(ENCODING_BASE64URL, "\xfb\xff", "-_8", "base64url uses - and _");
	ok(encoded_length(ENCODING_BASE64, 18) == 24, "18 bytes are 24 base64 characters");
	ok(encoded_length(ENCODING_BASE64, 16) == 22, "16 bytes are 22 base64 characters");
	ok(encoded_length(ENCODING_BASE32, 20) == 32, "20 bytes are 32 base32 characters");
	ok(encoded_length(ENCODING_HEX, 2048) == 4096, "2048 bytes are 4096 hex digits");
	test_base64_pairs();
	test_token_sizes(false);
	test_token_sizes(true);
	return done_testing();
}
