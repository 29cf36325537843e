/*
 * site_rules_count.c - the number of strings that meet site rules, at every
 * length (the rules and the matcher are site_rules_model.c's).
 *
 * The count.  A string is valid when the matcher accepts it and its runs
 * respect R and S; both depend on the last character and on how the
 * string ends: r identical characters (r <= R), or a run of s steps of +1
 * or of -1 (s <= S), never both (identical characters do not step).  The
 * state of a prefix is (matcher state q, last character c, kind), the
 * kind one of: fresh (r = 1, s = 1), identical r = 2..R, up s = 2..S,
 * down s = 2..S; a limit of L or more at length L cannot be broken and is
 * dropped.  Appending c' to a prefix in (q, c, kind) gives matcher state
 * next(q, c') and:
 *    c' = c          identical r + 1 (forbidden past R), or fresh with no R
 *    c' = c + 1      up: s + 1 after up s, else 2 (forbidden past S),
 *                    or fresh with no S; c' = c - 1 likewise down
 *    otherwise       fresh.
 * This is a deterministic automaton reading the string, so the number of
 * valid strings of length L is the number of paths of L steps from the
 * start to accepting states with any last character and kind: dynamic
 * programming over the steps counts them.
 *
 * The work.  A step visits every counter, states * N * kinds of them
 * (each in constant time: the sums it needs are prefix sums), so counting
 * up to length L costs states * N * kinds * L.  A run limit near the
 * length makes that large (R = 3717 over 94 characters at 4096: 2.9e9
 * counter updates, more than a minute), so counting past RULES_MAX_WORK
 * (40 million updates, about half a second) is a usage error: refused at
 * once when the length asked for, or the least length that could reach
 * the target, is already past it, else when the search for the target
 * gets there (site_rules_size.c, which sizes the password).  The sites
 * of the embedded table need at most 30.2 million at 4096 characters
 * (ebrap.org: 81 states, 91 characters, one kind).
 *
 * In what precision.  The counters hold counts scaled by N^-L (the
 * fraction of the N^L strings), in double.  Each step only adds
 * non-negative numbers and divides by N: the fresh counter of c' is the
 * sum over all characters but the (at most three, contiguous) ones that
 * lead elsewhere, taken as a prefix sum plus a suffix sum, never by
 * subtraction.  A sum of n non-negative terms has a relative error below
 * n u (u = 2^-53); a counter's value sums at most states + N + kinds + 3
 * terms a step (the matcher states, the prefix and suffix sums, the kinds
 * of the character before), at most 1024 + 94 + 3 * 4096 < 2^14, so after
 * L <= 4096 steps its relative error is below 2^12 2^14 u = 2^-27.
 * Two approximations keep long lengths fast:
 *  - when the mass of the non-accepting states is at most 2^-45 of the
 *    accepting state's in every counter (the same last character and
 *    kind), it is dropped.  The accepting state keeps every string that
 *    reaches it, and whether a string stays valid depends on its last
 *    character and kind only, so from each counter the dropped mass would
 *    have added at most 2^-45 of what the accepting mass there adds to any
 *    later fraction: a relative 2^-44, with the sums' rounding, however
 *    small the fraction (a drop below a fixed mass, 2^-60, lost up to 2.2
 *    bits at fractions near it);
 *  - once only the accepting state holds mass, each step multiplies the
 *    vector of counters by the same non-negative matrix A.  When every
 *    counter grew by a ratio within [low, high], high - low <= 2^-46 low
 *    (zero counters staying zero), then low v <= A v <= high v, and, A
 *    being non-negative, low^j v <= A^j v <= high^j v after j more steps:
 *    from there the fraction is multiplied by the middle of the two at
 *    each step, off by a relative j 2^-46 <= 2^-34 at most.
 * All together the fraction is exact to a relative 2^-26, its log2 to
 * RULES_COUNT_LOG2_ERROR = 2^-25 bits: site_rules_count_outcomes() hands that
 * bound on with the count, and a count below 2^24 is rounded to the
 * whole number it must be.  tests/unit/test_site_rules.c compares the count
 * with enumeration of every string.
 */
