/*
 * fuzz_options.c - parse_options() and spec_build() on any command line.
 *
 * The input is split into arguments at NUL bytes (a single trailing NUL
 * ends the last argument; two give an empty argument after it), at most
 * MAX_FUZZ_ARGS of them, each copied into its own exact-size buffer so that
 * ASan sees any read past a terminator; "pass-genhelper" is argv[0].
 *
 * File system: --wordlist FILE never reaches the disk.  When the parsed
 * request names a word list, the name is replaced by one of a fixed set of
 * test lists chosen by the name's length: three in-memory files made with
 * memfd_create() at start-up (a prefix-free list of two-letter words with
 * comments, diceware numbers, CR LF and repeats; a list with "sun"/"sunday",
 * capitals, an apostrophe, a digit and UTF-8; a list that is too short),
 * read through /proc/self/fd/N, plus "/" (a directory) and a path that does
 * not exist.  Nothing is ever created or written on disk.  Without memfd,
 * spec_build() is skipped for requests with --wordlist.
 *
 * Checked on every input:
 *   - parse_options() and spec_build() never exit and never print: die(),
 *     usage_error() and inform() are wrapped at link time to abort, and an
 *     atexit() hook aborts on exit() during an input;
 *   - a failure comes with a one-line, non-empty message;
 *   - on success: count in 1..MAX_COUNT, the length kind and value within
 *     their documented bounds;
 *   - after spec_build() succeeds: length in 1..MAX_SECRET_BYTES, bits
 *     finite and > 0; for characters an alphabet of 2..95 strictly
 *     increasing printable characters, the length asked for when it was
 *     asked for, an entropy target met, and bits <= length * log2(size);
 *     the exact count (128-bit inclusion-exclusion) for up to 9 characters;
 *     under site rules instead, up to 256 characters, the figure against
 *     the whole-number count of site_rules_exact.c (within the counter's
 *     error, on its side of every whole number) and the length against it;
 *     for bytes 8 bits a byte; for passphrases 1..MAX_WORDS words of a list
 *     of at least MIN_LIST_WORDS, the entropy of passphrase_entropy() and
 *     within 1e-9 of its factors' logarithms summed in libm; for
 *     pronounceable passwords the figure within 1e-9 of the formula's
 *     logarithms summed in libm, the length asked for or the shortest that
 *     reaches the target, and sets and separator that hold nothing
 *     --exclude or --no-ambiguous leaves out;
 *   - one secret is generated (fake random stream) into a buffer of exactly
 *     spec.max_bytes bytes: it fits, has no newline or NUL, is printable
 *     UTF-8, uses only the alphabet and meets the class rules (and the
 *     site rules, by site_rules_model_accepts()); a pronounceable one has
 *     its length and only characters that --print-alphabet lists and
 *     --exclude and --no-ambiguous leave.  (Skipped
 *     when class rules would reject more than 999 candidates in 1000, to
 *     keep each input fast.)
 */
#include "config.h"

#include "secret/charset.h"
#include "secret/encode.h"
#include "secret/entropy.h"
#include "fuzz_support.h"
#include "generator/generate.h"
#include "request/request.h"
#include "secret/passphrase.h"
#include "secret/pronounceable.h"
#include "generator/spec.h"
#include "generator/spec_build.h"
#include "secret/words.h"
#include "site_rules/site_rules_exact.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MAX_FUZZ_ARGS 64

static char list_paths[5][64];
static bool have_lists;

static bool memfd_list(const char *name, const char *text, char *path, size_t pathlen)
{
	int fd = memfd_create(name, MFD_CLOEXEC);
	size_t len = strlen(text);

	if (fd < 0)
		return false;
	if (write(fd, text, len) != (ssize_t)len) {
		close(fd);
		return false;
	}
	/* The descriptor stays open for the life of the process. */
	snprintf(path, pathlen, "/proc/self/fd/%d", fd);
	return true;
}

