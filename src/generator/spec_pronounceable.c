/*
 * spec_pronounceable.c - from options to the shape of a pronounceable
 * password (secret/pronounceable.h).
 *
 * The sets come first (--exclude and --no-ambiguous narrow each), then the
 * groups' separator and the symbols, which must be told apart from each
 * other and from the letters and digits for a password to decode one way;
 * last the number of characters for the length or entropy asked for.
 */
#include "config.h"

#include "generator/spec_pronounceable.h"
#include "secret/pronounceable.h"

#include <stdio.h>
#include <string.h>

/* The letters of one set that --exclude and --no-ambiguous leave, in both
 * cases when a capital may show them upper-case. */
static bool letter_set(const struct request *req, const char *letters, const char *what,
		       struct alphabet *out, struct error *err)
{
	struct byteset lower = { 0 }, upper = { 0 };

	for (const char *c = letters; *c; c++) {
		lower.has[(unsigned char)*c] = true;
		upper.has[(unsigned char)(*c - 'a' + 'A')] = true;
	}
	if (!narrow_set(req, &lower, err) || !narrow_set(req, &upper, err))
		return false;
	memset(out, 0, sizeof *out);
	for (const char *c = letters; *c; c++)
		if (lower.has[(unsigned char)*c] &&
		    (!req->capital || upper.has[(unsigned char)(*c - 'a' + 'A')]))
			out->chars[out->size++] = *c;
	if (out->size == 0)
		return error_set(err, "--exclude and --no-ambiguous leave no %s%s for a pronounceable password",
				 what, req->capital ? " in both cases (--capital)" : "");
	return true;
}

/* The digits or the symbols: a set given in tr(1) syntax (or the default),
 * narrowed, every character of the class asked for, so that it is told
 * apart from the letters; the characters of `taken` (the separator) are
 * left out of the default set and refused in a chosen one. */
static bool extra_set(const struct request *req, const char *option, const char *given,
		      const char *fallback, const char *taken, enum char_class class,
		      struct alphabet *out, struct error *err)
{
	struct byteset set;

	if (!byteset_parse(given ? given : fallback, &set, err))
		return error_prefix(err, "%s: ", option);
	if (given) {
		bool any = false;

		for (int c = 0; c < 256; c++)
			any |= set.has[c];
		if (!any)
			return error_set(err, "%s: %s holds no character", option, error_quote(err, given));
	}
	for (const char *c = taken; *c; c++) {
		if (given && set.has[(unsigned char)*c])
			return error_set(err, "%s: %s is the separator too", option,
					 error_quote_mem(err, c, 1));
		set.has[(unsigned char)*c] = false;
	}
	if (!narrow_set(req, &set, err) || !alphabet_from_byteset(&set, out, err))
		return error_prefix(err, "%s: ", option);
	for (unsigned i = 0; i < out->size; i++)
		if (char_class_of((unsigned char)out->chars[i]) != class)
			return error_set(err, "%s: %s is not %s: a password would not read back one way",
					 option, error_quote_mem(err, &out->chars[i], 1),
					 class == CLASS_DIGIT ? "a digit" : "punctuation");
	if (out->size == 0)
		return error_set(err, "%s: --exclude and --no-ambiguous leave no %s", option,
				 class == CLASS_DIGIT ? "digit" : "symbol");
	return true;
}

/* The separator between groups: punctuation or spaces, "-" by default. */
static bool choose_separator(const struct request *req, struct pronounceable *p, struct error *err)
{
	const char *text = req->separator ? req->separator : "-";
	size_t len = strlen(text);
	struct byteset kept = { 0 };

	if (!req->group) {
		if (req->separator)
			return error_set(err, "--separator goes with --group in a pronounceable password");
		return true;
	}
	if (len == 0 || len >= sizeof p->separator)
		return error_set(err, "--separator of a pronounceable password takes 1 to %zu characters",
				 sizeof p->separator - 1);
	for (size_t i = 0; i < len; i++) {
		enum char_class class = char_class_of((unsigned char)text[i]);

		if (class != CLASS_PUNCT && text[i] != ' ')
			return error_set(err, "--separator of a pronounceable password is punctuation or spaces, not %s",
					 error_quote(err, text));
		kept.has[(unsigned char)text[i]] = true;
	}
	/* The separator is part of the password: what --exclude or
	 * --no-ambiguous leave out may not appear there either. */
	if (!narrow_set(req, &kept, err))
		return false;
	for (size_t i = 0; i < len; i++) {
		if (kept.has[(unsigned char)text[i]])
			continue;
		if (len == 1)
			return error_set(err, "--exclude or --no-ambiguous leaves out the separator %s: choose another with --separator",
					 error_quote(err, text));
		return error_set(err, "--exclude or --no-ambiguous leaves out %s, which the separator %s holds: choose another with --separator",
				 error_quote_mem(err, &text[i], 1), error_quote(err, text));
	}
	p->group = req->group;
	memcpy(p->separator, text, len + 1);
	p->separator_len = len;
	return true;
}

