/* test_count.c - whole counts of secrets, the test against 2^bits, and
 * their figure, log2, against libm */
#include "config.h"

#include "secret/count.h"
#include "tap.h"

#include <math.h>

/* 2^128 - 2^64: 64 characters of "ab01" with a digit required. */
static void just_below_128(struct count *c)
{
	struct count low;

	count_set(c, 1);
	count_multiply_power(c, 4, 64);
	count_set(&low, 1);
	count_multiply_power(&low, 2, 64);
	count_subtract(c, &low);
}

static void power(struct count *c, uint32_t base, unsigned long exponent)
{
	count_set(c, 1);
	count_multiply_power(c, base, exponent);
}

/* The figure computed another way, for counts below 2^16384: the whole
 * count in a long double by Horner's rule over every limb (a relative
 * error below 1024 2^-64 = 2^-54), then libm's log2l. */
static long double horner_log2(const struct count *c)
{
	long double value = 0;

	for (unsigned i = c->used; i-- > 0;)
		value = value * 0x1p32L + c->limb[i];
	return log2l(value);
}

/* Does the figure sit on count_reaches()'s side of the whole numbers
 * around it: its whole part reached, the next not? */
static bool on_its_side(const struct count *c)
{
	unsigned long whole = (unsigned long)count_log2(c);

	return count_reaches(c, whole) && !count_reaches(c, whole + 1);
}

/* The figure against independent logarithms: within count.c's bound,
 * 2^-38 (2^-46 below 128 bits), plus the reference's own error. */
static void test_log2_exact(void)
{
	struct count c, d;
	bool exact = true, sides = true;
	long double worst = 0, worst_small = 0, e;

	for (unsigned long k = 0; k <= 32767; k += k < 300 ? 1 : k < 16500 ? 1021 : 2047) {
		power(&c, 2, k);
		exact &= count_log2(&c) == (double)k && on_its_side(&c);
	}
	power(&c, 2, 32767);
	ok(exact && count_log2(&c) == 32767.0,
	   "2^k for k = 0..300, then up to 2^32767: exactly k");
	/* 3^k up to 3^20000 (31700 bits): k log2 3 in libm, off by at most
	 * k 2^-64 log2 3 < 2^-49. */
	for (unsigned long k = 1; k <= 20000; k += k < 200 ? 1 : 37) {
		power(&c, 3, k);
		e = fabsl((long double)count_log2(&c) - (long double)k * log2l(3.0L));
		sides &= on_its_side(&c);
		if (k * 1.585 < 128 && e > worst_small)
			worst_small = e;
		if (e > worst)
			worst = e;
	}
	ok(worst < 0x1p-38L && worst_small < 0x1p-46L && sides,
	   "3^k up to 3^20000: within 2^-38 of k log2 3 (worst 2^%.1Lf), within 2^-46 below 128 bits (2^%.1Lf)",
	   log2l(worst), log2l(worst_small));
	/* Sums with every bit pattern: 94^k + 7^(2k) + 1, below 2^16384. */
	worst = 0;
	sides = true;
	for (unsigned long k = 1; k <= 2400; k += k < 100 ? 1 : 23) {
		power(&c, 94, k);
		power(&d, 7, 2 * k);
		count_add(&c, &d);
		count_set(&d, 1);
		count_add(&c, &d);
		e = fabsl((long double)count_log2(&c) - horner_log2(&c));
		sides &= on_its_side(&c);
		if (e > worst)
			worst = e;
	}
	ok(worst < 0x1p-38L + 0x1p-52L && sides,
	   "94^k + 7^2k + 1 up to 2^15732: within 2^-38 of log2l of the whole count (worst 2^%.1Lf)",
	   log2l(worst));
	/* Beyond any double (2^1024) and any long double (2^16384). */
	power(&c, 94, 4096);
	ok(fabsl((long double)count_log2(&c) - 4096 * log2l(94.0L)) < 0x1p-38L,
	   "94^4096, the longest password: 26847.6 bits (%.6f)", count_log2(&c));
	power(&c, 1000000, 1024);
	count_multiply_power(&c, 94, 1023);
	ok(fabsl((long double)count_log2(&c) - 1024 * log2l(1e6L) - 1023 * log2l(94.0L)) < 0x1p-38L,
	   "10^6144 94^1023, past any long double: 27115.3 bits (%.6f)", count_log2(&c));
	count_set(&c, 1);
	count_multiply_power(&c, 7776, 6);
	ok(count_log2_power(7776, 6) == count_log2(&c) &&
	   fabsl((long double)count_log2_power(7776, 6) - 6 * log2l(7776.0L)) < 0x1p-46L,
	   "count_log2_power(7776, 6): 77.55 bits, as the count gives them");
	count_set(&c, 3);
	count_set(&d, 0);
	ok(count_log2(&c) == (double)log2l(3.0L) && isinf(count_log2(&d)) && count_log2(&d) < 0,
	   "3 strings are log2 3 bits; none is minus infinity");
}