/* 96 two-letter words "ba".."mh": prefix-free, with the format's extras. */
static char *make_prefix_free_list(void)
{
	char *text = malloc(4096);
	size_t used = 0;

	if (!text)
		return NULL;
	used += (size_t)sprintf(text + used, "\xef\xbb\xbf# a test list\r\n\r\n");
	for (int i = 0; i < 96; i++)
		used += (size_t)sprintf(text + used, "%s%c%c\r\n", i % 3 ? "" : "1234\t",
					'b' + i / 8, 'a' + i % 8);
	used += (size_t)sprintf(text + used, "  ba  \nbb\n"); /* repeats */
	return text;
}

/* "sun", "sunday", capitals, an apostrophe, a digit, UTF-8, and filler. */
static char *make_awkward_list(void)
{
	char *text = malloc(4096);
	size_t used = 0;

	if (!text)
		return NULL;
	used += (size_t)sprintf(text + used,
				"sun\nsunday\nday\nPolish\npolish\no'clock\nr2d2\nZo\xc3\xab\n"
				"na\xc3\xafve\n\xe2\x82\xac" "uro\n");
	for (int i = 0; i < 64; i++)
		used += (size_t)sprintf(text + used, "word%c%c\n", 'a' + i / 8, 'a' + i % 8);
	return text;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char *prefix_free = make_prefix_free_list(), *awkward = make_awkward_list();

	(void)argc;
	(void)argv;
	/* GNU getopt stops permuting at the first operand with this set. */
	unsetenv("POSIXLY_CORRECT");
	have_lists = prefix_free && awkward &&
		     memfd_list("prefix-free", prefix_free, list_paths[0], sizeof list_paths[0]) &&
		     memfd_list("awkward", awkward, list_paths[1], sizeof list_paths[1]) &&
		     memfd_list("short", "one\ntwo\nthree\n", list_paths[2], sizeof list_paths[2]);
	strcpy(list_paths[3], "/");
	strcpy(list_paths[4], "/nonexistent/pass-genhelper-fuzz/words.txt");
	free(prefix_free);
	free(awkward);
	return 0;
}

static void check_message(const char *err, size_t errlen)
{
	const char *end = memchr(err, '\0', errlen);

	CHECK(end != NULL && end > err);
	/* One line: the message itself never breaks a line.  (Text quoted from
	 * the command line could hold a newline; that is the user's.) */
}

static void check_request(const struct request *req)
{
	CHECK(req->count >= 1 && req->count <= MAX_COUNT);
	CHECK(req->exclude_count <= MAX_EXCLUDES);
	CHECK(req->required < (1u << CLASS_COUNT));
	switch (req->length_kind) {
	case LENGTH_DEFAULT:
		break;
	case LENGTH_CHARS:
		CHECK(req->length_value >= 1 && req->length_value <= MAX_LENGTH);
		break;
	case LENGTH_ENTROPY:
		CHECK(req->length_value >= 1 && req->length_value <= MAX_ENTROPY_BITS);
		break;
	case LENGTH_BYTES:
		CHECK(req->length_value >= 1 && req->length_value <= MAX_BYTES);
		break;
	default:
		CHECK(!"a length kind out of range");
	}
	CHECK(req->dice_sides == 0 || (req->dice_sides >= 2 && req->dice_sides <= 120));
}

static void check_alphabet(const struct alphabet *alpha)
{
	CHECK(alpha->size >= 2 && alpha->size <= 95);
	for (unsigned i = 0; i < alpha->size; i++) {
		unsigned char c = (unsigned char)alpha->chars[i];

		CHECK(c >= 0x20 && c <= 0x7e);
		if (i > 0)
			CHECK((unsigned char)alpha->chars[i - 1] < c);
	}
}

/*
 * log2 of the exact number of strings of `length` characters with a
 * character of every required class, by inclusion-exclusion in 128-bit
 * integers (every term is below 95^9 < 2^60), for lengths up to 9.
 */
