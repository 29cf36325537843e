/*
 * pass-gen.c - what `pass gen` asks of the helper (--pass-gen).
 *
 * pass gen is pass glue: it finds the policy file, has pass verify its
 * signature, and hands the helper a private copy with the user's options.
 * Everything that decides what the secret is and whether it may be made
 * happens here, once, in C: the policy's options through the same code as
 * the command line's, the merge, pass's defaults, and the strength rule on
 * the exact figure.
 */
#include "config.h"

#include "pass-gen.h"

#include "report.h"
#include "text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* PASSWORD_STORE_GENERATED_ENTROPY counts random bytes, 8 bits each, up to
 * the largest --entropy. */
#define MAX_ENTROPY_BYTES (MAX_ENTROPY_BITS / 8)

/* An environment variable as pass reads it: "${NAME:-fallback}". */
static const char *pass_env(const char *name, const char *fallback)
{
	const char *value = getenv(name);

	return value && *value ? value : fallback;
}

static bool has_alphabet(const struct request *req)
{
	return req->format || req->charset || req->words || req->wordlist;
}

/* What nobody set, from pass's environment, as `pass generate` reads it. */
static bool apply_pass_environment(struct request *req, struct error *err)
{
	if (!has_alphabet(req)) {
		const char *set = req->no_symbols
			? pass_env("PASSWORD_STORE_CHARACTER_SET_NO_SYMBOLS", "[:alnum:]")
			: pass_env("PASSWORD_STORE_CHARACTER_SET", "[:punct:][:alnum:]");

		/* pass's default sets by their format names: the same alphabets,
		 * named so in the -v report. */
		if (strcmp(set, "[:punct:][:alnum:]") == 0)
			req->format = "graph";
		else if (strcmp(set, "[:alnum:]") == 0)
			req->format = "alnum";
		else
			req->charset = set;
		req->alphabet_is_default = true;
	}
	if (req->length_kind != LENGTH_DEFAULT)
		return true;
	{
		const char *entropy_bytes = pass_env("PASSWORD_STORE_GENERATED_ENTROPY", NULL);
		unsigned long value;

		if (entropy_bytes) {
			const struct format *format = req->format ? format_by_name(req->format) : NULL;

			/* N random bytes, as in the patch for pass that introduced
			 * the variable: N bytes encoded, or a target of 8N bits. */
			if (!parse_bounded(entropy_bytes, 1, MAX_ENTROPY_BYTES,
					   "PASSWORD_STORE_GENERATED_ENTROPY (random bytes)", &value, err))
				return false;
			if (format && format->encoding != ENCODING_NONE && !req->exclude_count &&
			    !req->no_ambiguous && !req->required) {
				req->length_kind = LENGTH_BYTES;
				req->length_value = value;
			} else {
				req->length_kind = LENGTH_ENTROPY;
				req->length_value = 8 * value;
			}
			return true;
		}
	}
	/* pass's default length counts characters; passphrases keep the
	 * helper's 128-bit target instead of 25 words. */
	if (request_wants_words(req))
		return true;
	req->length_kind = LENGTH_CHARS;
	req->length_is_default = true;
	return parse_bounded(pass_env("PASSWORD_STORE_GENERATED_LENGTH", "25"), 1, MAX_LENGTH,
			     "PASSWORD_STORE_GENERATED_LENGTH", &req->length_value, err);
}

/* The policy's options as a request of their own, through the command
 * line's code. */
static bool policy_request(const struct policy *policy, struct request *out, struct error *err)
{
	memset(out, 0, sizeof *out);
	out->count = 1;
	for (size_t i = 0; i < policy->count; i++) {
		const struct policy_option *o = &policy->options[i];

		if (!apply_option(out, o->option, o->value, err))
			return error_prefix(err, "%s, line %zu: ", policy->shown, o->line);
	}
	if (out->wordlist) {
		out->wordlist = policy->list_name;
		out->wordlist_data = policy->list_data;
		out->wordlist_len = policy->list_len;
	}
	return true;
}

/* Did the command line give this row, or one it cannot be combined with
 * (--separator for --separators, --site for --rules)?  Then the row holds
 * the command line's one value. */
static bool cli_holds(const struct request *cli, const struct option_row *row)
{
	for (size_t i = 0; i < OPTION_COUNT; i++)
		if ((&option_rows[i] == row || options_conflict(row, &option_rows[i])) &&
		    option_is_set(cli, &option_rows[i]))
			return true;
	return false;
}

