/*
 * entropy.c - the number of strings the generator can print, under class
 * rules, and the length an entropy target needs.
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
 * The counts are far beyond any integer type (94^4096), so they are
 * summed in the whole numbers of count.c, the odd subsets' terms apart from
 * the rest so that no partial sum is negative; the figure is log2 of the
 * count (count_log2), and every threshold (the length for a target, "at
 * least 128 bits") compares the count itself.  tests/unit/test_entropy.c
 * compares the count with 128-bit inclusion-exclusion and with enumeration.
 */
#include "config.h"

#include "secret/entropy.h"
#include "secret/logarithm.h"

#include <stdbool.h>

/* Whether the rules are possible at all for this alphabet and length. */
static bool rules_possible(const struct alphabet *alpha, size_t length, class_mask required)
{
	for (int k = 0; k < CLASS_COUNT; k++)
		if ((required & (1u << k)) && alpha->class_size[k] == 0)
			return false;
	return alpha->size > 0 && length > 0 && length >= class_mask_count(required);
}

/*
 * The count under class rules, by inclusion and exclusion.  Apart from
 * strings_count() so that a call without rules never lowers the stack
 * past this frame's two counts (8 KiB): each page of stack written is a
 * page fault.
 */
static void count_with_rules(const struct alphabet *alpha, size_t length, class_mask required,
			     struct count *count)
{
	struct count rejected, term;

	/* valid = N^L - (the odd subsets' terms) + (the even ones'), summed
	 * apart so that no partial sum is negative. */
	count_set(count, 0);
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

void strings_count(const struct alphabet *alpha, size_t length, class_mask required,
		   struct count *count)
{
	count_set(count, 0);
	if (!rules_possible(alpha, length, required))
		return;
	if (required) {
		count_with_rules(alpha, length, required, count);
		return;
	}
	count_set(count, 1); /* N^L */
	count_multiply_power(count, alpha->size, length);
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
