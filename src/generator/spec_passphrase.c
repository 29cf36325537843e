/*
 * spec_passphrase.c - from options to a checked passphrase.
 *
 * The list comes first (a file, then capitals applied to it), then what
 * goes between and after the words, then the number of words for the
 * length or entropy asked for; last, passphrase_check() makes sure every
 * passphrase decodes one way, so that the entropy is exact.  The order of
 * these steps is the order in which errors are reported.
 */
#include "config.h"

#include "generator/spec_passphrase.h"
#include "text/text.h"

#include <stdio.h>
#include <string.h>

/* An alphabet from a tr(1) SET for separators or symbols. */
static bool alphabet_option(const char *option, const char *set_spec, unsigned minimum,
			    struct alphabet *alpha, struct error *err)
{
	struct byteset set;

	if (!byteset_parse(set_spec, &set, err) ||
	    !alphabet_from_byteset(&set, alpha, err))
		return error_prefix(err, "%s: ", option);
	if (alpha->size < minimum) {
		error_set(err, "%s needs at least %u character%s%s", option, minimum,
			  minimum == 1 ? "" : "s", minimum == 2 ? " (use --separator for a single one)" : "");
		return false;
	}
	return true;
}

/* A fixed separator: at most 16 bytes of visible UTF-8 text in
 * normalization form C, as words are (spaces allowed). */
static bool copy_separator(const char *text, struct passphrase *p, struct error *err)
{
	size_t len = strlen(text);
	struct text_flaw flaw;
	char code_point[TEXT_FLAW_BYTES];

	if (len > MAX_SEPARATOR_BYTES) {
		error_set(err, "--separator is longer than %d bytes", MAX_SEPARATOR_BYTES);
		return false;
	}
	if (!visible_text_check(text, len, &flaw)) {
		error_set(err, "--separator must be printable UTF-8 text: %s in %s%s", flaw.what,
			  error_quote(err, text), text_flaw_code_point(&flaw, code_point));
		return false;
	}
	/* It follows a word: NFC would join a Hangul vowel or final jamo at
	 * its start to a word's last letter (marks are refused above). */
	flaw.has_code_point = true;
	if (len > 0 && (unsigned char)text[0] >= 0x80 &&
	    utf8_decode((const unsigned char *)text, len, &flaw.code_point) &&
	    unicode_nfc_quick_check((uint32_t)flaw.code_point) == UNICODE_NFC_MAYBE) {
		error_set(err, "--separator %s starts with a character that normalization (NFC) joins to the end of the word before it%s",
			  error_quote(err, text), text_flaw_code_point(&flaw, code_point));
		return false;
	}
	memcpy(p->separator, text, len + 1);
	return true;
}

/* The list: the embedded one or --wordlist, with --capitalize first/all
 * applied to it; or the mode for random capitals. */
static bool choose_list(const struct request *req, struct spec *spec, struct error *err)
{
	struct passphrase *p = &spec->words.passphrase;
	const struct wordlist *list = &spec->words.file_list;

	if (req->wordlist) {
		/* A policy's list was read through the store already (policy.c). */
		if (req->wordlist_data ? !wordlist_parse(req->wordlist_data, req->wordlist_len,
							   req->wordlist, &spec->words.file_list, err)
				       : !wordlist_load(req->wordlist, &spec->words.file_list, err))
			return false;
	} else {
		wordlist_default(&spec->words.file_list);
	}
	if (req->capitalize && !capitalization_by_name(req->capitalize, &p->caps))
		return error_set(err, "invalid capitalization %s: use none, first, all or random",
				 error_quote(err, req->capitalize));
	if (p->caps == CAPS_FIRST || p->caps == CAPS_ALL) {
		if (!capitalize_list(list, p->caps, &spec->words.capitalized_list,
				     &spec->words.capital_collisions, err))
			return false;
		list = &spec->words.capitalized_list;
	}
	p->list = list;
	return true;
}

/* Are the separators (text, len bytes) of scripts that go with the list's
 * (UTS #39's highly restrictive level for the words and separators
 * together)?  ASCII other than letters is Common, every script's. */
