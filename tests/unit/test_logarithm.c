/* test_logarithm.c - log2 in long double, against libm */
#include "config.h"

#include "secret/logarithm.h"
#include "tap.h"

#include <math.h>
#include <stdint.h>

/* logarithm.c against libm: relative error of a against b. */
static long double off(long double a, long double b)
{
	return b == 0 ? fabsl(a) : fabsl((a - b) / b);
}

/* x = t 2^-63 in [1, 2), t a 64-bit number with its top bit set, as
 * count.c takes the top of a count: the absolute error, which count.c's
 * bound counts as 2^-61 (libm's log2l is within a unit, 2^-64, there). */
static long double worst_on_top_bits(void)
{
	static const uint64_t edges[] = {
		0x8000000000000000u, 0x8000000000000001u, 0xb504f333f9de6484u,
		0xb504f333f9de6485u, 0xfffffffffffffffeu, 0xffffffffffffffffu,
	};
	uint64_t state = 0x9e3779b97f4a7c15u;
	long double worst = 0;

	for (unsigned i = 0; i < 200000; i++) {
		uint64_t t;
		long double x, e;

		if (i < sizeof edges / sizeof edges[0]) {
			t = edges[i];
		} else { /* xorshift64 */
			state ^= state << 13;
			state ^= state >> 7;
			state ^= state << 17;
			t = state | 0x8000000000000000u;
		}
		x = (long double)t * 0x1p-63L;
		e = fabsl(log2_ld(x) - log2l(x));
		if (e > worst)
			worst = e;
	}
	return worst;
}

int main(void)
{
	long double worst_log = 0, worst_top;
	bool powers_exact = true;

	for (unsigned long n = 1; n <= 2000000; n += n < 5000 ? 1 : 997) {
		long double e = off(log2_ld((long double)n), log2l((long double)n));

		if (e > worst_log)
			worst_log = e;
	}
	for (int k = -60; k <= 60; k++)
		powers_exact &= log2_ld(ldexpl(1.0L, k)) == (long double)k;
	ok(worst_log < 1e-18L, "log2_ld matches libm's log2l: worst relative error %Lg", worst_log);
	ok(powers_exact, "log2_ld is exact on 2^-60 .. 2^60");
	worst_top = worst_on_top_bits();
	ok(worst_top < 0x1p-61L - 0x1p-64L,
	   "log2_ld on [1, 2), the top 64 bits of a count: within 2^-61 of log2l less its unit (worst %Lg = 2^%.1Lf)",
	   worst_top, worst_top > 0 ? log2l(worst_top) : -999.0L);
	ok(log2_ld(0) < -1e300L, "log2 of 0 is minus infinity");
	return done_testing();
}
