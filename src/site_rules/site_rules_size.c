/*
 * site_rules_size.c - the one sizing of a password under site rules: its
 * length (asked for, or the shortest that reaches an entropy target), the
 * count of the strings of that length that meet the rules, and whether
 * the generator draws one by rejection or by counting; or why no length
 * fits, and which would.
 *
 * Three counts serve it.  The floating-point counter (site_rules_count.c)
 * walks the lengths one after the other, within RULES_MAX_WORK; where its
 * estimate is too close to a threshold to decide it, the whole number of
 * that one length settles it (settle()); and where too few candidates meet
 * the rules to draw by rejection (fewer than 2^-16), the tables of whole
 * numbers (site_rules_exact.c) count every length up to the one chosen and
 * draw by counting.  The caller words every refusal from the data here;
 * the messages of the counters' own bounds are theirs.
 */
#include "config.h"

#include "site_rules/site_rules_size.h"

#include "secret/logarithm.h"
#include "site_rules/site_rules_count.h"
#include "text/bounds.h"

#include <string.h>

struct sizing {
	const struct site_rules *rules;
	const struct site_rules_model *model;
	struct site_rules_sized *sized;
	struct count *count;  /* the caller's: the count at the length in hand */
	double acceptance;    /* the counter's fraction at that length */
};

/* The fit `fit`, and no length. */
static size_t misfit(struct sizing *s, enum site_rules_fit fit)
{
	s->sized->fit = fit;
	return 0;
}

/* Can the counter count up to `length` within RULES_MAX_WORK counter
 * updates?  If not, false with the reason in err. */
static bool counter_affords(const struct site_rules_counter *c, size_t length, struct error *err)
{
	if (length <= c->budget)
		return true;
	error_set(err, "the rules take too much work to count to %zu characters (%u matcher states, %u characters, %u kinds of run: %zu updates a character, at most %lu in all): lower the length or the run limits",
		  length, c->model->states, c->model->size, c->kinds, c->cells, RULES_MAX_WORK);
	return false;
}

/* site_rules_counter_step() into *fraction, if counter_affords() one more
 * step; else false with the reason in err. */
static bool counter_advance(struct site_rules_counter *c, double *fraction, struct error *err)
{
	if (!counter_affords(c, c->length + 1, err))
		return false;
	*fraction = site_rules_counter_step(c);
	return true;
}

/* Can the generator draw it by rejection: do at least 2^-16 of the N^L
 * candidates meet the rules (count * 2^16 >= N^L)?  If not, it draws by
 * counting (count_exactly). */
static bool drawable(const struct site_rules_model *model, size_t length, const struct count *count)
{
	struct count scaled = *count, all;

	count_multiply(&scaled, 1u << RULES_MIN_ACCEPTANCE_BITS);
	if (count->exact) {
		count_set(&all, 1);
		count_multiply_power(&all, model->size, length);
	} else {
		count_estimate(&all, site_rules_count_log2(model, length, 1), 0);
	}
	return count_at_least(&scaled, &all);
}

/* The range of lengths the rules allow, [lo, hi], or why there is none. */
static enum site_rules_fit length_range(const struct site_rules *rules, unsigned long *lo,
					unsigned long *hi)
{
	*lo = rules->minlength ? rules->minlength : 1;
	*hi = rules->maxlength && rules->maxlength < MAX_LENGTH ? rules->maxlength : MAX_LENGTH;
	if (*lo > MAX_LENGTH)
		return SITE_RULES_MIN_PAST_LONGEST;
	if (*lo > *hi)
		return SITE_RULES_MIN_ABOVE_MAX;
	if (rules->required_count > *hi)
		return SITE_RULES_REQUIRED_PAST_MAX;
	return SITE_RULES_FITS;
}

/* An estimate within its error of 2^k cannot say whether it reaches it:
 * count_reaches() takes it as not, and its figure is shown below k.  The
 * unconstrained rules of a power-of-two alphabet, `allowed: [0-9a-f];`,
 * count 2^(4L) strings, and the doubles cannot settle that 32 characters
 * reach 128 bits.  k = -1 asks for any whole number. */
