/*
 * unicode.c - lookups in the tables of Unicode character properties.
 *
 * The tables (unicode-tables.c) are generated from the Unicode Character
 * Database; here are the searches, and normalization form C as UAX #15
 * defines it, to tell whether a text is in it.
 */
#include "config.h"

#include "text/unicode.h"

#include <stdlib.h>
#include <string.h>

/* The range of table (count ranges, sorted) that holds code_point, or NULL. */
static const struct unicode_range *find_range(const struct unicode_range *table, size_t count,
					      uint32_t code_point)
{
	size_t lo = 0, hi = count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (code_point < table[mid].first)
			hi = mid;
		else if (code_point > table[mid].last)
			lo = mid + 1;
		else
			return &table[mid];
	}
	return NULL;
}

bool unicode_is_invisible(uint32_t code_point)
{
	return find_range(unicode_invisible, unicode_invisible_count, code_point) != NULL;
}

bool unicode_is_blank(uint32_t code_point)
{
	return find_range(unicode_blank, unicode_blank_count, code_point) != NULL;
}

bool unicode_is_private_use(uint32_t code_point)
{
	return find_range(unicode_private_use, unicode_private_use_count, code_point) != NULL;
}

bool unicode_is_nonspacing_mark(uint32_t code_point)
{
	return find_range(unicode_nonspacing, unicode_nonspacing_count, code_point) != NULL;
}

bool unicode_is_unassigned(uint32_t code_point)
{
	return find_range(unicode_unassigned, unicode_unassigned_count, code_point) != NULL;
}

enum unicode_nfc_check unicode_nfc_quick_check(uint32_t code_point)
{
	if (find_range(unicode_nfc_no, unicode_nfc_no_count, code_point))
		return UNICODE_NFC_NO;
	if (find_range(unicode_nfc_maybe, unicode_nfc_maybe_count, code_point))
		return UNICODE_NFC_MAYBE;
	return UNICODE_NFC_YES;
}

bool unicode_is_mark(uint32_t code_point)
{
	return unicode_is_nonspacing_mark(code_point) ||
	       find_range(unicode_spacing_mark, unicode_spacing_mark_count, code_point) != NULL;
}

bool unicode_is_nfkc_no(uint32_t code_point)
{
	return find_range(unicode_nfkc_no, unicode_nfkc_no_count, code_point) != NULL;
}

void unicode_scripts_init(struct unicode_scripts *scripts)
{
	memset(scripts, 0xff, sizeof *scripts);
}

void unicode_scripts_add(struct unicode_scripts *scripts, uint32_t code_point)
{
	const struct unicode_range *range =
		find_range(unicode_scripts, unicode_scripts_count, code_point);
	/* Not in Scripts.txt: Unknown (Zzzz), a script of its own, which
	 * nothing else shares (such a code point is unassigned, refused
	 * before). */
	static const uint64_t unknown[UNICODE_SCRIPT_WORDS];
	const uint64_t *set = range ? unicode_script_sets[range->value] : unknown;
	bool latin = false;

	for (size_t i = 0; i < UNICODE_SCRIPT_WORDS; i++)
		latin = latin || (set[i] & unicode_script_latin[i]) != 0;
	for (size_t i = 0; i < UNICODE_SCRIPT_WORDS; i++) {
		scripts->all[i] &= set[i];
		if (!latin)
			scripts->not_latin[i] &= set[i];
	}
}

bool unicode_scripts_highly_restrictive(const struct unicode_scripts *scripts)
{
	for (size_t i = 0; i < UNICODE_SCRIPT_WORDS; i++)
		if (scripts->all[i] != 0 || (scripts->not_latin[i] & unicode_script_cjk[i]) != 0)
			return true;
	return false;
}

enum unicode_saslprep unicode_saslprep(uint32_t code_point)
{
	const struct unicode_range *range =
		find_range(unicode_stringprep, unicode_stringprep_count, code_point);

	return range ? (enum unicode_saslprep)range->value : UNICODE_SASLPREP_KEEP;
}

unsigned unicode_combining_class(uint32_t code_point)
{
	const struct unicode_range *range =
		find_range(unicode_combining, unicode_combining_count, code_point);

	return range ? range->value : 0;
}

/* Hangul syllables decompose and compose by arithmetic (the Unicode
 * Standard, section 3.12), not by table. */
enum {
	HANGUL_S = 0xac00, HANGUL_L = 0x1100, HANGUL_V = 0x1161, HANGUL_T = 0x11a7,
	HANGUL_L_COUNT = 19, HANGUL_V_COUNT = 21, HANGUL_T_COUNT = 28,
	HANGUL_N_COUNT = HANGUL_V_COUNT * HANGUL_T_COUNT,
	HANGUL_S_COUNT = HANGUL_L_COUNT * HANGUL_N_COUNT
};

static int compare_decomposition(const void *key, const void *row)
{
	uint32_t c = *(const uint32_t *)key, d = ((const struct unicode_decomposition *)row)->code_point;

	return (c > d) - (c < d);
}

static int compare_composition(const void *key, const void *row)
{
	const struct unicode_composition *a = key, *b = row;

	if (a->first != b->first)
		return (a->first > b->first) - (a->first < b->first);
	return (a->second > b->second) - (a->second < b->second);
}

/* Append the full canonical decomposition of c to out (n used of room);
 * false when it does not fit. */
