/* test_count.c - whole counts of secrets and the test against 2^bits */
#include "config.h"

#include "count.h"
#include "tap.h"

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

	/* The figure keeps to the count's side of every whole number. */
	just_below_128(&c);
	ok(count_figure(&c, 128.0) < 128.0, "a count below 2^128 is never shown as 128 bits");
	count_set(&d, 1);
	count_multiply_power(&d, 2, 128);
	ok(count_figure(&d, 127.99999999999997) == 128.0, "2^128 computed as 127.99999999999997 is 128");
	ok(count_figure(&d, 128.0) == 128.0 && count_figure(&c, 127.5) == 127.5,
	   "a figure already on the right side stays as it is");
	return done_testing();
}
