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

#include "generator/generate.h"

#include "secret/encode.h"
#include "secret/passphrase_draw.h"
#include "secret/pronounceable_draw.h"
#include "random/uniform.h"
#include "text/util.h"

#include <string.h>

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

/*
 * Batches.  A run of secrets whose draws all have one bound, with nothing
 * else drawn between secrets (characters without class or site rules,
 * tokens, passphrases that draw only their words), is one stream of draws
 * cut into secrets: so it can be drawn many secrets at a time, and the
 * same draws land in the same places.  Characters are drawn into the
 * output room and spread apart to take their terminators; tokens are
 * encoded from the pool's bytes in place (uniform_view); the words'
 * indices go through the stack, wiped after each batch, as one secret's
 * draws are.  (Static room would move the data a single call touches
 * across a page: one page fault more.)
 */
#define BATCH_DRAWS 1024

bool generate_batches(const struct spec *spec)
{
	if (spec->max_bytes + 1 + PASSPHRASE_ASSEMBLY_SLACK > GENERATE_BATCH_ROOM)
		return false;
	switch (spec->kind) {
	case SPEC_CHARACTERS:
		return !spec->characters.has_site_rules && !spec->characters.required &&
		       spec->characters.length > 0;
	case SPEC_TOKEN:
		return spec->token.bytes > 0;
	case SPEC_WORDS:
		return !passphrase_has_extras(&spec->words.passphrase) &&
		       spec->words.passphrase.word_count <= BATCH_DRAWS;
	case SPEC_PRONOUNCEABLE:
		break;
	}
	return false;
}

static unsigned long at_most(unsigned long count, size_t fit)
{
	return count < fit ? count : (unsigned long)fit;
}

unsigned long generate_batch_count(const struct spec *spec, unsigned long count, size_t *room)
{
	size_t each = spec->max_bytes + 1, slack = 0;
	unsigned long n = at_most(count, GENERATE_BATCH_ROOM / each);

	if (spec->kind == SPEC_WORDS) {
		slack = PASSPHRASE_ASSEMBLY_SLACK;
		n = at_most(at_most(n, (GENERATE_BATCH_ROOM - slack) / each),
			    BATCH_DRAWS / spec->words.passphrase.word_count);
	}
	*room = n * each + slack;
	return n;
}

/*
 * n secrets of len characters, one after the other at out, each moved to
 * its place after the terminators of the ones before it, from the last.
 * Secret i moves i bytes up, over room its successors have left: from
 * 16 to 32 characters, as its first and last 16 bytes, both read before
 * either is written; longer ones from their end down, 16 bytes a step
 * and a last step from the start, each step read before it is written:
 * what a step writes lies i bytes above what it read and at least 1 byte
 * above the next step's start, so for i >= 16 no step reads what an
 * earlier one wrote.  The first 16 of those, and short ones, go through
 * memmove() (a call a secret cost as much again as the steps).
 */
static void spread(char *out, size_t n, size_t len, char terminator)
{
	/* Copies of password characters: wiped once the batch is spread. */
	unsigned char head[16], step[16];

	for (size_t i = n; i-- > 0;) {
		char *to = out + i * (len + 1);
		const char *from = out + i * len;

		if (len >= 16 && len <= 32) {
			memcpy(head, from, 16);
			memcpy(step, from + len - 16, 16);
			memcpy(to + len - 16, step, 16);
			memcpy(to, head, 16);
		} else if (i >= 16 && len > 32) {
			const char *step_from = from + len;
			char *step_to = to + len;

			while (step_from - from > 16) {
				step_from -= 16;
				step_to -= 16;
				memcpy(step, step_from, 16);
				memcpy(step_to, step, 16);
			}
			memcpy(step, from, 16);
			memcpy(to, step, 16);
		} else {
			memmove(to, from, len);
		}
		to[len] = terminator;
	}
	secure_zero(head, sizeof head);
	secure_zero(step, sizeof step);
}

size_t generate_batch(const struct spec *spec, struct random_source *src, unsigned long n,
		      char terminator, char *out)
{
	size_t each = spec->max_bytes + 1;

	switch (spec->kind) {
	case SPEC_CHARACTERS: {
		const struct characters_spec *c = &spec->characters;

		uniform_fill(src, c->alphabet.chars, c->alphabet.size, out, n * c->length);
		spread(out, n, c->length, terminator);
		return n * each;
	}
	case SPEC_TOKEN: {
		const struct token_spec *t = &spec->token;
		unsigned char raw[MAX_BYTES];
		size_t len = 0;

		/* Encoded where the source keeps the bytes when it can; a token
		 * that straddles two of its reads, and a source that cannot,
		 * through raw, wiped after. */
		for (unsigned long made = 0; made < n;) {
			size_t bytes = (n - made) * t->bytes;
			const unsigned char *in = uniform_view(src, t->bytes, &bytes);
			size_t tokens = in ? bytes / t->bytes : 1;

			if (!in) {
				uniform_bytes(src, raw, t->bytes);
				in = raw;
			}
			len += encode_many(t->encoding, in, t->bytes, tokens, terminator, out + len);
			made += tokens;
		}
		secure_zero(raw, t->bytes);
		return len;
	}
	case SPEC_WORDS: {
		const struct passphrase *p = &spec->words.passphrase;
		uint32_t draws[BATCH_DRAWS];
		size_t len;

		uniform_draws(src, (uint32_t)p->list->count, draws, n * p->word_count);
		len = passphrase_assemble(p, draws, n, spec->count, terminator, out);
		secure_zero(draws, n * p->word_count * sizeof draws[0]);
		return len;
	}
	case SPEC_PRONOUNCEABLE:
		break;
	}
	return 0;
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
