/*
 * test_site_rules.c - the password-rules parser, and the count of valid strings
 * against enumeration.
 *
 * The enumeration judges each string by the rules' plain definitions,
 * written again here without the counting automaton: a window of R + 1
 * identical characters, a window of S + 1 characters stepping by +1 (or by
 * -1) within a-z, A-Z or 0-9, and a matching of the required clauses to
 * distinct positions found by augmenting paths (Kuhn's algorithm).
 */
#include "config.h"

#include "site_rules/site_rules.h"
#include "site_rules/site_rules_count.h"
#include "site_rules/site_rules_exact.h"
#include "site_rules/sites.h"
#include "tap.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* --- the parser ------------------------------------------------------------ */

static void parses(const char *text, const char *name)
{
	struct site_rules r;
	struct error err = { .next_quote = 0 };

	if (!ok(site_rules_parse(text, &r, &err), "parses: %s", name))
		printf("#   %s\n", err.text);
}

static void refuses(const char *text, const char *want, const char *name)
{
	struct site_rules r;
	struct error err = { .next_quote = 0 };
	bool parsed = site_rules_parse(text, &r, &err);

	ok(!parsed && strstr(err.text, want) != NULL, "refused: %s", name);
	if (parsed || !strstr(err.text, want))
		printf("#   got: '%s'\n#   want: '%s'\n", err.text, want);
}

static unsigned set_size(const struct rules_set *s)
{
	unsigned n = 0;

	for (int c = 0; c < 128; c++)
		n += s->has[c];
	return n;
}

static void test_parser(void)
{
	struct site_rules r;
	struct error err;

	ok(site_rules_parse("minlength: 8; maxlength: 20; max-consecutive: 2; required: lower, upper; required: digit;",
		       &r, &err) &&
	   r.minlength == 8 && r.maxlength == 20 && r.max_repeating == 2 && r.max_sequential == 2 &&
	   r.required_count == 2 && set_size(&r.required[0]) == 52 && set_size(&r.required[1]) == 10 &&
	   set_size(&r.allowed) == 62,
	   "activision.com's rules");
	ok(site_rules_parse("minlength: 8; minlength: 10; maxlength: 30; maxlength: 20; max-consecutive: 4; max-repeating: 2; max-sequential: 3",
		       &r, &err) &&
	   r.minlength == 10 && r.maxlength == 20 && r.max_repeating == 2 && r.max_sequential == 3,
	   "duplicates merge: largest minimum, smallest maximum and run limits");
	ok(site_rules_parse("", &r, &err) && set_size(&r.allowed) == 95 && r.required_count == 0,
	   "no rules: all printable ASCII");
	ok(site_rules_parse("required: digit", &r, &err) && set_size(&r.allowed) == 10,
	   "allowed is the union of the clauses: digits only");
	ok(site_rules_parse("required: [-abc]]; allowed: UPPER", &r, &err) &&
	   r.required[0].has['-'] && r.required[0].has[']'] && r.required[0].has['a'] &&
	   set_size(&r.required[0]) == 5 && set_size(&r.allowed) == 31,
	   "custom class: '-' first, ']]' at the end; class names in any case");
	ok(site_rules_parse("allowed: unicode", &r, &err) && set_size(&r.allowed) == 95,
	   "unicode counts as printable ASCII");
	ok(site_rules_parse("allowed: special", &r, &err) && set_size(&r.allowed) == 33 &&
	   r.allowed.has[' '],
	   "special: 33 characters, space included");
	ok(site_rules_parse("required: [a\xc3\xa4" "b]", &r, &err) && set_size(&r.required[0]) == 2,
	   "non-ASCII in a custom class is left out");
	parses(" \tminlength: 8 ;\n required: digit , [!#] ; ", "white space around values and separators");
	refuses("required : digit", "':' expected", "space before ':'");
	refuses("required: digit; maxlen: 20", "unknown rule 'maxlen' at character 18: 'maxlen: 20'",
		"an unknown rule, quoted where it is");
	refuses("required: digits", "unknown class 'digits'", "an unknown class");
	refuses("required: [a-z]", "'-' may only come first", "a '-' not first");
	refuses("minlength: ;", "a number expected", "an empty value");
	refuses("minlength: eight", "a number expected", "a bad value");
	refuses("maxlength: 0", "a number below 1", "maxlength 0");
	refuses("max-consecutive: 0", "a number below 1", "max-consecutive 0");
	refuses("required: []", "an empty custom class", "an empty class");
	refuses("required: [abc", "without its closing", "an unclosed class");
	refuses("required: [a\tb]", "a control character", "a control character in a class");
	refuses("minlength: 8 maxlength: 9", "';' expected", "a missing ';'");
	refuses("required: digit;; minlength: 3", "a rule name expected", "an empty rule");
	refuses("minlength: 99999999", "a number above", "a huge number");
	refuses("required: digit; required: digit; required: digit; required: digit; required: digit; "
		"required: digit; required: digit; required: digit; required: digit", "more than 8 required", "nine clauses");
}

