/*
 * fuzz_wordlist.c - wordlist_parse() on any bytes, then passphrases on the
 * list it gives.
 *
 * The input is the contents of a word-list file (tests/fuzz/run uses
 * -max_len=65536).  Checked on every input:
 *   - a failure comes with a non-empty message and leaves the list empty;
 *   - a success gives at least MIN_LIST_WORDS words, sorted strictly by
 *     strcmp, each non-empty, at most MAX_WORD_BYTES, valid UTF-8 without
 *     spaces or control characters (an independent validator), with
 *     `longest` the longest word and `prefix_free` equal to an independent
 *     check (all pairs for small lists, a binary search for every proper
 *     prefix of every word otherwise);
 *   - reference: a separate, simpler reading of the format documented in
 *     words.h (BOM, CR LF, blanks, '#' comments, diceware numbers, repeats)
 *     must agree on the words and on the number of repeats when the list
 *     is accepted, and a list it refuses must be refused;
 *   - the references below read the Unicode Character Database of the
 *     helper's version, kept in data/unicode, at start-up: neither the
 *     helper's tables nor the system's database (of the system's version);
 *   - visible words: a list with a word that holds a default-ignorable or
 *     format (Cf) character (from that database) is refused; so is a list
 *     with a word that normalization form KC changes (so NFC too), by a
 *     second implementation of Unicode (libunistring, linked into this
 *     target only); a list that is accepted has as many distinct strings,
 *     once default-ignorables are removed and NFKC applied, as the words
 *     it counts.  libunistring's Unicode version is the system's (14.0.0
 *     in Debian 12's 1.0, later than 15.0.0 in Debian 13's 1.3), so its
 *     NFKC is asked only about words whose every code point is assigned
 *     both in the helper's version and in the library's: Unicode's
 *     normalization stability policy makes the NFKC of such a word the
 *     same in both versions, and the verdict the same on every system.
 *     A code point that the helper's version does not assign makes the
 *     script check below refuse the list; the NFKC of one that only the
 *     library's version lacks is left to tests/unit/test_unicode.c
 *     (Unicode's NormalizationTest.txt of the helper's version);
 *   - scripts, by that database's Scripts.txt and ScriptExtensions.txt:
 *     a list whose words are not of one script set as UTS #39's Highly
 *     Restrictive level says is refused (a code point with no script,
 *     unassigned or private use, is in none).  The helper may refuse more
 *     (a code point unassigned in its Unicode version, or new in it), and
 *     then says which code point;
 *   - look-alikes: a list with two words of one skeleton (UTS #39,
 *     section 4), one of them not plain ASCII, is refused, and a list
 *     the references above accept is refused for look-alikes only when
 *     this reference finds two or cannot make every skeleton.  The
 *     skeleton is made from data/confusables.txt (the helper's version,
 *     read here on its own) and libunistring's NFD, asked only about
 *     code points both versions assign (the stability policy keeps
 *     their decompositions);
 *   - a passphrase of 1..8 words on the list, with a separator, random
 *     separators, random capitals, a digit and symbols chosen by a hash of
 *     the input: passphrase_entropy() is finite and > 0 and adds up;
 *     passphrase_check() refuses an empty separator on a list that is not
 *     prefix-free; when it accepts, one passphrase is generated (from the
 *     fake random stream) into a buffer of exactly passphrase_max_bytes(),
 *     and is decoded back into words that are all in the list.
 */
#include "config.h"

#include "secret/charset.h"
#include "fuzz_support.h"
#include "secret/passphrase_draw.h"
#include "text/text.h"
#include "random/uniform.h"
#include "ucd.h"
#include "secret/words.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>
#include <stdlib.h>
#include <string.h>

/* --- the reference reading -------------------------------------------- */

struct ref_word {
	const char *text;
	size_t len;
};

static int compare_ref(const void *a, const void *b)
{
	const struct ref_word *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->text, y->text, n);

	if (c != 0)
		return c;
	return (x->len > y->len) - (x->len < y->len);
}

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Returns the number of distinct words (0 when the list is refused); the
 * words, sorted and distinct, in *out (caller frees); repeats in *dups. */
