/*
 * strength.c - the strength rule of pass gen: what the store (a policy)
 * or an entry's name (its site's rules) may not make weak without the
 * user's consent, judged on the exact figure of the built spec.
 */
#include "config.h"

#include "pass/strength.h"

#include "report/report.h"
#include "secret/figure.h"
#include "generator/spec_build.h"
#include "text/text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/*
 * Does the secret hold at least `bits`, where `kept` is what bcrypt's 72
 * bytes keep of it?  The strength rule's one comparison.  When nothing is
 * cut (kept is the whole figure) the exact count decides (spec_reaches: a
 * count of 2^128 - 2^64 is below 128, whatever its rounded log2 says);
 * under the cut, kept is a lower bound, and the bound is what is judged.
 */
static bool holds_at_least(const struct spec *spec, double kept, unsigned long bits)
{
	if (kept < spec->bits)
		return kept >= (double)bits;
	return spec_reaches(spec, bits);
}

/*
 * Does the secret keep at least what the request without the weakening
 * keeps, less POLICY_SLACK_BITS?  With nothing cut by bcrypt on either
 * side, the counts decide: 2^POLICY_SLACK_BITS * outcomes >= outcomes
 * without (half of 94^12 passes against 94^12, whatever log2 rounds to).
 * Under a cut, kept is a lower bound and the bounds are compared.
 */
static bool within_slack(const struct spec *spec, double kept, const struct spec *without,
			 double without_kept)
{
	struct count scaled;

	if (kept < spec->bits || without_kept < without->bits)
		return kept >= without_kept - POLICY_SLACK_BITS;
	scaled = spec->outcomes;
	count_multiply(&scaled, (uint32_t)1 << POLICY_SLACK_BITS);
	return count_at_least(&scaled, &without->outcomes);
}

/* What may make a secret weak, and how the user may allow it. */
struct weakening {
	const char *what;      /* "the policy file '...' gives" */
	const char *pronoun;   /* "it", "them": the figure without what */
	enum consent_kind kind;
	const char *name;      /* the folder or domain, for consent_find() */
	const char *item;      /* it as PASSWORD_STORE_GEN_ALLOW_WEAK writes it */
	const char *allowed;   /* the consent it carries (a signature), or NULL */
	const char *refusal;   /* why not, and the ways out other than the variable */
};

/*
 * One judgement: below STRONG_BITS and more than POLICY_SLACK_BITS below
 * the baseline request (within_slack; a NULL baseline, or one that makes no
 * command, is nothing to weigh against), it needs the consent of w->allowed
 * or of an item at or below its figure.
 */
static enum pass_gen_result judge(const struct pass_gen *pg, const struct weakening *w,
				  const struct spec *spec, const struct request *baseline,
				  void (*emit)(const char *line), struct error *err)
{
	double kept = bcrypt_kept_bits(spec), without = INFINITY;
	const struct consent_item *item;
	struct spec other;
	struct error unused; /* why the baseline builds no spec: not needed */
	char line[MESSAGE_BYTES], figure[32], suggestion[POLICY_PATH_BYTES + 32];
	char shown_item[QUOTE_BYTES], shown_suggestion[QUOTE_BYTES];
	struct text_buffer text;

	if (holds_at_least(spec, kept, (unsigned long)STRONG_BITS))
		return PASS_GEN_OK;
	if (baseline && spec_build(baseline, &other, &unused)) {
		bool close_enough;

		without = bcrypt_kept_bits(&other);
		close_enough = within_slack(spec, kept, &other, without);
		spec_free(&other);
		if (close_enough)
			return PASS_GEN_OK;
	}
	text_init(&text, line, sizeof line);
	text_append(&text, "%s %s bits", w->what,
		    bits_against(spec->bits, STRONG_BITS, figure, sizeof figure));
	if (kept < spec->bits)
		text_append(&text, ", but a site that keeps only the first %d bytes of a password (bcrypt) keeps at least %s bits of it",
			    BCRYPT_KEPT_BYTES, bits_against(kept, STRONG_BITS, figure, sizeof figure));
	text_append(&text, ", less than %.0f", STRONG_BITS);
	if (!isinf(without))
		text_append(&text, " and less than the %.1f bits without %s", without, w->pronoun);
	item = consent_find(&pg->consent, w->kind, w->name);
	if (w->allowed || (item && item->has_floor && holds_at_least(spec, kept, item->floor))) {
		text_append(&text, "; allowed by %s", w->allowed ? w->allowed : CONSENT_VARIABLE);
		emit(line);
		return PASS_GEN_OK;
	}
	snprintf(suggestion, sizeof suggestion, "%s:%lu", w->item, (unsigned long)kept);
	quote(shown_item, w->item);
	quote(shown_suggestion, suggestion);
	text_append(&text, "; nothing was generated: ");
	if (strchr(w->name, ':'))
		text_append(&text, "%s; a folder whose name holds ':' cannot be named in " CONSENT_VARIABLE,
			    w->refusal);
	else if (!item)
		text_append(&text, "%s, or add %s and the fewest bits you accept to " CONSENT_VARIABLE ", such as %s",
			    w->refusal, w->kind == CONSENT_SITE ? "the site" : "its folder",
			    shown_suggestion);
	else if (!item->has_floor)
		text_append(&text, CONSENT_VARIABLE " names %s without a floor, which allows nothing below %.0f bits: write the fewest bits you accept after it, such as %s",
			    shown_item, STRONG_BITS, shown_suggestion);
	else
		text_append(&text, CONSENT_VARIABLE " allows %s down to %lu bits only", shown_item,
			    item->floor);
	error_set(err, "%s", line);
	return PASS_GEN_REFUSED;
}

