/*
 * test_passphrase.c - passphrase entropy, decodability checks, golden
 * outputs through the scripted random source.
 */
#include "config.h"

#include "secret/passphrase_draw.h"
#include "scripted_source.h"
#include "fixtures.h"
#include "tap.h"
#include "random/uniform.h"
#include "secret/words.h"

#include <math.h>
#include <stdlib.h>

static struct error err;
static struct scripted_source stream;

/* "aa" .. "hh": 64 words, index = 8 * (first - 'a') + (second - 'a'). */
static struct wordlist list64(const char *extra)
{
	char text[4096], *p = text;
	struct wordlist list;

	for (int i = 0; i < 64; i++)
		p += sprintf(p, "%c%c\n", 'a' + i / 8, 'a' + i % 8);
	sprintf(p, "%s", extra);
	if (!wordlist_parse(text, strlen(text), "list64", &list, &err)) {
		printf("Bail out! %s\n", err.text);
		exit(1);
	}
	return list;
}

static bool near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

/* The figures of a shape, from its count. */
static void entropy_of(const struct passphrase *p, struct passphrase_bits *bits)
{
	struct count count;

	passphrase_count(p, &count);
	passphrase_entropy(p, &count, bits);
}

static void set_alphabet(struct alphabet *a, const char *chars)
{
	memset(a, 0, sizeof *a);
	a->size = (unsigned)strlen(chars);
	memcpy(a->chars, chars, a->size);
}

/*
 * Passphrases of 32 words (their draws kept on the stack, passphrase_draw.c),
 * 33 and MAX_WORDS (kept in static room), with random separators, so that
 * every word keeps a gap as well: each is what the same stream gives when
 * drawn here in the documented order, every word first, then every gap.
 */
static void long_passphrases(const struct wordlist *list)
{
	static const size_t counts[] = { 32, 33, MAX_WORDS };
	static char out[MAX_WORDS * 3 + 1], want[MAX_WORDS * 3 + 1];
	static uint32_t chosen[MAX_WORDS];
	static const char gaps[] = "+-./";

	for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
		struct passphrase p = passphrase_shape(list, counts[c]);
		struct random_source *src;
		uint64_t bytes;
		size_t len, at = 0;

		set_alphabet(&p.separators, gaps);
		bytes = passphrase_random_bytes(&p, 1);
		len = passphrase_generate(&p, scripted_source_init(&stream, NULL, 0, 1000 + c, bytes), out);
		out[len] = '\0';
		src = scripted_source_init(&stream, NULL, 0, 1000 + c, bytes);
		for (size_t i = 0; i < counts[c]; i++)
			chosen[i] = uniform_below(src, 64);
		for (size_t i = 0; i < counts[c]; i++) {
			struct word_spelling room;

			memcpy(want + at, wordlist_word(list, chosen[i], &room), 2);
			at += 2;
			if (i + 1 < counts[c])
				want[at++] = gaps[uniform_below(src, 4)];
		}
		want[at] = '\0';
		ok(len == 3 * counts[c] - 1 && strcmp(out, want) == 0,
		   "%zu words with random separators are the draws in order", counts[c]);
	}
}

