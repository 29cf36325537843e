/*
 * spec_site_rules.c - site rules as a constraint on the character
 * kind: which rules apply (--rules, --site, or the site an --entry names),
 * the alphabet they allow less --exclude and --no-ambiguous, the clauses
 * --require adds, the length in [minlength, maxlength] for the entropy
 * target, and the exact figure (site_rules_count.c).
 *
 * Every contradiction is a usage error found here, before any random byte
 * is read.  The space that `special` and `ascii-printable` hold is never
 * drawn (a password with a space is fragile to type and paste), and the
 * figure counts exactly what can be drawn.
 */
#include "config.h"

#include "spec/spec_site_rules.h"

#include "secret/logarithm.h"
#include "spec/report.h"
#include "site_rules/site_rules_count.h"
#include "site_rules/sites.h"
#include "text/text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The generator draws candidates and rejects those that break a rule
 * (generate.c); below an acceptance of 2^-16 it would draw too many, and
 * draws by counting instead (site_rules_exact.c). */
#define MIN_ACCEPTANCE_BITS 16

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
	if (format && strcmp(format->name, "graph") != 0)
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

/* Can the generator draw it by rejection: do at least 2^-16 of the N^L
 * candidates meet the rules (count * 2^16 >= N^L)?  If not, it draws by
 * counting (count_exactly). */
static bool drawable(const struct spec *spec, size_t length, const struct count *count)
{
	struct count scaled = *count, all;

	count_multiply(&scaled, 1u << MIN_ACCEPTANCE_BITS);
	if (count->exact) {
		count_set(&all, 1);
		count_multiply_power(&all, spec->characters.alphabet.size, length);
	} else {
		count_estimate(&all, site_rules_count_log2(&spec->site.model, length, 1), 0);
	}
	return count_at_least(&scaled, &all);
}

/* The range of lengths the rules allow, or a usage error. */
static bool length_range(const struct spec *spec, unsigned long *lo, unsigned long *hi,
			 struct error *err)
{
	const struct site_rules *rules = &spec->site.rules;

	*lo = rules->minlength ? rules->minlength : 1;
	*hi = rules->maxlength && rules->maxlength < MAX_LENGTH ? rules->maxlength : MAX_LENGTH;
	if (*lo > MAX_LENGTH) {
		error_set(err, "minlength: %lu of %s is above the longest password, %d characters",
			  rules->minlength, spec->site.source, MAX_LENGTH);
		return false;
	}
	if (*lo > *hi) {
		error_set(err, "minlength: %lu of %s is above its maxlength: %lu",
			  rules->minlength, spec->site.source, rules->maxlength);
		return false;
	}
	if (rules->required_count > *hi) {
		error_set(err, "the %u required rules of %s need more than maxlength: %lu characters",
			  rules->required_count, spec->site.source, rules->maxlength);
		return false;
	}
	return true;
}

/* An estimate within its error of 2^k cannot say whether it reaches it:
 * count_reaches() takes it as not, and its figure is shown below k.  The
 * unconstrained rules of a power-of-two alphabet, `allowed: [0-9a-f];`,
 * count 2^(4L) strings, and the doubles cannot settle that 32 characters
 * reach 128 bits.  k = -1 asks for any whole number. */
static bool undecided(const struct count *count, long k)
{
	long double low = count->log2 - count->error, high = count->log2 + count->error;

	if (count->exact || !(high >= 0) || high >= 0x1p52L)
		return false;
	if (k < 0)
		k = (long)high; /* the largest whole number at most high */
	return low < (long double)k && (long double)k <= high;
}

/* Replace an undecided estimate of the count at `length` with the whole
 * number (site_rules_exact.c).  Where the tables would pass their bound
 * the estimate stays, on the safe side: a threshold it is too close to
 * counts as missed. */
static bool settle(struct spec *spec, size_t length, long k, struct error *err)
{
	struct error bound;

	if (!undecided(&spec->outcomes, k) ||
	    site_rules_exact_count_length(&spec->site.model, length, &spec->outcomes, &bound) ||
	    !bound.runtime)
		return true;
	*err = bound;
	return false;
}

/* The length asked for, and its count: outside the range, refused, or
 * brought into it with a notice when the request says so (clamp_length). */
