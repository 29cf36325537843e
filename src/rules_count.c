/*
 * rules_count.c - the strings that meet password rules: a checker, and an
 * exact count of them at every length.
 *
 * The rules, over an alphabet of N drawn characters:
 *  - runs: no R + 1 identical characters in a row (max-repeating R) and no
 *    S + 1 characters in a row that each step by +1, or each by -1, within
 *    a-z, A-Z or 0-9 (max-sequential S; "abc", "321");
 *  - required clauses C_1..C_k (sets of characters): each needs a position
 *    of its own, a character of the clause there.  So the string is valid
 *    when the clauses can be matched to distinct positions.
 *
 * The matcher.  Read a string left to right and keep F, the family of the
 * sets J of clauses that can be matched to distinct positions read so far.
 * At first F = {{}}.  A character of type T (the clauses it belongs to)
 * adds J + {i} for every J in F and i in T outside J: the new position
 * serves i, the older ones J; and a matching of a set J' within the longer
 * prefix either leaves the new position out (J' was in F) or gives it to
 * one clause i of T (J' - {i} was in F).  So F is exactly the family of
 * matchable sets, and the string meets the clauses when {1..k} is in F.
 * Families that hold {1..k} stay so: they are merged into one accepting
 * state.  The families reachable from the alphabet's types are the states
 * (k <= 8: a family is a set of at most 256 subsets); four distinct
 * classes give 16 states, the table's largest entry (eight clauses, four
 * classes twice each) 81.
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
 * programming over the steps counts them exactly.
 *
 * In what precision.  The counters hold counts scaled by N^-L (the
 * fraction of the N^L strings), in double.  Each step only adds
 * non-negative numbers and divides by N: the fresh counter of c' is the
 * sum over all characters but the (at most three, contiguous) ones that
 * lead elsewhere, taken as a prefix sum plus a suffix sum, never by
 * subtraction.  A sum of n non-negative terms has a relative error below
 * n u (u = 2^-53); a counter's value sums at most states + N + kinds + 2
 * terms a step (the matcher states, the prefix and suffix sums, the kinds
 * of the character before), so after L steps its relative error is below
 * L (states + N + kinds + 3) u, at most 4096 * 1400 * 2^-53 < 2^-30 for
 * the rules this program accepts (the step cells are bounded too).  One
 * approximation remains, to keep long lengths fast: when the mass of the
 * non-accepting states falls below 2^-80 it is dropped (it could add at
 * most that much to any later fraction).  The generator refuses fractions
 * below 2^-16 (generate.c rejects candidates: that is its acceptance), so
 * the count is exact to a relative 2^-29, and its log2 to 2^-29 bits:
 * seven decimals, far beyond the one reported.  tests/unit/test_rules.c
 * compares the count with enumeration of every string.
 */
#include "config.h"

#include "rules_count.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A family of sets of clauses: bit J set when the set J (a k-bit mask) is
 * in it. */
struct family {
	uint64_t w[4];
};

static bool family_has(const struct family *f, unsigned set)
{
	return (f->w[set >> 6] >> (set & 63)) & 1;
}

static void family_add(struct family *f, unsigned set)
{
	f->w[set >> 6] |= UINT64_C(1) << (set & 63);
}

static struct family family_after(const struct family *f, unsigned type, unsigned k)
{
	struct family g = *f;

	for (unsigned set = 0; set < (1u << k); set++) {
		if (!family_has(f, set))
			continue;
		for (unsigned i = 0; i < k; i++)
			if ((type >> i & 1) && !(set >> i & 1))
				family_add(&g, set | 1u << i);
	}
	return g;
}

#define HASH_SLOTS 4096
_Static_assert(HASH_SLOTS >= 2 * RULES_MAX_STATES, "the hash table stays half empty");

static unsigned family_hash(const struct family *f)
{
	uint64_t h = 0;

	for (int i = 0; i < 4; i++)
		h = (h ^ f->w[i]) * UINT64_C(0x9e3779b97f4a7c15);
	return (unsigned)(h >> 52) % HASH_SLOTS;
}

