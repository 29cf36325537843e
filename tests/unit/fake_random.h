/* fake_random.h - a scripted replacement for src/random.c in unit tests */
#ifndef PASS_GENHELPER_FAKE_RANDOM_H
#define PASS_GENHELPER_FAKE_RANDOM_H

#include <stddef.h>

/*
 * From now on random_bytes() returns these bytes in order, then 0xEE
 * forever.  A test then sets up its source (random_source_init() empties
 * the uniform pool), so that the next draw starts at script[0].
 */
void fake_random_script(const unsigned char *script, size_t len);

/* How many bytes the pool asked for since the last script (past its end
 * included). */
size_t fake_random_used(void);

/* The sizes of the pool's requests since the last script, in order (the
 * first FAKE_RANDOM_MAX_REQUESTS); returns how many there were. */
#define FAKE_RANDOM_MAX_REQUESTS 64
size_t fake_random_requests(const size_t **sizes);

#endif
