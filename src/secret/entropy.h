/* entropy.h - the number of strings under class rules, and lengths from targets */
#ifndef PASS_GENHELPER_ENTROPY_H
#define PASS_GENHELPER_ENTROPY_H

#include <stddef.h>

#include "secret/charset.h"
#include "secret/count.h"

/*
 * The number of strings of `length` characters over `alpha` that contain
 * at least one character of every class in `required`, exactly (0 when
 * there is none).  The output is uniform over exactly those strings, so
 * log2 of it (count_log2) is its entropy.
 */
void strings_count(const struct alphabet *alpha, size_t length, class_mask required,
		   struct count *count);

/*
 * The shortest length <= max_length whose count reaches 2^target_bits, or 0
 * when none does.
 */
size_t length_for_entropy(const struct alphabet *alpha, class_mask required,
			  unsigned long target_bits, size_t max_length);

#endif
