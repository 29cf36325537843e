/* test_encode.c - RFC 4648 test vectors, unpadded */
#include "config.h"

#include "secret/encode.h"
#include "tap.h"

static void check(enum encoding encoding, const char *input, const char *want, const char *name)
{
	char out[64] = "";
	size_t len = strlen(input);
	size_t written = encode_bytes(encoding, (const unsigned char *)input, len, out);

	out[written] = '\0';
	ok(written == encoded_length(encoding, len), "%s: length '%s'", name, input);
	is_str(out, want, name);
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
	return done_testing();
}
