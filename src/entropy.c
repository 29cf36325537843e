/*
 * entropy.c - the exact entropy of what the generator prints.
 *
 * Without class rules every one of the N^L strings of length L over an
 * alphabet of N characters is equally likely: L * log2(N) bits.
 *
 * With rules "at least one character of each required class", candidates
 * that break a rule are rejected whole, so the output is uniform over the
 * valid strings and the entropy is log2 of their number.  The required
 * classes are disjoint (C locale), so inclusion-exclusion counts them: for a
 * set S of required classes let m(S) be the number of alphabet characters in
 * those classes; the strings that avoid every class in S number (N - m(S))^L,
 * and
 *
 *     valid(L) = sum over S of (-1)^|S| (N - m(S))^L.
 *
 * Example, 8 characters of alnum (N = 62) with lower (26), upper (26) and
 * digit (10) required:
 *     62^8 - 36^8 - 36^8 - 52^8 + 10^8 + 26^8 + 26^8 - 0^8
 *   = 159655911367680 strings, 47.18 bits (62^8 alone would be 47.63).
 *
 * The counts are far beyond any integer type (94^4096), so the figure sums
 * them scaled by N^L, in long double:
 *
 *     log2 valid(L) = L log2 N + log2( sum over S of (-1)^|S| (1 - m(S)/N)^L ).
 *
 * The scaled sum is the probability that a uniform candidate is accepted;
 * it is computed as 1 - r, r the probability of rejection summed over the 15
 * non-empty subsets, and its log as log2(1 + (-r)) (logarithm.c).  Each term
 * lies in [0, 1] and is a power computed with a relative error below 2^-50,
 * so the absolute error of the sum is below 2^-46; the acceptance itself is
 * at least 24 / 95^4 > 2^-22 (all four classes required, three of them of
 * one character, L = 4: a bound below the least likely case the alphabets
 * allow), so the relative error is below 2^-24 and the log2 is exact to
 * seven decimal places.  That is the figure; thresholds (the length for
 * a target, "at least 128 bits") compare the count itself, summed in
 * whole numbers by strings_count() (count.c): a figure can round across a
 * threshold (2^128 - 2^64 strings are 128 - 7.8e-20 bits).
 * tests/unit/test_entropy.c compares it with exact integer counts.
 */
#include "config.h"

#include "entropy.h"
#include "logarithm.h"

#include <stdbool.h>

/*
 * Probability that a uniform candidate of `length` characters breaks a rule:
 * 1 minus the scaled inclusion-exclusion sum, summed directly over the
 * non-empty subsets so that a tiny value is not lost against the 1.
 */
static long double rejection(const struct alphabet *alpha, size_t length, class_mask required)
{
	long double sum = 0;

	/* Visit every non-empty subset S of `required`. */
	for (class_mask subset = required; subset != 0; subset = (subset - 1) & required) {
		unsigned avoided = 0;

		for (int k = 0; k < CLASS_COUNT; k++)
			if (subset & (1u << k))
				avoided += alpha->class_size[k];
		long double term = pow_ld((long double)(alpha->size - avoided) / alpha->size,
					  length);
		sum += (class_mask_count(subset) % 2) ? term : -term;
	}
	return sum;
}

/* Whether the rules are possible at all for this alphabet and length. */
static bool rules_possible(const struct alphabet *alpha, size_t length, class_mask required)
{
	for (int k = 0; k < CLASS_COUNT; k++)
		if ((required & (1u << k)) && alpha->class_size[k] == 0)
			return false;
	return alpha->size > 0 && length > 0 && length >= class_mask_count(required);
}

double entropy_of_string(const struct alphabet *alpha, size_t length, class_mask required)
{
	long double bits;

	if (!rules_possible(alpha, length, required))
		return -1;
	bits = (long double)length * log2_ld((long double)alpha->size);
	/* log2(1 - r), exact also for r near 0. */
	if (required != 0)
		bits += log2_1p_ld(-rejection(alpha, length, required));
	return (double)bits;
}

void strings_count(const struct alphabet *alpha, size_t length, class_mask required,
		   struct count *count)
{
	struct count rejected, term;

	count_set(count, 0);
	if (!rules_possible(alpha, length, required))
		return;
	/* valid = N^L - (the odd subsets' terms) + (the even ones'), summed
	 * apart so that no partial sum is negative. */
	count_set(&rejected, 0);
	for (class_mask subset = required;; subset = (subset - 1) & required) {
		unsigned avoided = 0;

		for (int k = 0; k < CLASS_COUNT; k++)
			if (subset & (1u << k))
				avoided += alpha->class_size[k];
		count_set(&term, 1);
		count_multiply_power(&term, alpha->size - avoided, length);
		count_add(class_mask_count(subset) % 2 ? &rejected : count, &term);
		if (subset == 0)
			break;
	}
	count_subtract(count, &rejected);
}

size_t length_for_entropy(const struct alphabet *alpha, class_mask required,
			  unsigned long target_bits, size_t max_length)
{
	/* Rules only remove strings, so no length below target / log2 N can
	 * reach the target: start there and walk up. */
	size_t length = (size_t)((long double)target_bits / log2_ld((long double)alpha->size));
	struct count count;

	if (length == 0)
		length = 1;
	for (; length <= max_length; length++) {
		strings_count(alpha, length, required, &count);
		if (count_reaches(&count, target_bits))
			return length;
	}
	return 0;
}