static bool length_asked(const struct request *req, struct spec *spec, unsigned long lo,
			 unsigned long hi, struct error *err)
{
	struct characters_spec *cs = &spec->characters;
	unsigned long asked = req->length_value, bound = asked < lo ? lo : asked > hi ? hi : asked;
	const char *rule = asked < lo ? "minlength" : "maxlength";
	struct site_rules_counter counter;

	if (bound != asked) {
		if (!req->clamp_length) {
			error_set(err, "--length %lu is %s %s: %lu of %s", asked,
				  asked < lo ? "below" : "above", rule, bound, spec->site.source);
			return false;
		}
		note(spec, "a length of %lu breaks %s: %lu of %s: using %lu", asked, rule, bound,
		     spec->site.source, bound);
	}
	if (!site_rules_counter_init(&counter, &spec->site.model, bound, err))
		return false;
	if (!site_rules_counter_affords(&counter, bound, err)) {
		site_rules_counter_free(&counter);
		return false;
	}
	for (cs->length = 1; cs->length <= bound; cs->length++)
		if (!site_rules_counter_advance(&counter, &spec->site.acceptance, err)) {
			site_rules_counter_free(&counter);
			return false;
		}
	cs->length = bound;
	site_rules_counter_free(&counter);
	site_rules_count_outcomes(&spec->site.model, bound, spec->site.acceptance, &spec->outcomes);
	return settle(spec, bound, -1, err);
}

/* The shortest length in range whose estimated count reaches the target
 * (*found); else the longest in range (target_missed() says why). */
static bool length_for_target(struct spec *spec, unsigned long lo, unsigned long hi,
			      unsigned long target, bool *found, struct error *err)
{
	struct characters_spec *cs = &spec->characters;
	struct site_rules_counter counter;
	size_t least = (size_t)((long double)target / log2_ld((long double)cs->alphabet.size));

	*found = false;
	if (!site_rules_counter_init(&counter, &spec->site.model, hi, err))
		return false;
	/* No length below target / log2 N reaches the target. */
	if (least > hi)
		least = hi;
	if (!site_rules_counter_affords(&counter, least < lo ? lo : least, err)) {
		site_rules_counter_free(&counter);
		return false;
	}
	for (cs->length = 1; cs->length <= hi && !*found; cs->length++) {
		if (!site_rules_counter_advance(&counter, &spec->site.acceptance, err)) {
			site_rules_counter_free(&counter);
			return false;
		}
		site_rules_count_outcomes(&spec->site.model, cs->length, spec->site.acceptance,
				     &spec->outcomes);
		if (cs->length >= lo && !settle(spec, cs->length, (long)target, err)) {
			site_rules_counter_free(&counter);
			return false;
		}
		*found = cs->length >= lo && count_reaches(&spec->outcomes, target);
	}
	cs->length--;
	site_rules_counter_free(&counter);
	/* The figure of the length found, settled at any whole number. */
	return settle(spec, cs->length, -1, err);
}

/* No length in range reaches the target (the count is the longest's): a
 * usage error, or the longest with a notice when the rules end at a
 * maxlength of their own. */
static bool target_missed(struct spec *spec, unsigned long hi, unsigned long target,
			  struct error *err)
{
	const struct site_rules *rules = &spec->site.rules;
	char shown[32];

	if (rules->maxlength == 0 || rules->maxlength > MAX_LENGTH) {
		error_set(err, "%lu bits cannot be reached within %d characters under the rules of %s",
			  target, MAX_LENGTH, spec->site.source);
		return false;
	}
	if (count_reaches(&spec->outcomes, 0))
		note(spec, "%s allows at most %lu character%s (maxlength: %lu): %s bits, below the %lu asked",
		     spec->site.source, hi, hi == 1 ? "" : "s", rules->maxlength,
		     bits_against(count_log2(&spec->outcomes), (double)target, shown, sizeof shown),
		     target);
	return true;
}

/* The longest length in [lo, want) that rejection can draw, with its
 * count in *count; 0 if none.  The search for the length counted to want
 * already, within the work bound; this counts again (an error's cost). */
static size_t longest_by_rejection(struct spec *spec, unsigned long lo, size_t want,
				   struct count *count)
{
	struct site_rules_counter counter;
	struct count here;
	struct error ignored;
	size_t longest = 0;
	double fraction;

	if (!site_rules_counter_init(&counter, &spec->site.model, want, &ignored))
		return 0;
	for (size_t length = 1; length < want; length++) {
		if (!site_rules_counter_advance(&counter, &fraction, &ignored))
			break;
		if (length < lo)
			continue;
		site_rules_count_outcomes(&spec->site.model, length, fraction, &here);
		if (count_reaches(&here, 1) && drawable(spec, length, &here)) {
			longest = length;
			*count = here;
		}
	}
	site_rules_counter_free(&counter);
	return longest;
}

