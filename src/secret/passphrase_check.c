/*
 * passphrase_check.c - passphrase_check(): every passphrase of a shape
 * decodes to one choice of words, separators, capitals, digit and symbol
 * (passphrase.c's table of factors is exact only then).  First the rules
 * on bytes: random capitals need lower-case initials, a list that is not
 * prefix-free needs a separator, no word holds a byte of the separators,
 * digits or symbols, and no word's first character joins under NFC to
 * what comes before it.  Then the rules on what a reader sees: when a
 * character not ASCII is in the list or between its words, the forms a
 * word is shown in (random capitals too) must not look alike, nor like
 * the start of another without a separator, nor hold a character that
 * looks like a separator, digit or symbol (lookalikes.h, UTS #39's
 * skeletons).
 */
#include "config.h"

#include "secret/passphrase.h"

#include "secret/lookalikes.h"
#include "text/text.h"

#include <stdlib.h>
#include <string.h>

/* The forms words are shown in, spelt out into *copies: the list's, then
 * with random capitals each capitalised; count of them in *count. */
static const char **shown_forms(const struct passphrase *p, size_t *count, char **copies)
{
	const struct wordlist *list = p->list;
	size_t n = list->count, total = 0, used = 0, copies_of = p->caps == CAPS_RANDOM ? 2 : 1;
	const char **forms = malloc(2 * n * sizeof *forms);
	struct word_spelling room;

	for (size_t i = 0; i < n; i++)
		total += strlen(wordlist_word(list, i, &room)) + 1;
	*copies = forms ? malloc(copies_of * total) : NULL;
	if (!*copies) {
		free(forms);
		return NULL;
	}
	for (size_t k = 0; k < copies_of * n; k++) {
		size_t len = strlen(wordlist_word(list, k % n, &room)) + 1;

		forms[k] = memcpy(*copies + used, wordlist_word(list, k % n, &room), len);
		if (k >= n)
			capitalize_word(*copies + used, CAPS_FIRST);
		used += len;
	}
	*count = copies_of * n;
	return forms;
}

/* The list's word shown as forms[k]: its line, and whether k is a
 * capitalised copy. */
static size_t line_of_form(const struct passphrase *p, const char *const *forms, const char *form,
			   bool *capital)
{
	size_t k = 0;

	while (forms[k] != form)
		k++;
	*capital = k >= p->list->count;
	return p->list->codes ? 0 : wordlist_line(p->list, p->list->words[k % p->list->count]);
}

/* "word list NAME, line N: " (no line for the embedded list's). */
static bool at_line(const struct passphrase *p, size_t line, struct error *err)
{
	const char *name = error_quote(err, p->list->name);

	return line ? error_prefix(err, "word list %s, line %zu: ", name, line)
		    : error_prefix(err, "word list %s: ", name);
}

/* Two forms that look alike, or a the start of b, found in forms: the
 * message names the start, or the later line, first. */
static bool refuse_pair(const struct passphrase *p, const char *const *forms, const char *a,
			const char *b, bool start, struct error *err)
{
	bool capital_a, capital_b;
	size_t line_a = line_of_form(p, forms, a, &capital_a);
	size_t line_b = line_of_form(p, forms, b, &capital_b);
	bool first_a = start || line_a > line_b;
	const char *subject = first_a ? a : b, *object = first_a ? b : a;
	bool capital_object = first_a ? capital_b : capital_a;

	error_set(err, "the word %s%s looks like %s%s%s%s of line %zu%s (one skeleton by UTS #39's confusables; they differ at U+%04lX)%s",
		  error_quote(err, subject),
		  (first_a ? capital_a : capital_b) ? " with a random capital" : "",
		  start ? "the start of " : "", capital_object ? "" : "the word ",
		  error_quote(err, object), capital_object ? ", the word" : "",
		  first_a ? line_b : line_a, capital_object ? " with a random capital" : "",
		  (unsigned long)lookalikes_difference(subject, object),
		  start ? ", so the list needs a separator" : "");
	return at_line(p, first_a ? line_a : line_b, err);
}