static size_t reference_parse(const char *data, size_t len, struct ref_word **out,
			      size_t *dups)
{
	struct ref_word *words = calloc(len / 2 + 1, sizeof *words);
	size_t n = 0, distinct;
	size_t start;

	*out = words;
	*dups = 0;
	if (!words || len == 0 || memchr(data, '\0', len))
		return 0;
	start = len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
	while (start < len) {
		size_t stop = start;
		const char *w;
		size_t wl;

		while (stop < len && data[stop] != '\n')
			stop++;
		w = data + start;
		wl = stop - start;
		start = stop + 1;
		if (wl && w[wl - 1] == '\r')
			wl--;
		for (; wl && blank(*w); w++, wl--)
			;
		for (; wl && blank(w[wl - 1]); wl--)
			;
		if (wl == 0 || *w == '#')
			continue;
		if (is_digit(*w)) {
			size_t d = 0;

			while (d < wl && is_digit(w[d]))
				d++;
			if (d < wl && blank(w[d])) {
				for (w += d, wl -= d; blank(*w); w++, wl--)
					;
			}
		}
		if (wl > MAX_WORD_BYTES || memchr(w, ' ', wl) ||
		    !fuzz_utf8_printable((const unsigned char *)w, wl))
			return 0;
		/* A word takes at least two bytes of input, its own and '\n'
		 * (or it is the last line), so n stays below len / 2 + 1. */
		words[n].text = w;
		words[n].len = wl;
		n++;
	}
	if (n == 0)
		return 0;
	qsort(words, n, sizeof *words, compare_ref);
	distinct = 1;
	for (size_t i = 1; i < n; i++)
		if (compare_ref(&words[i], &words[distinct - 1]) != 0)
			words[distinct++] = words[i];
	*dups = n - distinct;
	return distinct >= MIN_LIST_WORDS ? distinct : 0;
}

/* --- visible words ------------------------------------------------------- */

/* From data/unicode (oracle_load): Default_Ignorable_Code_Point or
 * General_Category Cf; assigned (not Cn) in the helper's version. */
static bool oracle_ignorable[0x110000], oracle_assigned[0x110000];

static bool ignorable(ucs4_t c)
{
	return oracle_ignorable[c];
}

/* Do the helper's version and libunistring's both assign every code point
 * of the word (len bytes of valid UTF-8)?  Only then is libunistring's
 * NFKC of it the helper's version's. */
static bool assigned_in_both(ucs4_t c)
{
	return oracle_assigned[c] && !uc_is_general_category(c, UC_CATEGORY_Cn);
}

static bool both_assign(const uint8_t *s, size_t len)
{
	for (size_t i = 0; i < len;) {
		ucs4_t c;
		int step = u8_mbtouc(&c, s + i, len - i);

		CHECK(step > 0);
		if (!assigned_in_both(c))
			return false;
		i += (size_t)step;
	}
	return true;
}

/* The word (len bytes of valid UTF-8) without its default-ignorable and
 * format characters, in NFKC; malloc'ed, its length in *out_len. */
static uint8_t *visible_form(const char *word, size_t len, size_t *out_len)
{
	const uint8_t *s = (const uint8_t *)word;
	uint8_t *kept = malloc(len + 1), *nfc;
	size_t k = 0;

	CHECK(kept != NULL);
	for (size_t i = 0; i < len;) {
		ucs4_t c;
		int step = u8_mbtouc(&c, s + i, len - i);

		CHECK(step > 0);
		if (!ignorable(c)) {
			memcpy(kept + k, s + i, (size_t)step);
			k += (size_t)step;
		}
		i += (size_t)step;
	}
	nfc = u8_normalize(UNINORM_NFKC, kept, k, NULL, out_len);
	CHECK(nfc != NULL || k == 0);
	free(kept);
	return nfc;
}

/* Does some word hold an invisible character, or change under NFKC (asked
 * where both versions assign every code point)? */
