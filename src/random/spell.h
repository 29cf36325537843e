/* spell.h - random words straight to characters of an alphabet */
#ifndef PASS_GENHELPER_SPELL_H
#define PASS_GENHELPER_SPELL_H

#include "random/uniform.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One word straight to its k characters below n (uniform_digits64's
 * digits, in the same order, without passing through an array); false
 * when the word is rejected (its last remainder below t), and out then
 * holds characters to be overwritten. */
static inline bool spell_word(uint64_t x, uint32_t n, unsigned k, uint64_t t,
			      const char *alphabet, char *out)
{
	uint32_t digit;

	for (unsigned i = 0; i < k; i++) {
		x = uniform_mul_word(x, n, &digit);
		out[i] = alphabet[digit];
	}
	return x >= t;
}

/* Two characters of an alphabet of n: entry d n + e is its characters d
 * and e. */
typedef char spell_pair[2];

/* The largest alphabet spelt by pairs (n^2 pairs, 32 KiB), and the fewest
 * characters of one fill worth making them for (about 3 n^2
 * instructions, which a fill of 4096 characters or more pays back within
 * a few of them). */
#define SPELL_PAIRS_MAX_BOUND 128
#define SPELL_PAIRS_MIN_LEN 4096

/* The pairs of the n characters of alphabet (2 <= n), for a fill of len
 * characters, or NULL where pairs do not pay (a short fill, a large
 * alphabet).  Made once and kept for the next fills with the same
 * characters (static: nothing secret, and only a long fill touches it). */
const spell_pair *spell_pairs_for(const char *alphabet, uint32_t n, size_t len);

/* `words` whole words at p (8 bytes each, big-endian) to the characters of
 * their digits (plan), at out, rejected words dropped; returns where the
 * characters end.  pairs, when not NULL, is spell_pairs_for()'s for the
 * same alphabet: two characters then come from one product (spell.c). */
char *spell_words(const unsigned char *p, size_t words, const struct uniform_plan *plan,
		  const char *alphabet, const spell_pair *pairs, char *out);

#endif