static bool separator_scripts(const char *option, const char *text, size_t len,
			      const struct passphrase *p, struct error *err)
{
	struct unicode_scripts scripts;
	struct text_flaw flaw = { .has_code_point = true };
	char code_point[TEXT_FLAW_BYTES];
	bool letters = false;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];

		letters = letters || c >= 0x80 || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
	}
	if (!letters)
		return true;
	if (p->list->has_scripts) {
		scripts = p->list->scripts;
	} else {
		/* The embedded list is of ASCII letters (test_words.c). */
		unicode_scripts_init(&scripts);
		unicode_scripts_add(&scripts, 'a');
	}
	if (!text_scripts_add(&scripts, text, len, &flaw.code_point)) {
		error_set(err, "%s: " TEXT_SCRIPTS_FLAW " with the word list in %s%s", option,
			  error_quote_mem(err, text, len), text_flaw_code_point(&flaw, code_point));
		return false;
	}
	return true;
}

/* One fixed separator (a space by default), or random ones from a set. */
static bool choose_separators(const struct request *req, struct passphrase *p, struct error *err)
{
	/* --separator and --separators exclude each other (options.def). */
	if (req->separators)
		return alphabet_option("--separators", req->separators, 2, &p->separators, err) &&
		       separator_scripts("--separators", p->separators.chars, p->separators.size,
					 p, err);
	if (!req->separator)
		return copy_separator(" ", p, err);
	return copy_separator(req->separator, p, err) &&
	       separator_scripts("--separator", p->separator, strlen(p->separator), p, err);
}

/* The symbols for --symbol: --symbols as given, or [:punct:] less what the
 * separators and the words use. */
static bool choose_symbols(const struct request *req, struct passphrase *p, struct error *err)
{
	if (!req->symbol)
		return true;
	if (!alphabet_option("--symbols", req->symbols ? req->symbols : "[:punct:]", 1,
			     &p->symbols, err))
		return false;
	/* The default symbols step aside for the separators and for
	 * punctuation inside words ("o'clock"); chosen symbols that clash are
	 * refused by passphrase_check(). */
	if (!req->symbols && !passphrase_drop_clashing_symbols(p)) {
		error_set(err, "--symbol: every punctuation character is a separator or in a word; choose --symbols");
		return false;
	}
	return true;
}

/* The number of words: as given, or the fewest that reach the target. */
static bool choose_word_count(const struct request *req, struct spec *spec, struct error *err)
{
	struct passphrase *p = &spec->words.passphrase;
	unsigned long target = DEFAULT_ENTROPY_BITS;

	switch (req->length_kind) {
	case LENGTH_CHARS:
		if (req->length_value > MAX_WORDS) {
			error_set(err, "invalid length '%lu': the maximum is %d words",
				  req->length_value, MAX_WORDS);
			return false;
		}
		p->word_count = req->length_value;
		break;
	case LENGTH_ENTROPY:
		target = req->length_value;
		/* fall through */
	case LENGTH_DEFAULT:
		for (p->word_count = 1; p->word_count <= MAX_WORDS; p->word_count++) {
			passphrase_count(p, &spec->outcomes);
			if (count_reaches(&spec->outcomes, target))
				break;
		}
		if (p->word_count > MAX_WORDS) {
			error_set(err, "%lu bits cannot be reached within %d words of this list",
				  target, MAX_WORDS);
			return false;
		}
		break;
	case LENGTH_BYTES:
		break; /* refused by check_kind() in spec_build.c */
	}
	return true;
}

bool spec_passphrase_build(const struct request *req, struct spec *spec, struct error *err)
{
	struct passphrase *p = &spec->words.passphrase;

	spec->kind = SPEC_WORDS;
	spec->format_name = "words";
	p->digit = req->digit;
	if (!choose_list(req, spec, err) || !choose_separators(req, p, err) ||
	    !choose_symbols(req, p, err) || !choose_word_count(req, spec, err))
		return false;
	if (!passphrase_check(p, err))
		return false;
	passphrase_count(p, &spec->outcomes);
	passphrase_entropy(p, &spec->outcomes, &spec->words.bits);
	spec->max_bytes = passphrase_max_bytes(p);
	return true;
}