static bool any_unseen(const struct ref_word *words, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		const uint8_t *s = (const uint8_t *)words[i].text;
		size_t nfc_len;
		uint8_t *nfc;
		bool same;

		for (size_t k = 0; k < words[i].len;) {
			ucs4_t c;
			int step = u8_mbtouc(&c, s + k, words[i].len - k);

			CHECK(step > 0);
			if (ignorable(c))
				return true;
			k += (size_t)step;
		}
		if (!both_assign(s, words[i].len))
			continue;
		nfc = u8_normalize(UNINORM_NFKC, s, words[i].len, NULL, &nfc_len);
		CHECK(nfc != NULL);
		same = nfc_len == words[i].len && memcmp(nfc, s, nfc_len) == 0;
		free(nfc);
		if (!same)
			return true;
	}
	return false;
}

/* The list's words whose every code point both versions assign have as
 * many distinct visible forms as they are. */
static void check_distinct_visible(const struct wordlist *list)
{
	struct ref_word *forms = calloc(list->count + 1, sizeof *forms);
	size_t known = 0, distinct = 0;

	CHECK(forms != NULL);
	for (size_t i = 0; i < list->count; i++) {
		const char *w = list->words[i];
		size_t len;

		if (!both_assign((const uint8_t *)w, strlen(w)))
			continue;
		forms[known].text = (const char *)visible_form(w, strlen(w), &len);
		forms[known++].len = len;
	}
	qsort(forms, known, sizeof *forms, compare_ref);
	for (size_t i = 0; i < known; i++)
		if (i == 0 || compare_ref(&forms[i], &forms[i - 1]) != 0)
			distinct++;
	for (size_t i = 0; i < known; i++)
		free((void *)forms[i].text);
	free(forms);
	CHECK(distinct == known);
}

/* --- look-alikes, from confusables.txt ---------------------------------- */

/* The prototypes of data/confusables.txt (the helper's version): the
 * prototype of code point c is oracle_pool[at + 1 .. at + 1 + length),
 * where at = oracle_prototype_at[c] - 1 and length = oracle_pool[at]; 0
 * for a code point that is its own prototype.  confusables.txt 15.0.0
 * has 6,311 lines of at most 18 code points. */
#define ORACLE_POOL 40000
static uint32_t oracle_prototype_at[0x110000];
static uint32_t oracle_pool[ORACLE_POOL];

static void oracle_read_confusables(void)
{
	FILE *f = fopen(UNICODE_DATA "/../confusables.txt", "r");
	char line[1024];
	size_t used = 0, lines = 0;

	CHECK(f != NULL);
	while (fgets(line, sizeof line, f)) {
		unsigned long source, c;
		char *p = line, *end;
		size_t at = used;

		if (strncmp(p, "\xef\xbb\xbf", 3) == 0)
			p += 3;
		if (*p == '#' || *p == '\n' || *p == '\r')
			continue;
		source = strtoul(p, &end, 16);
		CHECK(end != p && source < 0x110000 && oracle_prototype_at[source] == 0);
		p = strchr(end, ';');
		CHECK(p != NULL);
		CHECK(used + 1 < ORACLE_POOL);
		used++; /* the length, below */
		for (p++;;) {
			c = strtoul(p, &end, 16);
			if (end == p)
				break;
			CHECK(c < 0x110000 && used < ORACLE_POOL);
			oracle_pool[used++] = (uint32_t)c;
			p = end;
		}
		CHECK(*p == ' ' || *p == '\t' || *p == ';');
		CHECK(used - at - 1 >= 1);
		oracle_pool[at] = (uint32_t)(used - at - 1);
		oracle_prototype_at[source] = (uint32_t)at + 1;
		lines++;
	}
	CHECK(!ferror(f) && fclose(f) == 0);
	CHECK(lines > 6000);
}

/* The code points of s in NFD (libunistring), or NULL when a code point
 * is not assigned in both versions (then the library's NFD may not be
 * the helper's version's; for assigned code points Unicode's stability
 * policy keeps decompositions and combining classes). */
