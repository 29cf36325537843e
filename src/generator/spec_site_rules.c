/*
 * spec_site_rules.c - site rules as a constraint on the character
 * kind: which rules apply (--rules, --site, or the site an --entry names),
 * the alphabet they allow less --exclude and --no-ambiguous, the clauses
 * --require adds, and the words of every refusal of the length that
 * site_rules_size.c finds, with the figure it counts.
 *
 * Every contradiction is a usage error found here, before any random byte
 * is read.  The space that `special` and `ascii-printable` hold is never
 * drawn (a password with a space is fragile to type and paste), and the
 * figure counts exactly what can be drawn.
 */
#include "config.h"

#include "generator/spec_site_rules.h"

#include "secret/figure.h"
#include "site_rules/site_rules_size.h"
#include "site_rules/sites.h"
#include "text/text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

__attribute__((format(printf, 2, 3)))
static void note(struct spec *spec, const char *fmt, ...)
{
	va_list ap;
	struct text_buffer text;

	if (spec->note_count == SPEC_NOTES)
		return;
	text_init(&text, spec->notes[spec->note_count++], SPEC_NOTE_BYTES);
	va_start(ap, fmt);
	text_vappend(&text, fmt, ap);
	va_end(ap);
}

/* The option that asks for another kind of secret than rules allow. */
static const char *other_kind(const struct request *req, const struct format *format, bool words)
{
	if (words)
		return req->wordlist ? "--wordlist" : req->words ? "--words" : "--format words";
	if (format && format->kind == FORMAT_PRONOUNCEABLE)
		return "--format pronounceable";
	/* A default alphabet gives way to the rules; --pass-no-symbols takes
	 * the symbols out of them (rules_alphabet). */
	if (req->alphabet_is_default)
		return req->length_kind == LENGTH_BYTES ? "--bytes" : NULL;
	if (req->charset)
		return "--charset";
	if (format && format != &formats[FORMAT_ID_GRAPH])
		return "--format other than graph";
	if (req->length_kind == LENGTH_BYTES)
		return "--bytes";
	return NULL;
}

/*
 * --pass-no-symbols under site rules: the symbols leave the alphabet,
 * unless a required rule of the site needs one (then the password must
 * still work at the site: they stay, with a notice).
 */
static void drop_symbols(struct spec *spec, struct byteset *set)
{
	struct byteset without = *set;

	for (int c = 0x21; c < 0x7f; c++)
		if (char_class_of((unsigned char)c) == CLASS_PUNCT)
			without.has[c] = false;
	for (unsigned i = 0; i < spec->site.rules.required_count; i++) {
		bool left = false;

		for (int c = 0x21; c < 0x7f; c++)
			left |= spec->site.rules.required[i].has[c] && without.has[c];
		if (!left) {
			note(spec, "%s requires a symbol: --no-symbols is set aside", spec->site.source);
			return;
		}
	}
	*set = without;
}

/* Add a clause for each --require class that no clause implies already. */
static bool add_required_classes(const struct request *req, struct spec *spec, struct error *err)
{
	struct site_rules *rules = &spec->site.rules;

	for (int k = 0; k < CLASS_COUNT; k++) {
		struct rules_set class = { { false } };
		bool implied = false;

		if (!(req->required & (1u << k)))
			continue;
		for (int c = 0x21; c < 0x7f; c++)
			class.has[c] = char_class_of((unsigned char)c) == (enum char_class)k;
		for (unsigned i = 0; i < rules->required_count && !implied; i++) {
			bool subset = true;

			for (int c = 0; c < 128 && subset; c++)
				subset = !rules->required[i].has[c] || class.has[c];
			implied = subset;
		}
		if (implied)
			continue;
		if (rules->required_count == RULES_MAX_REQUIRED) {
			error_set(err, "--require adds to %d required rules: at most %d",
				  RULES_MAX_REQUIRED, RULES_MAX_REQUIRED);
			return false;
		}
		rules->required[rules->required_count++] = class;
		for (int c = 0; c < 128; c++)
			rules->allowed.has[c] |= class.has[c];
	}
	return true;
}