/* Neighbours for sequences: within a-z, A-Z and 0-9. */
static int step_of(const struct rules_model *m, char c, int delta)
{
	static const char runs[][2] = { { 'a', 'z' }, { 'A', 'Z' }, { '0', '9' } };

	for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
		if (c >= runs[r][0] && c <= runs[r][1]) {
			int d = c + delta;

			if (d < runs[r][0] || d > runs[r][1])
				return -1;
			return m->index[d];
		}
	}
	return -1;
}

bool rules_model_build(const struct password_rules *rules, const struct alphabet *alpha,
		       struct rules_model *m, struct error *err)
{
	unsigned k = rules->required_count, type[96];
	unsigned full = (1u << k) - 1;
	struct family *families = NULL;
	int *slots = NULL;
	bool ok = false;

	error_clear(err);
	memset(m, 0, sizeof *m);
	m->size = alpha->size;
	memcpy(m->chars, alpha->chars, alpha->size);
	memset(m->index, -1, sizeof m->index);
	for (unsigned j = 0; j < m->size; j++)
		m->index[(unsigned char)m->chars[j]] = (signed char)j;
	for (unsigned j = 0; j < m->size; j++) {
		m->below[j] = step_of(m, m->chars[j], -1);
		m->above[j] = step_of(m, m->chars[j], +1);
		type[j] = 0;
		for (unsigned i = 0; i < k; i++)
			if (rules->required[i].has[(unsigned char)m->chars[j]])
				type[j] |= 1u << i;
	}
	m->max_repeating = rules->max_repeating;
	m->max_sequential = rules->max_sequential;
	m->required_count = k;

	families = malloc(RULES_MAX_STATES * sizeof *families);
	slots = malloc(HASH_SLOTS * sizeof *slots);
	m->next = malloc((size_t)RULES_MAX_STATES * m->size * sizeof *m->next);
	if (!families || !slots || !m->next) {
		error_set(err, "out of memory");
		goto done;
	}
	for (int i = 0; i < HASH_SLOTS; i++)
		slots[i] = -1;
	/* State 0: the start, {{}}; with no clause it is already accepting. */
	memset(&families[0], 0, sizeof families[0]);
	family_add(&families[0], 0);
	m->states = 1;
	m->accepting = k == 0 ? 0 : UINT16_MAX;
	slots[family_hash(&families[0])] = 0;
	/* Breadth first over the reachable families; all accepting ones are
	 * one state. */
	for (unsigned q = 0; q < m->states; q++) {
		for (unsigned j = 0; j < m->size; j++) {
			struct family g;
			unsigned h;
			int found = -1;

			if (q == m->accepting) {
				m->next[q * m->size + j] = (uint16_t)q;
				continue;
			}
			g = family_after(&families[q], type[j], k);
			if (family_has(&g, full) && m->accepting != UINT16_MAX) {
				m->next[q * m->size + j] = (uint16_t)m->accepting;
				continue;
			}
			if (family_has(&g, full))
				memset(&g, 0xff, sizeof g); /* the accepting state's family */
			for (h = family_hash(&g); slots[h] >= 0; h = (h + 1) % HASH_SLOTS)
				if (memcmp(&families[slots[h]], &g, sizeof g) == 0) {
					found = slots[h];
					break;
				}
			if (found < 0) {
				if (m->states == RULES_MAX_STATES) {
					error_set(err, "the required rules overlap in too many ways to count (more than %d states)",
						  RULES_MAX_STATES);
					goto done;
				}
				found = (int)m->states++;
				families[found] = g;
				slots[h] = found;
				if (family_has(&g, full))
					m->accepting = (unsigned)found;
			}
			m->next[q * m->size + j] = (uint16_t)found;
		}
	}
	if (m->accepting == UINT16_MAX) {
		error_set(err, "the required rules cannot all be met");
		goto done;
	}
	ok = true;
done:
	free(families);
	free(slots);
	if (!ok)
		rules_model_free(m);
	return ok;
}

void rules_model_free(struct rules_model *m)
{
	free(m->next);
	m->next = NULL;
}

