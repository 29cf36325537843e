/*
 * pool.c - draws from a stream of random bytes, through a pool.
 *
 * The stream is read in requests sized to the announced work, then in
 * blocks that double; each 64-bit word (read big-endian) is cut into
 * unbiased digits by the plan of uniform.c, and the digits of an accepted
 * word that a draw did not use are kept, one slot per bound, a few bounds
 * at a time, and handed out in order to the next draws with the same
 * bound: they are independent of everything handed out before, so every
 * draw stays an independent uniform value.  A slot reused for another
 * bound drops its digits; which digits are dropped never depends on their
 * values, so that costs randomness, not uniformity.
 */
#include "config.h"

#include "random/pool.h"
#include "random/spell.h"
#include "text/bytes.h"
#include "text/util.h"

#include <string.h>

#define FIRST_TAIL_REQUEST 64 /* bytes, once the announced work is read */

static struct pooled_source *pooled(struct random_source *src)
{
	return (struct pooled_source *)src; /* base is the first member */
}

void pooled_source_wipe(struct pooled_source *src)
{
	secure_zero(src->pool, src->pool_filled);
	secure_zero(src->slots, src->slots_used * sizeof src->slots[0]);
	src->pool_len = src->pool_used = src->pool_filled = 0;
	src->slots_used = src->slot_turn = 0;
}

void pooled_source_init(struct pooled_source *src, const struct random_source_ops *ops,
			void (*read_stream)(struct pooled_source *, void *, size_t),
			uint64_t expected_bytes)
{
	pooled_source_wipe(src);
	src->base.ops = ops;
	src->read_stream = read_stream;
	src->expected = expected_bytes;
	src->tail = FIRST_TAIL_REQUEST;
}

/* The next request: what the announced work still needs, then blocks that
 * double from FIRST_TAIL_REQUEST, so that reading ahead never wastes more
 * than what was used since the estimate ran out. */
static void refill(struct pooled_source *src)
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
	src->read_stream(src, src->pool, want);
	if (want > src->pool_filled)
		src->pool_filled = want;
	src->pool_len = want;
	src->pool_used = 0;
}

