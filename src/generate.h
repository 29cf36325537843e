/* generate.h - one secret from a resolved spec */
#ifndef PASS_GENHELPER_GENERATE_H
#define PASS_GENHELPER_GENERATE_H

#include <stdbool.h>

#include "spec.h"

/* Write one secret (no terminator) to out, which has MAX_SECRET_BYTES of
 * room; returns its length in bytes. */
size_t generate_secret(const struct spec *spec, char *out);

/* Does s (length characters) hold a character of every required class? */
bool meets_rules(const char *s, size_t length, class_mask required);

#endif
