/*
 * fuzz_rules.c - site_rules_parse(), site_rules_model_build() and the count of
 * site_rules_count.c on any rules text.
 *
 * The input, up to its first NUL and at most RULES_MAX_TEXT + 1 bytes, is
 * the text.  Checked on every input:
 *   - a failure comes with a non-empty message of printable UTF-8;
 *   - a success gives sets of printable ASCII only, every required clause
 *     non-empty and inside the allowed set, at most RULES_MAX_REQUIRED of
 *     them, and numbers within their bounds;
 *   - over the allowed characters less the space, the counter's fraction
 *     at each length up to 6 lies in [0, 1], and, where there are at most
 *     20000 strings, times N^L it is exactly the number of strings that
 *     the checker (site_rules_model_accepts) accepts: the counting automaton and
 *     the string checker agree;
 *   - over at most 6 characters and 4096 counters a step, up to 160
 *     characters: the count handed to the thresholds (the counter's
 *     estimate) is within RULES_COUNT_LOG2_ERROR of the whole number
 *     site_rules_exact.c counts, and 0 exactly where that is.
 */
#include "config.h"

#include "secret/charset.h"
#include "fuzz_support.h"
#include "site_rules/site_rules.h"
#include "site_rules/site_rules_count.h"
#include "site_rules/site_rules_exact.h"
#include "text/text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ENUMERATED 20000

static void check_counts(const struct site_rules_model *m)
{
	struct site_rules_counter counter;
	struct error err;
	char s[8];
	size_t max_length = 6;

	if (!site_rules_counter_init(&counter, m, max_length, &err)) {
		CHECK(err.text[0] != '\0');
		return;
	}
	for (size_t len = 1; len <= max_length; len++) {
		double fraction = site_rules_counter_step(&counter), total = pow(m->size, (double)len);
		size_t digits[8] = { 0 };
		unsigned long accepted = 0;

		CHECK(fraction >= 0 && fraction <= 1 + 1e-9);
		if (total > MAX_ENUMERATED)
			continue;
		for (unsigned long x = 0; x < (unsigned long)total; x++) {
			for (size_t i = 0; i < len; i++)
				s[i] = m->chars[digits[i]];
			accepted += site_rules_model_accepts(m, s, len);
			for (size_t i = 0; i < len && ++digits[i] == m->size; i++)
				digits[i] = 0;
		}
		CHECK(fabs(fraction * total - (double)accepted) < 1e-6 * total + 1e-6);
		/* The count handed to the thresholds, when whole, is the one. */
		{
			struct count outcomes, want;

			site_rules_count_outcomes(m, len, fraction, &outcomes);
			count_set(&want, (uint32_t)accepted);
			CHECK(!outcomes.exact || (count_at_least(&outcomes, &want) &&
						  count_at_least(&want, &outcomes)));
		}
	}
	site_rules_counter_free(&counter);
}

static void check_estimate(const struct site_rules_model *m)
{
	const size_t max_length = 160;
	struct site_rules_counter counter;
	struct site_rules_exact exact;
	struct error err;

	if (m->size > 6 || !site_rules_counter_init(&counter, m, max_length, &err))
		return;
	if (counter.cells > 4096 || !site_rules_exact_init(&exact, m, max_length, &err)) {
		site_rules_counter_free(&counter);
		return;
	}
	for (size_t len = 1; len <= max_length && len <= counter.budget; len++) {
		double fraction = site_rules_counter_step(&counter);
		struct count estimate, whole;

		if (!site_rules_exact_extend(&exact, &err))
			break;
		site_rules_exact_count(&exact, len, &whole);
		if (!count_reaches(&whole, 0)) {
			CHECK(fraction == 0);
			continue;
		}
		CHECK(fraction > 0);
		site_rules_count_outcomes(m, len, fraction, &estimate);
		CHECK(fabsl(count_log2(&estimate) - count_log2(&whole)) <= RULES_COUNT_LOG2_ERROR);
	}
	site_rules_exact_free(&exact);
	site_rules_counter_free(&counter);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char text[RULES_MAX_TEXT + 2];
	struct error err;
	struct site_rules r;
	struct alphabet alpha;
	struct site_rules_model m;
	size_t len = 0;

	while (len < size && len < sizeof text - 1 && data[len] != 0) {
		text[len] = (char)data[len];
		len++;
	}
	text[len] = '\0';
	fuzz_enter();
	if (!site_rules_parse(text, &r, &err)) {
		CHECK(err.text[0] != '\0');
		CHECK(utf8_printable(err.text, strlen(err.text)));
		fuzz_leave();
		return 0;
	}
	CHECK(r.required_count <= RULES_MAX_REQUIRED);
	CHECK(r.maxlength <= RULES_MAX_NUMBER && r.minlength <= RULES_MAX_NUMBER);
	for (int c = 0; c < 128; c++)
		CHECK(!r.allowed.has[c] || (c >= 0x20 && c <= 0x7e));
	for (unsigned i = 0; i < r.required_count; i++) {
		bool any = false;

		for (int c = 0; c < 128; c++) {
			any |= r.required[i].has[c];
			CHECK(!r.required[i].has[c] || r.allowed.has[c]);
		}
		CHECK(any);
	}
	memset(&alpha, 0, sizeof alpha);
	for (int c = 0x21; c < 0x7f; c++)
		if (r.allowed.has[c])
			alpha.chars[alpha.size++] = (char)c;
	for (unsigned i = 0; i < r.required_count; i++) {
		bool left = false;

		for (int c = 0x21; c < 0x7f; c++)
			left |= r.required[i].has[c];
		if (!left || alpha.size == 0) {
			fuzz_leave();
			return 0; /* the spec refuses these (spec_site_rules.c) */
		}
	}
	if (!site_rules_model_build(&r, &alpha, &m, &err)) {
		CHECK(err.text[0] != '\0');
		fuzz_leave();
		return 0;
	}
	CHECK(m.states >= 1 && m.accepting < m.states);
	check_counts(&m);
	check_estimate(&m);
	site_rules_model_free(&m);
	fuzz_leave();
	return 0;
}