static double exact_bits(const struct alphabet *alpha, size_t length, class_mask required)
{
	__int128 count = 0;

	for (class_mask subset = 0; subset < (1u << CLASS_COUNT); subset++) {
		unsigned avoided = 0;
		__int128 term = 1;

		if ((subset & required) != subset)
			continue;
		for (int k = 0; k < CLASS_COUNT; k++)
			if (subset & (1u << k))
				avoided += alpha->class_size[k];
		for (size_t i = 0; i < length; i++)
			term *= alpha->size - avoided;
		count += class_mask_count(subset) % 2 ? -term : term;
	}
	CHECK(count >= 1);
	return log2((double)count);
}

/* log2 of the number of passphrases of a shape, summed in libm's logarithms. */
static double libm_passphrase_bits(const struct passphrase *p)
{
	double w = (double)p->word_count, bits = w * log2((double)p->list->count);

	if (p->separators.size)
		bits += (w - 1) * log2((double)p->separators.size);
	if (p->caps == CAPS_RANDOM)
		bits += w;
	if (p->digit)
		bits += log2(10 * w);
	if (p->symbols.size)
		bits += log2(p->symbols.size * w);
	return bits;
}

/* log2 of the number of pronounceable passwords of `drawn` drawn
 * characters, from the formula of pronounceable.h summed in libm. */
static double libm_pronounceable_bits(const struct pronounceable *p, size_t drawn)
{
	size_t letters = pronounceable_letters(p, drawn), vowels = (letters + 1) / 3;
	double bits = (double)(letters - vowels) * log2((double)p->consonants.size) +
		      (double)vowels * log2((double)p->vowels.size);

	if (p->digits.size)
		bits += log2((double)p->digits.size * (double)drawn);
	if (p->symbols.size)
		bits += log2((double)p->symbols.size * (double)(drawn - (p->digits.size ? 1 : 0)));
	if (p->capital)
		bits += log2((double)letters);
	return bits;
}

/* The characters --exclude and --no-ambiguous leave. */
static struct byteset allowed_characters(const struct request *req)
{
	struct byteset allowed;
	struct error err;

	memset(allowed.has, true, sizeof allowed.has);
	CHECK(narrow_set(req, &allowed, &err)); /* spec_build() parsed them */
	return allowed;
}

static void check_pronounceable_spec(const struct request *req, const struct spec *spec)
{
	const struct pronounceable *p = &spec->pronounceable;
	const struct byteset allowed = allowed_characters(req);
	const struct alphabet *sets[] = { &p->consonants, &p->vowels, &p->digits, &p->symbols };
	size_t first = pronounceable_extras(p) + 1, length = pronounceable_length(p, p->drawn);

	CHECK(p->consonants.size >= 1 && p->vowels.size >= 1);
	for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++)
		for (unsigned i = 0; i < sets[k]->size; i++) {
			unsigned char c = (unsigned char)sets[k]->chars[i];

			CHECK(allowed.has[c]);
			if (p->capital && k < 2)
				CHECK(allowed.has[c - 'a' + 'A']);
		}
	CHECK(p->separator_len == strlen(p->separator));
	CHECK((p->group == 0) == (p->separator_len == 0));
	for (size_t i = 0; i < p->separator_len; i++)
		CHECK(allowed.has[(unsigned char)p->separator[i]]);
	CHECK(p->drawn >= first && length <= MAX_LENGTH);
	CHECK(spec->max_bytes == length);
	CHECK(fabs(spec->bits - libm_pronounceable_bits(p, p->drawn)) < 1e-9 * spec->bits);
	if (req->length_kind == LENGTH_CHARS) {
		CHECK(length == req->length_value);
	} else {
		double target = req->length_kind == LENGTH_ENTROPY ? (double)req->length_value
								   : DEFAULT_ENTROPY_BITS;

		CHECK(spec->bits >= target);
		if (p->drawn > first)
			CHECK(libm_pronounceable_bits(p, p->drawn - 1) < target + 1e-9 * target);
	}
}

/*
 * Under site rules, up to MAX_CHECKED_RULES_LENGTH characters: the figure
 * is within the counter's error of log2 of the whole-number count and on
 * its side of every whole number; with a target, the length is the
 * shortest from minlength that reaches it, or maxlength when none does.
 */
#define MAX_CHECKED_RULES_LENGTH 256

