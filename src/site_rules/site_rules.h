/* site_rules.h - Apple's password-rules language, parsed into sets and limits */
#ifndef PASS_GENHELPER_SITE_RULES_H
#define PASS_GENHELPER_SITE_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "text/errors.h"
#include "text/text.h"

/* The most `required` clauses in one rules text (the shipped table needs 8). */
#define RULES_MAX_REQUIRED 8
/* The longest rules text, in bytes. */
#define RULES_MAX_TEXT 4096
/* The largest number a rule may carry. */
#define RULES_MAX_NUMBER 1000000UL

/* A set of ASCII characters: has[c] for c < 128. */
struct rules_set {
	bool has[128];
};

/*
 * Rules after every clause is read and duplicates are merged: the largest
 * minlength, the smallest maxlength and run limits.  0 stands for "none"
 * in each number.
 */
struct site_rules {
	struct rules_set allowed;   /* every allowed and required clause, or all
				       printable ASCII when there is none */
	unsigned required_count;
	struct rules_set required[RULES_MAX_REQUIRED]; /* each needs a position */
	unsigned long minlength, maxlength;
	unsigned long max_repeating;  /* at most this many identical in a row */
	unsigned long max_sequential; /* at most this many steps of +1 or -1 */
};

/*
 * Parse `text` into `rules`.  Returns true on success; else false with what
 * is wrong and where (the text from that place, quoted) in err.
 */
bool site_rules_parse(const char *text, struct site_rules *rules, struct error *err);

/* The keywords of the language, for the completions (--list-values): the
 * name of rule i, and of named class i; NULL past the last. */
const char *site_rules_rule_name(size_t i);
const char *site_rules_class_name(size_t i);

#endif
