/* site_rules_exact.h - the whole number of strings that meet site rules, and a draw by counting */
#ifndef PASS_GENHELPER_SITE_RULES_EXACT_H
#define PASS_GENHELPER_SITE_RULES_EXACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "random/source.h"
#include "secret/count.h"
#include "site_rules/site_rules_count.h"

/* The bound on the tables of whole-number counts, which bounds the time
 * to build them too (see site_rules_exact.c). */
#define RULES_EXACT_MAX_BYTES (64UL << 20)  /* 64 MiB */

/*
 * The number of ways to complete a string, for every state of
 * site_rules_count.c's automaton and every number of characters still to
 * come, 0 .. layers - 1: enough to count the valid strings of every length
 * up to `layers` and to draw one of them uniformly.
 */
struct site_rules_exact {
	const struct site_rules_model *model;
	struct site_rules_kinds kinds;
	size_t cells;          /* states * size * kinds.count */
	unsigned digits;       /* binary digits of a character: N <= 2^digits */
	size_t layers;         /* tables built */
	size_t max_layers;     /* room for */
	uint32_t **table;      /* table[r]: cells counts of width(r) limbs each */
	size_t bytes;          /* of the tables built */
};

/* Set up for lengths up to max_length (the run limits that can bite at
 * that length); no table yet.  False with the reason in err. */
bool site_rules_exact_init(struct site_rules_exact *exact, const struct site_rules_model *model,
			   size_t max_length, struct error *err);

/* One table more, so that strings one character longer can be counted;
 * false with the reason in err past RULES_EXACT_MAX_BYTES or out of
 * memory (a runtime error). */
bool site_rules_exact_extend(struct site_rules_exact *exact, struct error *err);

/* The number of valid strings of `length` characters, 1 <= length <= layers. */
void site_rules_exact_count(const struct site_rules_exact *exact, size_t length, struct count *count);

/* The number of valid strings of `length` characters alone: the tables
 * built and freed here.  False with the reason in err where they would
 * pass RULES_EXACT_MAX_BYTES (or memory runs out: a runtime error). */
bool site_rules_exact_count_length(const struct site_rules_model *model, size_t length,
				   struct count *count, struct error *err);

/*
 * The valid string of `length` characters whose rank is `rank` (rank_limbs
 * limbs, below the count): ranks order the strings as the alphabet orders
 * characters, first character first.  rank is used up (overwritten).
 */
void site_rules_exact_unrank(const struct site_rules_exact *exact, size_t length, uint32_t *rank,
			     unsigned rank_limbs, char *out);

/* A valid string of `length` characters, each equally likely: a uniform
 * rank, unranked.  The count must not be 0. */
void site_rules_exact_draw(const struct site_rules_exact *exact, size_t length,
			   struct random_source *src, char *out);

/* Random bytes a draw of `length` characters reads on average: at most. */
uint64_t site_rules_exact_random_bytes(const struct site_rules_exact *exact, size_t length);

void site_rules_exact_free(struct site_rules_exact *exact);

#endif
