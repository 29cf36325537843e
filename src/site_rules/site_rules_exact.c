/*
 * site_rules_exact.c - the whole number of strings that meet site rules,
 * and a uniform draw among them by counting.
 *
 * Why.  The generator draws a password under site rules by rejection
 * (generate.c): uniform strings until one is valid.  When fewer than
 * 2^-16 of them are (site_rules_size.c), a rule set that can be counted,
 * say `allowed: [abcd]; max-consecutive: 1;` at 183 characters (2^-237.7
 * of the strings), could not be drawn.  Here it is drawn by counting
 * instead: the valid strings of length L are numbered 0 .. V - 1, a number
 * is drawn uniformly (one draw of whole random words, rejected when not
 * below V: at most two draws on average) and the string of that number is
 * built.  Every valid string has one number, so each comes out with
 * probability exactly 1/V, the figure log2 V is the whole-number count's
 * (count.c), and no floating point enters.
 *
 * The counts.  site_rules_count.c reads a string with a deterministic
 * automaton whose states are (matcher state q, last character c, kind of
 * run); W_r(s), the number of ways to append r characters to a prefix in
 * state s and end valid, is
 *
 *     W_0(s) = 1 if q is accepting, else 0,
 *     W_r(s) = sum over the characters c' that s allows of W_(r-1)(s c'),
 *
 * s c' the state after c'.  All but at most three characters lead to
 * the state (next(q, c'), c', fresh), whatever c and the kind are: c itself
 * (with a repeat limit) and its neighbours (with a sequence limit) are the
 * exceptions.  So for each matcher state q the sum F_q over every c' of
 * W_(r-1)(next(q, c'), c', fresh) is taken once, and a state's W_r is F_q,
 * less its exceptions' fresh terms (each is one of F_q's terms: nothing
 * goes below 0), plus the terms they really lead to, if allowed.  The
 * strings of length L number V_L = sum over c' of W_(L-1)(next(0, c'),
 * c', fresh): the first character is fresh.
 *
 * Numbering.  With u < V_L, the first character is the c' at which the
 * running sum of the W_(L-1) of the characters in alphabet order passes u;
 * u less the sum before it numbers the rest among the W_(L-1) strings
 * that follow, and so on (site_rules_exact_unrank).  tests/unit/
 * test_site_rules.c unranks every number of small rule sets and finds
 * every valid string exactly once.
 *
 * The size.  W_r <= N^r < 2^(r d) (N <= 2^d), so a count of table r
 * takes width(r) = r d / 32 + 1 limbs of 32 bits and the tables up to L
 * about cells * (L d / 64 + 1) L limbs: quadratic in L.  They are held to
 * RULES_EXACT_MAX_BYTES, 64 MiB; past it the caller refuses with the
 * reason and the longest length that fits.  That bounds the time too:
 * each limb of a table is built by at most 8 limb operations (a share of
 * at most one of the N additions of F_q, a copy, three subtractions and
 * three additions), 2^27 at most: 0.26 s for the largest tables
 * (`allowed: ascii-printable; max-consecutive: 1;` at 1275 characters)
 * on an idle machine, about 0.5 s under load.  Unranking takes about
 * L N width(L) limb operations a password (30 ms for that one).
 * The small sets of tests/rules.bats that are drawn by counting take at
 * most 20 KiB.
 */
#include "config.h"

#include "site_rules/site_rules_exact.h"

#include "text/util.h"

#include <stdlib.h>
#include <string.h>

/* Limbs of a count of table r: W_r < 2^(r d). */
static unsigned width(const struct site_rules_exact *e, size_t r)
{
	return (unsigned)(r * e->digits / 32 + 1);
}

static uint32_t *cell(const struct site_rules_exact *e, size_t r, unsigned q, unsigned c,
		      unsigned kind)
{
	size_t index = ((size_t)q * e->model->size + c) * e->kinds.count + kind;

	return e->table[r] + index * width(e, r);
}

/* The kind after character c2 follows c in `kind`; -1: c2 breaks a run
 * limit (site_rules_count.c's table of kinds). */
