/* pronounceable_draw.h - drawing a pronounceable password of a checked shape */
#ifndef PASS_GENHELPER_PRONOUNCEABLE_DRAW_H
#define PASS_GENHELPER_PRONOUNCEABLE_DRAW_H

#include <stddef.h>
#include <stdint.h>

#include "secret/pronounceable.h"
#include "random/source.h"

/* Bytes of randomness `count` passwords take at least (uniform_bytes_for). */
uint64_t pronounceable_random_bytes(const struct pronounceable *p, uint64_t count);

/*
 * One password into out (pronounceable_length() bytes, no terminator),
 * drawing in this order, which the dice follow: each letter, first to last;
 * the digit's place among the drawn characters, then the digit; the
 * symbol's place among the places left, then the symbol; which letter is
 * the capital.  Returns its length.
 */
size_t pronounceable_generate(const struct pronounceable *p, struct random_source *src, char *out);

#endif
