/* test_logarithm.c - log2, log2(1 + y) and powers in long double, against libm */
#include "config.h"

#include "logarithm.h"
#include "tap.h"

#include <math.h>

/* logarithm.c against libm: relative error of a against b. */
static long double off(long double a, long double b)
{
	return b == 0 ? fabsl(a) : fabsl((a - b) / b);
}

static void test_logarithms(void)
{
	long double worst_log = 0, worst_1p = 0, worst_pow = 0;
	bool powers_exact = true;

	for (unsigned long n = 1; n <= 2000000; n += n < 5000 ? 1 : 997) {
		long double e = off(log2_ld((long double)n), log2l((long double)n));

		if (e > worst_log)
			worst_log = e;
	}
	for (int k = -60; k <= 60; k++)
		powers_exact &= log2_ld(ldexpl(1.0L, k)) == (long double)k;
	for (long double y = -0.999999L; y < 4; y += 0.0001234L) {
		long double e = off(log2_1p_ld(y), log1pl(y) / logl(2.0L));

		if (e > worst_1p)
			worst_1p = e;
	}
	for (int k = 1; k < 200; k++) {
		long double y = -ldexpl(1.0L, -k) * 0.75L;
		long double e = off(log2_1p_ld(y), log1pl(y) / logl(2.0L));

		if (e > worst_1p)
			worst_1p = e;
	}
	for (unsigned long exponent = 0; exponent <= 4096; exponent += 7) {
		static const long double bases[] = { 0.5L, 0.9L, 0.99999L, 93.0L / 94, 1.0L / 3 };

		for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
			long double want = powl(bases[i], (long double)exponent);
			long double e = want < 1e-4000L ? 0 : off(pow_ld(bases[i], exponent), want);

			if (e > worst_pow)
				worst_pow = e;
		}
	}
	ok(worst_log < 1e-18L, "log2_ld matches libm's log2l: worst relative error %Lg", worst_log);
	ok(powers_exact, "log2_ld is exact on 2^-60 .. 2^60");
	ok(worst_1p < 1e-17L, "log2_1p_ld matches log1pl / ln 2, tiny y included: worst %Lg", worst_1p);
	ok(worst_pow < 1e-16L, "pow_ld matches powl up to exponent 4096: worst %Lg", worst_pow);
	ok(log2_ld(0) < -1e300L, "log2 of 0 is minus infinity");
}

int main(void)
{
	test_logarithms();
	return done_testing();
}
