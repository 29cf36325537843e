/*
 * logarithm.c - log2, log2(1 + y) and integer powers in long double.
 *
 * The program needs these for its entropy figures only; computing them
 * here spares every run the loading of libm (a measurable share of the
 * start-up of a one-password run).
 *
 * log2: write x = m 2^e with m in [1/sqrt 2, sqrt 2) (scaling by 2 is
 * exact), then ln m = 2 atanh s = 2 (s + s^3/3 + s^5/5 + ...) with
 * s = (m - 1) / (m + 1), |s| <= 0.1716: the terms shrink by s^2 < 0.03 each,
 * so 14 terms reach the 64-bit precision of long double; e is added
 * exactly, and a power of two gives m = 1, s = 0: an exact result.
 * log2(1 + y) uses the same series with s = y / (2 + y), which keeps its
 * relative precision for tiny y (where 1 + y would round to 1); for
 * |y| > 1/4 it is log2 of 1 + y, which is then exact enough.
 *
 * pow: each squaring doubles the relative error carried in, so the result
 * is off by at most about exponent * 2^-63 relative: below 2^-50 for the
 * longest secrets (4096 characters).
 * tests/unit/test_entropy.c compares all three with libm.
 */
#include "config.h"

#include "logarithm.h"

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

long double log2_1p_ld(long double y)
{
	if (y > 0.25L || y < -0.25L)
		return log2_ld(1 + y);
	return two_atanh(y / (2 + y)) / LN2;
}

long double pow_ld(long double base, unsigned long exponent)
{
	long double result = 1;

	for (; exponent; exponent >>= 1) {
		if (exponent & 1)
			result *= base;
		base *= base;
	}
	return result;
}