bool rules_model_accepts(const struct rules_model *m, const char *s, size_t len)
{
	unsigned q = 0;
	unsigned long run = 0, steps = 0; /* identical in a row; steps in a row */
	int direction = 0, last = -1;

	for (size_t i = 0; i < len; i++) {
		int j = (unsigned char)s[i] < 128 ? m->index[(unsigned char)s[i]] : -1;

		if (j < 0)
			return false;
		if (j == last) {
			run++;
			steps = 0;
		} else if (last >= 0 && (j == m->above[last] || j == m->below[last])) {
			int d = j == m->above[last] ? 1 : -1;

			run = 0;
			steps = d == direction ? steps + 1 : 1;
			direction = d;
		} else {
			run = steps = 0;
		}
		if (steps == 0)
			direction = 0;
		/* run and steps count what follows the first character. */
		if ((m->max_repeating && run + 1 > m->max_repeating) ||
		    (m->max_sequential && steps + 1 > m->max_sequential))
			return false;
		q = m->next[q * m->size + (unsigned)j];
		last = j;
	}
	return q == m->accepting;
}

/* Kinds: 0 fresh; then identical r = 2..R; then up s = 2..S; then down. */
struct kinds {
	unsigned long repeat, sequence; /* effective limits, 0: none */
	unsigned same, up, down, count; /* first kind of each group */
};

static void kinds_for(const struct rules_model *m, size_t max_length, struct kinds *k)
{
	k->repeat = m->max_repeating && m->max_repeating < max_length ? m->max_repeating : 0;
	k->sequence = m->max_sequential && m->max_sequential < max_length ? m->max_sequential : 0;
	k->same = 1;
	k->up = k->same + (unsigned)(k->repeat ? k->repeat - 1 : 0);
	k->down = k->up + (unsigned)(k->sequence ? k->sequence - 1 : 0);
	k->count = k->down + (unsigned)(k->sequence ? k->sequence - 1 : 0);
}

bool rules_counter_init(struct rules_counter *c, const struct rules_model *m,
			size_t max_length, struct error *err)
{
	struct kinds k;

	error_clear(err);
	memset(c, 0, sizeof *c);
	kinds_for(m, max_length, &k);
	c->model = m;
	c->kinds = k.count;
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
		rules_counter_free(c);
		error_set(err, "out of memory");
		return false;
	}
	c->max_length = max_length;
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