#include "config.h"

#include "site_rules/site_rules_count.h"

#include "secret/logarithm.h"

#include <stdlib.h>
#include <string.h>

void site_rules_kinds_for(const struct site_rules_model *m, size_t max_length, struct site_rules_kinds *k)
{
	k->repeat = m->max_repeating && m->max_repeating < max_length ? m->max_repeating : 0;
	k->sequence = m->max_sequential && m->max_sequential < max_length ? m->max_sequential : 0;
	k->same = 1;
	k->up = k->same + (unsigned)(k->repeat ? k->repeat - 1 : 0);
	k->down = k->up + (unsigned)(k->sequence ? k->sequence - 1 : 0);
	k->count = k->down + (unsigned)(k->sequence ? k->sequence - 1 : 0);
}

bool site_rules_counter_init(struct site_rules_counter *c, const struct site_rules_model *m,
			size_t max_length, struct error *err)
{
	struct site_rules_kinds k;

	error_clear(err);
	memset(c, 0, sizeof *c);
	site_rules_kinds_for(m, max_length, &k);
	c->model = m;
	c->kinds = k.count;
	/* An empty alphabet (spec_site_rules.c refuses it before counting)
	 * has nothing to count, and no budget: its work a step is 0. */
	if (m->size == 0 || m->states == 0 || k.count == 0) {
		error_set(err, "the rules leave no character to count");
		return false;
	}
	if ((unsigned long)m->states * m->size * k.count > RULES_MAX_CELLS) {
		error_set(err, "the rules are too intricate to count at this length (run limits too long)");
		return false;
	}
	c->cells = (size_t)m->states * m->size * k.count;
	c->now = calloc(c->cells, sizeof *c->now);
	c->next = calloc(c->cells, sizeof *c->next);
	c->scratch = calloc(3 * ((size_t)m->size + 1), sizeof *c->scratch);
	c->live = calloc(2 * (size_t)m->states, sizeof *c->live);
	if (!c->now || !c->next || !c->scratch || !c->live) {
		site_rules_counter_free(c);
		error_runtime(err, "out of memory");
		return false;
	}
	c->max_length = max_length;
	c->budget = RULES_MAX_WORK / c->cells; /* steps */
	return true;
}

/* Sum of a character's kinds in [from, to). */
static double sum_kinds(const double *cell, unsigned from, unsigned to)
{
	double s = 0;

	for (unsigned i = from; i < to; i++)
		s += cell[i];
	return s;
}

/* The first character: fresh, in the matcher state it leads to. */
static void counter_start(struct site_rules_counter *c)
{
	const struct site_rules_model *m = c->model;

	for (unsigned j = 0; j < m->size; j++) {
		unsigned q2 = m->next[j];

		c->now[((size_t)q2 * m->size + j) * c->kinds] = 1.0 / m->size;
		c->live[q2] = true;
	}
}

/* Mark the states the live ones lead to (the second half of live) and
 * clear their next counters. */
static void counter_targets(struct site_rules_counter *c)
{
	const struct site_rules_model *m = c->model;
	const size_t stride = (size_t)m->size * c->kinds;
	bool *live = c->live, *target = c->live + m->states;

	memset(target, 0, m->states * sizeof *target);
	for (unsigned q = 0; q < m->states; q++)
		if (live[q])
			for (unsigned j = 0; j < m->size; j++)
				target[m->next[q * m->size + j]] = true;
	for (unsigned q = 0; q < m->states; q++)
		if (target[q])
			memset(c->next + q * stride, 0, stride * sizeof *c->next);
}

/* The prefix and suffix sums, over the characters, of the counters of the
 * prefixes in one matcher state (base). */
