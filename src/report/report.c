/*
 * report.c - the text of the --verbose entropy line and of the warnings.
 *
 * Kept apart from main() so that unit tests and the whole-command fuzz
 * target reach it: every piece is appended with a bounded write into the
 * caller's buffer (text_append), and every name that comes from the user
 * (a word list's path) is quoted, so a long or hostile path can neither
 * overflow the buffer nor reach the terminal as control sequences.
 */
#include "config.h"

#include "report/report.h"

#include "secret/figure.h"
#include "secret/logarithm.h"
#include "text/text.h"

#include <stdlib.h>
#include <string.h>

/* A figure of a report: against the default target. */
static const char *figure(double bits, char out[32])
{
	return bits_against(bits, DEFAULT_ENTROPY_BITS, out, 32);
}

static const char *plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static void describe_words(const struct words_spec *w, struct text_buffer *text)
{
	const struct passphrase *p = &w->passphrase;
	const struct passphrase_bits *bits = &w->bits;
	char shown[QUOTE_BYTES], part[32];
	bool extras = passphrase_has_extras(p);

	/* The embedded list is named as such; a file (a list that owns its
	 * words) by its quoted path.  With no extras the words' figure is the
	 * total. */
	text_append(text, "entropy: %zu %s of %zu (%s): %s", p->word_count,
		    plural(p->word_count, "word", "words"), p->list->count,
		    w->file_list.storage ? quote(shown, w->file_list.name) : p->list->name,
		    figure(extras ? bits->words : bits->total, part));
	if (p->separators.size)
		text_append(text, ", %zu %s of %u: %s", p->word_count - 1,
			    plural(p->word_count - 1, "separator", "separators"), p->separators.size,
			    figure(bits->separators, part));
	if (p->caps == CAPS_RANDOM)
		text_append(text, ", random capitals: %s", figure(bits->capitals, part));
	if (p->digit)
		text_append(text, ", a digit after one of %zu %s: %s", p->word_count,
			    plural(p->word_count, "word", "words"), figure(bits->digit, part));
	if (p->symbols.size)
		text_append(text, ", a symbol of %u after one of %zu %s: %s", p->symbols.size,
			    p->word_count, plural(p->word_count, "word", "words"),
			    figure(bits->symbol, part));
	/* "...: 129.2" alone already ends in the total; otherwise add it. */
	if (extras)
		text_append(text, "; total %s bits", figure(bits->total, shown));
	else
		text_append(text, " bits");
}

static void describe_token(const struct spec *spec, struct text_buffer *text)
{
	const struct token_spec *t = &spec->token;
	char shown[32];

	text_append(text, "entropy: %zu random %s as %zu %s %s: %s bits", t->bytes,
		    plural(t->bytes, "byte", "bytes"), t->length, spec->format_name,
		    plural(t->length, "character", "characters"), figure(spec->bits, shown));
}

/* Under site rules: the source, the required rules, the run limits. */
static void describe_site_rules(const struct spec *spec, struct text_buffer *text)
{
	const struct characters_spec *c = &spec->characters;
	const struct site_rules *rules = &spec->site.rules;

	text_append(text, "entropy: %zu %s from %u (%s%s)", c->length,
		    plural(c->length, "character", "characters"), c->alphabet.size,
		    spec->site.source[0] == '-' ? "" : "rules of ", spec->site.source);
	if (rules->required_count)
		text_append(text, ", %u required", rules->required_count);
	if (rules->max_repeating && rules->max_repeating == rules->max_sequential)
		text_append(text, ", runs of at most %lu", rules->max_repeating);
	else {
		if (rules->max_repeating)
			text_append(text, ", at most %lu identical in a row", rules->max_repeating);
		if (rules->max_sequential)
			text_append(text, ", sequences of at most %lu", rules->max_sequential);
	}
}

/* An alphabet and its class rules, or the site rules. */
static void describe_characters(const struct spec *spec, struct text_buffer *text)
{
	const struct characters_spec *c = &spec->characters;
	char shown[32];

	if (c->has_site_rules) {
		describe_site_rules(spec, text);
	} else {
		text_append(text, "entropy: %zu %s from %u (%s%s)", c->length,
			    plural(c->length, "character", "characters"), c->alphabet.size,
			    c->alphabet_name, c->alphabet_narrowed ? ", less exclusions" : "");
		for (int k = 0, listed = 0; k < CLASS_COUNT; k++) {
			if (c->required & (1u << k))
				text_append(text, "%s%s", listed++ ? "," : ", requiring ",
					    char_class_name((enum char_class)k));
		}
	}
	text_append(text, ": %s bits", figure(spec->bits, shown));
}

/* Syllables: how many characters, of which sets, and what else is in. */
static void describe_pronounceable(const struct spec *spec, struct text_buffer *text)
{
	const struct pronounceable *p = &spec->pronounceable;
	size_t length = pronounceable_length(p, p->drawn);
	char shown[32];

	text_append(text, "entropy: %zu %s, pronounceable (%zu %s of %u consonants and %u vowels",
		    length, plural(length, "character", "characters"),
		    pronounceable_letters(p, p->drawn),
		    plural(pronounceable_letters(p, p->drawn), "letter", "letters"),
		    p->consonants.size, p->vowels.size);
	if (p->digits.size)
		text_append(text, ", a digit of %u", p->digits.size);
	if (p->symbols.size)
		text_append(text, ", a symbol of %u", p->symbols.size);
	if (p->capital)
		text_append(text, ", a capital");
	if (p->group)
		text_append(text, ", groups of %zu", p->group);
	text_append(text, "): %s bits", figure(spec->bits, shown));
}

