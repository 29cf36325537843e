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
 * Leftovers.  The digits of an accepted word that a draw did not use are
 * kept (one slot per bound, a few bounds at a time) and handed out, in
 * order, to the next draws with the same bound: they are independent of
 * everything handed out before, so every draw stays an independent uniform
 * value.  A slot reused for another bound drops its digits; which digits
 * are dropped never depends on their values, so that costs randomness, not
 * uniformity.
 *
 * tests/unit/test_uniform.c runs every 16-bit word through the same code
 * (uniform_digits16, one template with uniform_digits64) for every bound
 * and every k, checks the 64-bit products and thresholds against exact
 * wide arithmetic, and counts the accepted 64-bit words of sampled values V.
 *
 * Dice (dice.c) keep their own exact method, one value a draw, in the
 * documented order; this file only routes draws there.
 */
#include "config.h"

#include "uniform.h"
#include "dice.h"
#include "random.h"
#include "util.h"

#include <string.h>

#define FIRST_TAIL_REQUEST 64 /* bytes, once the announced work is read */

/* Only what was filled: a single password must not touch the whole pool. */
void random_source_wipe(struct random_source *src)
{
	secure_zero(src->pool, src->pool_filled);
	for (unsigned i = 0; i < UNIFORM_SLOTS; i++)
		if (src->slots[i].plan.bound)
			secure_zero(&src->slots[i], sizeof src->slots[i]);
	src->pool_len = src->pool_used = src->pool_filled = 0;
	src->slot_turn = 0;
}

void random_source_init(struct random_source *src, unsigned dice_sides, uint64_t expected_bytes)
{
	random_source_wipe(src);
	src->dice_sides = dice_sides;
	src->expected = expected_bytes;
	src->tail = FIRST_TAIL_REQUEST;
	if (dice_sides)
		dice_enable(dice_sides);
}

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

/* The next request: what the announced work still needs, then blocks that
 * double from FIRST_TAIL_REQUEST, so that reading ahead never wastes more
 * than what was used since the estimate ran out. */
static void refill(struct random_source *src)
{
	size_t want;

	if (src->expected > 0) {
		want = src->expected < sizeof src->pool ? (size_t)src->expected : sizeof src->pool;
		src->expected -= want;
	} else {
		want = src->tail;
		if (src->tail < sizeof src->pool)
			src->tail *= 2;
	}
	random_bytes(src->pool, want);
	if (want > src->pool_filled)
		src->pool_filled = want;
	src->pool_len = want;
	src->pool_used = 0;
}

void uniform_bytes(struct random_source *src, void *buf, size_t len)
{
	unsigned char *out = buf;

	if (src->dice_sides) {
		for (size_t i = 0; i < len; i++)
			out[i] = (unsigned char)dice_below(256);
		return;
	}
	while (len > 0) {
		size_t take;

		if (src->pool_used == src->pool_len)
			refill(src);
		take = src->pool_len - src->pool_used;
		if (take > len)
			take = len;
		memcpy(out, src->pool + src->pool_used, take);
		src->pool_used += take;
		out += take;
		len -= take;
	}
}

static uint64_t load_be64(const unsigned char *p)
{
	uint64_t x = 0;

	for (int i = 0; i < 8; i++)
		x = x << 8 | p[i];
	return x;
}

/* The next 64-bit word of the stream, read big-endian. */
static inline uint64_t next_word(struct random_source *src)
{
	unsigned char bytes[8];
	uint64_t x;

	if (src->pool_len - src->pool_used >= sizeof bytes) {
		x = load_be64(src->pool + src->pool_used);
		src->pool_used += sizeof bytes;
		return x;
	}
	uniform_bytes(src, bytes, sizeof bytes);
	x = load_be64(bytes);
	secure_zero(bytes, sizeof bytes);
	return x;
}

/* The slot of `bound` (2 <= bound), set up with its plan if it has none. */
static struct uniform_slot *slot_for(struct random_source *src, uint32_t bound)
{
	struct uniform_slot *slot;

	for (unsigned i = 0; i < UNIFORM_SLOTS; i++)
		if (src->slots[i].plan.bound == bound)
			return &src->slots[i];
	slot = &src->slots[src->slot_turn];
	src->slot_turn = (src->slot_turn + 1) % UNIFORM_SLOTS;
	secure_zero(slot->digits, sizeof slot->digits);
	uniform_plan_for(bound, UNIFORM_WORD_BITS, &slot->plan);
	slot->next = slot->plan.per_word;
	return slot;
}

/* Fill the slot's digits from the first accepted word. */
static void draw_word(struct random_source *src, struct uniform_slot *slot)
{
	while (!uniform_digits64(next_word(src), &slot->plan, slot->digits))
		continue;
	slot->next = 0;
}

/* The slot's next unused digit, wiped from the slot as it leaves. */
static uint32_t take_digit(struct uniform_slot *slot)
{
	uint32_t value = slot->digits[slot->next];

	slot->digits[slot->next++] = 0;
	return value;
}

uint32_t uniform_below(struct random_source *src, uint32_t bound)
{
	struct uniform_slot *slot;

	if (bound <= 1)
		return 0;
	if (src->dice_sides)
		return dice_below(bound);
	slot = slot_for(src, bound);
	if (slot->next == slot->plan.per_word)
		draw_word(src, slot);
	return take_digit(slot);
}

void uniform_fill(struct random_source *src, const char *alphabet, uint32_t size, char *out,
		  size_t len)
{
	struct uniform_slot *slot;
	unsigned k;

	if (src->dice_sides || size <= 1) {
		for (size_t i = 0; i < len; i++)
			out[i] = alphabet[uniform_below(src, size)];
		return;
	}
	slot = slot_for(src, size);
	k = slot->plan.per_word;
	while (len > 0 && slot->next < k) {
		*out++ = alphabet[take_digit(slot)];
		len--;
	}
	if (len == 0)
		return;
	/* Whole words straight to characters: the same digits, in order. */
	while (len >= k) {
		if (!uniform_digits64(next_word(src), &slot->plan, slot->digits))
			continue;
		for (unsigned i = 0; i < k; i++)
			out[i] = alphabet[slot->digits[i]];
		out += k;
		len -= k;
	}
	secure_zero(slot->digits, k * sizeof slot->digits[0]);
	if (len > 0) {
		draw_word(src, slot);
		while (len-- > 0)
			*out++ = alphabet[take_digit(slot)];
	}
}