static bool undecided(const struct count *count, long k)
{
	long double low = count->log2 - count->error, high = count->log2 + count->error;

	if (count->exact || !(high >= 0) || high >= 0x1p52L)
		return false;
	if (k < 0)
		k = (long)high; /* the largest whole number at most high */
	return low < (long double)k && (long double)k <= high;
}

/* Replace an undecided estimate of the count at `length` with the whole
 * number (site_rules_exact.c).  Where the tables would pass their bound
 * the estimate stays, on the safe side: a threshold it is too close to
 * counts as missed. */
static bool settle(struct sizing *s, size_t length, long k, struct error *err)
{
	struct error bound;

	if (!undecided(s->count, k) ||
	    site_rules_exact_count_length(s->model, length, s->count, &bound) || !bound.runtime)
		return true;
	*err = bound;
	return false;
}

/* The count at `length`, settled at any whole number. */
static bool count_at(struct sizing *s, size_t length, struct error *err)
{
	struct site_rules_counter counter;
	bool ok;

	if (!site_rules_counter_init(&counter, s->model, length, err))
		return false;
	ok = counter_affords(&counter, length, err);
	for (size_t counted = 0; ok && counted < length; counted++)
		ok = counter_advance(&counter, &s->acceptance, err);
	site_rules_counter_free(&counter);
	if (!ok)
		return false;
	site_rules_count_outcomes(s->model, length, s->acceptance, s->count);
	return settle(s, length, -1, err);
}

/* The shortest length in range whose estimated count reaches the target
 * (*found); else the longest in range.  0 with the reason in err. */
static size_t shortest_reaching(struct sizing *s, unsigned long target, bool *found,
				struct error *err)
{
	const unsigned long lo = s->sized->lo, hi = s->sized->hi;
	struct site_rules_counter counter;
	size_t least = (size_t)((long double)target / log2_ld((long double)s->model->size));
	size_t length = 0;
	bool ok;

	*found = false;
	if (!site_rules_counter_init(&counter, s->model, hi, err))
		return 0;
	/* No length below target / log2 N reaches the target. */
	if (least > hi)
		least = hi;
	ok = counter_affords(&counter, least < lo ? lo : least, err);
	while (ok && length < hi && !*found) {
		ok = counter_advance(&counter, &s->acceptance, err);
		if (!ok)
			break;
		site_rules_count_outcomes(s->model, ++length, s->acceptance, s->count);
		ok = length < lo || settle(s, length, (long)target, err);
		*found = ok && length >= lo && count_reaches(s->count, target);
	}
	site_rules_counter_free(&counter);
	/* The figure of the length found, settled at any whole number. */
	return ok && settle(s, length, -1, err) ? length : 0;
}

/* The longest length in [lo, want) that rejection can draw, with its
 * count in *count; 0 if none.  The search for the length counted to want
 * already, within the work bound; this counts again (an error's cost). */
static size_t longest_by_rejection(struct sizing *s, size_t want, struct count *count)
{
	struct site_rules_counter counter;
	struct count here;
	struct error ignored;
	size_t longest = 0;
	double fraction;

	if (!site_rules_counter_init(&counter, s->model, want, &ignored))
		return 0;
	for (size_t length = 1; length < want; length++) {
		if (!counter_advance(&counter, &fraction, &ignored))
			break;
		if (length < s->sized->lo)
			continue;
		site_rules_count_outcomes(s->model, length, fraction, &here);
		if (count_reaches(&here, 1) && drawable(s->model, length, &here)) {
			longest = length;
			*count = here;
		}
	}
	site_rules_counter_free(&counter);
	return longest;
}

/* Neither rejection nor the tables (which reached `counted`) can draw
 * `want` characters: the longest length that can be drawn, counted or, if
 * longer, by rejection, shown against `target`. */
static size_t too_few(struct sizing *s, size_t want, size_t counted, unsigned long target)
{
	struct site_rules_sized *sized = s->sized;
	size_t rejected;
	struct count longest;

	rejected = longest_by_rejection(s, want, &longest);
	if (counted >= sized->lo && counted > 0 && counted > rejected)
		site_rules_exact_count(&sized->exact, counted, &longest);
	else
		counted = rejected;
	sized->undrawable_length = want;
	sized->drawable_length = counted;
	sized->drawable_bits = counted ? count_log2(&longest) : 0;
	sized->against = target;
	return misfit(s, SITE_RULES_TOO_FEW);
}