static ucs4_t *oracle_nfd(const ucs4_t *s, size_t len, size_t *out_len)
{
	ucs4_t *nfd;

	for (size_t i = 0; i < len; i++)
		if (!assigned_in_both(s[i]))
			return NULL;
	nfd = u32_normalize(UNINORM_NFD, s, len, NULL, out_len);
	CHECK(nfd != NULL || len == 0);
	return nfd;
}

/* UTS #39's skeleton of the word, section 4 (with no default-ignorable
 * code point to remove: the list has none): NFD, each code point replaced
 * by its prototype, NFD again.  NULL when oracle_nfd() cannot say. */
static ucs4_t *oracle_skeleton(const char *word, size_t len, size_t *out_len)
{
	size_t n32, nfd_len, mapped_len = 0;
	ucs4_t *s32 = u8_to_u32((const uint8_t *)word, len, NULL, &n32), *nfd, *mapped, *skeleton;

	CHECK(s32 != NULL || len == 0);
	nfd = oracle_nfd(s32, n32, &nfd_len);
	free(s32);
	if (!nfd)
		return NULL;
	mapped = malloc((nfd_len * 18 + 1) * sizeof *mapped);
	CHECK(mapped != NULL);
	for (size_t i = 0; i < nfd_len; i++) {
		uint32_t at = oracle_prototype_at[nfd[i]];

		if (at == 0) {
			mapped[mapped_len++] = nfd[i];
			continue;
		}
		CHECK(oracle_pool[at - 1] <= 18);
		for (uint32_t k = 0; k < oracle_pool[at - 1]; k++)
			mapped[mapped_len++] = oracle_pool[at + k];
	}
	free(nfd);
	skeleton = oracle_nfd(mapped, mapped_len, out_len);
	free(mapped);
	return skeleton;
}

struct oracle_skeleton {
	ucs4_t *code_points;
	size_t len;
	bool ascii;
};

static int compare_skeleton(const void *a, const void *b)
{
	const struct oracle_skeleton *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;

	for (size_t i = 0; i < n; i++)
		if (x->code_points[i] != y->code_points[i])
			return x->code_points[i] < y->code_points[i] ? -1 : 1;
	return (x->len > y->len) - (x->len < y->len);
}

/* Are two of the count distinct words look-alikes: one skeleton, one of
 * them not plain ASCII (lookalikes.h)?  Asked of the words whose skeleton
 * oracle_skeleton() can make; *unknown says whether any was left out. */
static bool oracle_lookalikes(const struct ref_word *words, size_t count, bool *unknown)
{
	struct oracle_skeleton *sk = calloc(count + 1, sizeof *sk);
	size_t known = 0;
	bool found = false;

	CHECK(sk != NULL);
	*unknown = false;
	for (size_t i = 0; i < count; i++) {
		sk[known].code_points = oracle_skeleton(words[i].text, words[i].len, &sk[known].len);
		if (!sk[known].code_points) {
			*unknown = true;
			continue;
		}
		sk[known].ascii = true;
		for (size_t k = 0; k < words[i].len; k++)
			sk[known].ascii = sk[known].ascii && (unsigned char)words[i].text[k] < 0x80;
		known++;
	}
	qsort(sk, known, sizeof *sk, compare_skeleton);
	/* A run of equal skeletons (of distinct words) with a word that is
	 * not ASCII in it is a pair. */
	for (size_t i = 0; i < known && !found;) {
		size_t j = i;
		bool all_ascii = true;

		for (; j < known && compare_skeleton(&sk[i], &sk[j]) == 0; j++)
			all_ascii = all_ascii && sk[j].ascii;
		found = j - i >= 2 && !all_ascii;
		i = j;
	}
	for (size_t i = 0; i < known; i++)
		free(sk[i].code_points);
	free(sk);
	return found;
}

/* --- scripts, from the Unicode Character Database's text files ---------- */

#define ORACLE_NAMES 256
#define ORACLE_SETS 512

