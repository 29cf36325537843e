/* site_rules_size.h - a password's length under site rules, its count and how to draw it */
#ifndef PASS_GENHELPER_SITE_RULES_SIZE_H
#define PASS_GENHELPER_SITE_RULES_SIZE_H

#include <stdbool.h>
#include <stddef.h>

#include "secret/count.h"
#include "site_rules/site_rules.h"
#include "site_rules/site_rules_exact.h"
#include "site_rules/site_rules_model.h"

/* The generator draws candidates and rejects those that break a rule;
 * below an acceptance of 2^-16 it would draw too many, and draws by
 * counting instead (site_rules_exact.c). */
#define RULES_MIN_ACCEPTANCE_BITS 16

/* What is asked: a length, or the shortest length that reaches a target. */
struct site_rules_ask {
	unsigned long length; /* characters; 0: the shortest that reaches target */
	unsigned long target; /* bits, when length is 0 */
	bool clamp;           /* a length outside the rules' range is brought to
				 the nearest bound (else SITE_RULES_OUT_OF_RANGE) */
};

/* Whether a length fits, or why none does. */
enum site_rules_fit {
	SITE_RULES_FITS,
	SITE_RULES_MIN_PAST_LONGEST, /* minlength above MAX_LENGTH */
	SITE_RULES_MIN_ABOVE_MAX,    /* minlength above maxlength */
	SITE_RULES_REQUIRED_PAST_MAX, /* more required rules than maxlength */
	SITE_RULES_OUT_OF_RANGE,     /* the length asked is outside [lo, hi] */
	SITE_RULES_UNREACHABLE,      /* no length up to MAX_LENGTH reaches the
					target, and the rules set no maxlength */
	SITE_RULES_TOO_FEW,          /* too few strings of undrawable_length meet
					the rules to draw one by rejection, and the
					tables stop below it: err says why */
	SITE_RULES_NONE_MEETS,       /* no string of `length` meets the rules */
	SITE_RULES_FAILED            /* err says why (work, memory) */
};

struct site_rules_sized {
	enum site_rules_fit fit;
	unsigned long lo, hi;   /* the lengths the rules allow (but the range's misfits) */
	size_t length;          /* FITS, NONE_MEETS: the length */
	bool by_counting;       /* FITS: drawn by unranking with `exact`, else by rejection */
	struct site_rules_exact exact; /* by_counting: the tables, the caller's to free */
	bool clamped;           /* FITS: the length asked was brought into [lo, hi] */
	bool missed;            /* FITS: no length in range reaches the target and
				   the longest, taken, holds a string: its figure */
	double missed_bits;
	size_t undrawable_length; /* TOO_FEW: the length wanted, */
	size_t drawable_length; /* the longest that can be drawn, 0: none, */
	double drawable_bits;   /* its figure, */
	unsigned long against;  /* to be shown against these bits (0: none) */
};

/*
 * Size a password under `rules`, whose model is `model`, as `ask` says:
 * the length in [minlength, maxlength] (at most MAX_LENGTH), the count of
 * the strings of that length that meet the rules in *count (exact when
 * drawn by counting, else within RULES_COUNT_LOG2_ERROR), and how to draw
 * one.  Returns sized->fit; where it is not SITE_RULES_FITS nothing is
 * left to free and the fields the misfit names say which lengths would.
 */
enum site_rules_fit site_rules_size(const struct site_rules *rules,
				    const struct site_rules_model *model,
				    const struct site_rules_ask *ask, struct site_rules_sized *sized,
				    struct count *count, struct error *err);

#endif
