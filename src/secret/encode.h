/* encode.h - RFC 4648 encodings of random bytes, unpadded */
#ifndef PASS_GENHELPER_ENCODE_H
#define PASS_GENHELPER_ENCODE_H

#include <stdbool.h>
#include <stddef.h>

#include "secret/charset.h"

/* Encode `len` bytes of `in` into `out` (encoded_length() characters, no
 * terminator); returns the number written. */
size_t encode_bytes(enum encoding encoding, const unsigned char *in, size_t len, char *out);

/* n inputs of `bytes` bytes each, one after the other at in, encoded one
 * after the other at out, each followed by `terminator`; returns the
 * number written. */
size_t encode_many(enum encoding encoding, const unsigned char *in, size_t bytes, size_t n,
		   char terminator, char *out);

/* For the tests: encode_many() without the vector instructions it uses
 * where the processor has them (true), or with them again (false). */
void encode_prefer_portable(bool portable);

#endif
