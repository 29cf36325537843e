/*
 * site_rules_model.c - the strings that meet site rules: the automaton that
 * reads one, and the checker.
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
 * The runs are checked here as the string is read; site_rules_count.c counts
 * the strings that pass both, at every length.
 */
#include "config.h"

#include "site_rules/site_rules_model.h"

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
static int step_of(const struct site_rules_model *m, char c, int delta)
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

/* The characters, their neighbours in runs and their types (the clauses
 * each belongs to). */
static void model_characters(const struct site_rules *rules, const struct alphabet *alpha,
			     struct site_rules_model *m, unsigned type[96])
{
	unsigned k = rules->required_count;

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
}

/* The state of family g: found in the hash table (slots), or added; -1
 * with the reason in err past RULES_MAX_STATES. */
static int family_state(struct site_rules_model *m, struct family *families, int *slots,
			const struct family *g, bool accepting, struct error *err)
{
	unsigned h;

	for (h = family_hash(g); slots[h] >= 0; h = (h + 1) % HASH_SLOTS)
		if (memcmp(&families[slots[h]], g, sizeof *g) == 0)
			return slots[h];
	if (m->states == RULES_MAX_STATES) {
		error_set(err, "the required rules overlap in too many ways to count (more than %d states)",
			  RULES_MAX_STATES);
		return -1;
	}
	families[m->states] = *g;
	slots[h] = (int)m->states;
	if (accepting)
		m->accepting = m->states;
	return (int)m->states++;
}

/*
 * Breadth first over the families reachable from the start; all accepting
 * ones are one state.  A state's successor depends on a character's type
 * only, and the characters share a few types (a class's letters all have
 * the same one): so each state computes one successor per distinct type,
 * in the order the types first appear, which finds the states in the
 * order a pass over every character would, and numbers them alike.
 * ebrap.org's rules (eight clauses over four classes, 81 states, 91
 * characters) took 91 successors of up to 256 sets a state, 35 of the
 * call's 43 million instructions; 4 a state now, the call 8.6 million.
 */
static bool model_states(struct site_rules_model *m, const unsigned type[96], struct family *families,
			 int *slots, struct error *err)
{
	unsigned k = m->required_count, full = (1u << k) - 1;
	unsigned distinct[96], type_index[96], types = 0;

	for (unsigned j = 0; j < m->size; j++) {
		unsigned t = 0;

		while (t < types && distinct[t] != type[j])
			t++;
		if (t == types)
			distinct[types++] = type[j];
		type_index[j] = t;
	}
	for (int i = 0; i < HASH_SLOTS; i++)
		slots[i] = -1;
	/* State 0: the start, {{}}; with no clause it is already accepting. */
	memset(&families[0], 0, sizeof families[0]);
	family_add(&families[0], 0);
	m->states = 1;
	m->accepting = k == 0 ? 0 : UINT16_MAX;
	slots[family_hash(&families[0])] = 0;
	for (unsigned q = 0; q < m->states; q++) {
		uint16_t successor[96];

		for (unsigned t = 0; t < types; t++) {
			struct family g;
			int found;

			if (q == m->accepting) {
				successor[t] = (uint16_t)q;
				continue;
			}
			g = family_after(&families[q], distinct[t], k);
			if (family_has(&g, full) && m->accepting != UINT16_MAX) {
				successor[t] = (uint16_t)m->accepting;
				continue;
			}
			if (family_has(&g, full))
				memset(&g, 0xff, sizeof g); /* the accepting state's family */
			found = family_state(m, families, slots, &g, family_has(&g, full), err);
			if (found < 0)
				return false;
			successor[t] = (uint16_t)found;
		}
		for (unsigned j = 0; j < m->size; j++)
			m->next[q * m->size + j] = successor[type_index[j]];
	}
	if (m->accepting == UINT16_MAX) {
		error_set(err, "the required rules cannot all be met");
		return false;
	}
	return true;
}

bool site_rules_model_build(const struct site_rules *rules, const struct alphabet *alpha,
		       struct site_rules_model *m, struct error *err)
{
	unsigned type[96];
	struct family *families;
	int *slots;
	bool ok = false;

	error_clear(err);
	model_characters(rules, alpha, m, type);
	families = malloc(RULES_MAX_STATES * sizeof *families);
	slots = malloc(HASH_SLOTS * sizeof *slots);
	m->next = malloc((size_t)RULES_MAX_STATES * m->size * sizeof *m->next);
	if (!families || !slots || !m->next)
		error_runtime(err, "out of memory");
	else
		ok = model_states(m, type, families, slots, err);
	free(families);
	free(slots);
	if (!ok)
		site_rules_model_free(m);
	return ok;
}

void site_rules_model_free(struct site_rules_model *m)
{
	free(m->next);
	m->next = NULL;
}

bool site_rules_model_accepts(const struct site_rules_model *m, const char *s, size_t len)
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
