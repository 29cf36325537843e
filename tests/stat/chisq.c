/*
 * chisq.c - the statistical gate: are characters uniform, per position and
 * pooled?
 *
 * Usage: chisq ALPHABET ALPHA < secrets
 *
 * Reads one secret per line, all of the same length, every character from
 * ALPHABET.  For each position, and for all characters pooled, computes
 * Pearson's chi-square statistic against the uniform distribution over
 * ALPHABET (N - 1 degrees of freedom) and its upper-tail p-value
 * Q((N - 1) / 2, chi2 / 2).  A check fails when p < ALPHA, so a correct
 * generator fails each check with probability ALPHA; the caller divides its
 * false-failure budget among the checks it runs (Bonferroni).  Also fails
 * when a line has another length, a character outside ALPHABET appears, or a
 * character of ALPHABET never appears in the pooled sample (coverage).
 * Exit status 0 when every check passes, 1 otherwise.
 *
 * Usage: chisq --words LIST ALPHA < passphrases
 *
 * The same for words: LIST holds the possible words, one a line, sorted in
 * byte order; each input line is a passphrase of words separated by single
 * spaces, all with the same number of words.  Checks each word position and
 * all words pooled, and that every word of LIST is seen (pooled).
 */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 4096

/* Regularised lower incomplete gamma P(a, x) by its power series, for
 * x < a + 1 where the series converges fast. */
static double gamma_p_series(double a, double x)
{
	double term = 1.0 / a, sum = term;

	for (int n = 1; n < 100000; n++) {
		term *= x / (a + n);
		sum += term;
		if (fabs(term) < fabs(sum) * 1e-16)
			break;
	}
	return sum * exp(-x + a * log(x) - lgamma(a));
}

/* Regularised upper incomplete gamma Q(a, x) by its continued fraction
 * (modified Lentz), for x >= a + 1. */
static double gamma_q_fraction(double a, double x)
{
	const double tiny = 1e-300;
	double b = x + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b, h = d;

	for (int i = 1; i < 100000; i++) {
		double an = -i * (i - a), delta;

		b += 2.0;
		d = an * d + b;
		if (fabs(d) < tiny)
			d = tiny;
		c = b + an / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1.0 / d;
		delta = d * c;
		h *= delta;
		if (fabs(delta - 1.0) < 1e-16)
			break;
	}
	return exp(-x + a * log(x) - lgamma(a)) * h;
}

/* Upper tail of the chi-square distribution with df degrees of freedom. */
static double chi2_upper_tail(double chi2, double df)
{
	double a = df / 2.0, x = chi2 / 2.0;

	if (x <= 0)
		return 1.0;
	return x < a + 1.0 ? 1.0 - gamma_p_series(a, x) : gamma_q_fraction(a, x);
}

static double chi2_statistic(const unsigned long *counts, int n, unsigned long samples)
{
	double expected = (double)samples / n, chi2 = 0;

	for (int i = 0; i < n; i++) {
		double diff = (double)counts[i] - expected;

		chi2 += diff * diff / expected;
	}
	return chi2;
}