static void character_sums(struct site_rules_counter *c, const double *base)
{
	const unsigned n = c->model->size, kc = c->kinds;
	double *tot = c->scratch, *prefix = tot + n, *suffix = prefix + n + 1;

	for (unsigned j = 0; j < n; j++)
		tot[j] = sum_kinds(base + (size_t)j * kc, 0, kc);
	prefix[0] = 0;
	for (unsigned j = 0; j < n; j++)
		prefix[j + 1] = prefix[j] + tot[j];
	suffix[n] = 0;
	for (unsigned j = n; j-- > 0;)
		suffix[j] = suffix[j + 1] + tot[j];
}

/* What the prefixes in one matcher state (base) add to the counters of
 * character j appended (out), kind by kind. */
static void step_character(const struct site_rules_counter *c, const struct site_rules_kinds *k,
			   const double *base, unsigned j, double *out)
{
	const struct site_rules_model *m = c->model;
	const unsigned n = m->size, kc = c->kinds;
	const double *tot = c->scratch, *prefix = tot + n, *suffix = prefix + n + 1;
	const double *own = base + (size_t)j * kc;
	unsigned lo = j, hi = j;

	/* The characters before c' that lead elsewhere than fresh: c' itself
	 * (with R) and its neighbours (with S), contiguous. */
	if (k->sequence && m->below[j] >= 0)
		lo = (unsigned)m->below[j];
	if (k->sequence && m->above[j] >= 0)
		hi = (unsigned)m->above[j];
	if (!k->repeat && !k->sequence)
		out[0] += prefix[n];
	else
		out[0] += prefix[lo] + suffix[hi + 1] + (k->repeat ? 0 : tot[j]);
	if (k->repeat >= 2) {
		/* r = 2 from r = 1: fresh and any sequence kind. */
		out[k->same] += own[0] + sum_kinds(own, k->up, k->count);
		for (unsigned r = 1; r + 1 < k->repeat; r++)
			out[k->same + r] += own[k->same + r - 1];
	}
	if (k->sequence >= 2 && m->below[j] >= 0) {
		const double *from = base + (size_t)m->below[j] * kc;

		/* s = 2 going up: from anything but an up run. */
		out[k->up] += from[0] + sum_kinds(from, k->same, k->up) +
			      sum_kinds(from, k->down, k->count);
		for (unsigned s = 1; s + 1 < k->sequence; s++)
			out[k->up + s] += from[k->up + s - 1];
	}
	if (k->sequence >= 2 && m->above[j] >= 0) {
		const double *from = base + (size_t)m->above[j] * kc;

		out[k->down] += from[0] + sum_kinds(from, k->same, k->down);
		for (unsigned s = 1; s + 1 < k->sequence; s++)
			out[k->down + s] += from[k->down + s - 1];
	}
}

/* One character more: next from now, then next becomes now, scaled by
 * 1/N, and the targets the live states. */
static void counter_advance(struct site_rules_counter *c)
{
	const struct site_rules_model *m = c->model;
	const unsigned n = m->size;
	const size_t stride = (size_t)n * c->kinds;
	struct site_rules_kinds k;
	double *swap;

	site_rules_kinds_for(m, c->max_length, &k);
	counter_targets(c);
	for (unsigned q = 0; q < m->states; q++) {
		const double *base = c->now + q * stride;

		if (!c->live[q])
			continue;
		character_sums(c, base);
		for (unsigned j = 0; j < n; j++)
			step_character(c, &k, base, j,
				       c->next + ((size_t)m->next[q * n + j] * n + j) * c->kinds);
	}
	swap = c->now;
	c->now = c->next;
	c->next = swap;
	for (unsigned q = 0; q < m->states; q++) {
		c->live[q] = c->live[m->states + q];
		if (c->live[q])
			for (size_t i = q * stride; i < (q + 1) * stride; i++)
				c->now[i] /= n;
	}
}

/* Is the pending mass at most 2^-45 of the accepting state's in every
 * counter, that is for every last character and kind of run? */
