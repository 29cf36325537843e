/*
 * pass_gen.c - what `pass gen` asks of the helper (--pass-gen).
 *
 * pass gen is pass glue: it finds the policy file, has pass verify its
 * signature, and hands the helper a private copy with the user's options.
 * Everything that decides what the secret is happens here, once, in C:
 * the policy's options through the same code as the command line's, the
 * merge and pass's defaults; whether it may be made, in strength.c.
 */
#include "config.h"

#include "pass/pass_gen.h"

#include "request/options_table.h"
#include "text/text.h"

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
	return req->format || req->format_unknown || req->charset || req->words || req->wordlist;
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
			req->format = &formats[FORMAT_ID_GRAPH];
		else if (strcmp(set, "[:alnum:]") == 0)
			req->format = &formats[FORMAT_ID_ALNUM];
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
			/* N random bytes, as in the patch for pass that introduced
			 * the variable: N bytes encoded, or a target of 8N bits. */
			if (!parse_bounded(entropy_bytes, 1, MAX_ENTROPY_BYTES,
					   "PASSWORD_STORE_GENERATED_ENTROPY (random bytes)", &value, err))
				return false;
			if (req->format && req->format->encoding != ENCODING_NONE && !req->exclude_count &&
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
	 * helper's 128-bit target instead of 25 words, and pronounceable
	 * passwords instead of 25 characters of syllables (92 bits). */
	if (request_wants_words(req) || request_wants_pronounceable(req))
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
		case SET_NUMBER:
			*OPTION_FIELD(req, row, unsigned long) =
				*OPTION_FIELD(policy, row, const unsigned long);
			break;
		case SET_FORMAT:
			req->format = policy->format;
			req->format_unknown = policy->format_unknown;
			break;
		case SET_ACTION: case SET_CUSTOM: break;
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
	 * nothing to weigh against (strength_judge). */
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

void pass_gen_free(struct pass_gen *pg)
{
	if (pg->have_policy)
		policy_free(&pg->policy);
	pg->have_policy = false;
}
