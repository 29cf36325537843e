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
 *   - the references of fuzz_unicode_oracle.c read the Unicode Character Database of the
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
#include "fuzz_unicode_oracle.h"
#include "secret/passphrase_draw.h"
#include "text/text.h"
#include "random/uniform.h"
#include "secret/words.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- the reference reading -------------------------------------------- */

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