static char oracle_names[ORACLE_NAMES][16];
static size_t oracle_name_count;
/* Each set: its member scripts, or every script (Common, Inherited). */
static bool oracle_members[ORACLE_SETS][ORACLE_NAMES], oracle_every[ORACLE_SETS];
static size_t oracle_set_count = 1; /* set 0: Unknown, no script */
static uint16_t oracle_set_of[0x110000];

static size_t oracle_name(const char *name)
{
	for (size_t i = 0; i < oracle_name_count; i++)
		if (strcmp(oracle_names[i], name) == 0)
			return i;
	CHECK(oracle_name_count < ORACLE_NAMES && strlen(name) < sizeof oracle_names[0]);
	strcpy(oracle_names[oracle_name_count], name);
	return oracle_name_count++;
}

/* The set of the names in `list` (blank-separated), each with what UTS #39
 * adds to it (section 5.1): Han is also Hanb, Jpan and Kore; Hiragana and
 * Katakana Jpan; Hangul Kore; Bopomofo Hanb. */
static uint16_t oracle_set(char *list)
{
	bool members[ORACLE_NAMES] = { false }, every = false;

	for (char *name = strtok(list, " \t"); name; name = strtok(NULL, " \t")) {
		static const char *const added[][4] = {
			{ "Hani", "Hanb", "Jpan", "Kore" }, { "Hira", "Jpan" }, { "Kana", "Jpan" },
			{ "Hang", "Kore" }, { "Bopo", "Hanb" },
		};

		if (strcmp(name, "Zyyy") == 0 || strcmp(name, "Zinh") == 0)
			every = true;
		members[oracle_name(name)] = true;
		for (size_t a = 0; a < sizeof added / sizeof added[0]; a++)
			if (strcmp(name, added[a][0]) == 0)
				for (size_t k = 1; k < 4 && added[a][k]; k++)
					members[oracle_name(added[a][k])] = true;
	}
	for (size_t i = 1; i < oracle_set_count; i++)
		if (oracle_every[i] == every &&
		    memcmp(oracle_members[i], members, sizeof members) == 0)
			return (uint16_t)i;
	CHECK(oracle_set_count < ORACLE_SETS);
	memcpy(oracle_members[oracle_set_count], members, sizeof members);
	oracle_every[oracle_set_count] = every;
	return (uint16_t)oracle_set_count++;
}

/* The next "first..last ; value" line of a UCD file (line: 512 bytes),
 * the value without its blanks; false at the end. */
static bool ucd_next(FILE *f, char *line, unsigned long *first, unsigned long *last,
		     char **value)
{
	while (fgets(line, 512, f)) {
		char *end;

		CHECK(strchr(line, '\n') != NULL);
		line[strcspn(line, "#\n")] = '\0';
		*value = strchr(line, ';');
		if (!*value)
			continue;
		*(*value)++ = '\0';
		if (sscanf(line, "%lx..%lx", first, last) != 2)
			*last = *first = strtoul(line, NULL, 16);
		CHECK(*first <= *last && *last < 0x110000);
		while (isspace((unsigned char)**value))
			++*value;
		end = *value + strlen(*value);
		while (end > *value && isspace((unsigned char)end[-1]))
			*--end = '\0';
		return true;
	}
	return false;
}

/* Each line of a UCD file to set_of; long script names (Scripts.txt) by
 * their short ones from PropertyValueAliases.txt. */
static void oracle_read(const char *name, char aliases[][2][64], size_t alias_count)
{
	FILE *f = ucd_open(name);
	char line[512], *value;
	unsigned long first, last;

	CHECK(f != NULL);
	while (ucd_next(f, line, &first, &last, &value)) {
		for (size_t a = 0; a < alias_count; a++)
			if (strcmp(value, aliases[a][1]) == 0) {
				value = aliases[a][0];
				break;
			}
		{
			char copy[512];
			uint16_t set;

			snprintf(copy, sizeof copy, "%s", value);
			set = oracle_set(copy);
			for (unsigned long c = first; c <= last; c++)
				oracle_set_of[c] = set;
		}
	}
	CHECK(ucd_close(f));
}

