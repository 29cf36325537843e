/*
 * spec.c - from options to a checked specification.
 *
 * Every impossible or contradictory request is refused here, before any
 * random byte is read: an alphabet of fewer than two characters, a required
 * class with no character left, a length shorter than the number of required
 * classes, an entropy target no length within the maximum reaches, --bytes
 * with an alphabet that is not a byte encoding.
 */
#include "config.h"

#include "spec.h"
#include "text.h"

#include "encode.h"
#include "output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Is this a passphrase request?  `format` is --format's, or NULL. */
static bool wants_words(const struct request *req, const struct format *format)
{
	return req->words || req->wordlist || (format && !format->set);
}

/* Options that make sense for one kind of secret only. */
static bool check_kind(const struct request *req, const struct format *format, bool words,
		       char *err, size_t errlen)
{
	const char *misplaced = NULL;

	if (words) {
		if (format && format->set)
			misplaced = "--format with a character format";
		else if (req->charset)
			misplaced = "--charset";
		else if (req->exclude_count)
			misplaced = "--exclude";
		else if (req->required)
			misplaced = "--require";
		else if (req->no_ambiguous)
			misplaced = "--no-ambiguous";
		else if (req->length_kind == LENGTH_BYTES)
			misplaced = "--bytes";
		if (misplaced)
			snprintf(err, errlen, "%s applies to characters, not to passphrases", misplaced);
	} else {
		if (req->separator)
			misplaced = "--separator";
		else if (req->separators)
			misplaced = "--separators";
		else if (req->capitalize)
			misplaced = "--capitalize";
		else if (req->digit)
			misplaced = "--digit";
		else if (req->symbol)
			misplaced = req->symbols ? "--symbols" : "--symbol";
		if (misplaced)
			snprintf(err, errlen, "%s applies to passphrases: add --words", misplaced);
	}
	return misplaced == NULL;
}

/* An alphabet from a tr(1) SET for separators or symbols. */
static bool alphabet_option(const char *option, const char *set_spec, unsigned minimum,
			    struct alphabet *alpha, char *err, size_t errlen)
{
	struct byteset set;
	const char *problem = byteset_parse(set_spec, &set);
	char message[160];

	if (!problem)
		problem = alphabet_from_byteset(&set, alpha, message, sizeof message);
	if (problem) {
		snprintf(err, errlen, "%s: %s", option, problem);
		return false;
	}
	if (alpha->size < minimum) {
		snprintf(err, errlen, "%s needs at least %u character%s%s", option, minimum,
			 minimum == 1 ? "" : "s", minimum == 2 ? " (use --separator for a single one)" : "");
		return false;
	}
	return true;
}

/* A fixed separator: at most 16 bytes of UTF-8 without control characters. */
static bool copy_separator(const char *text, struct passphrase *p, char *err, size_t errlen)
{
	size_t len = strlen(text);

	if (len > MAX_SEPARATOR_BYTES) {
		snprintf(err, errlen, "--separator is longer than %d bytes", MAX_SEPARATOR_BYTES);
		return false;
	}
	if (!utf8_printable(text, len)) {
		snprintf(err, errlen,
			 "--separator must be printable UTF-8 text (no newline, control or other non-printing characters)");
		return false;
	}
	memcpy(p->separator, text, len + 1);
	return true;
}

/* Capitalise every word of `list` into `out` (first letter or all), then
 * clean it as a new list: capitals can make two words equal ("Polish"). */
static bool capitalize_list(const struct wordlist *list, enum capitalization caps,
			    struct wordlist *out, size_t *collisions, char *err, size_t errlen)
{
	size_t total = 0, used = 0;
	char *joined;
	bool ok;

	for (size_t i = 0; i < list->count; i++)
		total += strlen(wordlist_word(list, i)) + 1;
	joined = malloc(total);
	if (!joined) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	for (size_t i = 0; i < list->count; i++) {
		size_t len = strlen(wordlist_word(list, i));

		memcpy(joined + used, wordlist_word(list, i), len);
		joined[used + len] = '\0';
		capitalize_word(joined + used, caps);
		joined[used + len] = '\n';
		used += len + 1;
	}
	ok = wordlist_parse(joined, total, list->name, out, err, errlen);
	free(joined);
	if (ok)
		*collisions = out->duplicates;
	return ok;
}

