/* passphrase_draw.h - drawing a passphrase of a checked shape */
#ifndef PASS_GENHELPER_PASSPHRASE_DRAW_H
#define PASS_GENHELPER_PASSPHRASE_DRAW_H

#include <stddef.h>
#include <stdint.h>

#include "secret/passphrase.h"
#include "random/source.h"

/* Write one passphrase to out (passphrase_max_bytes() room), with
 * randomness from src; returns its length. */
size_t passphrase_generate(const struct passphrase *p, struct random_source *src, char *out);

/* Kernel bytes that `count` passphrases take at least. */
uint64_t passphrase_random_bytes(const struct passphrase *p, uint64_t count);

#endif