/* Does a form hold a character that looks like one of joiners (len
 * bytes), which passphrase_check() calls what? */
static bool refuse_clash(const struct passphrase *p, const char *const *forms, size_t count,
			 const char *joiners, size_t len, const char *what, struct error *err)
{
	uint32_t in_word, in_joiner;
	const char *form = lookalikes_clash(forms, count, joiners, len, &in_word, &in_joiner);
	bool capital;
	size_t line;

	if (!form)
		return false;
	line = line_of_form(p, forms, form, &capital);
	error_set(err, "%s and the word %s%s share a look-alike character (U+%04lX of the word looks like U+%04lX: one skeleton by UTS #39's confusables), so passphrases would not decode uniquely",
		  what, error_quote(err, form), capital ? " with a random capital" : "",
		  (unsigned long)in_word, (unsigned long)in_joiner);
	at_line(p, line, err);
	return true;
}

/* The checks on forms (count of them); false when one fails. */
static bool forms_check(const struct passphrase *p, const char *const *forms, size_t count,
			struct error *err)
{
	bool empty = !p->separators.size && p->separator[0] == '\0';
	const char *a, *b;

	enum lookalikes found = lookalikes_find(forms, count, empty, &a, &b);

	if (found == LOOKALIKES_OUT_OF_MEMORY)
		return error_runtime(err, "out of memory");
	if (found != LOOKALIKES_NONE)
		return refuse_pair(p, forms, a, b, found == LOOKALIKES_START, err);
	return !(refuse_clash(p, forms, count, p->separator, strlen(p->separator), "the separator", err) ||
		 refuse_clash(p, forms, count, p->separators.chars, p->separators.size, "the separators", err) ||
		 (p->digit && refuse_clash(p, forms, count, PASSPHRASE_DIGITS, strlen(PASSPHRASE_DIGITS), "the digits", err)) ||
		 refuse_clash(p, forms, count, p->symbols.chars, p->symbols.size, "the symbols", err));
}

static bool passphrase_lookalikes_check(const struct passphrase *p, struct error *err)
{
	const char *separator = p->separator;
	size_t count;
	char *copies;
	const char **forms;
	bool ok;

	while (*separator && (unsigned char)*separator < 0x80)
		separator++;
	/* The embedded list is ASCII; separators, digits and symbols of a
	 * set are (charset.c). */
	if (!p->list->non_ascii && !*separator)
		return true;
	forms = shown_forms(p, &count, &copies);
	if (!forms)
		return error_runtime(err, "out of memory");
	ok = forms_check(p, forms, count, err);
	free(forms);
	free(copies);
	return ok;
}

/* Is it certain, from the bytes the list says its words use, that no word
 * in any printed form holds a byte of `bytes`? */
static bool surely_disjoint(const struct passphrase *p, const bool bytes[256])
{
	if (!p->list->letters)
		return false;
	for (const char *c = p->list->letters; *c; c++)
		if (bytes[(unsigned char)*c])
			return false;
	if (p->caps == CAPS_RANDOM)
		for (const char *c = p->list->initials; *c; c++)
			if (bytes[(unsigned char)ascii_upper(*c)])
				return false;
	return true;
}

/* Does any word, in any of the forms it can be printed in, contain a byte of
 * `bytes`?  Names the first such word in err. */
static bool words_contain(const struct passphrase *p, const bool bytes[256], const char *what,
			  struct error *err)
{
	struct word_spelling room;

	if (surely_disjoint(p, bytes))
		return false;
	for (size_t i = 0; i < p->list->count; i++) {
		const char *word = wordlist_word(p->list, i, &room);

		for (size_t k = 0; word[k]; k++) {
			unsigned char c = (unsigned char)word[k];
			bool hit = bytes[c] ||
				   (k == 0 && p->caps == CAPS_RANDOM && bytes[(unsigned char)ascii_upper((char)c)]);

			if (hit) {
				error_set(err, "%s and the word %s share a character, so passphrases would not decode uniquely",
					  what, error_quote(err, word));
				return true;
			}
		}
	}
	return false;
}

