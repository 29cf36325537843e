/* site_rules_model.h - the automaton that reads a string under site rules, and the checker */
#ifndef PASS_GENHELPER_SITE_RULES_MODEL_H
#define PASS_GENHELPER_SITE_RULES_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "secret/charset.h"
#include "site_rules/site_rules.h"

#define RULES_MAX_STATES 1024 /* states of the required-rules matcher */

/*
 * Site rules over a drawn alphabet: the checker and the counter share
 * it.  Built by site_rules_model_build(), released by site_rules_model_free().
 */
struct site_rules_model {
	unsigned size;                /* N: characters that can be drawn */
	char chars[96];               /* in increasing byte order */
	signed char index[128];       /* position of a character in chars, or -1 */
	int below[96], above[96];     /* the character one below / above in the same
					 run a-z, A-Z or 0-9, if drawn; else -1 */
	unsigned long max_repeating;  /* 0: no limit */
	unsigned long max_sequential; /* 0: no limit */
	unsigned required_count;
	unsigned states;              /* of the matcher; state 0 is the start */
	unsigned accepting;           /* the one accepting state */
	uint16_t *next;               /* next[q * size + j]: after character j */
};

/*
 * The model of `rules` over `alpha` (which the caller built from the
 * rules' allowed set).  Every required rule must keep a character in alpha.
 * Returns false with the reason in err (too many ways for the required
 * rules to overlap).
 */
bool site_rules_model_build(const struct site_rules *rules, const struct alphabet *alpha,
		       struct site_rules_model *model, struct error *err);

void site_rules_model_free(struct site_rules_model *model);

/* Does s (len characters, each of the alphabet) meet every rule? */
bool site_rules_model_accepts(const struct site_rules_model *model, const char *s, size_t len);

#endif
