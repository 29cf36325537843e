/*
 * pronounceable_draw.c - drawing a pronounceable password: each choice one
 * uniform draw, in the order pronounceable_draw.h gives, so that every
 * password of the shape is equally likely (pronounceable.c counts them).
 */
#include "config.h"

#include "secret/pronounceable_draw.h"
#include "random/uniform.h"
#include "text/util.h"

#include <string.h>

uint64_t pronounceable_random_bytes(const struct pronounceable *p, uint64_t count)
{
	uint64_t letters = pronounceable_letters(p, p->drawn), vowels = (letters + 1) / 3;
	uint64_t bytes = uniform_bytes_for(p->consonants.size, (letters - vowels) * count) +
			 uniform_bytes_for(p->vowels.size, vowels * count);

	if (p->digits.size)
		bytes += uniform_bytes_for((uint32_t)p->drawn, count) +
			 uniform_bytes_for(p->digits.size, count);
	if (p->symbols.size)
		bytes += uniform_bytes_for((uint32_t)(p->drawn - (p->digits.size > 0)), count) +
			 uniform_bytes_for(p->symbols.size, count);
	if (p->capital)
		bytes += uniform_bytes_for((uint32_t)letters, count);
	return bytes;
}

/* Spread the drawn characters out[0, drawn) over the password's length,
 * a separator after every group, working from the end so that nothing is
 * overwritten before it is moved. */
static size_t insert_separators(const struct pronounceable *p, char *out)
{
	size_t length = pronounceable_length(p, p->drawn), to = length;

	for (size_t from = p->drawn; from-- > 0;) {
		out[--to] = out[from];
		if (from > 0 && p->group && from % p->group == 0) {
			to -= p->separator_len;
			memcpy(out + to, p->separator, p->separator_len);
		}
	}
	return length;
}

size_t pronounceable_generate(const struct pronounceable *p, struct random_source *src, char *out)
{
	size_t letters = pronounceable_letters(p, p->drawn);
	/* The places and values drawn besides the letters, wiped at the end;
	 * `none` (past every place) where there is no such character. */
	const size_t none = p->drawn;
	size_t digit_at = none, symbol_at = none, capital_at = none, next_letter;
	char digit = 0, symbol = 0;

	for (size_t i = 0; i < letters; i++) {
		const struct alphabet *set = pronounceable_vowel_at(i) ? &p->vowels : &p->consonants;

		out[i] = set->chars[uniform_below(src, set->size)];
	}
	if (p->digits.size) {
		digit_at = uniform_below(src, (uint32_t)p->drawn);
		digit = p->digits.chars[uniform_below(src, p->digits.size)];
	}
	if (p->symbols.size) {
		/* The n-th of the places the digit left, counted from 0. */
		symbol_at = uniform_below(src, (uint32_t)(p->drawn - (p->digits.size > 0)));
		if (symbol_at >= digit_at)
			symbol_at++;
		symbol = p->symbols.chars[uniform_below(src, p->symbols.size)];
	}
	if (p->capital) {
		capital_at = uniform_below(src, (uint32_t)letters);
		out[capital_at] = (char)(out[capital_at] - 'a' + 'A');
	}
	/* The letters keep their order around the digit and the symbol:
	 * filled from the last place, each letter moves only forward. */
	next_letter = letters;
	for (size_t at = p->drawn; at-- > 0;)
		out[at] = at == digit_at ? digit : at == symbol_at ? symbol : out[--next_letter];
	secure_zero(&digit_at, sizeof digit_at);
	secure_zero(&symbol_at, sizeof symbol_at);
	secure_zero(&capital_at, sizeof capital_at);
	secure_zero(&digit, sizeof digit);
	secure_zero(&symbol, sizeof symbol);
	return insert_separators(p, out);
}