/*
 * Too few candidates meet the rules to draw by rejection: count the valid
 * strings exactly (site_rules_exact.c) and draw by counting.  With a
 * target (not 0), the length becomes the shortest from lo up to the
 * chosen length whose count reaches it, or the chosen length if none
 * does; without, the count is the chosen length's.  The figure becomes the
 * whole-number count.  Past the tables' bounds, a usage error with the
 * reason and the longest length the tables reached, which can be drawn.
 */
static bool count_exactly(struct spec *spec, unsigned long lo, unsigned long target,
			  struct error *err)
{
	struct characters_spec *cs = &spec->characters;
	struct site_rules_exact *exact = &spec->site.exact;
	size_t want = cs->length, length, rejected;
	struct count longest;
	struct error bound;
	char shown[32];

	if (!site_rules_exact_init(exact, &spec->site.model, want, err))
		return false;
	spec->site.by_counting = true; /* the tables are spec_free()'s to free */
	for (length = 1; length <= want; length++) {
		if (!site_rules_exact_extend(exact, &bound))
			break;
		/* Without a target only the chosen length is counted. */
		if (length < lo || (!target && length < want))
			continue;
		site_rules_exact_count(exact, length, &spec->outcomes);
		if (length == want || count_reaches(&spec->outcomes, target)) {
			cs->length = length;
			return true;
		}
	}
	if (bound.runtime) {
		*err = bound;
		return false;
	}
	/* The longest length that can be drawn: counted (the longest the
	 * tables reached) or, if longer, by rejection. */
	rejected = longest_by_rejection(spec, lo, want, &longest);
	if (--length >= lo && length > 0 && length > rejected) {
		site_rules_exact_count(exact, length, &longest);
	} else if (rejected) {
		length = rejected;
	} else {
		return error_set(err, "too few passwords of %zu characters meet the rules of %s to draw one by rejection (fewer than 2^-%d), and %s, and no shorter length from %lu can be drawn",
				 want, spec->site.source, MIN_ACCEPTANCE_BITS, bound.text, lo);
	}
	return error_set(err, "too few passwords of %zu characters meet the rules of %s to draw one by rejection (fewer than 2^-%d), and %s: --length %zu can be drawn (%s bits)",
			 want, spec->site.source, MIN_ACCEPTANCE_BITS, bound.text, length,
			 bits_against(count_log2(&longest), (double)target, shown, sizeof shown));
}

/* The length: asked for, or the shortest in range that reaches the target;
 * then the count (exact when drawn by counting), which must be more than
 * one string. */
static bool rules_length(const struct request *req, struct spec *spec, struct error *err)
{
	struct characters_spec *cs = &spec->characters;
	unsigned long lo, hi;
	unsigned long target = req->length_kind == LENGTH_ENTROPY ? req->length_value
								   : DEFAULT_ENTROPY_BITS;
	bool asked = req->length_kind == LENGTH_CHARS && !req->length_is_default, found = false;
	bool search;

	/* A default length counts characters of a default alphabet; under a
	 * site's rules the length comes from the entropy target instead. */
	if (!length_range(spec, &lo, &hi, err))
		return false;
	if (asked) {
		if (!length_asked(req, spec, lo, hi, err) ||
		    (!drawable(spec, cs->length, &spec->outcomes) && !count_exactly(spec, lo, 0, err)))
			return false;
	} else {
		if (!length_for_target(spec, lo, hi, target, &found, err))
			return false;
		/* The whole-number count searches again where rejection cannot
		 * draw the length found, and where the estimate may have lost
		 * the count: a fraction below 2^-1000 of N^L nears the end of
		 * a double's range (2^-1074), where it runs out of digits. */
		search = found ? !drawable(spec, cs->length, &spec->outcomes)
			       : spec->site.acceptance < 0x1p-1000;
		if (search && !count_exactly(spec, lo, target, err))
			return false;
		if (search)
			found = count_reaches(&spec->outcomes, target);
		if (!found && !target_missed(spec, hi, target, err))
			return false;
		if (!search && !drawable(spec, cs->length, &spec->outcomes) &&
		    !count_exactly(spec, lo, 0, err))
			return false;
	}
	if (spec->site.by_counting ? !count_reaches(&spec->outcomes, 0) : spec->site.acceptance <= 0) {
		error_set(err, "no password of %zu characters meets the rules of %s", cs->length,
			  spec->site.source);
		return false;
	}
	spec->max_bytes = cs->length; /* one byte a character */
	spec->bits = count_log2(&spec->outcomes);
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
	if (!rules_parse(text, &spec->site.rules, err)) {
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