/* Are the initials known, and each a letter a-z?  A loop rather than
 * strspn(), which nothing else uses (one symbol less to bind at start). */
static bool all_lowercase(const char *initials)
{
	if (!initials)
		return false;
	for (; *initials; initials++)
		if (*initials < 'a' || *initials > 'z')
			return false;
	return true;
}

/*
 * A word that NFC may join to what the fixed separator ends in, when that
 * is empty (the last word) or not ASCII, or NULL: a Hangul vowel or final
 * jamo at its start ("\xea\xb0\x80" and "\xe1\x86\xa8" make U+AC01), which a
 * verifier that normalizes reads as another pair of words.  The code
 * point goes to *c.  (Marks at a word's start are refused when read.)
 */
static const char *word_joining(const struct passphrase *p, unsigned long *c)
{
	size_t end = strlen(p->separator);

	if (p->separators.size || p->list->codes ||
	    (end > 0 && (unsigned char)p->separator[end - 1] < 0x80))
		return NULL;
	for (size_t i = 0; i < p->list->count; i++) {
		const unsigned char *word = (const unsigned char *)p->list->words[i];

		if (word[0] >= 0x80 && utf8_decode(word, strlen((const char *)word), c) &&
		    unicode_nfc_quick_check((uint32_t)*c) == UNICODE_NFC_MAYBE)
			return (const char *)word;
	}
	return NULL;
}

bool passphrase_check(const struct passphrase *p, struct error *err)
{
	const char *joining;
	unsigned long first;

	bool separator_bytes[256] = { false }, digit_bytes[256] = { false };
	bool symbol_bytes[256] = { false };

	if (p->caps == CAPS_RANDOM && !all_lowercase(p->list->initials)) {
		for (size_t i = 0; i < p->list->count; i++) {
			struct word_spelling room;
			const char *word = wordlist_word(p->list, i, &room);

			if (word[0] < 'a' || word[0] > 'z') {
				error_set(err, "random capitals need every word to start with a letter a-z; %s does not",
					  error_quote(err, word));
				return false;
			}
		}
	}
	if (p->separators.size) {
		for (unsigned i = 0; i < p->separators.size; i++)
			separator_bytes[(unsigned char)p->separators.chars[i]] = true;
	} else {
		for (const char *c = p->separator; *c; c++)
			separator_bytes[(unsigned char)*c] = true;
		/* Without a separator, only a prefix-free list splits one way:
		 * with "sun", "sunday" and "day", "sunday" is one word or two. */
		if (p->separator[0] == '\0' && !p->list->prefix_free) {
			error_set(err, "word list %s is not prefix-free, so it needs a separator (some word is the start of another)",
				  error_quote(err, p->list->name));
			return false;
		}
	}
	joining = word_joining(p, &first);
	if (joining) {
		error_set(err, "word list %s has the word %s, whose first character (U+%04lX) normalization (NFC) joins to the end of the word or separator before it; use an ASCII separator",
			  error_quote(err, p->list->name), error_quote(err, joining), first);
		return false;
	}
	if (words_contain(p, separator_bytes, "the separator", err))
		return false;
	if (p->digit) {
		for (const char *c = PASSPHRASE_DIGITS; *c; c++)
			digit_bytes[(unsigned char)*c] = true;
		if (words_contain(p, digit_bytes, "the digits", err))
			return false;
		for (const char *c = PASSPHRASE_DIGITS; *c; c++)
			if (separator_bytes[(unsigned char)*c]) {
				error_set(err, "--digit cannot be used when a separator contains a digit");
				return false;
			}
	}
	if (p->symbols.size) {
		for (unsigned i = 0; i < p->symbols.size; i++) {
			unsigned char c = (unsigned char)p->symbols.chars[i];

			if (separator_bytes[c] || digit_bytes[c]) {
				error_set(err, "the symbol '%c' is also a separator or digit; choose --symbols without it",
					  c);
				return false;
			}
			symbol_bytes[c] = true;
		}
		if (words_contain(p, symbol_bytes, "the symbols", err))
			return false;
	}
	return passphrase_lookalikes_check(p, err);
}