bool pass_gen_merge(struct request *req, const struct request *policy, struct error *err)
{
	const struct request cli = *req;

	for (size_t i = 0; i < OPTION_COUNT; i++) {
		const struct option_row *row = &option_rows[i];
		/* The alphabet replaces the command line's (which has none when
		 * this is called); a rule of one value and the length stay the
		 * command line's when it gave them; rules that add up add up. */
		bool adds = row->policy == POLICY_RULE &&
			    (row->setter == SET_FLAG || row->setter == SET_LIST ||
			     row->setter == SET_CLASSES);

		if (row->policy == POLICY_NONE || (!adds && row->policy != POLICY_KIND &&
						    (cli_holds(&cli, row) || !option_is_set(policy, row))))
			continue;
		switch (row->setter) {
		case SET_STRING:
			*OPTION_FIELD(req, row, const char *) = *OPTION_FIELD(policy, row, const char *const);
			break;
		case SET_FLAG:
			*OPTION_FIELD(req, row, bool) = adds ? *OPTION_FIELD(req, row, bool) ||
							     *OPTION_FIELD(policy, row, const bool)
							   : *OPTION_FIELD(policy, row, const bool);
			break;
		case SET_CLASSES:
			*OPTION_FIELD(req, row, class_mask) |= *OPTION_FIELD(policy, row, const class_mask);
			break;
		case SET_LIST: {
			/* The policy's first, then the command line's. */
			size_t from_policy = *OPTION_COUNT_FIELD(policy, row, const size_t);
			size_t *count = OPTION_COUNT_FIELD(req, row, size_t);
			const char **list = OPTION_FIELD(req, row, const char *);

			if (from_policy + *count > row->list_max) {
				error_set(err, "too many --%s options with the policy's (maximum %zu)",
					  row->name, row->list_max);
				return false;
			}
			memmove(list + from_policy, list, *count * sizeof *list);
			memcpy(list, OPTION_FIELD(policy, row, const char *const), from_policy * sizeof *list);
			*count += from_policy;
			break;
		}
		case SET_LENGTH:
			req->length_kind = policy->length_kind;
			req->length_value = policy->length_value;
			break;
		case SET_NUMBER: case SET_ACTION: case SET_CUSTOM: break;
		}
	}
	/* The policy's word list, read already through the store, goes with
	 * its name. */
	req->wordlist_data = policy->wordlist_data;
	req->wordlist_len = policy->wordlist_len;
	return true;
}

enum pass_gen_result pass_gen_resolve(struct pass_gen *pg, struct request *req,
				      struct error *err)
{
	struct request policy;
	bool cli_alphabet = has_alphabet(req) || req->no_symbols;

	error_clear(err);
	memset(pg, 0, sizeof *pg);
	pg->entry = req->entry;
	/* A length typed for pass gen, like pass generate's, is kept within
	 * the range of the site rules that apply, with a notice. */
	req->clamp_length = true;
	/* Read even when nothing is weak, so that a mistake in it shows at
	 * once rather than on the day it is needed. */
	if (!consent_parse(getenv(CONSENT_VARIABLE), &pg->consent, err))
		return PASS_GEN_USAGE;
	if (!req->policy) {
		if (!apply_pass_environment(req, err))
			return PASS_GEN_USAGE;
		pg->baseline = *req;
		pg->have_baseline = true;
		return PASS_GEN_OK;
	}
	/* The same command without the policy, to weigh the policy against.
	 * It may not be a command at all (PASSWORD_STORE_GENERATED_LENGTH=abc
	 * under a policy of passphrases, which never reads it): then there is
	 * nothing to weigh against (pass_gen_judge). */
	pg->baseline = *req;
	pg->have_baseline = apply_pass_environment(&pg->baseline, err);
	{
		char rel[POLICY_PATH_BYTES + 16], name[2 * POLICY_PATH_BYTES + 16], shown[QUOTE_BYTES];

		/* The policy's folder, resolved here once for all that uses it. */
		if (!store_folder_resolve(req->policy_folder, pg->folder, sizeof pg->folder)) {
			error_set(err, "invalid --pass-policy-folder %s: a folder's path in the store, such as /bank",
				  error_quote(err, req->policy_folder));
			return PASS_GEN_USAGE;
		}
		snprintf(rel, sizeof rel, "%s%s" POLICY_FILE_NAME, pg->folder, pg->folder[0] ? "/" : "");
		store_path_name(req->store, rel, name, sizeof name);
		quote(shown, name);
		pg->have_policy = true;
		if (!policy_load(req->policy, shown, &pg->policy, err) ||
		    !policy_check(&pg->policy, req->store, pg->folder, req->policy_signed, err) ||
		    !policy_request(&pg->policy, &policy, err))
			return PASS_GEN_REFUSED;
		pg->signed_policy = req->policy_signed;
	}
	if (!cli_alphabet && pg->policy.count > 0) {
		if (!pass_gen_merge(req, &policy, err))
			return PASS_GEN_REFUSED;
		pg->policy_used = true;
	}
	if (!apply_pass_environment(req, err))
		return PASS_GEN_USAGE;
	return PASS_GEN_OK;
}

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

enum pass_gen_result pass_gen_judge(struct pass_gen *pg, const struct spec *spec,
				    void (*emit)(const char *line), struct error *err)
{
	char what[2 * QUOTE_BYTES + 64], item[POLICY_PATH_BYTES + 16];
	char shown_site[QUOTE_BYTES], shown_entry[QUOTE_BYTES];
	const struct characters_spec *cs = &spec->characters;

	bool site_from_entry = spec->kind == SPEC_CHARACTERS && cs->has_site_rules &&
			       cs->site.from_entry;
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
			.name = cs->site.domain, .item = item,
			.refusal = "the site rules that an entry's name picks may not weaken a password unless you allow it: give --no-site-rules",
		};

		/* Against the command with neither: against the merged one, a
		 * policy that copies the site's weakness (its digits, its
		 * length) would hide it, as the site's rules hide the policy's. */
		snprintf(what, sizeof what, "the password rules of site %s for entry %s give",
			 quote(shown_site, cs->site.domain), quote(shown_entry, pg->entry));
		snprintf(item, sizeof item, CONSENT_SITE_PREFIX "%s", cs->site.domain);
		return judge(pg, &site, spec, asked, emit, err);
	}
	return PASS_GEN_OK;
}

void pass_gen_free(struct pass_gen *pg)
{
	if (pg->have_policy)
		policy_free(&pg->policy);
	pg->have_policy = false;
}