static bool build_passphrase(const struct request *req, struct spec *spec, char *err,
			     size_t errlen)
{
	struct passphrase *p = &spec->passphrase;
	const struct wordlist *list = wordlist_default();
	double target = DEFAULT_ENTROPY_BITS;

	spec->words = true;
	spec->format_name = "words";
	if (req->wordlist) {
		if (!wordlist_load(req->wordlist, &spec->file_list, err, errlen))
			return false;
		list = &spec->file_list;
	}
	if (req->capitalize && !capitalization_by_name(req->capitalize, &p->caps)) {
		char shown[QUOTE_BYTES];

		snprintf(err, errlen, "invalid capitalization %s: use none, first, all or random",
			 quote(shown, req->capitalize));
		return false;
	}
	if (p->caps == CAPS_FIRST || p->caps == CAPS_ALL) {
		if (!capitalize_list(list, p->caps, &spec->capitalized_list,
				     &spec->capital_collisions, err, errlen))
			return false;
		list = &spec->capitalized_list;
	}
	p->list = list;
	if (req->separator && req->separators) {
		snprintf(err, errlen, "--separator and --separators cannot be combined");
		return false;
	}
	if (req->separators) {
		if (!alphabet_option("--separators", req->separators, 2, &p->separators, err,
				     errlen))
			return false;
	} else if (!copy_separator(req->separator ? req->separator : " ", p, err, errlen)) {
		return false;
	}
	p->digit = req->digit;
	if (req->symbol) {
		if (!alphabet_option("--symbols", req->symbols ? req->symbols : "[:punct:]", 1,
				     &p->symbols, err, errlen))
			return false;
		/* The default symbols step aside for the separators and for
		 * punctuation inside words ("o'clock"); chosen symbols that clash
		 * are refused by passphrase_check(). */
		if (!req->symbols) {
			bool in_words[256] = { false };
			unsigned kept = 0;

			if (list->letters)
				for (const char *c = list->letters; *c; c++)
					in_words[(unsigned char)*c] = true;
			else
				for (size_t i = 0; i < list->count; i++)
					for (const char *c = wordlist_word(list, i); *c; c++)
						in_words[(unsigned char)*c] = true;
			for (unsigned i = 0; i < p->symbols.size; i++) {
				char c = p->symbols.chars[i];

				if (!strchr(p->separator, c) && !in_words[(unsigned char)c] &&
				    !memchr(p->separators.chars, c, p->separators.size))
					p->symbols.chars[kept++] = c;
			}
			p->symbols.size = kept;
			if (kept == 0) {
				snprintf(err, errlen,
					 "--symbol: every punctuation character is a separator or in a word; choose --symbols");
				return false;
			}
		}
	}
	switch (req->length_kind) {
	case LENGTH_CHARS:
		if (req->length_value > MAX_WORDS) {
			snprintf(err, errlen, "invalid length '%lu': the maximum is %d words",
				 req->length_value, MAX_WORDS);
			return false;
		}
		p->words = req->length_value;
		break;
	case LENGTH_ENTROPY:
		target = (double)req->length_value;
		/* fall through */
	case LENGTH_DEFAULT:
		for (p->words = 1; p->words <= MAX_WORDS; p->words++) {
			passphrase_entropy(p, &spec->word_bits);
			if (spec->word_bits.total >= target)
				break;
		}
		if (p->words > MAX_WORDS) {
			snprintf(err, errlen, "%g bits cannot be reached within %d words of this list",
				 target, MAX_WORDS);
			return false;
		}
		break;
	case LENGTH_BYTES:
		break; /* refused by check_kind() */
	}
	if (passphrase_check(p, err, errlen))
		return false;
	passphrase_entropy(p, &spec->word_bits);
	spec->bits = spec->word_bits.total;
	spec->length = passphrase_max_bytes(p);
	return true;
}

static bool build_alphabet(const struct request *req, const struct format *format,
			   struct spec *spec, char *err, size_t errlen)
{
	struct byteset set, excluded;
	const char *problem;

	if (req->charset) {
		problem = byteset_parse(req->charset, &set);
		spec->format_name = "custom";
	} else {
		if (!format)
			format = format_by_name("graph");
		problem = byteset_parse(format->set, &set);
		spec->format_name = format->name;
		spec->encoding = format->encoding;
	}
	if (problem) {
		snprintf(err, errlen, "%s", problem);
		return false;
	}
	for (size_t i = 0; i < req->exclude_count; i++) {
		problem = byteset_parse(req->exclude[i], &excluded);
		if (problem) {
			snprintf(err, errlen, "--exclude: %s", problem);
			return false;
		}
		for (int c = 0; c < 256; c++)
			if (excluded.has[c])
				set.has[c] = false;
	}
	if (req->no_ambiguous)
		for (const char *p = ambiguous_chars; *p; p++)
			set.has[(unsigned char)*p] = false;
	if (alphabet_from_byteset(&set, &spec->alphabet, err, errlen))
		return false;
	if (spec->alphabet.size < 2) {
		snprintf(err, errlen, spec->alphabet.size == 0
			 ? "the character set is empty"
			 : "the character set has only one character: nothing would be random");
		return false;
	}
	/* Exclusions change the alphabet, so it no longer matches the encoding. */
	if (req->exclude_count || req->no_ambiguous) {
		spec->encoding = ENCODING_NONE;
		snprintf(spec->alphabet_name, sizeof spec->alphabet_name, "%s, less exclusions",
			 spec->format_name);
	} else {
		snprintf(spec->alphabet_name, sizeof spec->alphabet_name, "%s", spec->format_name);
	}
	return true;
}