static int kind_after(const struct site_rules_exact *e, unsigned kind, unsigned c, unsigned c2)
{
	const struct site_rules_kinds *k = &e->kinds;
	const struct site_rules_model *m = e->model;
	unsigned long run;

	if (c2 == c && k->repeat) {
		run = kind >= k->same && kind < k->up ? kind - k->same + 2 : 1;
		return run + 1 > k->repeat ? -1 : (int)(k->same + run - 1);
	}
	if (k->sequence && (int)c2 == m->above[c]) {
		run = kind >= k->up && kind < k->down ? kind - k->up + 2 : 1;
		return run + 1 > k->sequence ? -1 : (int)(k->up + run - 1);
	}
	if (k->sequence && (int)c2 == m->below[c]) {
		run = kind >= k->down && kind < k->count ? kind - k->down + 2 : 1;
		return run + 1 > k->sequence ? -1 : (int)(k->down + run - 1);
	}
	return 0;
}

/* The characters after c whose state is not simply fresh (at most 3). */
static unsigned exceptions_of(const struct site_rules_exact *e, unsigned c, unsigned out[3])
{
	const struct site_rules_model *m = e->model;
	unsigned n = 0;

	if (e->kinds.repeat)
		out[n++] = c;
	if (e->kinds.sequence && m->above[c] >= 0)
		out[n++] = (unsigned)m->above[c];
	if (e->kinds.sequence && m->below[c] >= 0)
		out[n++] = (unsigned)m->below[c];
	return n;
}

bool site_rules_exact_init(struct site_rules_exact *e, const struct site_rules_model *m,
			   size_t max_length, struct error *err)
{
	error_clear(err);
	memset(e, 0, sizeof *e);
	e->model = m;
	site_rules_kinds_for(m, max_length, &e->kinds);
	e->cells = (size_t)m->states * m->size * e->kinds.count;
	while ((1ul << e->digits) < m->size)
		e->digits++;
	e->max_layers = max_length;
	e->table = calloc(max_length, sizeof *e->table);
	if (!e->table) {
		error_runtime(err, "out of memory");
		return false;
	}
	return true;
}

/* Table 0: 1 in the accepting state, 0 elsewhere. */
static void first_table(struct site_rules_exact *e)
{
	const struct site_rules_model *m = e->model;

	memset(e->table[0], 0, e->cells * sizeof *e->table[0]);
	for (unsigned c = 0; c < m->size; c++)
		for (unsigned kind = 0; kind < e->kinds.count; kind++)
			*cell(e, 0, m->accepting, c, kind) = 1;
}

/* Table r from table r - 1 (the comment at the top); sum: width(r) limbs. */
static void next_table(struct site_rules_exact *e, size_t r, uint32_t *sum)
{
	const struct site_rules_model *m = e->model;
	const unsigned n = m->size, w = width(e, r), w0 = width(e, r - 1);

	for (unsigned q = 0; q < m->states; q++) {
		const uint16_t *next = m->next + (size_t)q * n;

		memset(sum, 0, w * sizeof *sum);
		for (unsigned c2 = 0; c2 < n; c2++)
			limbs_add(sum, w, cell(e, r - 1, next[c2], c2, 0), w0);
		for (unsigned c = 0; c < n; c++) {
			unsigned except[3], count = exceptions_of(e, c, except);

			for (unsigned kind = 0; kind < e->kinds.count; kind++) {
				uint32_t *out = cell(e, r, q, c, kind);

				memcpy(out, sum, w * sizeof *out);
				for (unsigned i = 0; i < count; i++) {
					unsigned c2 = except[i];
					int kind2 = kind_after(e, kind, c, c2);

					limbs_subtract(out, w, cell(e, r - 1, next[c2], c2, 0), w0);
					if (kind2 >= 0)
						limbs_add(out, w, cell(e, r - 1, next[c2], c2, (unsigned)kind2), w0);
				}
			}
		}
	}
}

bool site_rules_exact_extend(struct site_rules_exact *e, struct error *err)
{
	size_t r = e->layers, w = width(e, r);
	size_t bytes = e->cells * w * sizeof(uint32_t);
	uint32_t *sum;

	if (r == e->max_layers || bytes > RULES_EXACT_MAX_BYTES - e->bytes) {
		error_set(err, "counting %zu characters exactly needs more than %lu MiB", r + 1,
			  RULES_EXACT_MAX_BYTES >> 20);
		return false;
	}
	e->table[r] = malloc(bytes);
	sum = malloc(w * sizeof *sum);
	if (!e->table[r] || !sum) {
		free(e->table[r]);
		e->table[r] = NULL;
		free(sum);
		error_runtime(err, "out of memory");
		return false;
	}
	if (r == 0)
		first_table(e);
	else
		next_table(e, r, sum);
	free(sum);
	e->layers++;
	e->bytes += bytes;
	return true;
}

