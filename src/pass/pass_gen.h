/* pass_gen.h - what `pass gen` asks of the helper: pass's environment and
 * the store's policy merged with the command line (the strength rule:
 * strength.h) */
#ifndef PASS_GENHELPER_PASS_GEN_H
#define PASS_GENHELPER_PASS_GEN_H

#include <stdbool.h>
#include <stddef.h>

#include "pass/consent.h"
#include "request/request.h"
#include "pass/policy.h"
#include "generator/spec.h"

struct pass_gen {
	struct policy policy;
	bool have_policy;       /* policy holds what --policy named */
	bool policy_used;       /* its options shaped the request */
	bool signed_policy;     /* its signature allows it to be weak */
	char folder[POLICY_PATH_BYTES]; /* the policy's folder, "bank" ("" for the top) */
	struct request baseline; /* the command without the policy, with pass's environment */
	bool have_baseline;      /* pass's environment made it a command */
	const char *entry;       /* --entry: the pass entry's name */
	struct consent consent;  /* PASSWORD_STORE_GEN_ALLOW_WEAK */
};

/* Why pass_gen_resolve() or strength_judge() (strength.h) stopped. */
enum pass_gen_result {
	PASS_GEN_OK,
	PASS_GEN_USAGE,   /* the command line or environment: exit 2 */
	PASS_GEN_REFUSED  /* the store's policy, or too weak: exit 1 */
};

/*
 * For --pass-gen: read and check the policy (--pass-policy), merge it into req
 * (a choice of alphabet on the command line replaces the whole policy, a
 * length its length, rules add up), and fill in what nobody set from
 * pass's environment (PASSWORD_STORE_CHARACTER_SET and _NO_SYMBOLS,
 * PASSWORD_STORE_GENERATED_ENTROPY in bytes, PASSWORD_STORE_GENERATED_LENGTH).
 * req's strings then point into pg (the policy's text), which must outlive
 * it.  Returns PASS_GEN_OK, or why not with the reason in err.
 */
enum pass_gen_result pass_gen_resolve(struct pass_gen *pg, struct request *req,
				      struct error *err);

/*
 * The policy's request merged under the command line's, req (which asks
 * for no alphabet), row by row of the option table by its policy group: the
 * alphabet is the policy's, the length and each rule of one value the
 * command line's when it gave them (or an option they cannot be combined
 * with), and rules that add up add up, the policy's first.  Returns false
 * with the reason in err when the lists together are too long.
 */
bool pass_gen_merge(struct request *req, const struct request *policy, struct error *err);

void pass_gen_free(struct pass_gen *pg);

#endif
