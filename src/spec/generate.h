/* generate.h - one secret from a resolved spec */
#ifndef PASS_GENHELPER_GENERATE_H
#define PASS_GENHELPER_GENERATE_H

#include <stdbool.h>
#include <stdint.h>

#include "spec/spec.h"
#include "random/source.h"

/* Write one secret (no terminator) to out, which has spec->max_bytes of
 * room, with randomness from src; returns its length in bytes. */
size_t generate_secret(const struct spec *spec, struct random_source *src, char *out);

/* Kernel bytes that spec->count secrets take at least (class rules can
 * reject candidates and take more): the work to announce to
 * kernel_source_init(). */
uint64_t generate_random_bytes(const struct spec *spec);

/* Does s (length characters) hold a character of every required class? */
bool meets_rules(const char *s, size_t length, class_mask required);

#endif
