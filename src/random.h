/*
 * random.h - the program's only source of randomness.
 *
 * Everything random in the output comes from random_bytes(), unless the
 * user chose to type dice rolls instead (dice.c).  Unit tests link
 * a scripted replacement of random.c in its place (tests/unit/fake_random.c),
 * which is the one seam through which a test may control the bytes.
 */
#ifndef PASS_GENHELPER_RANDOM_H
#define PASS_GENHELPER_RANDOM_H

#include <stddef.h>

/*
 * Fill buf with len bytes from the kernel's CSPRNG.  Never returns short and
 * never degrades: when neither getrandom(2) nor the real /dev/urandom can
 * deliver, the program exits with status 1.
 */
void random_bytes(void *buf, size_t len);

#endif