static bool check_rules(const struct request *req, struct spec *spec, char *err,
			size_t errlen)
{
	spec->required = req->required;
	for (int k = 0; k < CLASS_COUNT; k++) {
		if ((req->required & (1u << k)) && spec->alphabet.class_size[k] == 0) {
			snprintf(err, errlen,
				 "--require %s is impossible: the alphabet has no %s characters",
				 char_class_name((enum char_class)k), char_class_name((enum char_class)k));
			return false;
		}
	}
	return true;
}

static bool resolve_length(const struct request *req, struct spec *spec, char *err,
			   size_t errlen)
{
	unsigned needed = class_mask_count(spec->required);
	double target = DEFAULT_ENTROPY_BITS;

	switch (req->length_kind) {
	case LENGTH_BYTES:
		if (spec->encoding == ENCODING_NONE) {
			snprintf(err, errlen,
				 "--bytes needs an unmodified byte encoding: --format hex, base32, base64 or base64url");
			return false;
		}
		if (spec->required) {
			snprintf(err, errlen, "--bytes cannot be combined with --require");
			return false;
		}
		spec->bytes = req->length_value;
		spec->length = encoded_length(spec->encoding, spec->bytes);
		spec->bits = 8.0 * (double)spec->bytes;
		return true;
	case LENGTH_CHARS:
		spec->length = req->length_value;
		if (spec->length < needed) {
			snprintf(err, errlen,
				 "a length of %zu cannot hold one character of each of the %u required classes",
				 spec->length, needed);
			return false;
		}
		break;
	case LENGTH_ENTROPY:
		target = (double)req->length_value;
		/* fall through */
	case LENGTH_DEFAULT:
		spec->length = length_for_entropy(&spec->alphabet, spec->required, target,
						  MAX_LENGTH);
		if (spec->length == 0) {
			snprintf(err, errlen,
				 "%g bits cannot be reached within %d characters of this alphabet",
				 target, MAX_LENGTH);
			return false;
		}
		break;
	}
	spec->encoding = ENCODING_NONE;
	spec->bits = entropy_of_string(&spec->alphabet, spec->length, spec->required);
	/* Rules can leave a single valid string ("-c ab1 -r digit -l 1"):
	 * then nothing is random.  Counts are whole, so fewer than two valid
	 * strings means less than one bit. */
	if (spec->bits < 1) {
		snprintf(err, errlen,
			 "only one string of length %zu meets the rules: nothing would be random",
			 spec->length);
		return false;
	}
	return true;
}

bool spec_build(const struct request *req, struct spec *spec, char *err, size_t errlen)
{
	const struct format *format = NULL;
	bool words, ok;

	memset(spec, 0, sizeof *spec);
	spec->count = req->count;
	spec->terminator = req->null_terminated ? '\0' : '\n';
	spec->verbose = req->verbose;
	spec->dice_sides = req->dice_sides;
	if (req->format && !(format = format_by_name(req->format))) {
		char shown[QUOTE_BYTES];

		snprintf(err, errlen, "unknown format %s (see --help for the list)",
			 quote(shown, req->format));
		return false;
	}
	words = wants_words(req, format);
	if (!check_kind(req, format, words, err, errlen))
		return false;
	if (words)
		ok = build_passphrase(req, spec, err, errlen);
	else
		ok = build_alphabet(req, format, spec, err, errlen) && check_rules(req, spec, err, errlen) &&
		     resolve_length(req, spec, err, errlen);
	/* With dice nothing is printed before the last roll is in, so all of
	 * the output must fit in the output buffer. */
	if (ok && spec->dice_sides &&
	    spec->count > OUTPUT_BUFFER_BYTES / (spec->length + 1)) {
		snprintf(err, errlen, "with dice, the output may be at most %d bytes: lower --count",
			 OUTPUT_BUFFER_BYTES);
		ok = false;
	}
	if (!ok)
		spec_free(spec);
	return ok;
}

void spec_free(struct spec *spec)
{
	wordlist_free(&spec->file_list);
	wordlist_free(&spec->capitalized_list);
}