static void check_site_rules_spec(const struct request *req, const struct spec *spec)
{
	const struct characters_spec *c = &spec->characters;
	const struct site_rules *rules = &spec->site.rules;
	struct count whole, shorter;
	struct error bound;
	unsigned long floor_bits, target;
	size_t lo = rules->minlength ? rules->minlength : 1;

	/* site_rules_exact.c's count, which test_site_rules.c checks
	 * against enumeration. */
	if (c->length > MAX_CHECKED_RULES_LENGTH ||
	    !site_rules_exact_count_length(&spec->site.model, c->length, &whole, &bound))
		return;
	CHECK(fabs(spec->bits - count_log2(&whole)) <= RULES_COUNT_LOG2_ERROR + 1e-12);
	floor_bits = (unsigned long)floor(spec->bits);
	CHECK(count_reaches(&whole, floor_bits));
	CHECK(!count_reaches(&whole, floor_bits + 1));
	if (req->length_kind == LENGTH_CHARS && !req->length_is_default)
		return;
	target = req->length_kind == LENGTH_ENTROPY ? req->length_value : DEFAULT_ENTROPY_BITS;
	if (!count_reaches(&whole, target)) {
		CHECK(rules->maxlength != 0 && c->length == rules->maxlength);
		return;
	}
	if (c->length > lo &&
	    site_rules_exact_count_length(&spec->site.model, c->length - 1, &shorter, &bound))
		CHECK(!count_reaches(&shorter, target));
}

static void check_spec(const struct request *req, const struct spec *spec)
{
	const struct characters_spec *c = &spec->characters;

	CHECK(spec->count == req->count);
	CHECK(spec->max_bytes >= 1 && spec->max_bytes <= MAX_SECRET_BYTES);
	CHECK(isfinite(spec->bits) && spec->bits > 0);
	CHECK(spec->terminator == (req->null_terminated ? '\0' : '\n'));
	if (spec->kind == SPEC_WORDS) {
		const struct passphrase *p = &spec->words.passphrase;
		struct passphrase_bits bits;
		struct count count;

		CHECK(p->word_count >= 1 && p->word_count <= MAX_WORDS);
		CHECK(p->list != NULL && p->list->count >= MIN_LIST_WORDS);
		CHECK(p->list->longest >= 1 && p->list->longest <= MAX_WORD_BYTES);
		CHECK(spec->max_bytes == passphrase_max_bytes(p));
		CHECK(strlen(p->separator) <= MAX_SEPARATOR_BYTES);
		passphrase_count(p, &count);
		passphrase_entropy(p, &count, &bits);
		CHECK(bits.total == spec->bits);
		CHECK(fabs(spec->bits - libm_passphrase_bits(p)) < 1e-9 * spec->bits);
		if (req->length_kind == LENGTH_CHARS)
			CHECK(p->word_count == req->length_value);
		else
			CHECK(spec->bits >= (req->length_kind == LENGTH_ENTROPY
					     ? (double)req->length_value : DEFAULT_ENTROPY_BITS));
		return;
	}
	if (spec->kind == SPEC_PRONOUNCEABLE) {
		check_pronounceable_spec(req, spec);
		return;
	}
	if (spec->kind == SPEC_TOKEN) {
		const struct token_spec *t = &spec->token;

		check_alphabet(&t->alphabet);
		CHECK(t->encoding != ENCODING_NONE);
		CHECK(req->length_kind == LENGTH_BYTES);
		CHECK(t->bytes == req->length_value);
		CHECK(t->length == encoded_length(t->encoding, t->bytes));
		CHECK(spec->bits == 8.0 * (double)t->bytes);
		return;
	}
	check_alphabet(&c->alphabet);
	CHECK(req->length_kind != LENGTH_BYTES);
	CHECK(c->length <= MAX_LENGTH);
	for (int k = 0; k < CLASS_COUNT; k++)
		if (c->required & (1u << k))
			CHECK(c->alphabet.class_size[k] > 0);
	CHECK(c->length >= class_mask_count(c->required));
	CHECK(spec->bits <= (double)c->length * log2((double)c->alphabet.size) + 1e-9);
	if (c->has_site_rules) {
		check_site_rules_spec(req, spec);
		return;
	}
	if (c->length <= 9)
		CHECK(fabs(spec->bits - exact_bits(&c->alphabet, c->length, c->required)) < 1e-9);
	if (req->length_kind == LENGTH_CHARS) {
		CHECK(c->length == req->length_value);
	} else {
		double target = req->length_kind == LENGTH_ENTROPY ? (double)req->length_value
								   : DEFAULT_ENTROPY_BITS;

		/* The shortest length that reaches the target: the figure
		 * is on the count's side of every whole number. */
		CHECK(spec->bits >= target);
		if (c->length > 1) {
			struct count shorter;

			strings_count(&c->alphabet, c->length - 1, c->required, &shorter);
			CHECK(count_log2(&shorter) < target);
		}
	}
}