/*
 * Too few candidates meet the rules to draw by rejection: count the valid
 * strings exactly (site_rules_exact.c) and draw by counting.  With a
 * target (not 0), the length is the shortest from lo up to want whose
 * count reaches it, or want if none does; without, want.  The count
 * becomes the whole number.  Past the tables' bounds, TOO_FEW.
 */
static size_t count_exactly(struct sizing *s, size_t want, unsigned long target,
			    struct error *err)
{
	struct site_rules_exact *exact = &s->sized->exact;
	struct error bound;
	size_t length;

	if (!site_rules_exact_init(exact, s->model, want, err))
		return misfit(s, SITE_RULES_FAILED);
	s->sized->by_counting = true;
	for (length = 1; length <= want; length++) {
		if (!site_rules_exact_extend(exact, &bound))
			break;
		/* Without a target only the chosen length is counted. */
		if (length < s->sized->lo || (!target && length < want))
			continue;
		site_rules_exact_count(exact, length, s->count);
		if (length == want || count_reaches(s->count, target))
			return length;
	}
	*err = bound; /* why the tables stop */
	if (!bound.runtime)
		return too_few(s, want, length - 1, target);
	return misfit(s, SITE_RULES_FAILED);
}

/* The length asked for, or the nearest bound when the ask allows. */
static size_t size_asked(struct sizing *s, const struct site_rules_ask *ask, struct error *err)
{
	const unsigned long lo = s->sized->lo, hi = s->sized->hi, asked = ask->length;
	const size_t bound = asked < lo ? lo : asked > hi ? hi : asked;

	if (bound != asked && !ask->clamp)
		return misfit(s, SITE_RULES_OUT_OF_RANGE);
	s->sized->clamped = bound != asked;
	if (!count_at(s, bound, err))
		return misfit(s, SITE_RULES_FAILED);
	return drawable(s->model, bound, s->count) ? bound : count_exactly(s, bound, 0, err);
}

/* The shortest length in range that reaches the target, or the longest
 * (with a notice when the rules end at a maxlength of their own). */
static size_t size_for_target(struct sizing *s, unsigned long target, struct error *err)
{
	const struct site_rules *rules = s->rules;
	bool found, search;
	size_t first = shortest_reaching(s, target, &found, err), length;

	if (!first)
		return misfit(s, SITE_RULES_FAILED);
	/* The whole-number count searches again where rejection cannot draw
	 * the length found, and where the estimate may have lost the count:
	 * a fraction below 2^-1000 of N^L nears the end of a double's range
	 * (2^-1074), where it runs out of digits. */
	search = found ? !drawable(s->model, first, s->count) : s->acceptance < 0x1p-1000;
	length = search ? count_exactly(s, first, target, err) : first;
	if (!length)
		return 0;
	if (search)
		found = count_reaches(s->count, target);
	if (!found) {
		if (rules->maxlength == 0 || rules->maxlength > MAX_LENGTH)
			return misfit(s, SITE_RULES_UNREACHABLE);
		s->sized->missed = count_reaches(s->count, 0);
		s->sized->missed_bits = count_log2(s->count);
	}
	if (!search && !drawable(s->model, length, s->count))
		return count_exactly(s, length, 0, err);
	return length;
}

enum site_rules_fit site_rules_size(const struct site_rules *rules,
				    const struct site_rules_model *model,
				    const struct site_rules_ask *ask, struct site_rules_sized *sized,
				    struct count *count, struct error *err)
{
	struct sizing s = { rules, model, sized, count, 0 };
	size_t length = 0;

	error_clear(err);
	memset(sized, 0, sizeof *sized);
	sized->fit = length_range(rules, &sized->lo, &sized->hi);
	if (sized->fit == SITE_RULES_FITS)
		length = ask->length ? size_asked(&s, ask, err) : size_for_target(&s, ask->target, err);
	if (length && (sized->by_counting ? !count_reaches(count, 0) : s.acceptance <= 0))
		sized->fit = SITE_RULES_NONE_MEETS;
	sized->length = length; /* the one place the length is set */
	if (sized->fit != SITE_RULES_FITS) {
		site_rules_exact_free(&sized->exact);
		sized->by_counting = false;
	}
	return sized->fit;
}