enum pass_gen_result strength_judge(const struct pass_gen *pg, const struct spec *spec,
				    void (*emit)(const char *line), struct error *err)
{
	char what[2 * QUOTE_BYTES + 64], item[POLICY_PATH_BYTES + 16];
	char shown_site[QUOTE_BYTES], shown_entry[QUOTE_BYTES];
	const struct characters_spec *cs = &spec->characters;

	bool site_from_entry = spec->kind == SPEC_CHARACTERS && cs->has_site_rules &&
			       spec->site.from_entry;
	/* The command with neither the policy nor the site rules an entry's
	 * name picks: what the user asked for, and what each is weighed
	 * against (or nothing to weigh against when pass's environment made
	 * it no command, which only consent can pass). */
	struct request neither = pg->baseline;
	const struct request *asked = pg->have_baseline ? &neither : NULL;

	neither.no_site_rules = true;
	if (pg->policy_used) {
		const struct weakening policy = {
			.what = what, .pronoun = "it", .kind = CONSENT_FOLDER, .name = pg->folder,
			.item = item, .allowed = pg->signed_policy ? "its signature" : NULL,
			.refusal = "a policy in the store may not weaken a password unless you allow it: sign it (PASSWORD_STORE_SIGNING_KEY)",
		};
		/* While the entry's site rules still apply (they are judged on
		 * their own below), the policy is weighed against the command
		 * with them; a policy that sets them aside with its own --site
		 * or --rules is weighed against the command with neither, or a
		 * policy naming its entry's weak site would pass for no loss. */
		const struct request *without = site_from_entry && pg->have_baseline
			? &pg->baseline : asked;

		snprintf(what, sizeof what, "the policy file %s gives", pg->policy.shown);
		snprintf(item, sizeof item, "/%s", pg->folder);
		if (judge(pg, &policy, spec, without, emit, err) != PASS_GEN_OK)
			return PASS_GEN_REFUSED;
	}
	if (site_from_entry) {
		const struct weakening site = {
			.what = what, .pronoun = "them", .kind = CONSENT_SITE,
			.name = spec->site.domain, .item = item,
			.refusal = "the site rules that an entry's name picks may not weaken a password unless you allow it: give --no-site-rules",
		};

		/* Against the command with neither: against the merged one, a
		 * policy that copies the site's weakness (its digits, its
		 * length) would hide it, as the site's rules hide the policy's. */
		snprintf(what, sizeof what, "the password rules of site %s for entry %s give",
			 quote(shown_site, spec->site.domain), quote(shown_entry, pg->entry));
		snprintf(item, sizeof item, CONSENT_SITE_PREFIX "%s", spec->site.domain);
		return judge(pg, &site, spec, asked, emit, err);
	}
	return PASS_GEN_OK;
}