/* --- counting against enumeration ------------------------------------------ */

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static unsigned rnd(unsigned n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (unsigned)(rng_state % n);
}

struct small_rules {
	char alphabet[8];
	unsigned n;
	char clause[RULES_MAX_REQUIRED][8];
	unsigned clauses;
	unsigned long repeat, sequence;
};

static int run_of(char c)
{
	if (c >= 'a' && c <= 'z')
		return 1;
	if (c >= 'A' && c <= 'Z')
		return 2;
	if (c >= '0' && c <= '9')
		return 3;
	return 0;
}

/* Kuhn's augmenting path from clause i. */
static bool augment(const struct small_rules *sr, const char *s, size_t len, unsigned i,
		    int *owner, bool *seen)
{
	for (size_t p = 0; p < len; p++) {
		if (seen[p] || !strchr(sr->clause[i], s[p]))
			continue;
		seen[p] = true;
		if (owner[p] < 0 || augment(sr, s, len, (unsigned)owner[p], owner, seen)) {
			owner[p] = (int)i;
			return true;
		}
	}
	return false;
}

static bool brute_valid(const struct small_rules *sr, const char *s, size_t len)
{
	int owner[16];

	if (sr->repeat)
		for (size_t i = 0; i + sr->repeat < len; i++) {
			size_t same = 1;

			while (same <= sr->repeat && s[i + same] == s[i])
				same++;
			if (same > sr->repeat)
				return false;
		}
	if (sr->sequence)
		for (size_t i = 0; i + sr->sequence < len; i++)
			for (int d = -1; d <= 1; d += 2) {
				size_t k = 1;

				while (k <= sr->sequence && run_of(s[i]) && run_of(s[i + k]) == run_of(s[i]) &&
				       s[i + k] == s[i + k - 1] + d)
					k++;
				if (k > sr->sequence)
					return false;
			}
	for (size_t p = 0; p < len; p++)
		owner[p] = -1;
	for (unsigned i = 0; i < sr->clauses; i++) {
		bool seen[16] = { false };

		if (!augment(sr, s, len, i, owner, seen))
			return false;
	}
	return true;
}

static void random_rules(struct small_rules *sr)
{
	/* Characters with neighbours in a-z and 0-9, and some without. */
	static const char pool[] = "abcdxy0123#%AB";
	bool used[sizeof pool] = { false };

	memset(sr, 0, sizeof *sr);
	sr->n = 2 + rnd(5); /* 2..6 */
	for (unsigned i = 0; i < sr->n;) {
		unsigned at = rnd(sizeof pool - 1);

		if (!used[at]) {
			used[at] = true;
			i++;
		}
	}
	for (unsigned at = 0, i = 0; at < sizeof pool - 1; at++)
		if (used[at])
			sr->alphabet[i++] = pool[at];
	sr->clauses = rnd(5); /* 0..4, duplicates and overlaps likely */
	for (unsigned i = 0; i < sr->clauses; i++) {
		unsigned len = 0;

		for (unsigned j = 0; j < sr->n; j++)
			if (rnd(3) == 0)
				sr->clause[i][len++] = sr->alphabet[j];
		if (len == 0)
			sr->clause[i][len++] = sr->alphabet[rnd(sr->n)];
		if (i > 0 && rnd(4) == 0)
			memcpy(sr->clause[i], sr->clause[i - 1], sizeof sr->clause[i]);
	}
	sr->repeat = rnd(4);   /* 0: none */
	sr->sequence = rnd(4);
}

