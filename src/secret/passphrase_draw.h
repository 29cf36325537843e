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

/*
 * For a passphrase that draws only its words (no passphrase_has_extras()):
 * n passphrases from n * word_count drawn indices, in the order drawn,
 * each followed by `terminator`, written at out, which has room for n
 * times (the longest passphrase + 1) and PASSPHRASE_ASSEMBLY_SLACK bytes
 * more (a word is written 16 bytes at once); returns the bytes written.
 * `run` is how many passphrases the whole run makes: a long one spells
 * the embedded list out once (passphrase_draw.c).
 */
#define PASSPHRASE_ASSEMBLY_SLACK 16
size_t passphrase_assemble(const struct passphrase *p, const uint32_t *draws, size_t n,
			   uint64_t run, char terminator, char *out);

#endif
