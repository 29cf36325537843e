/*
 * fuzz_unicode_oracle.c - fuzz_wordlist's references for what Unicode says
 * of a word list (fuzz_wordlist.c's opening comment says what each one
 * checks): read at start-up from the Unicode Character Database of the
 * helper's version (data/unicode, through tests/unit/ucd.c) and from
 * data/confusables.txt, with libunistring's normalization asked only
 * about code points that both its version and the helper's assign.
 */
#include "config.h"

#include "fuzz_unicode_oracle.h"

#include "fuzz_support.h"
#include "ucd.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

int compare_ref(const void *a, const void *b)
{
	const struct ref_word *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->text, y->text, n);

	if (c != 0)
		return c;
	return (x->len > y->len) - (x->len < y->len);
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

bool both_assign(const uint8_t *s, size_t len)
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
bool any_unseen(const struct ref_word *words, size_t count)
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
void check_distinct_visible(const struct wordlist *list)
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
bool oracle_lookalikes(const struct ref_word *words, size_t count, bool *unknown)
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

void oracle_load(void)
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
bool oracle_highly_restrictive(const struct ref_word *words, size_t count)
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
