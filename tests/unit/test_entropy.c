/*
 * test_entropy.c - the number of strings under class rules, and its
 * figure, against exact counts.
 *
 * Hand-computed values, exact integer inclusion-exclusion where the counts
 * fit in 128 bits, and brute-force enumeration of every string for small
 * alphabets; figures against libm's log2 of those.
 */
#include "config.h"

#include "secret/charset.h"
#include "secret/entropy.h"
#include "tap.h"

#include <math.h>
#include <stdint.h>

typedef unsigned __int128 u128;

static struct alphabet make_alphabet(const char *spec)
{
	struct byteset set;
	struct alphabet alpha;
	struct error err;

	byteset_parse(spec, &set, &err);
	alphabet_from_byteset(&set, &alpha, &err);
	return alpha;
}

static u128 power(u128 base, unsigned exponent)
{
	u128 result = 1;

	while (exponent--)
		result *= base;
	return result;
}

static double log2_u128(u128 value)
{
	return log2((double)(value >> 64) * 18446744073709551616.0 + (double)(uint64_t)value);
}

/* Exact inclusion-exclusion in integers (valid while N^L < 2^127). */
static u128 exact_valid(const struct alphabet *alpha, unsigned length, class_mask required)
{
	u128 plus = 0, minus = 0;

	for (class_mask subset = 0; subset < 16; subset++) {
		unsigned avoided = 0;

		if ((subset & required) != subset)
			continue;
		for (int k = 0; k < CLASS_COUNT; k++)
			if (subset & (1u << k))
				avoided += alpha->class_size[k];
		if (class_mask_count(subset) % 2)
			minus += power(alpha->size - avoided, length);
		else
			plus += power(alpha->size - avoided, length);
	}
	return plus - minus;
}

/* Count by enumerating every string (small alphabets only). */
static unsigned long brute_force(const struct alphabet *alpha, unsigned length, class_mask required)
{
	unsigned long total = 1, valid = 0;

	for (unsigned i = 0; i < length; i++)
		total *= alpha->size;
	for (unsigned long n = 0; n < total; n++) {
		class_mask seen = 0;
		unsigned long rest = n;

		for (unsigned i = 0; i < length; i++) {
			enum char_class class = char_class_of((unsigned char)alpha->chars[rest % alpha->size]);

			rest /= alpha->size;
			if (class != CLASS_COUNT)
				seen |= 1u << class;
		}
		if ((seen & required) == required)
			valid++;
	}
	return valid;
}

/* The figure of a request: log2 of its count (minus infinity for none). */
static double figure_of(const struct alphabet *alpha, size_t length, class_mask required)
{
	struct count count;

	strings_count(alpha, length, required, &count);
	return count_log2(&count);
}

static bool near(double got, double want)
{
	return fabs(got - want) < 1e-9 * (want > 1 ? want : 1);
}