static size_t rules_text(const struct small_rules *sr, char *out, size_t size)
{
	int n = snprintf(out, size, "allowed: [%s];", sr->alphabet);

	for (unsigned i = 0; i < sr->clauses; i++)
		n += snprintf(out + n, size - (size_t)n, " required: [%s];", sr->clause[i]);
	if (sr->repeat)
		n += snprintf(out + n, size - (size_t)n, " max-repeating: %lu;", sr->repeat);
	if (sr->sequence)
		n += snprintf(out + n, size - (size_t)n, " max-sequential: %lu;", sr->sequence);
	return (size_t)n;
}

static bool model_from(const char *text, struct site_rules *r, struct alphabet *alpha,
		       struct site_rules_model *m)
{
	struct error err;

	if (!site_rules_parse(text, r, &err)) {
		printf("# %s: %s\n", text, err.text);
		return false;
	}
	memset(alpha, 0, sizeof *alpha);
	for (int c = 0x21; c < 0x7f; c++)
		if (r->allowed.has[c])
			alpha->chars[alpha->size++] = (char)c;
	if (!site_rules_model_build(r, alpha, m, &err)) {
		printf("# %s: %s\n", text, err.text);
		return false;
	}
	return true;
}

/*
 * The whole-number count of length len against the enumeration's, and
 * every rank unranked: each string valid, each after the one before in
 * the alphabet's order (so all distinct: as many valid strings as the
 * count, which is the enumeration's, so all of them).
 */
static bool exact_agrees(const struct small_rules *sr, const struct site_rules_model *m,
			 const struct site_rules_exact *exact, size_t len, uint64_t valid,
			 const char *text)
{
	struct count count;
	char s[8], before[8];
	uint64_t counted;

	site_rules_exact_count(exact, len, &count);
	counted = count.used == 0 ? 0 : count.used == 1 ? count.limb[0] : UINT64_MAX;
	if (counted != valid) {
		printf("# %s at length %zu: whole-number count %llu, enumerated %llu\n", text, len,
		       (unsigned long long)counted, (unsigned long long)valid);
		return false;
	}
	for (uint64_t rank = 0; rank < valid; rank++) {
		uint32_t limb[1] = { (uint32_t)rank };
		int order = 0;

		site_rules_exact_unrank(exact, len, limb, 1, s);
		for (size_t i = 0; i < len && order == 0 && rank > 0; i++)
			order = m->index[(unsigned char)s[i]] - m->index[(unsigned char)before[i]];
		if (!brute_valid(sr, s, len) || (rank > 0 && order <= 0)) {
			printf("# %s: rank %llu of %zu characters is '%.*s'\n", text,
			       (unsigned long long)rank, len, (int)len, s);
			return false;
		}
		memcpy(before, s, len);
	}
	return true;
}

