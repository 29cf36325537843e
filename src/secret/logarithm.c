/*
 * logarithm.c - log2 in long double.
 *
 * The figure of an exact count (count.c, from its top 64 bits), the
 * estimate of a count under site rules (site_rules_count.c), the lengths
 * where a search for an entropy target starts and bcrypt's bound
 * (report.c) need it; computing it here spares every run the loading of
 * libm (a measurable share of the start-up of a one-password run).
 *
 * Write x = m 2^e with m in [1/sqrt 2, sqrt 2) (scaling by 2 is exact),
 * then ln m = 2 atanh s = 2 (s + s^3/3 + s^5/5 + ...) with
 * s = (m - 1) / (m + 1), |s| <= 0.1716: the terms shrink by s^2 < 0.03
 * each, so at most 14 of them reach the 64-bit precision of long double,
 * and the sum, |2 atanh s| <= 0.35, is within a few units of its last
 * place (2^-65 each); divided by ln 2 it is at most 1/2.  e is added
 * exactly but for the rounding of the sum: for x in [1, 2) (count.c's
 * top bits, e = 0 or 1) the result is within 2^-61 of log2 x, and a power
 * of two gives m = 1, s = 0: an exact result.  tests/unit/test_logarithm.c
 * compares it with libm.
 */
#include "config.h"

#include "secret/logarithm.h"

#include <math.h> /* HUGE_VALL only: nothing here calls libm */

#define LN2 0.693147180559945309417232121458176568L
#define SQRT2 1.414213562373095048801688724209698079L

/* 2 atanh(s) = ln((1 + s) / (1 - s)), |s| <= 0.2. */
static long double two_atanh(long double s)
{
	long double s2 = s * s, term = s, sum = 0;

	for (unsigned k = 1; k < 60; k += 2) {
		long double next = sum + term / k;

		if (next == sum)
			break;
		sum = next;
		term *= s2;
	}
	return 2 * sum;
}

long double log2_ld(long double x)
{
	long double e = 0;

	if (!(x > 0))
		return -HUGE_VALL;
	while (x >= SQRT2) {
		x /= 2;
		e++;
	}
	while (x < SQRT2 / 2) {
		x *= 2;
		e--;
	}
	return e + two_atanh((x - 1) / (x + 1)) / LN2;
}
