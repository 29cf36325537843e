/*
 * uniform.c - unbiased values in [0, n) from random words, several a word.
 *
 * Method: Lemire's multiply-and-reject ("Fast random integer generation in
 * an interval", 2019; the idea of OpenBSD arc4random_uniform), applied to
 * N = n^k instead of n, so that one w-bit word (w = 64) yields k values.
 * For 94 characters k = 9: 9 characters a word, 0.6% of words rejected,
 * 64 / (9 log2 94) = 1.085 random bits read per bit of output (1.092 with
 * the rejected words).
 *
 * The digits.  Let x be a uniform w-bit word and r_0 = x.  For i = 1..k
 * write r_(i-1) * n = d_i * 2^w + r_i with 0 <= r_i < 2^w (the high and low
 * words of one product; uniform_mul64).  As r_(i-1) < 2^w, d_i < n.  By
 * induction on i,
 *
 *     x * n^i = (d_1 n^(i-1) + d_2 n^(i-2) + ... + d_i) * 2^w + r_i:
 *
 * true for i = 1, and multiplying by n turns r_i * n into d_(i+1) 2^w +
 * r_(i+1).  So with V = d_1 n^(k-1) + ... + d_k, x * N = V * 2^w + r_k:
 * V = floor(x N / 2^w) is Lemire's value and r_k = x N mod 2^w its "low
 * half", and d_1..d_k are V's base-n digits, most significant first.  No
 * division is needed, only k products by the small n.
 *
 * The rejection.  Accept x exactly when r_k >= t = 2^w mod N.  Fix V in
 * [0, N).  The words x with floor(x N / 2^w) = V correspond one to one to
 * the integers r in [0, 2^w) with r = -V 2^w (mod N), by r = x N - V 2^w
 * and back x = (V 2^w + r) / N, which is below (V + 1) 2^w / N <= 2^w.  The
 * accepted ones are those with r in [t, 2^w), an interval of length
 * 2^w - t = N floor(2^w / N), a multiple of N, so it holds exactly
 * floor(2^w / N) integers of each residue class mod N.  Every V keeps the
 * same number of words: V is exactly uniform on [0, N), and so its k digits
 * are independent and uniform on [0, n) (base-n writing is a bijection
 * between [0, N) and [0, n)^k).  A word is rejected with probability
 * t / 2^w < N / 2^w.  When N = 2^w (n a power of two whose log2 divides w)
 * t = 0: the digits are the word's bits and nothing is rejected.
 *
 * The choice of k.  Any k with n^k <= 2^w is exact; uniform_plan_for()
 * takes the one that yields the most values per word after rejections,
 * k (2^w - t), computed exactly (for n = 3, k = 40 would reject 34% of the
 * words; k = 38 rejects 4.8% and yields more).  The threshold t is computed
 * once per bound: (2^w - 1) mod N + 1, mod N.
 *
 * Words come from a random source (pool.c), which keeps the digits of a
 * word that a draw did not use for the next draws with the same bound.
 *
 * tests/unit/test_uniform.c runs every 16-bit word through the same code
 * (uniform_digits16, one template with uniform_digits64) for every bound
 * and every k, checks the 64-bit products and thresholds against exact
 * wide arithmetic, and counts the accepted 64-bit words of sampled values V.
 */
#include "config.h"

#include "random/uniform.h"

void uniform_plan_for(uint32_t bound, unsigned bits, struct uniform_plan *plan)
{
	uint64_t max = bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1; /* 2^w - 1 */
	uint64_t span = 1, best_hi = 0, best_lo = 0;
	unsigned k = 0;

	plan->bound = bound;
	plan->per_word = 1;
	plan->threshold = 0;
	while (span <= max / bound) {
		uint64_t t, lo;
		uint32_t hi;

		span *= bound; /* n^k < 2^w */
		k++;
		t = (max % span + 1) % span;
		/* k (2^w - t) = k (max - t) + k, as a 96-bit number (hi, lo). */
		lo = uniform_mul64(max - t, k, &hi);
		lo += k;
		hi += lo < k;
		if (hi > best_hi || (hi == best_hi && lo >= best_lo)) {
			best_hi = hi;
			best_lo = lo;
			plan->per_word = k;
			plan->threshold = t;
		}
	}
	/* n^(k+1) = 2^w exactly: nothing is rejected and no k does better. */
	if (max % bound == bound - 1 && span == max / bound + 1) {
		plan->per_word = k + 1;
		plan->threshold = 0;
	}
}

uint64_t uniform_bytes_for(uint32_t bound, uint64_t draws)
{
	struct uniform_plan plan;

	if (bound <= 1)
		return 0;
	uniform_plan_for(bound, UNIFORM_WORD_BITS, &plan);
	return (draws / plan.per_word + (draws % plan.per_word != 0)) * (UNIFORM_WORD_BITS / 8);
}
