/*
 * spec_build.c - from options to a checked specification: which kind of secret,
 * the options that fit only another kind, the character spec (alphabet,
 * exclusions, class rules, length), the token spec (--bytes of a byte
 * encoding) and the limit that dice put on the output.  Passphrases are
 * resolved in spec_passphrase.c, characters under site rules in
 * spec_site_rules.c.
 *
 * Every impossible or contradictory request is refused here, before any
 * random byte is read: an alphabet of fewer than two characters, a required
 * class with no character left, a length shorter than the number of required
 * classes, an entropy target no length within the maximum reaches, --bytes
 * with an alphabet that is not a byte encoding.
 */
#include "config.h"

#include "generator/spec_build.h"
#include "request/options_table.h"
#include "generator/spec.h"
#include "generator/spec_passphrase.h"
#include "generator/spec_pronounceable.h"
#include "generator/spec_site_rules.h"
#include "text/text.h"

#include "secret/entropy.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* What an option says it applies to, for a message: the first kind of
 * its kinds column. */
static const char *kinds_name(enum option_kinds kinds)
{
	return kinds & KINDS_CHARACTERS ? "characters" :
	       kinds & KINDS_WORDS ? "passphrases" : "pronounceable passwords";
}

/* Options that make sense for some kinds of secret only (options.def's
 * kinds column); kind is the request's, one bit. */
static bool check_kind(const struct request *req, const struct format *format,
		       enum option_kinds kind, struct error *err)
{
	if (kind == KINDS_WORDS && format && format->kind == FORMAT_CHARACTERS) {
		error_set(err, "--format with a character format applies to characters, not to passphrases");
		return false;
	}
	if (kind == KINDS_WORDS && format && format->kind == FORMAT_PRONOUNCEABLE) {
		error_set(err, "--format pronounceable makes passwords, not passphrases: leave out %s",
			  req->wordlist ? "--wordlist" : "--words");
		return false;
	}
	for (size_t i = 0; i < OPTION_COUNT; i++) {
		const struct option_row *row = &option_rows[i];

		if ((row->kinds & kind) || !option_is_set(req, row))
			continue;
		/* --symbols sets --symbol too: name the one given. */
		if (i == OPT_SYMBOL && req->symbols)
			row = &option_rows[OPT_SYMBOLS];
		if (kind == KINDS_WORDS)
			error_set(err, "--%s applies to %s, not to passphrases", row->name,
				  kinds_name(row->kinds));
		else if (kind == KINDS_PRONOUNCEABLE)
			error_set(err, "--%s applies to %s, not to pronounceable passwords%s", row->name,
				  kinds_name(row->kinds),
				  i == OPT_REQUIRE ? " (--capital and --digit place one of each)" : "");
		else if (row->kinds & KINDS_WORDS)
			error_set(err, "--%s applies to passphrases: add --words", row->name);
		else
			error_set(err, "--%s applies to pronounceable passwords: add --format pronounceable",
				  row->name);
		return false;
	}
	return true;
}

/* The alphabet of the character kind, and in *encoding the byte encoding
 * it still is (ENCODING_NONE once exclusions change it). */
static bool build_alphabet(const struct request *req, const struct format *format,
			   struct spec *spec, enum encoding *encoding, struct error *err)
{
	struct characters_spec *cs = &spec->characters;
	struct byteset set;
	bool parsed;

	*encoding = ENCODING_NONE;
	if (req->charset) {
		parsed = byteset_parse(req->charset, &set, err);
		spec->format_name = "custom";
	} else {
		if (!format)
			format = &formats[FORMAT_ID_GRAPH];
		parsed = byteset_parse(format->set, &set, err);
		spec->format_name = format->name;
		*encoding = format->encoding;
	}
	if (!parsed)
		return false;
	if (!narrow_set(req, &set, err))
		return false;
	if (!alphabet_from_byteset(&set, &cs->alphabet, err))
		return false;
	if (cs->alphabet.size < 2) {
		error_set(err, cs->alphabet.size == 0
			  ? "the character set is empty"
			  : "the character set has only one character: nothing would be random");
		return false;
	}
	/* Exclusions change the alphabet, so it no longer matches the encoding. */
	cs->alphabet_name = spec->format_name;
	if (req->exclude_count || req->no_ambiguous) {
		*encoding = ENCODING_NONE;
		cs->alphabet_narrowed = true;
	}
	return true;
}

static bool check_rules(const struct request *req, struct characters_spec *cs, struct error *err)
{
	cs->required = req->required;
	for (int k = 0; k < CLASS_COUNT; k++) {
		if ((req->required & (1u << k)) && cs->alphabet.class_size[k] == 0) {
			error_set(err, "--require %s is impossible: the alphabet has no %s characters",
				  char_class_name((enum char_class)k), char_class_name((enum char_class)k));
			return false;
		}
	}
	return true;
}

/* The token kind: --bytes random bytes of the alphabet's encoding. */
static bool build_token(const struct request *req, enum encoding encoding, struct spec *spec,
			struct error *err)
{
	struct token_spec *t = &spec->token;
	struct alphabet digits = spec->characters.alphabet;

