/*
 * test_pronounceable.c - pronounceable passwords: every sequence of choices
 * gives a password of its own, and the count is the number of them.
 *
 * An odometer source answers each draw with the next value of a counter
 * over the draws' bounds, so that the generator is run once for every
 * sequence of choices; the passwords it makes must all differ (each
 * decodes one way) and number exactly what pronounceable_count() says.
 * Beside it, counts for longer shapes against the product written out
 * here in 64-bit arithmetic, from pass-genhelper(1)'s formula.
 */
#include "config.h"

#include "request/request.h"
#include "secret/pronounceable_draw.h"
#include "generator/spec.h"
#include "generator/spec_build.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DRAWS 64

/* Draws answered from a counter: value[i] for the i-th draw of a run,
 * whose bound is kept for the next turn of the counter. */
struct odometer {
	struct random_source base;
	uint32_t value[MAX_DRAWS], bound[MAX_DRAWS];
	size_t draws, at;
	bool overflow;
};

static uint32_t odometer_below(struct random_source *src, uint32_t bound)
{
	struct odometer *o = (struct odometer *)src;

	if (o->at == MAX_DRAWS) {
		o->overflow = true;
		return 0;
	}
	o->bound[o->at] = bound;
	return o->value[o->at++];
}

static void odometer_fill(struct random_source *src, const char *alphabet, uint32_t size,
			  char *out, size_t len)
{
	for (size_t i = 0; i < len; i++)
		out[i] = alphabet[odometer_below(src, size)];
}

static void odometer_unused(struct random_source *src)
{
	(void)src;
}

static void odometer_bytes(struct random_source *src, void *buf, size_t len)
{
	(void)src;
	memset(buf, 0, len);
}

static const struct random_source_ops odometer_ops = {
	.below = odometer_below, .fill = odometer_fill, .bytes = odometer_bytes,
	.finish = odometer_unused, .wipe = odometer_unused,
};