static bool decompose(uint32_t c, uint32_t *out, size_t room, size_t *n)
{
	const struct unicode_decomposition *d;

	if (c >= HANGUL_S && c < HANGUL_S + HANGUL_S_COUNT) {
		uint32_t s = c - HANGUL_S, t = s % HANGUL_T_COUNT;

		return decompose(HANGUL_L + s / HANGUL_N_COUNT, out, room, n) &&
		       decompose(HANGUL_V + s % HANGUL_N_COUNT / HANGUL_T_COUNT, out, room, n) &&
		       (t == 0 || decompose(HANGUL_T + t, out, room, n));
	}
	d = bsearch(&c, unicode_decompositions, unicode_decompositions_count,
		    sizeof *unicode_decompositions, compare_decomposition);
	if (d)
		return decompose(d->first, out, room, n) &&
		       (d->second == 0 || decompose(d->second, out, room, n));
	if (*n == room)
		return false;
	out[(*n)++] = c;
	return true;
}

/* The canonical order: each run of combining marks sorted by class,
 * stably (an insertion sort never moves a mark past a starter). */
static void canonical_order(uint32_t *text, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		uint32_t c = text[i];
		unsigned c_class = unicode_combining_class(c);
		size_t j = i;

		for (; c_class != 0 && j > 0 && unicode_combining_class(text[j - 1]) > c_class; j--)
			text[j] = text[j - 1];
		text[j] = c;
	}
}

/* The primary composite of a and b, or 0. */
static uint32_t compose(uint32_t a, uint32_t b)
{
	struct unicode_composition key = { a, b, 0 };
	const struct unicode_composition *found;

	if (a >= HANGUL_L && a < HANGUL_L + HANGUL_L_COUNT && b >= HANGUL_V &&
	    b < HANGUL_V + HANGUL_V_COUNT)
		return HANGUL_S + ((a - HANGUL_L) * HANGUL_V_COUNT + (b - HANGUL_V)) * HANGUL_T_COUNT;
	if (a >= HANGUL_S && a < HANGUL_S + HANGUL_S_COUNT && (a - HANGUL_S) % HANGUL_T_COUNT == 0 &&
	    b > HANGUL_T && b < HANGUL_T + HANGUL_T_COUNT)
		return a + (b - HANGUL_T);
	found = bsearch(&key, unicode_compositions, unicode_compositions_count,
			sizeof *unicode_compositions, compare_composition);
	return found ? found->composite : 0;
}

/* A canonical decomposition is at most 4 code points long. */
#define NFD_ROOM (UNICODE_NFC_MAX * 4)

/* The NFD of count code points (at most UNICODE_NFC_MAX) into nfd, their
 * number in *n: each decomposed, then the whole in canonical order. */
static bool to_nfd(const uint32_t *code_points, size_t count, uint32_t nfd[NFD_ROOM], size_t *n)
{
	*n = 0;
	if (count > UNICODE_NFC_MAX)
		return false;
	for (size_t i = 0; i < count; i++)
		if (!decompose(code_points[i], nfd, NFD_ROOM, n))
			return false;
	canonical_order(nfd, *n);
	return true;
}

bool unicode_is_nfc(const uint32_t *code_points, size_t count, size_t *first_change)
{
	uint32_t text[NFD_ROOM];
	size_t n, kept = 0, starter = 0;
	bool have_starter = false;
	unsigned last_class = 0;

	*first_change = 0;
	if (!to_nfd(code_points, count, text, &n))
		return false;
	/* Composition: each character joins the last starter before it if
	 * nothing between them blocks it (a starter, or a mark of the same
	 * or a higher class) and the two have a primary composite. */
	for (size_t i = 0; i < n; i++) {
		uint32_t c = text[i], composite = 0;
		unsigned c_class = unicode_combining_class(c);
		bool blocked = kept > starter + 1 && (last_class == 0 || last_class >= c_class);

		if (have_starter && !blocked)
			composite = compose(text[starter], c);
		if (composite) {
			text[starter] = composite;
			continue;
		}
		if (c_class == 0) {
			starter = kept;
			have_starter = true;
		}
		last_class = c_class;
		text[kept++] = c;
	}
	while (*first_change < count && *first_change < kept &&
	       text[*first_change] == code_points[*first_change])
		(*first_change)++;
	return kept == count && *first_change == count;
}

static int compare_confusable(const void *key, const void *row)
{
	uint32_t c = *(const uint32_t *)key, d = ((const struct unicode_confusable *)row)->code_point;

	return (c > d) - (c < d);
}

bool unicode_skeleton(const uint32_t *code_points, size_t count, uint32_t *out, size_t room,
		      size_t *length)
{
	uint32_t nfd[NFD_ROOM];
	size_t n;

	*length = 0;
	if (!to_nfd(code_points, count, nfd, &n))
		return false;
	/* NFD again is the decomposition of each code point of the
	 * prototypes, then the canonical order of the whole. */
	for (size_t i = 0; i < n; i++) {
		const struct unicode_confusable *found =
			bsearch(&nfd[i], unicode_confusables, unicode_confusables_count,
				sizeof *unicode_confusables, compare_confusable);
		const uint32_t *prototype = found ? unicode_prototypes + found->start : &nfd[i];
		size_t prototype_length = found ? found->length : 1;

		for (size_t j = 0; j < prototype_length; j++)
			if (!decompose(prototype[j], out, room, length))
				return false;
	}
	canonical_order(out, *length);
	return true;
}
