/*
 * generate.c - sampling.
 *
 * Each character is an independent uniform draw from the alphabet
 * (uniform_fill: several characters from each random word, uniform.c), so
 * every string of the length is equally likely.  Class
 * rules are met by rejecting whole candidates and drawing a fresh one: the
 * accepted strings are then uniform over the valid ones, which is what
 * entropy.c counts; site rules that too few strings meet are drawn by
 * counting them (site_rules_exact.c), uniform as well.  Repairing a candidate instead (say, overwriting a random
 * position with a digit) would favour some strings and make that count wrong.
 */
#include "config.h"

#include "spec/generate.h"

#include "secret/encode.h"
#include "secret/passphrase_draw.h"
#include "secret/pronounceable_draw.h"
#include "random/uniform.h"
#include "text/util.h"

bool meets_rules(const char *s, size_t length, class_mask required)
{
	class_mask seen = 0;

	for (size_t i = 0; i < length; i++) {
		enum char_class class = char_class_of((unsigned char)s[i]);

		if (class != CLASS_COUNT)
			seen |= 1u << class;
	}
	return (seen & required) == required;
}

/* A token: random bytes, encoded. */
static size_t generate_token(const struct token_spec *t, struct random_source *src, char *out)
{
	unsigned char raw[MAX_BYTES]; /* the bytes before encoding, wiped right after */

	uniform_bytes(src, raw, t->bytes);
	encode_bytes(t->encoding, raw, t->bytes, out);
	secure_zero(raw, t->bytes);
	return t->length;
}

/* Characters: whole candidates until one meets the class or site rules;
 * site rules that too few candidates meet are drawn by counting. */
static size_t generate_characters(const struct spec *spec, struct random_source *src, char *out)
{
	const struct characters_spec *c = &spec->characters;

	if (c->has_site_rules && spec->site.by_counting) {
		site_rules_exact_draw(&spec->site.exact, c->length, src, out);
		return c->length;
	}
	do {
		uniform_fill(src, c->alphabet.chars, c->alphabet.size, out, c->length);
	} while ((c->required && !meets_rules(out, c->length, c->required)) ||
		 (c->has_site_rules && !site_rules_model_accepts(&spec->site.model, out, c->length)));
	return c->length;
}

uint64_t generate_random_bytes(const struct spec *spec)
{
	uint64_t count = spec->count;

	switch (spec->kind) {
	case SPEC_CHARACTERS:
		if (spec->characters.has_site_rules && spec->site.by_counting)
			return site_rules_exact_random_bytes(&spec->site.exact,
							     spec->characters.length) * count;
		return uniform_bytes_for(spec->characters.alphabet.size,
					 (uint64_t)spec->characters.length * count);
	case SPEC_TOKEN:
		return (uint64_t)spec->token.bytes * count;
	case SPEC_WORDS:
		return passphrase_random_bytes(&spec->words.passphrase, count);
	case SPEC_PRONOUNCEABLE:
		return pronounceable_random_bytes(&spec->pronounceable, count);
	}
	return 0;
}

size_t generate_secret(const struct spec *spec, struct random_source *src, char *out)
{
	switch (spec->kind) {
	case SPEC_CHARACTERS:
		return generate_characters(spec, src, out);
	case SPEC_TOKEN:
		return generate_token(&spec->token, src, out);
	case SPEC_WORDS:
		return passphrase_generate(&spec->words.passphrase, src, out);
	case SPEC_PRONOUNCEABLE:
		return pronounceable_generate(&spec->pronounceable, src, out);
	}
	return 0;
}
