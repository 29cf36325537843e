/* pronounceable.h - passwords of syllables, counted exactly */
#ifndef PASS_GENHELPER_PRONOUNCEABLE_H
#define PASS_GENHELPER_PRONOUNCEABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "secret/charset.h"
#include "secret/count.h"

/*
 * The inventory, written out in pass-genhelper(1) (PRONOUNCEABLE
 * PASSWORDS): letters in the pattern consonant, vowel, consonant, repeated
 * (syllables such as "bak", "tom", "rel"), each letter drawn uniformly from
 * its set.  Single letters only, so that a password reads back into one
 * sequence of choices: no 'q', whose English spelling wants a 'u' after it.
 */
#define PRONOUNCEABLE_CONSONANTS "bcdfghjklmnprstvwxz"
#define PRONOUNCEABLE_VOWELS "aeiouy"

/* The letter at place i (0 first) of the letters is a vowel. */
static inline bool pronounceable_vowel_at(size_t i)
{
	return i % 3 == 1;
}

struct pronounceable {
	struct alphabet consonants, vowels; /* after --exclude and --no-ambiguous */
	struct alphabet digits;             /* --digit: one at a random place; size 0: none */
	struct alphabet symbols;            /* --symbol: one at a random place; size 0: none */
	bool capital;                       /* --capital: one letter, at random, in upper case */
	size_t group;                       /* --group: drawn characters a group; 0: none */
	char separator[16 + 1];             /* between groups: no letter, digit or symbol */
	size_t separator_len;
	size_t drawn;                       /* characters drawn: letters, digit and symbol */
};

/* The digit and the symbol: how many of the drawn characters are not
 * letters (0 to 2). */
size_t pronounceable_extras(const struct pronounceable *p);

/* Letters of a password of `drawn` drawn characters (0 when the digit and
 * the symbol leave none). */
size_t pronounceable_letters(const struct pronounceable *p, size_t drawn);

/* Characters of a password of `drawn` drawn characters, the separators
 * between its groups included. */
size_t pronounceable_length(const struct pronounceable *p, size_t drawn);

/*
 * The passwords of `drawn` drawn characters, exactly: with k letters of
 * which v = floor((k + 1) / 3) are vowels, C consonants, V vowels, D
 * digits and S symbols,
 *   C^(k - v) * V^v  * (D * drawn)  * (S * (drawn - [digit]))  * k,
 *   the letters       the digit and   the symbol and its place   the capital
 *                     its place       (not the digit's)          (which letter)
 * each factor present only when asked for.  Every password decodes into
 * one sequence of these choices: the separators stand at fixed places, the
 * digit is the only digit, the symbol the only symbol, the capital the only
 * upper-case letter, and each other letter is its own choice.  0 when no
 * letter is left.
 */
void pronounceable_count(const struct pronounceable *p, size_t drawn, struct count *count);

/*
 * A lower bound on the bits that the first `bytes` bytes of a password
 * show (bcrypt keeps 72): the letters among its drawn characters there,
 * less the digit and the symbol, which may be among them; each letter is
 * a draw of its own whatever the places of the others.
 */
double pronounceable_letters_log2(const struct pronounceable *p, size_t bytes);

/* The characters a password can hold, in increasing byte order, into out
 * (room for 95, the printable ASCII characters); returns how many. */
size_t pronounceable_characters(const struct pronounceable *p, char *out);


#endif
