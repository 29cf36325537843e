/*
 * passphrase_draw.c - drawing a passphrase of a checked shape.
 *
 * The draws, in order (what a dice user rolls for): each word's index (and,
 * with random capitals, its capital bit right after it), then each gap's
 * separator, then the digit's word and value, then the symbol's word and
 * value.  When the digit and the symbol follow the same word, the digit
 * comes first.  Every draw is uniform (uniform.c), and passphrase_check()
 * has made sure that each outcome prints differently, so the figure of
 * passphrase_entropy() is exact.
 */
#include "config.h"

#include "secret/passphrase_draw.h"

#include "random/uniform.h"
#include "text/util.h"

#include <string.h>

/* Copy src to out, returning the new end. */
static char *append(char *out, const char *src, size_t len)
{
	memcpy(out, src, len);
	return out + len;
}

uint64_t passphrase_random_bytes(const struct passphrase *p, uint64_t count)
{
	uint64_t words = (uint64_t)p->word_count * count, gaps = (uint64_t)(p->word_count - 1) * count;
	uint64_t bytes = uniform_bytes_for((uint32_t)p->list->count, words);

	if (p->caps == CAPS_RANDOM)
		bytes += uniform_bytes_for(2, words);
	if (p->separators.size)
		bytes += uniform_bytes_for(p->separators.size, gaps);
	if (p->digit)
		bytes += uniform_bytes_for((uint32_t)p->word_count, count) + uniform_bytes_for(10, count);
	if (p->symbols.size)
		bytes += uniform_bytes_for((uint32_t)p->word_count, count) +
			 uniform_bytes_for(p->symbols.size, count);
	return bytes;
}

/* A word's draws: which word, whether capitalised, the separator after it. */
struct word_draw {
	uint32_t chosen;
	bool capital;
	char gap;
};

#define SHORT_PASSPHRASE_WORDS 32

size_t passphrase_generate(const struct passphrase *p, struct random_source *src, char *out)
{
	size_t words = p->word_count, separator_len = strlen(p->separator);
	size_t digit_after = 0, symbol_after = 0;
	char digit = 0, symbol = 0;
	char *end = out;
	/* The draws of one passphrase, wiped when it is assembled.  One
	 * array of them, not three, and on the stack only for a passphrase of
	 * up to SHORT_PASSPHRASE_WORDS words: room for MAX_WORDS there made
	 * this the deepest frame of a call, 8 KiB down, a page fault of its
	 * own (bench/).  Longer ones use static room, which only they
	 * touch. */
	struct word_draw short_draw[SHORT_PASSPHRASE_WORDS];
	static struct word_draw long_draw[MAX_WORDS];
	struct word_draw *draw = words <= SHORT_PASSPHRASE_WORDS ? short_draw : long_draw;
	/* A drawn word of the embedded list, spelt out: wiped too. */
	struct word_spelling room;

	/* Draw everything first, in the documented order, then assemble. */
	for (size_t i = 0; i < words; i++) {
		draw[i].chosen = uniform_below(src, (uint32_t)p->list->count);
		draw[i].capital = p->caps == CAPS_RANDOM && uniform_below(src, 2) == 1;
	}
	for (size_t i = 0; i + 1 < words; i++)
		draw[i].gap = p->separators.size
			       ? p->separators.chars[uniform_below(src, p->separators.size)] : 0;
	if (p->digit) {
		digit_after = uniform_below(src, (uint32_t)words);
		digit = PASSPHRASE_DIGITS[uniform_below(src, 10)];
	}
	if (p->symbols.size) {
		symbol_after = uniform_below(src, (uint32_t)words);
		symbol = p->symbols.chars[uniform_below(src, p->symbols.size)];
	}
	for (size_t i = 0; i < words; i++) {
		const char *word = wordlist_word(p->list, draw[i].chosen, &room);
		char *start = end;

		end = append(end, word, strlen(word));
		if (draw[i].capital)
			capitalize_word(start, CAPS_FIRST); /* its first byte only */
		if (p->digit && digit_after == i)
			*end++ = digit;
		if (p->symbols.size && symbol_after == i)
			*end++ = symbol;
		if (i + 1 < words)
			end = p->separators.size ? append(end, &draw[i].gap, 1)
						 : append(end, p->separator, separator_len);
	}
	secure_zero(draw, words * sizeof draw[0]);
	secure_zero(&room, sizeof room);
	secure_zero(&digit, sizeof digit);
	secure_zero(&symbol, sizeof symbol);
	return (size_t)(end - out);
}

/*
 * For a long run, the embedded list's words spelt out once, 16 bytes a
 * word: its letters, filler, and its length in the last byte; a word is
 * then one 16-byte copy instead of some 40 instructions spelling its
 * code.  Static room (128 KiB, nothing secret) that only a run of at
 * least SPELT_RUN_WORDS words touches: making it costs about what
 * spelling 8,000 words does, and its page faults as much again.
 */
#define SPELT_WORDS 8192
#define SPELT_RUN_WORDS 32768
static struct {
	const uint64_t *codes; /* the codes spelt below, or NULL */
	char words[SPELT_WORDS][16];
} spelt;

static const char (*spelt_list(const struct wordlist *list, uint64_t run_words))[16]
{
	if (!list->codes || list->count > SPELT_WORDS || run_words < SPELT_RUN_WORDS)
		return NULL;
	if (spelt.codes != list->codes) {
		for (size_t i = 0; i < list->count; i++)
			spelt.words[i][15] = (char)wordlist_code_put(list->codes[i], spelt.words[i]);
		spelt.codes = list->codes;
	}
	return (const char (*)[16])spelt.words;
}

size_t passphrase_assemble(const struct passphrase *p, const uint32_t *draws, size_t n,
			   uint64_t run, char terminator, char *out)
{
	const struct wordlist *list = p->list;
	const uint64_t *codes = list->codes; /* in a local: out's bytes cannot alias it */
	const size_t words = p->word_count, separator_len = strlen(p->separator);
	const char (*spelt_words)[16] = spelt_list(list, run * words);
	char *end = out;

	if (spelt_words && separator_len == 1) {
		const char separator = p->separator[0];

		for (size_t s = 0; s < n; s++) {
			for (size_t i = 0; i < words; i++) {
				const char *word = spelt_words[*draws++];

				if (i > 0)
					*end++ = separator;
				memcpy(end, word, 16);
				end += (unsigned char)word[15];
			}
			*end++ = terminator;
		}
		return (size_t)(end - out);
	}
	if (codes && separator_len == 1) {
		/* The embedded list and one byte between words: the common
		 * case, without a test a word. */
		const char separator = p->separator[0];

		for (size_t s = 0; s < n; s++) {
			end += wordlist_code_put(codes[*draws++], end);
			for (size_t i = 1; i < words; i++) {
				*end++ = separator;
				end += wordlist_code_put(codes[*draws++], end);
			}
			*end++ = terminator;
		}
		return (size_t)(end - out);
	}
	/* Other lists and separators: as passphrase_generate spells them. */
	struct word_spelling room;

	for (size_t s = 0; s < n; s++) {
		for (size_t i = 0; i < words; i++) {
			const char *word = wordlist_word(list, *draws++, &room);

			if (i > 0)
				end = append(end, p->separator, separator_len);
			end = append(end, word, strlen(word));
		}
		*end++ = terminator;
	}
	secure_zero(&room, sizeof room);
	return (size_t)(end - out);
}