/* V_length into total (width(length) limbs). */
static void count_limbs(const struct site_rules_exact *e, size_t length, uint32_t *total)
{
	const struct site_rules_model *m = e->model;
	unsigned w = width(e, length), w0 = width(e, length - 1);

	memset(total, 0, w * sizeof *total);
	for (unsigned c = 0; c < m->size; c++)
		limbs_add(total, w, cell(e, length - 1, m->next[c], c, 0), w0);
}

void site_rules_exact_count(const struct site_rules_exact *e, size_t length, struct count *count)
{
	/* The count's own limbs hold it: width(length) <= COUNT_LIMBS for
	 * every length up to 4096 (count.h's bound, 7 * 4096 / 32 + 1). */
	count_limbs(e, length, count->limb);
	count_set_limbs(count, count->limb, width(e, length));
}

bool site_rules_exact_count_length(const struct site_rules_model *model, size_t length,
				   struct count *count, struct error *err)
{
	struct site_rules_exact exact;
	bool counted = true;

	if (!site_rules_exact_init(&exact, model, length, err))
		return false;
	for (size_t i = 0; i < length && counted; i++)
		counted = site_rules_exact_extend(&exact, err);
	if (counted)
		site_rules_exact_count(&exact, length, count);
	site_rules_exact_free(&exact);
	return counted;
}

void site_rules_exact_unrank(const struct site_rules_exact *e, size_t length, uint32_t *rank,
			     unsigned rank_limbs, char *out)
{
	const struct site_rules_model *m = e->model;
	unsigned q = 0, last = 0, kind = 0;

	for (size_t i = 0; i < length; i++) {
		size_t r = length - 1 - i;
		unsigned c2, w = width(e, r), kind2 = 0;

		for (c2 = 0; c2 < m->size; c2++) {
			const uint32_t *ways;
			int after = i == 0 ? 0 : kind_after(e, kind, last, c2);

			if (after < 0)
				continue;
			ways = cell(e, r, m->next[(size_t)q * m->size + c2], c2, (unsigned)after);
			if (limbs_compare(rank, rank_limbs, ways, w) < 0) {
				kind2 = (unsigned)after;
				break;
			}
			limbs_subtract(rank, rank_limbs, ways, w);
		}
		if (c2 == m->size)
			abort(); /* a rank at or above the count: a bug, never a wrong string */
		out[i] = m->chars[c2];
		q = m->next[(size_t)q * m->size + c2];
		last = c2;
		kind = kind2;
	}
}

void site_rules_exact_draw(const struct site_rules_exact *e, size_t length,
			   struct random_source *src, char *out)
{
	uint32_t total[COUNT_LIMBS], rank[COUNT_LIMBS];
	unsigned char bytes[4 * COUNT_LIMBS];
	unsigned n = width(e, length);
	uint32_t mask;

	count_limbs(e, length, total);
	while (n > 1 && total[n - 1] == 0)
		n--;
	/* Ones up to the top bit of the top limb: a rank of as many binary
	 * digits as the count, below it at least half of the time. */
	for (mask = total[n - 1]; mask & (mask + 1); mask |= mask >> 1)
		;
	do {
		uniform_bytes(src, bytes, 4 * (size_t)n);
		for (unsigned i = 0; i < n; i++)
			rank[i] = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 |
				  (uint32_t)bytes[4 * i + 2] << 16 | (uint32_t)bytes[4 * i + 3] << 24;
		rank[n - 1] &= mask;
	} while (limbs_compare(rank, n, total, n) >= 0);
	site_rules_exact_unrank(e, length, rank, n, out);
	secure_zero(bytes, 4 * (size_t)n);
	secure_zero(rank, n * sizeof *rank);
}

uint64_t site_rules_exact_random_bytes(const struct site_rules_exact *e, size_t length)
{
	return 2 * 4 * (uint64_t)width(e, length); /* two tries of the count's limbs */
}

void site_rules_exact_free(struct site_rules_exact *e)
{
	for (size_t r = 0; r < e->layers; r++)
		free(e->table[r]);
	free(e->table);
	e->table = NULL;
	e->layers = 0;
}