double rules_counter_step(struct rules_counter *c)
{
	const struct rules_model *m = c->model;
	const unsigned n = m->size, kc = c->kinds;
	double *tot = c->scratch, *prefix = tot + n, *suffix = prefix + n + 1;
	bool *live = c->live, *target = c->live + m->states;
	double accepted = 0, pending = 0;
	struct kinds k;

	if (c->geometric) {
		/* See the comment at the top: from here on each step multiplies. */
		c->length++;
		c->accepted *= c->ratio;
		return c->accepted;
	}
	kinds_for(m, c->max_length, &k);
	if (c->length == 0) {
		/* One character: fresh, in the matcher state it leads to. */
		for (unsigned j = 0; j < n; j++) {
			unsigned q2 = m->next[j];

			c->now[((size_t)q2 * n + j) * kc] = 1.0 / n;
			live[q2] = true;
		}
		goto total;
	}
	memset(target, 0, m->states * sizeof *target);
	for (unsigned q = 0; q < m->states; q++)
		if (live[q])
			for (unsigned j = 0; j < n; j++)
				target[m->next[q * n + j]] = true;
	for (unsigned q = 0; q < m->states; q++)
		if (target[q])
			memset(c->next + (size_t)q * n * kc, 0, (size_t)n * kc * sizeof *c->next);
	for (unsigned q = 0; q < m->states; q++) {
		const double *base = c->now + (size_t)q * n * kc;

		if (!live[q])
			continue;
		for (unsigned j = 0; j < n; j++)
			tot[j] = sum_kinds(base + (size_t)j * kc, 0, kc);
		prefix[0] = 0;
		for (unsigned j = 0; j < n; j++)
			prefix[j + 1] = prefix[j] + tot[j];
		suffix[n] = 0;
		for (unsigned j = n; j-- > 0;)
			suffix[j] = suffix[j + 1] + tot[j];
		for (unsigned j = 0; j < n; j++) {
			double *out = c->next + ((size_t)m->next[q * n + j] * n + j) * kc;
			const double *own = base + (size_t)j * kc;
			unsigned lo = j, hi = j;
			double fresh;

			/* The characters before c' that lead elsewhere than fresh:
			 * c' itself (with R) and its neighbours (with S), contiguous. */
			if (k.sequence && m->below[j] >= 0)
				lo = (unsigned)m->below[j];
			if (k.sequence && m->above[j] >= 0)
				hi = (unsigned)m->above[j];
			if (!k.repeat && !k.sequence)
				fresh = prefix[n];
			else
				fresh = prefix[lo] + suffix[hi + 1] + (k.repeat ? 0 : tot[j]);
			out[0] += fresh;
			if (k.repeat >= 2) {
				/* r = 2 from r = 1: fresh and any sequence kind. */
				out[k.same] += own[0] + sum_kinds(own, k.up, k.count);
				for (unsigned r = 1; r + 1 < k.repeat; r++)
					out[k.same + r] += own[k.same + r - 1];
			}
			if (k.sequence >= 2 && m->below[j] >= 0) {
				const double *from = base + (size_t)m->below[j] * kc;

				/* s = 2 going up: from anything but an up run. */
				out[k.up] += from[0] + sum_kinds(from, k.same, k.up) +
					     sum_kinds(from, k.down, k.count);
				for (unsigned s = 1; s + 1 < k.sequence; s++)
					out[k.up + s] += from[k.up + s - 1];
			}
			if (k.sequence >= 2 && m->above[j] >= 0) {
				const double *from = base + (size_t)m->above[j] * kc;

				out[k.down] += from[0] + sum_kinds(from, k.same, k.down);
				for (unsigned s = 1; s + 1 < k.sequence; s++)
					out[k.down + s] += from[k.down + s - 1];
			}
		}
	}
	{
		double *swap = c->now;

		c->now = c->next;
		c->next = swap;
	}
	for (unsigned q = 0; q < m->states; q++) {
		live[q] = target[q];
		if (live[q])
			for (size_t i = (size_t)q * n * kc; i < (size_t)(q + 1) * n * kc; i++)
				c->now[i] /= n;
	}
total:
	c->length++;
	for (unsigned q = 0; q < m->states; q++) {
		double mass;

		if (!live[q])
			continue;
		mass = sum_kinds(c->now + (size_t)q * n * kc, 0, n * kc);
		if (q == m->accepting)
			accepted = mass;
		else
			pending += mass;
	}
	/* Mass that can add at most 2^-60 to any later fraction is dropped
	 * (see the comment at the top). */
	if (pending > 0 && pending < 0x1p-60 && c->dropped == 0) {
		c->dropped = pending;
		for (unsigned q = 0; q < m->states; q++)
			if (q != m->accepting)
				live[q] = false;
		pending = 0;
	}
	/* Only the accepting state left, the step before too: has the vector
	 * become an eigenvector, to within 2^-46 in every counter? */
	if (pending == 0 && c->accepted > 0 && c->length >= 2) {
		const double *old = c->next + (size_t)m->accepting * n * kc;
		const double *now = c->now + (size_t)m->accepting * n * kc;
		double low = 0, high = 0;
		bool same = true;

		for (size_t i = 0; i < (size_t)n * kc && same; i++) {
			double r;

			if (old[i] == 0 || now[i] == 0) {
				same = old[i] == now[i];
				continue;
			}
			r = now[i] / old[i];
			if (low == 0 || r < low)
				low = r;
			if (r > high)
				high = r;
		}
		if (same && low > 0 && high - low <= low * 0x1p-46) {
			c->geometric = true;
			c->ratio = low + (high - low) / 2;
		}
	}
	c->accepted = accepted;
	return accepted;
}

void rules_counter_free(struct rules_counter *c)
{
	free(c->now);
	free(c->next);
	free(c->scratch);
	free(c->live);
	c->now = c->next = c->scratch = NULL;
	c->live = NULL;
}
