/* test_sha256.c - SHA-256 against FIPS 180-4's examples and the padding's
 * edge lengths (digests from an independent implementation) */
#include "config.h"

#include "pass/sha256.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check(const void *data, size_t len, const char *want_hex, const char *name)
{
	unsigned char digest[SHA256_BYTES], want[SHA256_BYTES];
	char shown[2 * SHA256_BYTES + 1];

	sha256_digest(data, len, digest);
	for (size_t i = 0; i < SHA256_BYTES; i++)
		snprintf(shown + 2 * i, 3, "%02x", digest[i]);
	ok(sha256_from_hex(want_hex, want), "%s: the expected digest parses", name);
	is_str(shown, want_hex, name);
	ok(memcmp(digest, want, SHA256_BYTES) == 0, "%s: the bytes match", name);
}

int main(void)
{
	/* The padding's edges: 55 bytes and the 9 of padding end one block;
	 * 56 to 63 need a second; 64 and 128 are whole blocks. */
	static const struct {
		size_t len;
		const char *digest;
	} edges[] = {
		{ 55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b" },
		{ 56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27" },
		{ 63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055" },
		{ 64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241" },
		{ 65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e" },
		{ 119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e" },
		{ 120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5" },
		{ 127, "a8d23e75d936f303d248888d9b165ee543f4cbafcad3c9dd2a79bd84faa11d07" },
		{ 128, "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6" },
	};
	unsigned char pattern[128];
	char *million = malloc(1000000);

	if (!million)
		return 99;
	/* FIPS 180-4's examples (NIST's "SHA-256 example" pages). */
	check("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "empty");
	check("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "abc");
	check("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56,
	      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", "448 bits");
	memset(million, 'a', 1000000);
	check(million, 1000000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
	      "a million a");
	free(million);
	for (size_t i = 0; i < sizeof pattern; i++)
		pattern[i] = (unsigned char)(i * 7 + 3);
	for (size_t i = 0; i < sizeof edges / sizeof *edges; i++) {
		char name[32];

		snprintf(name, sizeof name, "%zu bytes", edges[i].len);
		check(pattern, edges[i].len, edges[i].digest, name);
	}
	return done_testing();
}