int main(void)
{
	struct wordlist list = list64("");
	struct wordlist embedded_list;
	const struct wordlist *embedded = &embedded_list;
	struct passphrase_bits bits;
	struct passphrase p;
	char out[1024];
	size_t len;

	wordlist_default(&embedded_list);
	/* Entropy table: list size x words x separators x capitals x extras. */
	p = passphrase_shape(embedded, 10);
	entropy_of(&p, &bits);
	ok(near(bits.total, 10 * log2(7776.0)) && fabs(bits.total - 129.248) < 1e-3,
	   "10 words of 7776: 129.25 bits");
	p = passphrase_shape(embedded, 6);
	set_alphabet(&p.separators, "-_.+");
	p.caps = CAPS_RANDOM;
	p.digit = true;
	entropy_of(&p, &bits);
	ok(near(bits.words, 6 * log2(7776.0)) && near(bits.separators, 10) &&
	   near(bits.capitals, 6) && near(bits.digit, log2(60.0)) && bits.symbol == 0 &&
	   near(bits.total, 6 * log2(7776.0) + 10 + 6 + log2(60.0)),
	   "6 words, 4 separators, random capitals, digit: 77.55 + 10 + 6 + 5.91 = %.2f", bits.total);
	p = passphrase_shape(&list, 4);
	set_alphabet(&p.symbols, "!?#");
	entropy_of(&p, &bits);
	ok(near(bits.total, 24 + log2(12.0)), "4 words of 64 and a symbol of 3: 24 + log2 12");
	p = passphrase_shape(&list, 1);
	p.digit = true;
	entropy_of(&p, &bits);
	ok(near(bits.total, 6 + log2(10.0)), "1 word and a digit: the position adds nothing");
	p = passphrase_shape(&list, 5);
	p.caps = CAPS_FIRST;
	entropy_of(&p, &bits);
	ok(near(bits.total, 30), "fixed capitals add nothing: 5 words of 64 = 30 bits");

	/* Decodability. */
	p = passphrase_shape(&list, 3);
	ok(passphrase_check(&p, &err), "space-separated words decode");
	p.separator[0] = '\0';
	ok(passphrase_check(&p, &err), "a prefix-free list needs no separator");
	{
		struct wordlist prefixed = list64("aab\n");

		p = passphrase_shape(&prefixed, 3);
		p.separator[0] = '\0';
		ok(!passphrase_check(&p, &err) && strstr(err.text, "not prefix-free"),
		   "a list with a prefix needs a separator: %s", err.text);
		wordlist_free(&prefixed);
	}
	p = passphrase_shape(&list, 3);
	strcpy(p.separator, "b");
	ok(!passphrase_check(&p, &err) && strstr(err.text, "separator and the word 'ab'"),
	   "a separator inside a word is refused: %s", err.text);
	p = passphrase_shape(&list, 3);
	set_alphabet(&p.separators, "-h");
	ok(!passphrase_check(&p, &err) && strstr(err.text, "separator"),
	   "random separators inside words are refused: %s", err.text);
	{
		struct wordlist digits = list64("a1\n");

		p = passphrase_shape(&digits, 3);
		p.digit = true;
		ok(!passphrase_check(&p, &err) && strstr(err.text, "digits and the word 'a1'"),
		   "--digit with a word holding a digit is refused: %s", err.text);
		wordlist_free(&digits);
	}
	p = passphrase_shape(&list, 3);
	set_alphabet(&p.symbols, "! ");
	ok(!passphrase_check(&p, &err) && strstr(err.text, "symbol ' '"),
	   "a symbol equal to the separator is refused: %s", err.text);
	{
		struct wordlist capital = list64("Zed\n");

		p = passphrase_shape(&capital, 3);
		p.caps = CAPS_RANDOM;
		ok(!passphrase_check(&p, &err) && strstr(err.text, "'Zed' does not"),
		   "random capitals need a-z initials: %s", err.text);
		wordlist_free(&capital);
	}
	p = passphrase_shape(&list, 3);
	p.caps = CAPS_RANDOM;
	strcpy(p.separator, "A");
	ok(!passphrase_check(&p, &err),
	   "a separator equal to a capital form is refused: %s", err.text);

	/* Golden outputs.  64 words: 64^10 = 2^60 <= 2^64 < 64^11, so one
	 * 64-bit word (big-endian in the script) carries 10 indexes, its top
	 * 60 bits in 6-bit groups, and none is rejected (2^64 mod 2^60 = 0). */
	{
		/* Words 0, 1, 63: 0 << 58 | 1 << 52 | 63 << 46. */
		static const unsigned char words3[] = { 0x00, 0x1f, 0xc0, 0, 0, 0, 0, 0 };
		/* Draws in order, each bound with its own word (uniform.c keeps a
		 * word's unused values for the next draw with the same bound):
		 * indexes (bound 64) 2, 3, 4: "ac", "ad", "ae"; capital bits
		 * (bound 2, one bit each from the top) 1, 0, 1, and the fourth bit,
		 * 1, is the symbol's value later on; separators (bound 4, two bits
		 * each) 0 and 3: '+' and '/'; the digit's and the symbol's word
		 * (bound 3) from 2^64 - 1, whose every digit is 2 (V = 3^k - 1,
		 * accepted as its low part 2^64 - 3^k is at least 2^64 mod 3^k):
		 * both after word 2, the digit first; the digit (bound 10): word 0
		 * is rejected (low part 0 < 2^64 mod 10^k), word 2^63 + 1 is
		 * V = 10^k / 2, digits 5, 0, ...: '5'. */
		static const unsigned char everything[] = {
			0x08, 0x31, 0x00, 0, 0, 0, 0, 0,       /* 2 << 58 | 3 << 52 | 4 << 46 */
			0xb0, 0, 0, 0, 0, 0, 0, 0,             /* bits 1011 */
			0x30, 0, 0, 0, 0, 0, 0, 0,             /* 00 11 */
			0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
			0, 0, 0, 0, 0, 0, 0, 0,
			0x80, 0, 0, 0, 0, 0, 0, 0x01,
		};

		p = passphrase_shape(&list, 3);
		len = passphrase_generate(&p, scripted_source_init(&stream, words3, sizeof words3, 0, sizeof words3),
					  out);
		out[len] = '\0';
		is_str(out, "aa ab hh", "3 words: one word 0x001fc00000000000 gives indexes 0, 1, 63");
		ok(scripted_source_used(&stream) == 8, "3 words of 64 take one 8-byte word, nothing more");

		p = passphrase_shape(&list, 3);
		p.caps = CAPS_RANDOM;
		p.digit = true;
		set_alphabet(&p.separators, "+-./");
		set_alphabet(&p.symbols, "!?");
		len = passphrase_generate(&p, scripted_source_init(&stream, everything, sizeof everything, 0,
								   sizeof everything),
					  out);
		out[len] = '\0';
		is_str(out, "Ac+ad/Ae5?", "capitals, separators, digit and symbol in draw order");
		ok(scripted_source_used(&stream) == sizeof everything, "one word a bound, one rejected, nothing more: %zu bytes",
		   scripted_source_used(&stream));
	}

	long_passphrases(&list);
	wordlist_free(&list);
	return done_testing();
}