const char *report_entropy(const struct spec *spec, char *out, size_t size)
{
	struct text_buffer text;

	text_init(&text, out, size);
	switch (spec->kind) {
	case SPEC_CHARACTERS:
		describe_characters(spec, &text);
		break;
	case SPEC_TOKEN:
		describe_token(spec, &text);
		break;
	case SPEC_WORDS:
		describe_words(&spec->words, &text);
		break;
	case SPEC_PRONOUNCEABLE:
		describe_pronounceable(spec, &text);
		break;
	}
	return out;
}

/*
 * bcrypt, still common at sites, keeps the first 72 bytes of a password.
 * What they hold for sure, a lower bound:
 *   - a passphrase: the words that fit whole however long they are,
 *     k = (72 - e + s) / (longest + s) of them (s the separator's bytes, e
 *     the bytes a digit and a symbol may add), k log2(n) bits.  64 words
 *     of 48 bytes sharing a 45-byte start: k = 1, 6 bits of 132;
 *   - characters of an alphabet of a (one byte each), under any rules: the
 *     characters past the 72nd hold at most log2(a) bits each, so the
 *     first 72 hold at least the figure less (length - 72) log2(a);
 *   - a pronounceable password: given where the digit, the symbol and the
 *     capital are, the first 72 bytes show at least their drawn characters
 *     less those two as letters, each an independent draw: that many
 *     letters' bits.
 */
double bcrypt_kept_bits(const struct spec *spec)
{
	const struct passphrase *p = &spec->words.passphrase;
	double kept = 0;
	size_t length = 0;
	unsigned size = 0;

	if (spec->max_bytes <= BCRYPT_KEPT_BYTES)
		return spec->bits;
	switch (spec->kind) {
	case SPEC_CHARACTERS:
		length = spec->characters.length;
		size = spec->characters.alphabet.size;
		break;
	case SPEC_TOKEN:
		length = spec->token.length;
		size = spec->token.alphabet.size;
		break;
	case SPEC_WORDS: {
		size_t gap = p->separators.size ? 1 : strlen(p->separator);
		size_t extras = (p->digit ? 1u : 0u) + (p->symbols.size ? 1u : 0u);
		size_t whole = (BCRYPT_KEPT_BYTES - extras + gap) / (p->list->longest + gap);

		if (whole > p->word_count)
			whole = p->word_count;
		kept = count_log2_power((uint32_t)p->list->count, whole);
		return kept < spec->bits ? kept : spec->bits;
	}
	case SPEC_PRONOUNCEABLE:
		kept = pronounceable_letters_log2(&spec->pronounceable, BCRYPT_KEPT_BYTES);
		return kept < spec->bits ? kept : spec->bits;
	}
	if (length <= BCRYPT_KEPT_BYTES)
		return spec->bits;
	kept = spec->bits - (double)(length - BCRYPT_KEPT_BYTES) * (double)log2_ld((long double)size);
	return kept > 0 ? kept : 0;
}

/* What a passphrase's list and length call for. */
static void warn_words(const struct spec *spec, void (*emit)(const char *line))
{
	const struct words_spec *w = &spec->words;
	char line[REPORT_BYTES], shown[QUOTE_BYTES];
	struct text_buffer text;

	if (w->file_list.duplicates) {
		text_init(&text, line, sizeof line);
		text_append(&text,
			    "word list %s: %zu repeated %s ignored; the entropy counts the %zu distinct ones",
			    quote(shown, w->file_list.name), w->file_list.duplicates,
			    plural(w->file_list.duplicates, "word", "words"), w->file_list.count);
		emit(line);
	}
	/* The figure counts the whole passphrase; bcrypt keeps less. */
	if (spec->verbose && spec->max_bytes > BCRYPT_KEPT_BYTES) {
		text_init(&text, line, sizeof line);
		text_append(&text,
			    "this passphrase can be up to %zu bytes long; a site that keeps only the first %d (bcrypt) keeps at least %s bits of it",
			    spec->max_bytes, BCRYPT_KEPT_BYTES,
			    figure(bcrypt_kept_bits(spec), shown));
		emit(line);
	}
	if (w->capital_collisions) {
		text_init(&text, line, sizeof line);
		text_append(&text,
			    "capitals make %zu more %s identical to others; the entropy counts the %zu distinct ones",
			    w->capital_collisions, plural(w->capital_collisions, "word", "words"),
			    w->capitalized_list.count);
		emit(line);
	}
}

void report_warnings(const struct spec *spec, void (*emit)(const char *line))
{
	/* Which site's rules apply, and what they changed. */
	for (unsigned i = 0; i < spec->note_count; i++)
		emit(spec->notes[i]);
	switch (spec->kind) {
	case SPEC_CHARACTERS:
	case SPEC_TOKEN:
	case SPEC_PRONOUNCEABLE:
		break;
	case SPEC_WORDS:
		warn_words(spec, emit);
		break;
	}
}
