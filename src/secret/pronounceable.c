/*
 * pronounceable.c - passwords of syllables: their length, characters and
 * count.
 *
 * Every choice is one uniform draw from a fixed set (pronounceable_draw.c),
 * and the password shows each choice in a place of its own
 * (pronounceable.h), so the passwords of a shape are equally likely and
 * there are exactly as many as pronounceable_count() says: unlike pwgen's
 * phonemes, whose two-letter units and rules make some passwords likelier
 * than others and let one password come from several draws.
 */
#include "config.h"

#include "secret/pronounceable.h"

size_t pronounceable_extras(const struct pronounceable *p)
{
	return (size_t)(p->digits.size > 0) + (size_t)(p->symbols.size > 0);
}

size_t pronounceable_letters(const struct pronounceable *p, size_t drawn)
{
	return drawn > pronounceable_extras(p) ? drawn - pronounceable_extras(p) : 0;
}

size_t pronounceable_length(const struct pronounceable *p, size_t drawn)
{
	if (!p->group || drawn == 0)
		return drawn;
	return drawn + p->separator_len * ((drawn - 1) / p->group);
}

void pronounceable_count(const struct pronounceable *p, size_t drawn, struct count *count)
{
	size_t letters = pronounceable_letters(p, drawn);
	/* Places 1, 4, 7 ... of the letters: floor((k + 1) / 3) of k. */
	size_t vowels = (letters + 1) / 3;

	count_set(count, letters > 0);
	if (letters == 0)
		return;
	count_multiply_power(count, p->consonants.size, letters - vowels);
	count_multiply_power(count, p->vowels.size, vowels);
	if (p->digits.size) {
		count_multiply(count, p->digits.size);
		count_multiply(count, (uint32_t)drawn);
	}
	if (p->symbols.size) {
		count_multiply(count, p->symbols.size);
		count_multiply(count, (uint32_t)(drawn - (p->digits.size > 0)));
	}
	if (p->capital)
		count_multiply(count, (uint32_t)letters);
}

double pronounceable_letters_log2(const struct pronounceable *p, size_t bytes)
{
	size_t drawn = 0, letters, vowels;

	while (drawn < p->drawn && pronounceable_length(p, drawn + 1) <= bytes)
		drawn++;
	letters = pronounceable_letters(p, drawn);
	vowels = (letters + 1) / 3;
	return count_log2_power(p->consonants.size, letters - vowels) +
	       count_log2_power(p->vowels.size, vowels);
}

size_t pronounceable_characters(const struct pronounceable *p, char *out)
{
	const struct alphabet *sets[] = { &p->consonants, &p->vowels, &p->digits, &p->symbols };
	bool in[128] = { false };
	size_t n = 0;

	for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++)
		for (unsigned i = 0; i < sets[s]->size; i++) {
			unsigned char c = (unsigned char)sets[s]->chars[i];

			in[c] = true;
			if (p->capital && s < 2)
				in[c - 'a' + 'A'] = true;
		}
	for (size_t i = 0; i < p->separator_len; i++)
		in[(unsigned char)p->separator[i]] = true;
	for (unsigned c = ' '; c <= '~'; c++)
		if (in[c])
			out[n++] = (char)c;
	return n;
}
