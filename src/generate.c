/*
 * generate.c - sampling.
 *
 * Each character is an independent uniform draw from the alphabet
 * (uniform_fill: several characters from each random word, uniform.c), so
 * every string of the length is equally likely.  Class
 * rules are met by rejecting whole candidates and drawing a fresh one: the
 * accepted strings are then uniform over the valid ones, which is what
 * entropy.c counts.  Repairing a candidate instead (say, overwriting a random
 * position with a digit) would favour some strings and make that count wrong.
 */
#include "config.h"

#include "generate.h"

#include "encode.h"
#include "passphrase_draw.h"
#include "uniform.h"
#include "util.h"

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

static void generate_encoded(const struct spec *spec, struct random_source *src, char *out)
{
	unsigned char raw[MAX_BYTES]; /* the bytes before encoding, wiped right after */

	uniform_bytes(src, raw, spec->bytes);
	encode_bytes(spec->encoding, raw, spec->bytes, out);
	secure_zero(raw, spec->bytes);
}

uint64_t generate_random_bytes(const struct spec *spec)
{
	uint64_t count = spec->count;

	if (spec->is_passphrase)
		return passphrase_random_bytes(&spec->passphrase, count);
	if (spec->encoding != ENCODING_NONE)
		return (uint64_t)spec->bytes * count;
	return uniform_bytes_for(spec->alphabet.size, (uint64_t)spec->length * count);
}

size_t generate_secret(const struct spec *spec, struct random_source *src, char *out)
{
	if (spec->is_passphrase)
		return passphrase_generate(&spec->passphrase, src, out);
	if (spec->encoding != ENCODING_NONE) {
		generate_encoded(spec, src, out);
		return spec->length;
	}
	do {
		uniform_fill(src, spec->alphabet.chars, spec->alphabet.size, out, spec->length);
	} while ((spec->required && !meets_rules(out, spec->length, spec->required)) ||
		 (spec->has_rules &&
		  !rules_model_accepts(&spec->rules_model, out, spec->length)));
	return spec->length;
}