/* Default-ignorable and format characters, and what is assigned. */
static void oracle_read_properties(void)
{
	FILE *f = ucd_open("DerivedCoreProperties.txt");
	char line[512], *value;
	unsigned long first, last;

	CHECK(f != NULL);
	while (ucd_next(f, line, &first, &last, &value))
		if (strcmp(value, "Default_Ignorable_Code_Point") == 0)
			for (unsigned long c = first; c <= last; c++)
				oracle_ignorable[c] = true;
	CHECK(ucd_close(f));
	f = ucd_open("extracted/DerivedGeneralCategory.txt");
	CHECK(f != NULL);
	while (ucd_next(f, line, &first, &last, &value))
		for (unsigned long c = first; c <= last; c++) {
			oracle_ignorable[c] = oracle_ignorable[c] || strcmp(value, "Cf") == 0;
			oracle_assigned[c] = strcmp(value, "Cn") != 0;
		}
	CHECK(ucd_close(f));
}

static void oracle_load(void)
{
	static char aliases[400][2][64];
	size_t count = 0;
	char line[512];
	FILE *f = ucd_open("PropertyValueAliases.txt");

	CHECK(f != NULL);
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "sc ; %63[^ ;] ; %63[^ ;\n]", aliases[count][0], aliases[count][1]) == 2)
			CHECK(++count < 400);
	CHECK(ucd_close(f));
	oracle_read("Scripts.txt", aliases, count);
	/* Script_Extensions replaces Script where it is given. */
	oracle_read("ScriptExtensions.txt", aliases, count);
	oracle_read_properties();
	oracle_read_confusables();
}

/* Are the words, all together, Highly Restrictive (UTS #39, 5.2)? */
static bool oracle_highly_restrictive(const struct ref_word *words, size_t count)
{
	bool all[ORACLE_NAMES], not_latin[ORACLE_NAMES], any = false;
	size_t latin;

	latin = oracle_name("Latn");
	for (size_t n = 0; n < ORACLE_NAMES; n++)
		all[n] = not_latin[n] = n < oracle_name_count;
	for (size_t i = 0; i < count; i++) {
		const uint8_t *s = (const uint8_t *)words[i].text;

		for (size_t k = 0; k < words[i].len;) {
			ucs4_t c;
			int step = u8_mbtouc(&c, s + k, words[i].len - k);
			uint16_t set;

			CHECK(step > 0);
			k += (size_t)step;
			set = oracle_set_of[c];
			if (oracle_every[set])
				continue;
			for (size_t n = 0; n < ORACLE_NAMES; n++) {
				all[n] = all[n] && oracle_members[set][n];
				if (!oracle_members[set][latin])
					not_latin[n] = not_latin[n] && oracle_members[set][n];
			}
		}
	}
	for (size_t n = 0; n < ORACLE_NAMES; n++)
		any = any || all[n];
	return any || not_latin[oracle_name("Jpan")] || not_latin[oracle_name("Kore")] ||
	       not_latin[oracle_name("Hanb")];
}

/* --- checks on a parsed list ------------------------------------------- */

