/* sha256.h - the SHA-256 pin of a word list: its hexadecimal form, and the
 * digest */
#ifndef PASS_GENHELPER_SHA256_H
#define PASS_GENHELPER_SHA256_H

#include <stdbool.h>
#include <stddef.h>

#define SHA256_BYTES 32

/* The 64 hexadecimal digits of a SHA-256 (either case, as sha256sum prints
 * them) into out; false for anything else. */
bool sha256_from_hex(const char *hex, unsigned char out[SHA256_BYTES]);

/* SHA-256 (FIPS 180-4) of len bytes of data into out. */
void sha256_digest(const void *data, size_t len, unsigned char out[SHA256_BYTES]);

#endif