int main(void)
{
	const class_mask LUD = 1u << CLASS_LOWER | 1u << CLASS_UPPER | 1u << CLASS_DIGIT;
	const class_mask ALL = LUD | 1u << CLASS_PUNCT;
	struct alphabet graph = make_alphabet("[:punct:][:alnum:]");
	struct alphabet alnum = make_alphabet("[:alnum:]");
	struct alphabet digits = make_alphabet("[:digit:]");
	double bits;

	/* Without rules: L log2 N. */
	bits = figure_of(&graph, 20, 0);
	ok(near(bits, 20 * log2(94.0)) && fabs(bits - 131.0918) < 1e-4,
	   "20 characters of 94: 131.09 bits (got %.6f)", bits);
	ok(near(figure_of(&digits, 6, 0), 6 * log2(10.0)),
	   "6 digits: 19.93 bits");
	ok(length_for_entropy(&graph, 0, 128, 4096) == 20, "128 bits of graph need 20 characters");
	ok(length_for_entropy(&digits, 0, 20, 4096) == 7, "20 bits of digits need 7 (6 give 19.93)");
	ok(length_for_entropy(&alnum, 0, 128, 4096) == 22, "128 bits of alnum need 22 characters");
	{
		struct alphabet hex = make_alphabet("0-9a-f");

		ok(length_for_entropy(&hex, 0, 128, 4096) == 32,
		   "128 bits of hex need exactly 32 characters (power of two, no rounding)");
		ok(length_for_entropy(&hex, 0, 4096, 1024) == 1024 &&
		   length_for_entropy(&hex, 0, 4096, 1023) == 0,
		   "a target beyond the maximum length is reported as unreachable");
	}

	/* The worked example: 8 alnum, lower+upper+digit required. */
	{
		u128 want = (u128)159655911367680ULL;

		ok(exact_valid(&alnum, 8, LUD) == want,
		   "62^8 - 2*36^8 - 52^8 + 10^8 + 2*26^8 = 159655911367680");
		bits = figure_of(&alnum, 8, LUD);
		ok(near(bits, log2(159655911367680.0)) && fabs(bits - 47.1818) < 1e-3,
		   "8 alnum with lower,upper,digit: %.4f bits = log2(159655911367680)", bits);
	}

	/* Exact integer counts for many lengths and rule sets. */
	{
		bool all = true;

		for (unsigned length = 4; length <= 19; length++)
			for (class_mask rules = 0; rules < 16; rules++) {
				double want = log2_u128(exact_valid(&graph, length, rules));
				double got = figure_of(&graph, length, rules);

				if (!near(got, want)) {
					all = false;
					printf("# graph L=%u rules=%u: got %.12f want %.12f\n", length,
					       rules, got, want);
				}
			}
		ok(all, "graph, lengths 4-19, all 16 rule sets: equal to exact integer counts");
	}

	/* The whole-number count (the thresholds' test) equals the same
	 * exact counts, and decides where the figure rounds across 128. */
	{
		bool all = true;
		struct alphabet ab01 = make_alphabet("ab01");
		struct count count;
		class_mask digit = 1u << CLASS_DIGIT;

		for (unsigned length = 4; length <= 19; length++)
			for (class_mask rules = 0; rules < 16; rules++) {
				u128 got = 0;

				strings_count(&graph, length, rules, &count);
				for (unsigned i = count.used; i-- > 0;)
					got = got << 32 | count.limb[i];
				all &= count.exact && count.used <= 4 &&
				       got == exact_valid(&graph, length, rules);
			}
		ok(all, "strings_count: graph, lengths 4-19, all 16 rule sets: the exact integers");
		strings_count(&ab01, 64, digit, &count);
		ok(!count_reaches(&count, 128) && count_reaches(&count, 127) &&
		   figure_of(&ab01, 64, digit) < 128,
		   "64 of ab01 with a digit: 2^128 - 2^64 strings, short of 2^128, and shown so");
		ok(length_for_entropy(&ab01, digit, 128, 4096) == 65, "128 bits of ab01 with a digit: 65");
	}

	/* Brute force over small alphabets, with lopsided class sizes. */
	{
		static const char *const small[] = { "aB3!", "abcX9", "a-eZ0-1~", "xyzQ7.,", "a!" };
		bool all = true;

		for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
			struct alphabet alpha = make_alphabet(small[i]);

			for (unsigned length = 1; length <= 6; length++)
				for (class_mask rules = 0; rules < 16; rules++) {
					bool possible = true;
					unsigned long count;
					double got = figure_of(&alpha, length, rules);

					for (int k = 0; k < CLASS_COUNT; k++)
						if ((rules & (1u << k)) && alpha.class_size[k] == 0)
							possible = false;
					count = brute_force(&alpha, length, rules);
					if (!possible || count == 0) {
						if (got >= 0)
							all = false;
					} else if (!near(got, log2((double)count))) {
						all = false;
						printf("# '%s' L=%u rules=%u: got %.12f want log2(%lu)\n",
						       small[i], length, rules, got, count);
					}
				}
		}
		ok(all, "5 small alphabets, lengths 1-6, all rule sets: equal to enumeration");
	}

	/* Impossible rules. */
	ok(figure_of(&alnum, 8, 1u << CLASS_PUNCT) < 0, "punct required from alnum: impossible");
	ok(figure_of(&graph, 3, ALL) < 0, "4 classes in 3 characters: impossible");
	ok(figure_of(&graph, 4, ALL) > 0, "4 classes in 4 characters: possible");

	/* Rules raise the length a target needs: 4 graph characters with all
	 * classes are 24*26*26*10*32 = 5191680 strings, 22.31 bits < 4 log2 94. */
	ok(fabs(figure_of(&graph, 4, ALL) - log2(5191680.0)) < 1e-9,
	   "4 graph characters, all classes: log2(4! * 26*26*10*32)");
	ok(length_for_entropy(&alnum, LUD, 35, 4096) == 7 &&
	   length_for_entropy(&alnum, 0, 35, 4096) == 6,
	   "35 bits: 6 alnum characters without rules (35.73), 7 with lower,upper,digit (6: 34.95)");
	/* The least likely case the bounds allow: 24 of 95^4 candidates. */
	{
		struct alphabet lopsided = make_alphabet("a A 0 !-/:-@[-`{-~");
		double want = log2_u128(exact_valid(&lopsided, 4, ALL));

		ok(near(figure_of(&lopsided, 4, ALL), want),
		   "classes of 1, 1, 1 and 32 characters plus space, length 4: exact");
	}
	ok(class_mask_count(0) == 0 && class_mask_count(ALL) == 4 && class_mask_count(LUD) == 3,
	   "class_mask_count");
	return done_testing();
}