/* The drawn characters of a length in characters, which must not end
 * inside a separator.  The message offers the lengths on either side that
 * fit, leave a letter beside the extras (first drawn characters at least)
 * and are within MAX_LENGTH. */
static bool drawn_for_length(struct pronounceable *p, unsigned long length, size_t first,
			     struct error *err)
{
	size_t drawn = 0, shorter, longer;

	while (pronounceable_length(p, drawn + 1) <= length)
		drawn++;
	if (pronounceable_length(p, drawn) == length) {
		p->drawn = drawn;
		return true;
	}
	shorter = drawn >= first ? pronounceable_length(p, drawn) : 0;
	longer = pronounceable_length(p, drawn + 1 > first ? drawn + 1 : first);
	if (shorter && longer <= MAX_LENGTH)
		return error_set(err, "a length of %lu would end inside a separator: with groups of %zu, %zu or %zu characters fit",
				 length, p->group, shorter, longer);
	if (shorter)
		return error_set(err, "a length of %lu would end inside a separator: with groups of %zu, the longest that fits is %zu characters",
				 length, p->group, shorter);
	return error_set(err, "a length of %lu would end inside a separator: with groups of %zu, the shortest that fits is %zu characters",
			 length, p->group, longer);
}

/* The characters: as many as the length asks, or the fewest that reach
 * the entropy target. */
static bool choose_length(const struct request *req, struct spec *spec, struct error *err)
{
	struct pronounceable *p = &spec->pronounceable;
	unsigned long target = DEFAULT_ENTROPY_BITS;
	size_t first = pronounceable_extras(p) + 1; /* one letter at least */

	switch (req->length_kind) {
	case LENGTH_CHARS:
		if (!drawn_for_length(p, req->length_value, first, err))
			return false;
		if (p->drawn < first)
			return error_set(err, "a length of %lu leaves no letter beside the digit and the symbol",
					 req->length_value);
		pronounceable_count(p, p->drawn, &spec->outcomes);
		return true;
	case LENGTH_ENTROPY:
		target = req->length_value;
		/* fall through */
	case LENGTH_DEFAULT:
		for (p->drawn = first; pronounceable_length(p, p->drawn) <= MAX_LENGTH; p->drawn++) {
			pronounceable_count(p, p->drawn, &spec->outcomes);
			if (count_reaches(&spec->outcomes, target))
				return true;
		}
		return error_set(err, "%lu bits cannot be reached within %d characters of a pronounceable password",
				 target, MAX_LENGTH);
	case LENGTH_BYTES:
		break; /* refused by check_kind() in spec_build.c */
	}
	return false;
}

bool spec_pronounceable_build(const struct request *req, struct spec *spec, struct error *err)
{
	struct pronounceable *p = &spec->pronounceable;

	spec->kind = SPEC_PRONOUNCEABLE;
	spec->format_name = "pronounceable";
	p->capital = req->capital;
	if (!letter_set(req, PRONOUNCEABLE_CONSONANTS, "consonant", &p->consonants, err) ||
	    !letter_set(req, PRONOUNCEABLE_VOWELS, "vowel", &p->vowels, err) ||
	    !choose_separator(req, p, err))
		return false;
	if (req->digit &&
	    !extra_set(req, "--digit", NULL, "0-9", "", CLASS_DIGIT, &p->digits, err))
		return false;
	if (req->symbol && !extra_set(req, "--symbols", req->symbols, "[:punct:]", p->separator,
				      CLASS_PUNCT, &p->symbols, err))
		return false;
	if (!choose_length(req, spec, err))
		return false;
	/* Every set can be down to one character ("-x ..."): then a password
	 * may be the only one. */
	if (!spec_reaches(spec, 1))
		return error_set(err, "only one pronounceable password of length %zu is left: nothing would be random",
				 pronounceable_length(p, p->drawn));
	spec->max_bytes = pronounceable_length(p, p->drawn); /* one byte a character */
	return true;
}
