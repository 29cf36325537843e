/*
 * count.c - whole numbers of secrets, the test against 2^bits, and the
 * figure: log2 of the count.
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
 *
 * The figure of an exact count c > 0 of d binary digits, 2^(d-1) <= c < 2^d
 * (count_log2).  Take t, its 64 highest bits (with zeros after them when
 * d < 64), so that t is in [2^63, 2^64) and c = t 2^(d-64) + r with
 * 0 <= r < 2^(d-64) (r = 0 when d <= 64).  Then
 *
 *     log2 c = (d - 1) + log2(t 2^-63) + log2(1 + r / (t 2^(d-64))),
 *
 * the last term in [0, 2^-63 / ln 2), below 2^-62: it is dropped.
 * t 2^-63 is exact in a long double (a 64-bit mantissa) and lies in
 * [1, 2), where log2_ld() is within 2^-61 (logarithm.c, checked by
 * test_logarithm.c); adding the whole number d - 1 rounds by at most half
 * a unit in the last place of a long double below 2^15 (2^-50: no count
 * reaches 2^32768), and the double the figure is rounds by at most half a
 * unit of its own (2^-39 below 2^15, 2^-47 below 128).  So the figure is
 * within 2^-38 of log2 c, and within 2^-46 below 128 bits: more than
 * 10^10 times finer than the tenth of a bit it is printed to.
 *
 * The whole part, d - 1, is known exactly, so the figure is then put in
 * [d - 1, d), at d - 1 only for a power of two, whose figure is then
 * exact.  For any other count log2 c lies strictly inside, so a figure
 * that rounding took onto an end moves to the next double inside, one
 * unit in the last place towards log2 c, and the bound stands.  Comparing the figure with a whole
 * number k then gives count_reaches(c, k) (c >= 2^k exactly when d > k):
 * bits_against() (figure.c) prints 2^128 - 2^64 strings as 127.999999999,
 * never as 128.0, and 2^128 + 1 as 128.0 bits, never as 127.999999999.
 *
 * The figure of an estimate is its logarithm, within its error, except
 * that an estimate within its error above a whole number k, which
 * count_reaches() does not take as reaching 2^k, is shown just below k.
 */
#include "config.h"

#include "secret/count.h"

#include "secret/logarithm.h"

#include <math.h> /* HUGE_VAL only: nothing here calls libm */
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

uint32_t limbs_add(uint32_t *a, unsigned n, const uint32_t *b, unsigned m)
{
	uint64_t carry = 0;

	for (unsigned i = 0; i < n; i++) {
		uint64_t sum = (uint64_t)a[i] + (i < m ? b[i] : 0) + carry;

		if (i >= m && carry == 0)
			return 0; /* the rest of a stays as it is */
		a[i] = (uint32_t)sum;
		carry = sum >> 32;
	}
	return (uint32_t)carry;
}

void limbs_subtract(uint32_t *a, unsigned n, const uint32_t *b, unsigned m)
{
	uint64_t borrow = 0;

	for (unsigned i = 0; i < n && (i < m || borrow); i++) {
		uint64_t taken = (uint64_t)(i < m ? b[i] : 0) + borrow;

		borrow = a[i] < taken;
		a[i] = (uint32_t)((uint64_t)a[i] - taken);
	}
}

int limbs_compare(const uint32_t *a, unsigned n, const uint32_t *b, unsigned m)
{
	for (unsigned i = n > m ? n : m; i-- > 0;) {
		uint32_t x = i < n ? a[i] : 0, y = i < m ? b[i] : 0;

		if (x != y)
			return x < y ? -1 : 1;
	}
	return 0;
}

void count_set_limbs(struct count *count, const uint32_t *limbs, unsigned n)
{
	while (n > 0 && limbs[n - 1] == 0)
		n--;
	if (n > COUNT_LIMBS)
		abort(); /* beyond the bound of count.h: a bug, never a wrong answer */
	count->exact = true;
	count->used = n;
	for (unsigned i = 0; i < n; i++)
		count->limb[i] = limbs[i];
	count->log2 = count->error = 0;
}