static void take_bytes(struct pooled_source *src, unsigned char *out, size_t len)
{
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

void pooled_bytes(struct random_source *src, void *buf, size_t len)
{
	take_bytes(pooled(src), buf, len);
}

/* The pool's next bytes in place: they stay there until the pool is
 * refilled or wiped, as the bytes of every draw do. */
const unsigned char *pooled_view(struct random_source *base, size_t unit, size_t *len)
{
	struct pooled_source *src = pooled(base);
	size_t avail, take;
	const unsigned char *at;

	if (src->pool_used == src->pool_len)
		refill(src);
	avail = src->pool_len - src->pool_used;
	take = (*len < avail ? *len : avail) / unit * unit;
	if (take == 0)
		return NULL;
	at = src->pool + src->pool_used;
	src->pool_used += take;
	*len = take;
	return at;
}

/* The next 64-bit word of the stream, read big-endian. */
static inline uint64_t next_word(struct pooled_source *src)
{
	unsigned char bytes[8];
	uint64_t x;

	if (src->pool_len - src->pool_used >= sizeof bytes) {
		x = load_be64(src->pool + src->pool_used);
		src->pool_used += sizeof bytes;
		return x;
	}
	take_bytes(src, bytes, sizeof bytes);
	x = load_be64(bytes);
	secure_zero(bytes, sizeof bytes);
	return x;
}

/* The slot of `bound` (2 <= bound), set up with its plan if it has none. */
static struct pool_slot *slot_for(struct pooled_source *src, uint32_t bound)
{
	struct pool_slot *slot;

	for (unsigned i = 0; i < src->slots_used; i++)
		if (src->slots[i].plan.bound == bound)
			return &src->slots[i];
	if (src->slots_used < POOL_SLOTS) {
		slot = &src->slots[src->slots_used++];
	} else {
		slot = &src->slots[src->slot_turn];
		src->slot_turn = (src->slot_turn + 1) % POOL_SLOTS;
	}
	secure_zero(slot->digits, sizeof slot->digits);
	uniform_plan_for(bound, UNIFORM_WORD_BITS, &slot->plan);
	slot->next = slot->plan.per_word;
	return slot;
}

/* Fill the slot's digits from the first accepted word. */
static void draw_word(struct pooled_source *src, struct pool_slot *slot)
{
	while (!uniform_digits64(next_word(src), &slot->plan, slot->digits))
		continue;
	slot->next = 0;
}

/* The slot's next unused digit, wiped from the slot as it leaves. */
static uint32_t take_digit(struct pool_slot *slot)
{
	uint32_t value = slot->digits[slot->next];

	slot->digits[slot->next++] = 0;
	return value;
}

uint32_t pooled_below(struct random_source *base, uint32_t bound)
{
	struct pooled_source *src = pooled(base);
	struct pool_slot *slot = slot_for(src, bound);

	if (slot->next == slot->plan.per_word)
		draw_word(src, slot);
	return take_digit(slot);
}

/* Up to len of the slot's unused digits, as characters of alphabet or
 * (alphabet NULL) as they are, wiped from the slot in one go; returns
 * how many. */
static size_t take_unused(struct pool_slot *slot, const char *alphabet, void *out, size_t len)
{
	size_t left = slot->plan.per_word - slot->next;
	uint32_t *digits = slot->digits + slot->next;

	if (len > left)
		len = left;
	if (alphabet)
		for (size_t i = 0; i < len; i++)
			((char *)out)[i] = alphabet[digits[i]];
	else
		memcpy(out, digits, len * sizeof digits[0]);
	secure_zero(digits, len * sizeof digits[0]);
	slot->next += (unsigned)len;
	return len;
}

/* Whole words of the pool's unread bytes to characters, while len leaves
 * room for one; returns where the characters end. */
static char *spell_pool(struct pooled_source *src, const struct uniform_plan *plan,
			const char *alphabet, const spell_pair *pairs, char *out, size_t *len)
{
	/* At most the words that fit both: every one of them is spelt
	 * whole, and the counts are updated once. */
	while (*len >= plan->per_word && src->pool_len - src->pool_used >= 8) {
		size_t words = (src->pool_len - src->pool_used) / 8, fit = *len / plan->per_word;
		char *start = out;

		if (words > fit)
			words = fit;
		out = spell_words(src->pool + src->pool_used, words, plan, alphabet, pairs, out);
		src->pool_used += 8 * words;
		*len -= (size_t)(out - start);
	}
	return out;
}

void pooled_fill(struct random_source *base, const char *alphabet, uint32_t size, char *out,
		 size_t len)
{
	struct pooled_source *src = pooled(base);
	struct pool_slot *slot = slot_for(src, size);
	const struct uniform_plan *plan = &slot->plan;
	const spell_pair *pairs = spell_pairs_for(alphabet, size, len);
	size_t taken = take_unused(slot, alphabet, out, len);

	out += taken;
	len -= taken;
	/* Whole words straight to characters: the same digits, in order.  A
	 * rejected word's characters are overwritten by the next word's.  A
	 * word that straddles two reads of the stream is read by next_word. */
	while (len >= plan->per_word) {
		out = spell_pool(src, plan, alphabet, pairs, out, &len);
		if (len >= plan->per_word &&
		    spell_word(next_word(src), plan->bound, plan->per_word, plan->threshold,
			       alphabet, out)) {
			out += plan->per_word;
			len -= plan->per_word;
		}
	}
	if (len > 0) {
		draw_word(src, slot);
		take_unused(slot, alphabet, out, len);
	}
}

void pooled_draws(struct random_source *base, uint32_t bound, uint32_t *out, size_t n)
{
	struct pooled_source *src = pooled(base);
	struct pool_slot *slot = slot_for(src, bound);
	/* A copy, which the values written cannot alias (they are
	 * uint32_t, as the bound is). */
	const struct uniform_plan plan = slot->plan;
	const unsigned k = plan.per_word;
	size_t taken = take_unused(slot, NULL, out, n);

	out += taken;
	n -= taken;
	/* Whole words straight to out, as pooled_fill does. */
	while (n >= k) {
		if (uniform_digits64(next_word(src), &plan, out)) {
			out += k;
			n -= k;
		}
	}
	if (n > 0) {
		draw_word(src, slot);
		take_unused(slot, NULL, out, n);
	}
}