/* The next sequence of choices, last draw first; false after the last. */
static bool odometer_turn(struct odometer *o)
{
	o->draws = o->at;
	for (size_t i = o->draws; i-- > 0;) {
		if (++o->value[i] < o->bound[i])
			return true;
		o->value[i] = 0;
	}
	return false;
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The spec of a pass-genhelper command line. */
static bool build(int argc, char **argv, struct spec *spec)
{
	struct request req;
	struct error err = { .next_quote = 0 };

	if (!parse_options(argc, argv, &req, &err) || !spec_build(&req, spec, &err)) {
		printf("# %s\n", err.text);
		return false;
	}
	return spec->kind == SPEC_PRONOUNCEABLE;
}

#define ARGV(...) ((char *[]){ "pass-genhelper", "--format", "pronounceable", __VA_ARGS__, NULL })
#define ARGC(...) ((int)(sizeof ARGV(__VA_ARGS__) / sizeof(char *)) - 1)

/* Run every sequence of choices of a shape: all passwords differ, their
 * number is the count, and each has the shape's length. */
static void every_choice(int argc, char **argv, const char *name)
{
	struct spec spec;
	struct odometer o = { .base.ops = &odometer_ops };
	char **seen = NULL, out[64];
	size_t n = 0, room = 0, length;
	bool lengths_right = true, distinct = true;
	struct count counted;

	if (!ok(build(argc, argv, &spec), "%s: builds", name))
		return;
	length = pronounceable_length(&spec.pronounceable, spec.pronounceable.drawn);
	do {
		o.at = 0;
		if (pronounceable_generate(&spec.pronounceable, &o.base, out) != length)
			lengths_right = false;
		out[length] = '\0';
		if (n == room) {
			room = room ? 2 * room : 1024;
			seen = realloc(seen, room * sizeof *seen);
			if (!seen)
				abort();
		}
		seen[n++] = strdup(out);
	} while (!o.overflow && odometer_turn(&o));
	qsort(seen, n, sizeof *seen, compare_strings);
	for (size_t i = 1; i < n; i++)
		if (strcmp(seen[i - 1], seen[i]) == 0)
			distinct = false;
	count_set(&counted, (uint32_t)n);
	ok(!o.overflow && lengths_right && distinct &&
	   count_at_least(&counted, &spec.outcomes) && count_at_least(&spec.outcomes, &counted),
	   "%s: %zu sequences of choices, %zu distinct passwords of length %zu, as counted", name,
	   n, n, length);
	for (size_t i = 0; i < n; i++)
		free(seen[i]);
	free(seen);
	spec_free(&spec);
}

/* The count of a shape against 19^(k - v) 6^v and the extras' factors,
 * multiplied here in 64 bits (no overflow for these shapes). */
static void count_is(int argc, char **argv, uint64_t want, const char *name)
{
	struct spec spec;
	struct count expected;

	if (!ok(build(argc, argv, &spec), "%s: builds", name))
		return;
	count_set(&expected, (uint32_t)(want >> 32));
	count_multiply(&expected, 1u << 16);
	count_multiply(&expected, 1u << 16);
	{
		struct count low;

		count_set(&low, (uint32_t)want);
		count_add(&expected, &low);
	}
	ok(count_at_least(&expected, &spec.outcomes) && count_at_least(&spec.outcomes, &expected),
	   "%s: %llu passwords", name, (unsigned long long)want);
	spec_free(&spec);
}

static uint64_t power(uint64_t base, unsigned exponent)
{
	uint64_t result = 1;

	while (exponent--)
		result *= base;
	return result;
}

int main(void)
{
	ok(strcmp(PRONOUNCEABLE_CONSONANTS, "bcdfghjklmnprstvwxz") == 0 &&
	   strcmp(PRONOUNCEABLE_VOWELS, "aeiouy") == 0,
	   "the inventory is pass-genhelper(1)'s: 19 consonants, 6 vowels");

	every_choice(ARGC("--length", "3"), ARGV("--length", "3"), "one syllable (19 x 6 x 19)");
	every_choice(ARGC("--length", "5"), ARGV("--length", "5"),
		     "a syllable and two letters, consonant then vowel (19^3 x 6^2)");
	every_choice(ARGC("--length", "5", "--digit", "--symbol", "--symbols", "!?", "--capital",
			  "--exclude", "d-xz", "--exclude", "a"),
		     ARGV("--length", "5", "--digit", "--symbol", "--symbols", "!?", "--capital",
			  "--exclude", "d-xz", "--exclude", "a"),
		     "b/c and y, a digit, one of 2 symbols, a capital, 5 characters");
	every_choice(ARGC("--length", "8", "--group", "3", "--separator", " -", "--digit",
			  "--exclude", "c-z", "--exclude", "3-9"),
		     ARGV("--length", "8", "--group", "3", "--separator", " -", "--digit",
			  "--exclude", "c-z", "--exclude", "3-9"),
		     "groups of 3 joined by ' -', b and a, a digit of 3");
	every_choice(ARGC("--length", "2", "--symbol", "--symbols", "#", "--capital"),
		     ARGV("--length", "2", "--symbol", "--symbols", "#", "--capital"),
		     "one letter, one symbol, a capital");

	/* k letters, v = floor((k + 1) / 3) vowels. */
	count_is(ARGC("--length", "10"), ARGV("--length", "10"),
		 power(19, 7) * power(6, 3), "10 letters: 19^7 6^3");
	count_is(ARGC("--length", "11", "--digit", "--symbol", "--capital"),
		 ARGV("--length", "11", "--digit", "--symbol", "--capital"),
		 power(19, 6) * power(6, 3) * 10 * 11 * 32 * 10 * 9,
		 "11 characters, 9 letters, a digit, a symbol, a capital");
	count_is(ARGC("--length", "13", "--group", "6", "--digit", "--capital"),
		 ARGV("--length", "13", "--group", "6", "--digit", "--capital"),
		 power(19, 7) * power(6, 4) * 10 * 12 * 11,
		 "groups of 6: 12 drawn, 11 letters, a digit, a capital");
	count_is(ARGC("--length", "7", "--no-ambiguous", "--capital"),
		 ARGV("--length", "7", "--no-ambiguous", "--capital"),
		 power(13, 5) * power(4, 2) * 7,
		 "--no-ambiguous --capital: 13 consonants, 4 vowels");
	return done_testing();
}
