/* fake_random.h - a scripted replacement for src/random.c in unit tests */
#ifndef PASS_GENHELPER_FAKE_RANDOM_H
#define PASS_GENHELPER_FAKE_RANDOM_H

#include <stddef.h>

/*
 * From now on random_bytes() returns these bytes in order, then 0xEE
 * forever.  Also discards whatever the uniform pool still held, so the next
 * draw starts at script[0].
 */
void fake_random_script(const unsigned char *script, size_t len);

/* How many scripted bytes have been handed to the pool so far. */
size_t fake_random_used(void);

#endif