static void check_secret(const struct request *req, const struct spec *spec, uint64_t seed)
{
	const struct characters_spec *c = &spec->characters;
	char *out;
	size_t len;

	if (spec->kind == SPEC_CHARACTERS && c->required &&
	    spec->bits - (double)c->length * log2((double)c->alphabet.size) < -10)
		return; /* more than ~1000 candidates per accepted one */
	out = malloc(spec->max_bytes); /* exact, so ASan sees an overrun */
	CHECK(out != NULL);
	len = generate_secret(spec, fuzz_random_source(seed), out);
	CHECK(len >= 1 && len <= spec->max_bytes);
	CHECK(!memchr(out, '\n', len) && !memchr(out, '\0', len));
	CHECK(fuzz_utf8_printable((const unsigned char *)out, len));
	if (spec->kind == SPEC_PRONOUNCEABLE) {
		const struct byteset allowed = allowed_characters(req);
		char shown[96];
		size_t shown_count = pronounceable_characters(&spec->pronounceable, shown);

		CHECK(len == spec->max_bytes);
		for (size_t i = 0; i < len; i++) {
			CHECK(memchr(shown, out[i], shown_count) != NULL);
			CHECK(allowed.has[(unsigned char)out[i]]);
		}
	} else if (spec->kind == SPEC_TOKEN) {
		CHECK(len == spec->token.length);
		for (size_t i = 0; i < len; i++)
			CHECK(memchr(spec->token.alphabet.chars, out[i], spec->token.alphabet.size) != NULL);
	} else if (spec->kind == SPEC_CHARACTERS) {
		CHECK(len == c->length);
		for (size_t i = 0; i < len; i++)
			CHECK(memchr(c->alphabet.chars, out[i], c->alphabet.size) != NULL);
		CHECK(meets_rules(out, len, c->required));
		if (c->has_site_rules)
			CHECK(site_rules_model_accepts(&spec->site.model, out, len));
	}
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *args[MAX_FUZZ_ARGS + 2];
	char *argv[MAX_FUZZ_ARGS + 2];
	int argc = 0;
	struct request req;
	struct spec spec;
	struct error err;

	argc = fuzz_split_args(data, size, args, MAX_FUZZ_ARGS);
	/* getopt_long() permutes argv; keep our own pointers for free(). */
	memcpy(argv, args, sizeof argv[0] * (size_t)(argc + 1));

	fuzz_enter();
	memset(&err, 0, sizeof err);
	if (!parse_options(argc, argv, &req, &err)) {
		check_message(err.text, sizeof err.text);
	} else {
		check_request(&req);
		if (req.wordlist && have_lists)
			req.wordlist = list_paths[strlen(req.wordlist) % 5];
		if ((req.action == ACTION_GENERATE || req.action == ACTION_PRINT_ALPHABET) &&
		    (!req.wordlist || have_lists)) {
			memset(&err, 0, sizeof err);
			if (spec_build(&req, &spec, &err)) {
				check_spec(&req, &spec);
				check_secret(&req, &spec, fuzz_hash(data, size));
				spec_free(&spec);
			} else {
				check_message(err.text, sizeof err.text);
			}
		}
	}
	fuzz_leave();

	for (int i = 0; i < argc; i++)
		free(args[i]);
	return 0;
}
