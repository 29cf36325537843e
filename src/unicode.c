/*
 * unicode.c - lookups in the tables of Unicode character properties.
 *
 * The tables (unicode-tables.c) are generated from the Unicode Character
 * Database; here is only the search.
 */
#include "config.h"

#include "unicode.h"

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

unsigned unicode_combining_class(uint32_t code_point)
{
	const struct unicode_range *range =
		find_range(unicode_combining, unicode_combining_count, code_point);

	return range ? range->value : 0;
}
