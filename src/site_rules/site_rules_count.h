/* site_rules_count.h - how many strings meet site rules, at every length */
#ifndef PASS_GENHELPER_SITE_RULES_COUNT_H
#define PASS_GENHELPER_SITE_RULES_COUNT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "secret/count.h"
#include "site_rules/site_rules_model.h"

/* Bounds on the counting automaton (see site_rules_count.c). */
#define RULES_MAX_CELLS (1UL << 21)  /* counters of one step of the count */
#define RULES_MAX_WORK 40000000UL    /* counter updates of one count */
#define RULES_COUNT_LOG2_ERROR 0x1p-25L /* bits: the count's log2 is this close */

/*
 * The kinds of run a string can end in (site_rules_count.c): 0 fresh, then
 * identical r = 2..R from `same`, up s = 2..S from `up`, down from `down`;
 * `count` kinds in all.  A limit of max_length or more cannot be broken by
 * a string of at most max_length characters: it is dropped (0).
 */
struct site_rules_kinds {
	unsigned long repeat, sequence; /* the limits that can bite, 0: none */
	unsigned same, up, down, count;
};

void site_rules_kinds_for(const struct site_rules_model *model, size_t max_length, struct site_rules_kinds *kinds);

/*
 * Counting, one length after the other.  After site_rules_counter_step() has
 * run L times, the fraction of the N^L strings of length L that meet every
 * rule is returned: the count is that times N^L.
 */
struct site_rules_counter {
	const struct site_rules_model *model;
	size_t length;      /* steps taken */
	size_t max_length;  /* the most steps it will take */
	unsigned kinds;     /* K: run states a character can be in */
	size_t cells;       /* states * size * kinds */
	size_t budget;      /* steps within RULES_MAX_WORK */
	double *now, *next, *scratch;
	bool *live;         /* states that still hold mass */
	double dropped;     /* mass set aside (see site_rules_count.c), negligible */
	double accepted;    /* the fraction at the last length */
	bool geometric;     /* each further step multiplies it by ratio */
	double ratio;
};

bool site_rules_counter_init(struct site_rules_counter *counter, const struct site_rules_model *model,
			size_t max_length, struct error *err);
double site_rules_counter_step(struct site_rules_counter *counter);

void site_rules_counter_free(struct site_rules_counter *counter);

/* log2 of the count at `length` whose fraction of the N^length strings is
 * `fraction` (site_rules_counter_step()'s result). */
long double site_rules_count_log2(const struct site_rules_model *model, size_t length, double fraction);

/* That count, for the thresholds (count.h): the whole number when it is
 * below 2^24, else its log2 within RULES_COUNT_LOG2_ERROR. */
void site_rules_count_outcomes(const struct site_rules_model *model, size_t length, double fraction,
			  struct count *count);

#endif