/* Next to a power of two the figure keeps the count's side. */
static void test_log2_sides(void)
{
	struct count c, one, d;
	bool sides = true;

	count_set(&one, 1);
	for (unsigned long k = 2; k <= 32767; k += k < 200 ? 1 : 2039) {
		power(&c, 2, k);
		d = c;
		count_subtract(&d, &one);
		count_add(&c, &one);
		/* log2(2^k +- 1) = k +- 2^-k / ln 2 (roughly): past 2^64 only
		 * the side tells them from k, the next double either way. */
		sides &= count_log2(&d) < (double)k && count_log2(&c) > (double)k &&
			 on_its_side(&c) && on_its_side(&d);
		if (k >= 64)
			sides &= count_log2(&d) == nextafter((double)k, 0) &&
				 count_log2(&c) == nextafter((double)k, k + 1.0);
	}
	ok(sides, "2^k - 1 and 2^k + 1, k = 2..32767: below k and above, never k (from 2^64 the doubles next to k)");
	power(&c, 2, 128);
	count_subtract(&c, &one);
	power(&d, 2, 128);
	count_add(&d, &one);
	ok(count_log2(&c) < 128 && count_log2(&c) >= 128 - 0x1p-45 &&
	   count_log2(&d) > 128 && count_log2(&d) <= 128 + 0x1p-44,
	   "2^128 - 1 is shown below 128 (%.17g), 2^128 + 1 above (%.17g)", count_log2(&c),
	   count_log2(&d));
	just_below_128(&c);
	ok(count_log2(&c) < 128 && count_log2(&c) > 127.9999,
	   "2^128 - 2^64, which log2 rounds to 128, is shown below it");
	c.used = 1024;
	for (unsigned i = 0; i < c.used; i++)
		c.limb[i] = UINT32_MAX;
	ok(count_log2(&c) < 32768 && count_log2(&c) > 32768 - 0x1p-20,
	   "2^32768 - 1, the largest count: below 32768 bits");
}

/* An estimate's figure is its logarithm, below a whole number it may miss. */
static void test_log2_estimates(void)
{
	struct count c;

	count_estimate(&c, 128.0L, 0x1p-25L);
	ok(count_log2(&c) < 128 && count_log2(&c) > 127.9999,
	   "an estimate of 128 bits within 2^-25, not known to reach 128: shown below");
	count_estimate(&c, 128.0L + 0x1p-30L, 0x1p-25L);
	ok(count_log2(&c) < 128, "an estimate just above 128, within its error: shown below 128");
	count_estimate(&c, 128.0L + 0x1p-20L, 0x1p-25L);
	ok(count_log2(&c) == (double)(128.0L + 0x1p-20L),
	   "an estimate clear of 128 by more than its error is shown as it is");
	count_estimate(&c, 127.5L, 0x1p-25L);
	ok(count_log2(&c) == 127.5, "an estimate between whole numbers is shown as it is");
}

int main(void)
{
	struct count c, d, e;

	just_below_128(&c);
	ok(count_reaches(&c, 127) && !count_reaches(&c, 128),
	   "2^128 - 2^64 reaches 2^127, not 2^128");
	count_set(&d, 1);
	count_multiply_power(&d, 2, 128);
	ok(count_reaches(&d, 128) && !count_reaches(&d, 129), "2^128 reaches 2^128, not 2^129");
	ok(count_at_least(&d, &c) && !count_at_least(&c, &d) && count_at_least(&c, &c),
	   "exact comparison: 2^128 > 2^128 - 2^64, and a count equals itself");

	/* log2(94^4096) = 26847.55: 26848 binary digits. */
	count_set(&e, 1);
	count_multiply_power(&e, 94, 4096);
	ok(count_reaches(&e, 26847) && !count_reaches(&e, 26848), "94^4096 has 26848 binary digits");

	/* (3^100 + 5^50) - 5^50 = 3^100, through carries and borrows. */
	count_set(&c, 1);
	count_multiply_power(&c, 3, 100);
	count_set(&d, 1);
	count_multiply_power(&d, 5, 50);
	e = c;
	count_add(&e, &d);
	count_subtract(&e, &d);
	ok(count_at_least(&e, &c) && count_at_least(&c, &e), "(3^100 + 5^50) - 5^50 = 3^100");

	count_set(&c, 2);
	ok(count_reaches(&c, 1) && !count_reaches(&c, 2), "two strings are one bit");
	count_set(&c, 0);
	ok(!count_reaches(&c, 0), "no string does not reach 2^0");

	/* Estimates: decided outside their error, "not reached" within it. */
	count_estimate(&c, 128.0L, 0x1p-25L);
	ok(count_reaches(&c, 127) && !count_reaches(&c, 128),
	   "an estimate of 128 bits, within 2^-25: 127 reached, 128 not known to be");
	count_estimate(&c, 128.0L + 0x1p-20L, 0x1p-25L);
	ok(count_reaches(&c, 128), "an estimate clear of 128 by more than its error reaches it");

	test_log2_exact();
	test_log2_sides();
	test_log2_estimates();
	return done_testing();
}