static bool pending_negligible(const struct site_rules_counter *c)
{
	const struct site_rules_model *m = c->model;
	const size_t stride = (size_t)m->size * c->kinds;
	const double *accepting = c->now + m->accepting * stride;

	for (size_t i = 0; i < stride; i++) {
		double pending = 0;

		for (unsigned q = 0; q < m->states; q++)
			if (q != m->accepting && c->live[q])
				pending += c->now[q * stride + i];
		if (pending > accepting[i] * 0x1p-45)
			return false;
	}
	return true;
}

/* The mass of the accepting state (returned) and of the others (pending);
 * pending mass that pending_negligible() finds negligible is dropped (see
 * the comment at the top). */
static double counter_tally(struct site_rules_counter *c, double *pending)
{
	const struct site_rules_model *m = c->model;
	const size_t stride = (size_t)m->size * c->kinds;
	double accepted = 0;

	*pending = 0;
	for (unsigned q = 0; q < m->states; q++) {
		double mass;

		if (!c->live[q])
			continue;
		mass = sum_kinds(c->now + q * stride, 0, (unsigned)stride);
		if (q == m->accepting)
			accepted = mass;
		else
			*pending += mass;
	}
	/* The sum over the counters is necessary for each counter's, and
	 * cheap: the counters are looked at only once it holds. */
	if (*pending > 0 && *pending <= accepted * 0x1p-45 && c->dropped == 0 &&
	    pending_negligible(c)) {
		c->dropped = *pending;
		for (unsigned q = 0; q < m->states; q++)
			if (q != m->accepting)
				c->live[q] = false;
		*pending = 0;
	}
	return accepted;
}

/* Only the accepting state left, the step before too: has the vector
 * become an eigenvector, to within 2^-46 in every counter?  Then each
 * further step multiplies (see the comment at the top). */
static void counter_check_geometric(struct site_rules_counter *c)
{
	const struct site_rules_model *m = c->model;
	const size_t stride = (size_t)m->size * c->kinds;
	const double *old = c->next + m->accepting * stride;
	const double *now = c->now + m->accepting * stride;
	double low = 0, high = 0;

	for (size_t i = 0; i < stride; i++) {
		double r;

		if (old[i] == 0 || now[i] == 0) {
			if (old[i] != now[i])
				return;
			continue;
		}
		r = now[i] / old[i];
		if (low == 0 || r < low)
			low = r;
		if (r > high)
			high = r;
	}
	if (low > 0 && high - low <= low * 0x1p-46) {
		c->geometric = true;
		c->ratio = low + (high - low) / 2;
	}
}

double site_rules_counter_step(struct site_rules_counter *c)
{
	double accepted, pending;

	if (c->geometric) {
		c->length++;
		c->accepted *= c->ratio;
		return c->accepted;
	}
	if (c->length == 0)
		counter_start(c);
	else
		counter_advance(c);
	c->length++;
	accepted = counter_tally(c, &pending);
	if (pending == 0 && c->accepted > 0 && c->length >= 2)
		counter_check_geometric(c);
	c->accepted = accepted;
	return accepted;
}

long double site_rules_count_log2(const struct site_rules_model *model, size_t length, double fraction)
{
	return (long double)length * log2_ld((long double)model->size) +
	       log2_ld((long double)fraction);
}

void site_rules_count_outcomes(const struct site_rules_model *model, size_t length, double fraction,
			  struct count *count)
{
	long double log2 = site_rules_count_log2(model, length, fraction), value = fraction;

	if (fraction <= 0) {
		count_set(count, 0);
		return;
	}
	if (log2 >= 24 || fraction < 0x1p-16) {
		count_estimate(count, log2, RULES_COUNT_LOG2_ERROR);
		return;
	}
	/* Below 2^24 the count is known to within 2^24 2^-26 = 1/4: the
	 * whole number nearest is it (the products only grow, up to the
	 * count: nothing overflows). */
	for (size_t i = 0; i < length; i++)
		value *= model->size;
	count_set(count, (uint32_t)(value + 0.5L));
}

void site_rules_counter_free(struct site_rules_counter *c)
{
	free(c->now);
	free(c->next);
	free(c->scratch);
	free(c->live);
	c->now = c->next = c->scratch = NULL;
	c->live = NULL;
}