static bool in_list(const struct wordlist *list, const char *word, size_t len)
{
	size_t lo = 0, hi = list->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *w = list->words[mid];
		size_t wl = strlen(w);
		int c = memcmp(w, word, wl < len ? wl : len);

		if (c == 0)
			c = (wl > len) - (wl < len);
		if (c == 0)
			return true;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

static bool reference_prefix_free(const struct wordlist *list)
{
	if (list->count <= 256) {
		for (size_t i = 0; i < list->count; i++)
			for (size_t j = 0; j < list->count; j++)
				if (i != j && strncmp(list->words[i], list->words[j],
						      strlen(list->words[i])) == 0)
					return false;
		return true;
	}
	for (size_t i = 0; i < list->count; i++)
		for (size_t k = 1; k < strlen(list->words[i]); k++)
			if (in_list(list, list->words[i], k))
				return false;
	return true;
}

static void check_list(const struct wordlist *list, const struct ref_word *ref,
		       size_t ref_count, size_t ref_dups)
{
	size_t longest = 0;

	CHECK(list->count >= MIN_LIST_WORDS && list->count <= MAX_LIST_WORDS);
	CHECK(list->words != NULL);
	CHECK(list->count == ref_count);
	CHECK(list->duplicates == ref_dups);
	for (size_t i = 0; i < list->count; i++) {
		const char *w = list->words[i];
		size_t len = strlen(w);

		CHECK(len >= 1 && len <= MAX_WORD_BYTES);
		CHECK(fuzz_utf8_printable((const unsigned char *)w, len));
		CHECK(!memchr(w, ' ', len));
		CHECK(utf8_printable(w, len));
		if (i > 0)
			CHECK(strcmp(list->words[i - 1], w) < 0);
		CHECK(len == ref[i].len && memcmp(w, ref[i].text, len) == 0);
		if (len > longest)
			longest = len;
	}
	CHECK(list->longest == longest);
	CHECK(list->prefix_free == reference_prefix_free(list));
}

/* --- passphrases -------------------------------------------------------- */

static void set_alphabet(struct alphabet *alpha, const char *sorted_chars)
{
	memset(alpha, 0, sizeof *alpha);
	for (const char *c = sorted_chars; *c; c++)
		alpha->chars[alpha->size++] = *c;
}

static bool in_alphabet(const struct alphabet *alpha, char c)
{
	return alpha->size && memchr(alpha->chars, c, alpha->size) != NULL;
}

/* Length of the list word at the start of s (with its first letter
 * lower-cased when capitals are random), or 0.  Used only without a
 * separator, where the list is prefix-free and at most one word fits. */
static size_t word_at(const struct passphrase *p, const char *s, size_t left)
{
	size_t found = 0;
	unsigned matches = 0;

	for (size_t i = 0; i < p->list->count; i++) {
		const char *w = p->list->words[i];
		size_t wl = strlen(w);
		char first = s[0];

		if (wl > left)
			continue;
		if (p->caps == CAPS_RANDOM && first >= 'A' && first <= 'Z')
			first = (char)(first - 'A' + 'a');
		if (first == w[0] && memcmp(s + 1, w + 1, wl - 1) == 0) {
			found = wl;
			matches++;
		}
	}
	CHECK(matches <= 1);
	return found;
}

/* Is the piece s[0..len) a list word, with a capital first letter allowed
 * when capitals are random? */
static bool piece_is_word(const struct passphrase *p, const char *s, size_t len)
{
	char first[MAX_WORD_BYTES + 1];

	if (len == 0 || len > MAX_WORD_BYTES)
		return false;
	memcpy(first, s, len);
	if (p->caps == CAPS_RANDOM && first[0] >= 'A' && first[0] <= 'Z')
		first[0] = (char)(first[0] - 'A' + 'a');
	return in_list(p->list, first, len);
}

/* Split a generated passphrase back into its words, digit and symbol. */
static void check_decodes(const struct passphrase *p, const char *s, size_t len)
{
	size_t sep_len = p->separators.size ? 1 : strlen(p->separator);
	size_t pos = 0, digits = 0, symbols = 0;

	for (size_t i = 0; i < p->word_count; i++) {
		size_t end;

		if (sep_len == 0) {
			end = pos + word_at(p, s + pos, len - pos);
			CHECK(end > pos);
			if (p->digit && end < len && is_digit(s[end])) {
				digits++;
				end++;
			}
			if (end < len && in_alphabet(&p->symbols, s[end])) {
				symbols++;
				end++;
			}
		} else {
			size_t piece;

			/* The piece runs to the next separator. */
			for (end = pos; end < len; end++) {
				if (p->separators.size ? in_alphabet(&p->separators, s[end])
						       : strncmp(s + end, p->separator, sep_len) == 0)
					break;
			}
			piece = end - pos;
			if (piece && in_alphabet(&p->symbols, s[pos + piece - 1])) {
				symbols++;
				piece--;
			}
			if (p->digit && piece && is_digit(s[pos + piece - 1])) {
				digits++;
				piece--;
			}
			CHECK(piece_is_word(p, s + pos, piece));
		}
		pos = end;
		if (i + 1 < p->word_count) {
			CHECK(pos + sep_len <= len);
			pos += sep_len;
		}
	}
	CHECK(pos == len);
	CHECK(digits == (p->digit ? 1u : 0u));
	CHECK(symbols == (p->symbols.size ? 1u : 0u));
}

static void check_passphrase(const struct wordlist *list, uint64_t h)
{
	static const char *const separators[] = { "", " ", "-", ".", "\xc2\xb7\xc2\xb7", "::" };
	struct passphrase p;
	struct passphrase_bits bits;
	struct count count;
	struct error err = { .next_quote = 0 };
	bool decodes;
	unsigned variant = (unsigned)(h >> 3) % 7;

	memset(&p, 0, sizeof p);
	p.list = list;
	p.word_count = 1 + (size_t)(h & 7);
	if (variant < 6)
		strcpy(p.separator, separators[variant]);
	else
		set_alphabet(&p.separators, "-._");
	p.caps = (h >> 6) & 1 ? CAPS_RANDOM : CAPS_NONE;
	p.digit = (h >> 7) & 1;
	if ((h >> 8) & 1)
		set_alphabet(&p.symbols, "!#$%&*+=?@^~");

	passphrase_count(&p, &count);
	passphrase_entropy(&p, &count, &bits);
	CHECK(isfinite(bits.total) && bits.total > 0);
	CHECK(fabs(bits.words - (double)p.word_count * log2((double)list->count)) < 1e-9);
	CHECK(fabs(bits.total - (bits.words + bits.separators + bits.capitals + bits.digit +
				 bits.symbol)) < 1e-9);
	CHECK(bits.total >= bits.words);

	decodes = passphrase_check(&p, &err);
	if (p.separator[0] == '\0' && !p.separators.size && !list->prefix_free)
		CHECK(!decodes);
	if (!decodes) {
		CHECK(err.text[0] != '\0');
		return;
	}
	{
		size_t room = passphrase_max_bytes(&p);
		char *out = malloc(room); /* exact, so ASan sees an overrun */
		size_t len;

		CHECK(out != NULL);
		len = passphrase_generate(&p, fuzz_random_source(h), out);
		CHECK(len >= 1 && len <= room);
		CHECK(!memchr(out, '\n', len) && !memchr(out, '\0', len));
		CHECK(fuzz_utf8_printable((const unsigned char *)out, len));
		check_decodes(&p, out, len);
		free(out);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	oracle_load();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wordlist list;
	struct ref_word *ref;
	size_t ref_count, ref_dups;
	struct error err = { .next_quote = 0 };
	bool ok, unseen, lookalikes, unknown = false;

	fuzz_enter();
	ref_count = reference_parse((const char *)data, size, &ref, &ref_dups);
	unseen = ref_count > 0 && (any_unseen(ref, ref_count) ||
				   !oracle_highly_restrictive(ref, ref_count));
	lookalikes = !unseen && ref_count > 0 && oracle_lookalikes(ref, ref_count, &unknown);
	ok = wordlist_parse((const char *)data, size, "fuzz", &list, &err);
	if (ref_count == 0 || unseen || lookalikes)
		CHECK(!ok);
	if (!ok) {
		CHECK(err.text[0] != '\0' && memchr(err.text, '\0', sizeof err.text));
		CHECK(list.count == 0 && list.words == NULL && list.storage == NULL);
		/* A list the references accept is refused only for a
		 * character that the message names, or for two words that
		 * look alike (when the reference finds them, or cannot
		 * make every skeleton). */
		if (ref_count > 0 && !unseen)
			CHECK(strstr(err.text, " (U+") != NULL ||
			      (strstr(err.text, " looks like the word ") != NULL &&
			       (lookalikes || unknown)));
	} else {
		check_list(&list, ref, ref_count, ref_dups);
		check_distinct_visible(&list);
		check_passphrase(&list, fuzz_hash(data, size));
		wordlist_free(&list);
		CHECK(list.count == 0 && list.words == NULL);
	}
	free(ref);
	fuzz_leave();
	return 0;
}