static void test_counts(unsigned cases)
{
	unsigned agreed = 0, checked_strings = 0, disagreements = 0;

	for (unsigned t = 0; t < cases; t++) {
		struct small_rules sr;
		struct site_rules r;
		struct alphabet alpha;
		struct site_rules_model m;
		struct site_rules_counter counter;
		struct site_rules_exact exact;
		char text[512], s[8];
		struct error err;
		size_t max_len = 1 + rnd(7);
		bool all = true;

		random_rules(&sr);
		rules_text(&sr, text, sizeof text);
		if (!model_from(text, &r, &alpha, &m)) {
			/* Clauses that cannot all be met (more than positions is
			 * fine; impossible only when k > any length): none here. */
			disagreements++;
			continue;
		}
		if (!site_rules_counter_init(&counter, &m, max_len, &err) ||
		    !site_rules_exact_init(&exact, &m, max_len, &err)) {
			printf("# %s\n", err.text);
			disagreements++;
			site_rules_counter_free(&counter);
			site_rules_model_free(&m);
			continue;
		}
		for (size_t len = 1; len <= max_len; len++) {
			double fraction = site_rules_counter_step(&counter);
			uint64_t total = 1, valid = 0;
			size_t digits[8] = { 0 };

			for (size_t i = 0; i < len; i++)
				total *= sr.n;
			for (uint64_t x = 0; x < total; x++) {
				bool mine, theirs;

				for (size_t i = 0; i < len; i++)
					s[i] = sr.alphabet[digits[i]];
				mine = site_rules_model_accepts(&m, s, len);
				theirs = brute_valid(&sr, s, len);
				valid += theirs;
				checked_strings++;
				if (mine != theirs && all) {
					printf("# %s: '%.*s' checker %d, enumeration %d\n", text, (int)len, s,
					       mine, theirs);
					all = false;
				}
				for (size_t i = 0; i < len && ++digits[i] == sr.n; i++)
					digits[i] = 0;
			}
			if (!site_rules_exact_extend(&exact, &err)) {
				printf("# %s: %s\n", text, err.text);
				all = false;
			} else if (all && !exact_agrees(&sr, &m, &exact, len, valid, text)) {
				all = false;
			}
			if (llround(fraction * (double)total) != (long long)valid ||
			    fabs(fraction * (double)total - (double)valid) > 1e-6 * (double)total) {
				printf("# %s at length %zu: counted %.9g, enumerated %llu\n", text, len,
				       fraction * (double)total, (unsigned long long)valid);
				all = false;
			}
		}
		agreed += all;
		disagreements += !all;
		site_rules_exact_free(&exact);
		site_rules_counter_free(&counter);
		site_rules_model_free(&m);
	}
	ok(disagreements == 0,
	   "%u random rule sets (alphabets of 2-6, lengths 1-7, %u strings): the count, the whole-number count, the checker and the numbering agree with enumeration in %u",
	   cases, checked_strings, agreed);
}

/* The bench case counted quickly, with a sane figure. */
static void test_long(void)
{
	struct site_rules r;
	struct alphabet alpha;
	struct site_rules_model m;
	struct site_rules_counter counter;
	struct error err;
	double fraction = 0;

	if (!ok(model_from("max-consecutive: 2; required: lower; required: upper; required: digit; required: special;",
			   &r, &alpha, &m), "the bench rules build"))
		return;
	ok(m.states == 16, "four distinct classes: 16 matcher states (got %u)", m.states);
	ok(site_rules_counter_init(&counter, &m, 4096, &err), "a counter for 4096");
	for (int i = 0; i < 4096; i++)
		fraction = site_rules_counter_step(&counter);
	ok(fraction > 0.2 && fraction < 0.5, "length 4096 accepts a fraction %.6f", fraction);
	site_rules_counter_free(&counter);
	site_rules_model_free(&m);
}

/* --- the site table, with data of our own ---------------------------------- */

static const char own_text[] = "example.com\0r1\0only.example.com\0r2\0exact.org\0r3\0";
static const struct site_row own_rows[] = { { 0, 12, 0 }, { 15, 32, 1 }, { 35, 45, 1 } };
static const struct site_table own = { own_text, own_rows, 3 };

static const char *site_of(const char *host)
{
	struct site s;

	return site_lookup(&own, host, strlen(host), &s) ? s.rules : "-";
}

static const char *site_of_entry(const char *entry)
{
	struct site s;

	return site_for_entry(&own, entry, &s) ? s.domain : "-";
}

static void test_sites(void)
{
	is_str(site_of("example.com"), "r1", "a domain matches its own entry");
	is_str(site_of("a.b.Example.COM."), "r1", "and every subdomain, in any case");
	is_str(site_of("xexample.com"), "-", "but not a longer name");
	is_str(site_of("only.example.com"), "r2", "the longest domain wins");
	is_str(site_of("www.only.example.com"), "r1", "an exact entry does not cover subdomains");
	is_str(site_of("exact.org"), "r3", "an exact entry matches itself");
	is_str(site_of("a.exact.org"), "-", "and nothing below it");
	is_str(site_of_entry("web/www.only.example.com/alice"), "example.com",
	       "an entry: each component and its parents");
	is_str(site_of_entry("example.com/only.example.com"), "only.example.com",
	       "an entry: the longest domain of any component wins");
	is_str(site_of_entry("personal/notes"), "-", "an entry that names no site");
	ok(site_rules_count > 100, "the embedded table has %zu sites", site_rules_count);
}

int main(int argc, char **argv)
{
	test_parser();
	test_sites();
	test_counts(argc > 1 ? (unsigned)atoi(argv[1]) : 300);
	test_long();
	return done_testing();
}