	if (encoding == ENCODING_NONE) {
		error_set(err, "--bytes needs an unmodified byte encoding: --format hex, base32, base64 or base64url");
		return false;
	}
	if (spec->characters.required) {
		error_set(err, "--bytes cannot be combined with --require");
		return false;
	}
	spec->kind = SPEC_TOKEN;
	memset(t, 0, sizeof *t);
	t->alphabet = digits;
	t->encoding = encoding;
	t->bytes = req->length_value;
	t->length = encoded_length(encoding, t->bytes);
	count_set(&spec->outcomes, 1);
	count_multiply_power(&spec->outcomes, 256, t->bytes);
	spec->max_bytes = t->length; /* one byte a character */
	return true;
}

static bool resolve_length(const struct request *req, struct spec *spec, struct error *err)
{
	struct characters_spec *cs = &spec->characters;
	unsigned needed = class_mask_count(cs->required);
	unsigned long target = DEFAULT_ENTROPY_BITS;

	switch (req->length_kind) {
	case LENGTH_BYTES:
		return true; /* the token kind: build_token() */
	case LENGTH_CHARS:
		cs->length = req->length_value;
		if (cs->length < needed) {
			error_set(err, "a length of %zu cannot hold one character of each of the %u required classes",
				  cs->length, needed);
			return false;
		}
		break;
	case LENGTH_ENTROPY:
		target = req->length_value;
		/* fall through */
	case LENGTH_DEFAULT:
		cs->length = length_for_entropy(&cs->alphabet, cs->required, target, MAX_LENGTH);
		if (cs->length == 0) {
			error_set(err, "%lu bits cannot be reached within %d characters of this alphabet",
				  target, MAX_LENGTH);
			return false;
		}
		break;
	}
	strings_count(&cs->alphabet, cs->length, cs->required, &spec->outcomes);
	/* Rules can leave a single valid string ("-c ab1 -r digit -l 1"):
	 * then nothing is random. */
	if (!spec_reaches(spec, 1)) {
		error_set(err, "only one string of length %zu meets the rules: nothing would be random",
			  cs->length);
		return false;
	}
	spec->max_bytes = cs->length; /* one byte a character */
	return true;
}

/* The character kind, or the token kind for --bytes: both start from an
 * alphabet, in that order of checks. */
static bool build_characters(const struct request *req, const struct format *format,
			     struct spec *spec, struct error *err)
{
	enum encoding encoding;

	if (!build_alphabet(req, format, spec, &encoding, err) ||
	    !check_rules(req, &spec->characters, err))
		return false;
	if (req->length_kind == LENGTH_BYTES)
		return build_token(req, encoding, spec, err);
	return resolve_length(req, spec, err);
}

bool spec_build(const struct request *req, struct spec *spec, struct error *err)
{
	const struct format *format = req->format;
	enum rules_outcome rules;
	enum option_kinds kind;
	bool words, ok;

	error_clear(err);
	/*
	 * Every field but the two big arrays, which are written as they fill
	 * and read only that far: the count's limbs (4 KiB, up to `used`) and
	 * the notes (3.7 KiB, up to note_count).  Clearing them would be
	 * 8 KiB of stores and two more pages touched on every call.
	 */
	memset(&spec->characters, 0,
	       offsetof(struct spec, outcomes) - offsetof(struct spec, characters));
	spec->kind = SPEC_CHARACTERS; /* until a builder makes it another kind */
	spec->format_name = NULL;
	spec->max_bytes = 0;
	count_set(&spec->outcomes, 0);
	spec->note_count = 0;
	spec->count = req->count;
	spec->terminator = req->null_terminated ? '\0' : '\n';
	spec->verbose = req->verbose;
	spec->dice_sides = req->dice_sides;
	if (req->format_unknown)
		return error_set(err, "unknown format %s (see --help for the list)",
				 error_quote(err, req->format_unknown));
	words = request_wants_words(req);
	kind = words ? KINDS_WORDS
		     : request_wants_pronounceable(req) ? KINDS_PRONOUNCEABLE : KINDS_CHARACTERS;
	if (!check_kind(req, format, kind, err))
		return false;
	/* Site rules, when any apply, make their own character spec.  Most
	 * calls name none: they do not enter that code, a page of its own. */
	rules = request_wants_site_rules(req) ? spec_site_rules_build(req, format, words, spec, err)
					      : RULES_NONE;
	if (rules != RULES_NONE)
		ok = rules == RULES_BUILT;
	else if (kind == KINDS_WORDS)
		ok = spec_passphrase_build(req, spec, err);
	else if (kind == KINDS_PRONOUNCEABLE)
		ok = spec_pronounceable_build(req, spec, err);
	else
		ok = build_characters(req, format, spec, err);
	/* The figure of every kind, from the count that each builder made
	 * (a token's is 8 bits a byte, exactly). */
	spec->bits = ok ? count_log2(&spec->outcomes) : 0;
	/* With dice nothing is printed before the last roll is in, so all of
	 * the output must fit in the output buffer. */
	if (ok && spec->dice_sides &&
	    spec->count > OUTPUT_BUFFER_BYTES / (spec->max_bytes + 1)) {
		error_set(err, "with dice, the output may be at most %d bytes: lower --count",
			  OUTPUT_BUFFER_BYTES);
		ok = false;
	}
	if (!ok)
		spec_free(spec);
	return ok;
}
