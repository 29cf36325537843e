/*
 * count.c - whole numbers of secrets, and the test against 2^bits.
 *
 * A figure in bits is a rounded logarithm: 64 characters of "ab01" with a
 * digit required are 2^128 - 2^64 strings, 128 - 7.8e-20 bits, which a
 * double rounds to 128.  A threshold ("at least 128 bits", "at least two
 * strings", "the shortest length that reaches the target") compares the
 * count itself: the counts are whole numbers, at most 28221 bits long
 * (count.h), held here in 32-bit limbs; a count reaches 2^bits when it
 * has more than `bits` binary digits.  Only site rules give a count in
 * floating point (site_rules_count.c): then it is compared on its logarithm
 * with the error bound that comes with it, and a count too close to the
 * threshold to tell is taken as not reaching it, so that no figure passes
 * a threshold it may miss.
 */
#include "config.h"

#include "count.h"

#include "logarithm.h"

#include <stdlib.h>

/* The limb at `index`, 0 above the top one. */
static uint32_t limb_at(const struct count *count, unsigned index)
{
	return index < count->used ? count->limb[index] : 0;
}

/* Only the limbs in use are ever read: a count is set without clearing
 * the 4 KiB of the others. */
void count_set(struct count *count, uint32_t value)
{
	count->exact = true;
	count->limb[0] = value;
	count->used = value != 0;
	count->log2 = count->error = 0;
}

void count_estimate(struct count *count, long double log2, long double error)
{
	count->exact = false;
	count->used = 0;
	count->log2 = log2;
	count->error = error;
}

void count_multiply(struct count *count, uint32_t factor)
{
	uint64_t carry = 0;

	if (!count->exact) {
		count->log2 += log2_ld((long double)factor);
		return;
	}
	for (unsigned i = 0; i < count->used; i++) {
		uint64_t product = (uint64_t)count->limb[i] * factor + carry;

		count->limb[i] = (uint32_t)product;
		carry = product >> 32;
	}
	if (carry) {
		if (count->used == COUNT_LIMBS)
			abort(); /* beyond the bound of count.h: a bug, never a wrong answer */
		count->limb[count->used++] = (uint32_t)carry;
	}
	if (factor == 0)
		count->used = 0;
}

void count_multiply_power(struct count *count, uint32_t base, unsigned long exponent)
{
	/* As many factors of base at a time as fit in 32 bits. */
	uint32_t packed = 1;
	unsigned per = 0;

	if (base < 2) {
		if (base == 0 && exponent > 0)
			count_multiply(count, 0);
		return;
	}
	while ((uint64_t)packed * base <= UINT32_MAX) {
		packed *= base;
		per++;
	}
	for (; exponent >= per; exponent -= per)
		count_multiply(count, packed);
	for (; exponent > 0; exponent--)
		count_multiply(count, base);
}

void count_add(struct count *count, const struct count *other)
{
	uint64_t carry = 0;
	unsigned n = count->used > other->used ? count->used : other->used;

	for (unsigned i = 0; i < n; i++) {
		uint64_t sum = (uint64_t)limb_at(count, i) + limb_at(other, i) + carry;

		count->limb[i] = (uint32_t)sum;
		carry = sum >> 32;
	}
	count->used = n;
	if (carry) {
		if (n == COUNT_LIMBS)
			abort();
		count->limb[count->used++] = 1;
	}
}

void count_subtract(struct count *count, const struct count *other)
{
	uint64_t borrow = 0;

	for (unsigned i = 0; i < count->used; i++) {
		uint64_t taken = (uint64_t)(i < other->used ? other->limb[i] : 0) + borrow;

		borrow = count->limb[i] < taken;
		count->limb[i] = (uint32_t)((uint64_t)count->limb[i] - taken);
	}
	while (count->used > 0 && count->limb[count->used - 1] == 0)
		count->used--;
}

/* log2 of a count (of an exact one from its top 64 bits: within 2^-60). */
static long double log2_of(const struct count *count, long double *error)
{
	long double top = 0;
	unsigned i = count->used, taken = 0;

	if (!count->exact) {
		*error = count->error;
		return count->log2;
	}
	*error = 0x1p-60L;
	for (; i > 0 && taken < 3; i--, taken++)
		top = top * 0x1p32L + count->limb[i - 1];
	return log2_ld(top) + 32.0L * i;
}

static bool is_zero(const struct count *count)
{
	return count->exact && count->used == 0;
}

bool count_at_least(const struct count *a, const struct count *b)
{
	long double error_a, error_b, log_a, log_b;

	if (a->exact && b->exact) {
		if (a->used != b->used)
			return a->used > b->used;
		for (unsigned i = a->used; i-- > 0;)
			if (a->limb[i] != b->limb[i])
				return a->limb[i] > b->limb[i];
		return true;
	}
	if (is_zero(b) || is_zero(a))
		return is_zero(b);
	log_a = log2_of(a, &error_a);
	log_b = log2_of(b, &error_b);
	return log_a - error_a >= log_b + error_b;
}

/* Binary digits of an exact count. */
static unsigned long digits_of(const struct count *count)
{
	unsigned long digits = 32ul * count->used;

	while (digits > 0 && !(count->limb[(digits - 1) / 32] >> ((digits - 1) % 32) & 1))
		digits--;
	return digits;
}

bool count_reaches(const struct count *count, unsigned long bits)
{
	struct count power;

	/* 2^bits has bits + 1 binary digits. */
	if (count->exact)
		return digits_of(count) > bits;
	count_estimate(&power, (long double)bits, 0);
	return count_at_least(count, &power);
}

double count_figure(const struct count *count, double bits)
{
	unsigned long whole;

	if (!(bits >= 0) || bits >= 0x1p53)
		return bits;
	whole = (unsigned long)bits; /* rounded down */
	if (bits == (double)whole && whole > 0 && !count_reaches(count, whole))
		return bits - (double)whole * 0x1p-52; /* just below */
	if (bits != (double)whole && count_reaches(count, whole + 1))
		return (double)(whole + 1);
	return bits;
}