/* The allowed characters, less the space, --exclude and --no-ambiguous. */
static bool rules_alphabet(const struct request *req, struct spec *spec, struct error *err)
{
	struct characters_spec *cs = &spec->characters;
	struct byteset set = { { false } };

	for (int c = 0x21; c < 0x7f; c++)
		set.has[c] = spec->site.rules.allowed.has[c];
	if (!narrow_set(req, &set, err))
		return false;
	if (req->no_symbols)
		drop_symbols(spec, &set);
	if (!alphabet_from_byteset(&set, &cs->alphabet, err))
		return false;
	if (cs->alphabet.size < 2) {
		error_set(err, "the rules of %s leave %s: nothing would be random",
			  spec->site.source,
			  cs->alphabet.size ? "one character to draw" : "no character to draw");
		return false;
	}
	for (unsigned i = 0; i < spec->site.rules.required_count; i++) {
		char chars[97];
		size_t n = 0;
		bool left = false;

		for (int c = 0x20; c < 0x7f; c++) {
			if (!spec->site.rules.required[i].has[c])
				continue;
			chars[n++] = (char)c;
			left |= c != ' ' && set.has[c];
		}
		chars[n] = '\0';
		if (!left) {
			error_set(err, "required rule %u of %s, %s, has no character left to draw (the space is never drawn)",
				  i + 1, spec->site.source, error_quote(err, chars));
			return false;
		}
	}
	cs->alphabet_name = "rules";
	return true;
}

/* Why no length fits the rules (site_rules_size()), in words; false. */
static bool refuse(const struct spec *spec, const struct site_rules_ask *ask,
		   const struct site_rules_sized *sized, struct error *err)
{
	const struct site_rules *rules = &spec->site.rules;
	const char *source = spec->site.source;
	const bool below = ask->length < sized->lo;
	char shown[32], then[96], why[MESSAGE_BYTES];

	switch (sized->fit) {
	case SITE_RULES_FITS:
	case SITE_RULES_FAILED:
		break;
	case SITE_RULES_MIN_PAST_LONGEST:
		return error_set(err, "minlength: %lu of %s is above the longest password, %d characters",
				 rules->minlength, source, MAX_LENGTH);
	case SITE_RULES_MIN_ABOVE_MAX:
		return error_set(err, "minlength: %lu of %s is above its maxlength: %lu",
				 rules->minlength, source, rules->maxlength);
	case SITE_RULES_REQUIRED_PAST_MAX:
		return error_set(err, "the %u required rules of %s need more than maxlength: %lu characters",
				 rules->required_count, source, rules->maxlength);
	case SITE_RULES_OUT_OF_RANGE:
		return error_set(err, "--length %lu is %s %s: %lu of %s", ask->length,
				 below ? "below" : "above", below ? "minlength" : "maxlength",
				 below ? sized->lo : sized->hi, source);
	case SITE_RULES_UNREACHABLE:
		return error_set(err, "%lu bits cannot be reached within %d characters under the rules of %s",
				 ask->target, MAX_LENGTH, source);
	case SITE_RULES_TOO_FEW:
		snprintf(why, sizeof why, "%s", err->text); /* why the tables stop */
		if (sized->drawable_length)
			snprintf(then, sizeof then, ": --length %zu can be drawn (%s bits)",
				 sized->drawable_length,
				 bits_against(sized->drawable_bits, (double)sized->against, shown,
					      sizeof shown));
		else
			snprintf(then, sizeof then, ", and no shorter length from %lu can be drawn",
				 sized->lo);
		return error_set(err, "too few passwords of %zu characters meet the rules of %s to draw one by rejection (fewer than 2^-%d), and %s%s",
				 sized->undrawable_length, source, RULES_MIN_ACCEPTANCE_BITS, why, then);
	case SITE_RULES_NONE_MEETS:
		return error_set(err, "no password of %zu characters meets the rules of %s",
				 sized->length, source);
	}
	return false;
}

/* The length: asked for, or the shortest in range that reaches the target;
 * then the count (exact when drawn by counting), which must be more than
 * one string.  site_rules_size() finds them. */