void count_add(struct count *count, const struct count *other)
{
	unsigned n = count->used > other->used ? count->used : other->used;

	for (unsigned i = count->used; i < n; i++)
		count->limb[i] = 0;
	count->used = n;
	if (limbs_add(count->limb, n, other->limb, other->used)) {
		if (n == COUNT_LIMBS)
			abort();
		count->limb[count->used++] = 1;
	}
}

void count_subtract(struct count *count, const struct count *other)
{
	limbs_subtract(count->limb, count->used, other->limb, other->used);
	while (count->used > 0 && count->limb[count->used - 1] == 0)
		count->used--;
}

/* Binary digits of an exact count: 32 a limb below the top one, and the
 * top one's by halving. */
static unsigned long digits_of(const struct count *count)
{
	uint32_t top;
	unsigned long digits;

	if (count->used == 0)
		return 0;
	top = count->limb[count->used - 1];
	digits = 32ul * (count->used - 1) + 1;
	for (unsigned half = 16; half > 0; half /= 2)
		if (top >> half) {
			top >>= half;
			digits += half;
		}
	return digits;
}

/* log2 of an exact count of `digits` > 0 binary digits, from its 64
 * highest bits t: (digits - 1) + log2(t 2^-63), within 2^-62 + 2^-61 +
 * 2^-50 < 2^-49 (the comment at the top). */
static long double exact_log2(const struct count *count, unsigned long digits)
{
	unsigned long below = digits > 64 ? digits - 64 : 0;
	unsigned first = (unsigned)(below / 32), offset = below % 32;
	uint64_t low = limb_at(count, first) | (uint64_t)limb_at(count, first + 1) << 32;
	uint64_t high = limb_at(count, first + 2);
	uint64_t top = offset ? low >> offset | high << (64 - offset) : low;

	if (digits < 64)
		top <<= 64 - digits; /* the highest bit at 63 */
	return (long double)(digits - 1) + log2_ld((long double)top * 0x1p-63L);
}

/* log2 of a count, within *error. */
static long double log2_of(const struct count *count, long double *error)
{
	if (!count->exact) {
		*error = count->error;
		return count->log2;
	}
	*error = 0x1p-49L;
	return exact_log2(count, digits_of(count));
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

bool count_reaches(const struct count *count, unsigned long bits)
{
	struct count power;

	/* 2^bits has bits + 1 binary digits. */
	if (count->exact)
		return digits_of(count) > bits;
	count_estimate(&power, (long double)bits, 0);
	return count_at_least(count, &power);
}

/*
 * The doubles next to a whole number w in [1, 2^52).  With u the unit in
 * the last place of w, w 2^-53 lies in (u/2, u), so w + w 2^-53 rounds to
 * w + u and w - w 2^-53 to w - u; for a power of two it is u/2 exactly:
 * the tie above rounds back to w (then w + 2 w 2^-53 = w + u), and below
 * w the unit is u/2 itself.
 */
static double next_above(double whole)
{
	double step = whole * 0x1p-53;

	return whole + step > whole ? whole + step : whole + 2 * step;
}

static double next_below(double whole)
{
	return whole - whole * 0x1p-53;
}

static bool is_power_of_two(const struct count *count)
{
	uint32_t top = count->limb[count->used - 1];

	for (unsigned i = 0; i + 1 < count->used; i++)
		if (count->limb[i])
			return false;
	return (top & (top - 1)) == 0;
}

double count_log2(const struct count *count)
{
	unsigned long digits;
	double figure, whole;

	if (!count->exact) {
		figure = (double)count->log2;
		if (!(figure >= 1) || figure >= 0x1p52)
			return figure;
		whole = (double)(unsigned long)figure; /* rounded down */
		return count_reaches(count, (unsigned long)whole) ? figure : next_below(whole);
	}
	digits = digits_of(count);
	if (digits == 0)
		return -HUGE_VAL;
	whole = (double)(digits - 1);
	if (is_power_of_two(count))
		return whole;
	figure = (double)exact_log2(count, digits);
	if (figure <= whole)
		return next_above(whole);
	if (figure >= whole + 1)
		return next_below(whole + 1);
	return figure;
}

double count_log2_power(uint32_t base, unsigned long exponent)
{
	struct count power;

	count_set(&power, 1);
	count_multiply_power(&power, base, exponent);
	return count_log2(&power);
}
