/* strength.h - the strength rule of pass gen, on the exact figure */
#ifndef PASS_GENHELPER_STRENGTH_H
#define PASS_GENHELPER_STRENGTH_H

#include "pass/pass_gen.h"
#include "generator/spec.h"

/* Below this many bits, store content may not make a secret weaker. */
#define STRONG_BITS 128.0
/* A policy may cost up to this many bits against the command line alone
 * (a --require rule does) without consent: a whole number, so that the
 * test is one of counts, 2^POLICY_SLACK_BITS * count >= count without. */
#define POLICY_SLACK_BITS 1

/*
 * The strength rule, on the exact figure of the built spec, or on what the
 * first 72 bytes keep of it (bcrypt) when that is less: a policy may not
 * give fewer than STRONG_BITS bits and more than POLICY_SLACK_BITS fewer
 * than the same command without it, unless the user consented outside
 * the store (a verified signature, or the policy's folder with a floor
 * in PASSWORD_STORE_GEN_ALLOW_WEAK, consent.h); nor may the site rules
 * that the entry's name picks from the table, against the command with
 * neither them nor the policy, unless the site is there with a floor.  With
 * consent, a notice goes to emit().
 */
enum pass_gen_result strength_judge(const struct pass_gen *pg, const struct spec *spec,
				    void (*emit)(const char *line), struct error *err);

#endif
