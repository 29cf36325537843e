/*
 * passphrase_lookalikes.c - passphrase_check()'s rules on bytes, on what
 * a reader sees: when a character not ASCII is in the list or between its
 * words, the forms a word is shown in (random capitals too) must not look
 * alike, nor like the start of another without a separator, nor hold a
 * character that looks like a separator, digit or symbol
 * (lookalikes.h, UTS #39's skeletons).
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

bool passphrase_lookalikes_check(const struct passphrase *p, struct error *err)
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
