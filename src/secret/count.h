/* count.h - numbers of equally likely secrets, and whether they reach 2^bits */
#ifndef PASS_GENHELPER_COUNT_H
#define PASS_GENHELPER_COUNT_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Room for the largest count: 32768 bits.  A password has at most 94^4096
 * (26849 bits); a passphrase at most (10^6)^1024 words, 94^1023
 * separators, 2^1024 capitals, 10240 digits and 96256 symbols (28221).
 */
#define COUNT_LIMBS 1024 /* of 32 bits */

/*
 * A count is known exactly (a whole number) or, where only a fraction in
 * floating point is known (site rules), as log2 of it to within `error`.
 */
struct count {
	bool exact;
	unsigned used;              /* exact: limbs in use, the top one non-zero */
	long double log2, error;    /* estimated: log2 of the count, within error */
	/* Last, so that a small count touches one page of the 4 KiB, not
	 * its first and its last: a count on the stack costs a page fault. */
	uint32_t limb[COUNT_LIMBS]; /* exact: the value, least significant first */
};

void count_set(struct count *count, uint32_t value);
void count_estimate(struct count *count, long double log2, long double error);
/* count *= factor, count *= base^exponent */
void count_multiply(struct count *count, uint32_t factor);
void count_multiply_power(struct count *count, uint32_t base, unsigned long exponent);
/* count += other, count -= other (other <= count); both exact */
void count_add(struct count *count, const struct count *other);
void count_subtract(struct count *count, const struct count *other);
/* count = the whole number of limbs[0..n), least significant first */
void count_set_limbs(struct count *count, const uint32_t *limbs, unsigned n);

/*
 * The same arithmetic on bare limb arrays (least significant first), for
 * tables of many counts (site_rules_exact.c): a[0..n) += b[0..m) with
 * m <= n, returning the carry out of a; a[0..n) -= b[0..m) with b <= a;
 * and the sign of a - b.
 */
uint32_t limbs_add(uint32_t *a, unsigned n, const uint32_t *b, unsigned m);
void limbs_subtract(uint32_t *a, unsigned n, const uint32_t *b, unsigned m);
int limbs_compare(const uint32_t *a, unsigned n, const uint32_t *b, unsigned m);

/*
 * Is a at least b?  Exact when both counts are; otherwise decided on the
 * estimates, and false (not known to be) when they are too close to tell.
 */
bool count_at_least(const struct count *a, const struct count *b);

/* Does the count reach 2^bits: at least `bits` bits of entropy?  The one
 * test of a count against a threshold (count_at_least's rules). */
bool count_reaches(const struct count *count, unsigned long bits);

/*
 * log2 of the count: the entropy figure of its secrets, on the side of
 * every whole number k >= 0 that count_reaches(count, k) decides (whole
 * only for a power of two); minus infinity for no secret.  An estimate
 * gives its own logarithm, below any whole number it may not reach.
 */
double count_log2(const struct count *count);

/* log2(base^exponent), as count_log2() gives it: a factor's figure. */
double count_log2_power(uint32_t base, unsigned long exponent);

#endif