static bool rules_length(const struct request *req, struct spec *spec, struct error *err)
{
	struct characters_spec *cs = &spec->characters;
	const struct site_rules *rules = &spec->site.rules;
	/* A default length counts characters of a default alphabet; under a
	 * site's rules the length comes from the entropy target instead. */
	const bool asked = req->length_kind == LENGTH_CHARS && !req->length_is_default;
	const struct site_rules_ask ask = {
		.length = asked ? req->length_value : 0,
		.target = req->length_kind == LENGTH_ENTROPY ? req->length_value : DEFAULT_ENTROPY_BITS,
		.clamp = req->clamp_length,
	};
	struct site_rules_sized sized;
	char shown[32];

	if (site_rules_size(rules, &spec->site.model, &ask, &sized, &spec->outcomes, err) !=
	    SITE_RULES_FITS)
		return refuse(spec, &ask, &sized, err);
	cs->length = sized.length;
	spec->site.by_counting = sized.by_counting;
	spec->site.exact = sized.exact; /* the tables are spec_free()'s to free */
	if (sized.clamped)
		note(spec, "a length of %lu breaks %s: %lu of %s: using %lu", ask.length,
		     ask.length < sized.lo ? "minlength" : "maxlength", sized.length,
		     spec->site.source, sized.length);
	if (sized.missed)
		note(spec, "%s allows at most %lu character%s (maxlength: %lu): %s bits, below the %lu asked",
		     spec->site.source, sized.hi, sized.hi == 1 ? "" : "s", rules->maxlength,
		     bits_against(sized.missed_bits, (double)ask.target, shown, sizeof shown),
		     ask.target);
	spec->max_bytes = cs->length; /* one byte a character */
	if (!spec_reaches(spec, 1)) {
		error_set(err, "only one string of length %zu meets the rules: nothing would be random",
			  cs->length);
		return false;
	}
	return true;
}

enum rules_outcome spec_site_rules_build(const struct request *req, const struct format *format,
				    bool words, struct spec *spec, struct error *err)
{
	struct characters_spec *cs = &spec->characters;
	char shown[QUOTE_BYTES], entry[QUOTE_BYTES], shown_rules[QUOTE_BYTES]; /* for notes */
	const char *text, *other = other_kind(req, format, words);
	struct site site;

	memset(&spec->site, 0, sizeof spec->site); /* outside the union spec_build() clears */
	/* --rules, --site and --no-site-rules exclude each other (options.def). */
	if (req->rules) {
		text = req->rules;
		snprintf(spec->site.source, sizeof spec->site.source, "--rules");
	} else if (req->site) {
		if (!site_lookup(&site_table_embedded, req->site, strlen(req->site), &site)) {
			error_set(err, "no password rules for site %s", error_quote(err, req->site));
			return RULES_FAILED;
		}
		text = site.rules;
		spec->site.domain = site.domain;
		snprintf(spec->site.source, sizeof spec->site.source, "site %s",
			 quote(shown, site.domain));
		note(spec, "password rules of site %s: %s", quote(shown, site.domain),
		     quote(entry, site.rules));
	} else if (req->entry && !req->no_site_rules &&
		   site_for_entry(&site_table_embedded, req->entry, &site)) {
		text = site.rules;
		spec->site.domain = site.domain;
		spec->site.from_entry = true;
		snprintf(spec->site.source, sizeof spec->site.source, "site %s",
			 quote(shown, site.domain));
		if (other) {
			error_set(err, "%s cannot meet the password rules of site %s (from entry %s): add --no-site-rules",
				  other, shown, error_quote(err, req->entry));
			return RULES_FAILED;
		}
		note(spec, "password rules of site %s for entry %s: %s", shown,
		     quote(entry, req->entry), quote(shown_rules, site.rules));
	} else {
		return RULES_NONE;
	}
	if (other) {
		error_set(err, "%s and %s cannot be combined: the rules say which characters",
			  req->rules ? "--rules" : "--site", other);
		return RULES_FAILED;
	}
	if (!site_rules_parse(text, &spec->site.rules, err)) {
		error_prefix(err, "%s%s: ", req->rules ? "" : "the rules of ", spec->site.source);
		return RULES_FAILED;
	}
	if (!add_required_classes(req, spec, err) || !rules_alphabet(req, spec, err))
		return RULES_FAILED;
	if (!site_rules_model_build(&spec->site.rules, &cs->alphabet, &spec->site.model, err)) {
		error_prefix(err, "%s: ", spec->site.source);
		return RULES_FAILED;
	}
	cs->has_site_rules = true;
	spec->format_name = "rules";
	cs->required = 0;
	if (!rules_length(req, spec, err))
		return RULES_FAILED;
	return RULES_BUILT;
}
