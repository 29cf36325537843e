/* sha256.h - the SHA-256 pin of a word list: its hexadecimal form, and the
 * digest (libgcrypt, opened when a pin is checked) */
#ifndef PASS_GENHELPER_SHA256_H
#define PASS_GENHELPER_SHA256_H

#include <stdbool.h>
#include <stddef.h>

#define SHA256_BYTES 32

/* The 64 hexadecimal digits of a SHA-256 (either case, as sha256sum prints
 * them) into out; false for anything else. */
bool sha256_from_hex(const char *hex, unsigned char out[SHA256_BYTES]);

/*
 * SHA-256 of data into out; false with the reason in why (size bytes)
 * when this build or this system has no library for it.
 */
bool sha256_digest(const void *data, size_t len, unsigned char out[SHA256_BYTES], char *why,
		   size_t size);

#endif
