/* generate.h - one secret from a resolved spec */
#ifndef PASS_GENHELPER_GENERATE_H
#define PASS_GENHELPER_GENERATE_H

#include <stdbool.h>
#include <stdint.h>

#include "generator/spec.h"
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

/*
 * Many secrets at a time, for a long run (generate.c says which specs
 * generate_batches() takes): generate_batch_count() says how many of
 * `count` secrets (at least one) the next batch makes and the room it
 * needs; generate_batch() makes that many, each followed by `terminator`,
 * at out, and returns the bytes written (at most the room).  The same
 * secrets, from the same draws in the same order, as that many calls of
 * generate_secret().
 */
#define GENERATE_BATCH_ROOM 32768
bool generate_batches(const struct spec *spec);
unsigned long generate_batch_count(const struct spec *spec, unsigned long count, size_t *room);
size_t generate_batch(const struct spec *spec, struct random_source *src, unsigned long n,
		      char terminator, char *out);

#endif