/* The upper-tail p-value check, reported as one line; returns 1 on failure. */
static int check(const char *what, const unsigned long *counts, int n, unsigned long samples,
		 double alpha)
{
	double chi2 = chi2_statistic(counts, n, samples);
	double p = chi2_upper_tail(chi2, n - 1);
	int bad = p < alpha;

	printf("%s %s (%lu samples): chi2 %10.2f, df %d, p %.3g\n", bad ? "FAIL" : "ok  ", what,
	       samples, chi2, n - 1, p);
	return bad;
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

#define MAX_WORD_POSITIONS 16

/* Allocation for a test tool: no memory is a failure of the run. */
static void *need(void *p)
{
	if (!p) {
		fprintf(stderr, "chisq: out of memory\n");
		exit(2);
	}
	return p;
}

static int words_mode(const char *list_path, double alpha)
{
	static char line[65536];
	FILE *list_file = fopen(list_path, "r");
	char **words = NULL;
	unsigned long *pooled = NULL, *per_position[MAX_WORD_POSITIONS] = { NULL }, lines = 0;
	size_t count = 0, capacity = 0, positions = 0;
	int failures = 0, status = 2;

	if (!list_file) {
		perror(list_path);
		return 2;
	}
	while (fgets(line, sizeof line, list_file)) {
		line[strcspn(line, "\n")] = '\0';
		if (count == capacity) {
			capacity = capacity ? capacity * 2 : 1024;
			words = need(realloc(words, capacity * sizeof *words));
		}
		words[count++] = need(strdup(line));
	}
	fclose(list_file);
	if (count < 2) {
		fprintf(stderr, "chisq: the word list needs 2 or more words\n");
		goto done;
	}
	status = 1;
	pooled = need(calloc(count, sizeof *pooled));
	for (size_t i = 0; i < MAX_WORD_POSITIONS; i++)
		per_position[i] = need(calloc(count, sizeof **per_position));
	while (fgets(line, sizeof line, stdin)) {
		size_t position = 0;

		line[strcspn(line, "\n")] = '\0';
		for (char *word = strtok(line, " "); word; word = strtok(NULL, " "), position++) {
			char **found = bsearch(&word, words, count, sizeof *words, compare_strings);

			if (!found) {
				printf("line %lu: '%s' is not in the list\n", lines + 1, word);
				goto done;
			}
			if (position < MAX_WORD_POSITIONS)
				per_position[position][found - words]++;
			pooled[found - words]++;
		}
		if (lines == 0)
			positions = position;
		if (position != positions || position == 0) {
			printf("line %lu has %zu words, expected %zu\n", lines + 1, position, positions);
			goto done;
		}
		lines++;
	}
	for (size_t i = 0; i < positions && i < MAX_WORD_POSITIONS; i++) {
		char what[32];

		snprintf(what, sizeof what, "word %zu", i + 1);
		failures += check(what, per_position[i], (int)count, lines, alpha);
	}
	failures += check("pooled", pooled, (int)count, lines * positions, alpha);
	for (size_t k = 0; k < count; k++) {
		if (pooled[k] == 0) {
			printf("FAIL coverage: '%s' never appeared\n", words[k]);
			failures++;
			break;
		}
	}
	printf("%lu passphrases of %zu words from %zu, %zu checks at alpha %.3g: %d failed\n",
	       lines, positions, count, positions + 1, alpha, failures);
	status = failures ? 1 : 0;
done:
	for (size_t k = 0; k < count; k++)
		free(words[k]);
	free(words);
	free(pooled);
	for (size_t i = 0; i < MAX_WORD_POSITIONS; i++)
		free(per_position[i]);
	return status;
}

int main(int argc, char **argv)
{
	static unsigned long per_position[MAX_LINE][96];
	static char line[MAX_LINE + 2];
	unsigned long pooled[96] = { 0 }, lines = 0;
	int index_of[256], n = 0, failures = 0;
	size_t length = 0;
	double alpha;

	if (argc == 4 && strcmp(argv[1], "--words") == 0)
		return words_mode(argv[2], strtod(argv[3], NULL));
	if (argc != 3) {
		fprintf(stderr, "usage: chisq ALPHABET ALPHA < secrets\n"
				"       chisq --words LIST ALPHA < passphrases\n");
		return 2;
	}
	alpha = strtod(argv[2], NULL);
	for (int c = 0; c < 256; c++)
		index_of[c] = -1;
	for (const unsigned char *p = (const unsigned char *)argv[1]; *p; p++)
		if (index_of[*p] < 0 && n < 96)
			index_of[*p] = n++;
	if (n < 2 || !(alpha > 0 && alpha < 1)) {
		fprintf(stderr, "chisq: need an alphabet of 2-96 characters and 0 < ALPHA < 1\n");
		return 2;
	}
	while (fgets(line, sizeof line, stdin)) {
		size_t len = strcspn(line, "\n");

		if (lines == 0)
			length = len;
		if (len != length || len == 0 || len > MAX_LINE) {
			printf("line %lu has length %zu, expected %zu\n", lines + 1, len, length);
			return 1;
		}
		for (size_t i = 0; i < len; i++) {
			int k = index_of[(unsigned char)line[i]];

			if (k < 0) {
				printf("line %lu: character 0x%02x is not in the alphabet\n", lines + 1,
				       (unsigned char)line[i]);
				return 1;
			}
			per_position[i][k]++;
			pooled[k]++;
		}
		lines++;
	}
	if (lines == 0) {
		printf("no input\n");
		return 1;
	}
	for (size_t i = 0; i < length; i++) {
		char what[32];

		snprintf(what, sizeof what, "position %zu", i + 1);
		failures += check(what, per_position[i], n, lines, alpha);
	}
	failures += check("pooled", pooled, n, lines * length, alpha);
	for (int k = 0; k < n; k++) {
		if (pooled[k] == 0) {
			printf("FAIL coverage: a character of the alphabet never appeared\n");
			failures++;
			break;
		}
	}
	printf("%lu secrets of %zu characters, %d checks at alpha %.3g: %d failed\n", lines, length,
	       (int)length + 1, alpha, failures);
	return failures ? 1 : 0;
}
