/*
 * biased_random.c - a getrandom() with a known bias, by LD_PRELOAD, to show
 * that the statistical gate (tests/stat/chisq) catches the bias of the
 * classic mistake `alphabet[byte % 94]` in the real program's output,
 * without changing src/.  For tests/fault-gate.bats.
 *
 * Build:  cc -shared -fPIC -O2 -o biased_random.so biased_random.c -ldl
 * Use:    BIASED_RANDOM=MODE LD_PRELOAD=./biased_random.so pass-genhelper ...
 *
 * The trouble with feeding the program a biased byte stream: its mapping is
 * exact (src/random/uniform.c).  For a 94-character alphabet it reads a 64-bit
 * word x (8 bytes, big-endian) and prints the 9 base-94 digits of
 * V = floor(x 94^9 / 2^64), most significant first, unless
 * x 94^9 mod 2^64 < 2^64 mod 94^9, when it rejects x and reads another.
 * Every V has the same number of accepted x, so a merely lopsided byte
 * stream gives a lopsided but unpredictable result.  Instead, this shim
 * chooses the characters, 9 at a time, and returns for them the smallest
 * accepted word that the program maps to them:
 *
 *   mod94    each character is u mod 94 for a uniform byte u (from the
 *            kernel): characters 0-67 get weight 3/256 and 68-93 weight
 *            2/256: byte % 94, the bias the gate must catch.
 *   skip255  each character is what the classic byte map (94 u) >> 8,
 *            rejecting (94 u) mod 256 < 68, gives when the byte value 255
 *            never comes: character 93 gets weight 1/187 and the other 93
 *            get 2/187: per character, a tenth of the chi-square that
 *            byte % 94 adds (see fault-gate.bats).
 *   none     each character is u / 2 for a uniform byte u < 188: uniform,
 *            a control showing that building the words adds no bias.
 *
 * BIASED_RANDOM_COUNTER=1 replaces the kernel's uniform bytes u with the
 * counter 0, 1, 2, ..., 255, 0, ...: the output is then a known string, which
 * is how a test proves that the shim is in effect and that its words match
 * the program's mapping (were the mapping to change, that test fails rather
 * than the power test passing for the wrong reason).
 *
 * The program must read the words from the start of the stream, 8 bytes at
 * a time: it does for a --format graph run without class rules.
 *
 * An unknown mode ends the program with status 125.
 */
#define _GNU_SOURCE

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#define BOUND 94u /* pass's default alphabet, [:punct:][:alnum:] */
#define PER_WORD 9    /* 94^9 <= 2^64 < 94^10 */

typedef unsigned __int128 u128;

enum mode { MOD94, SKIP255, NONE };

static enum mode mode = MOD94;
static int use_counter;
static unsigned counter;
static u128 span;          /* 94^9 */
static uint64_t threshold; /* 2^64 mod 94^9 */

static unsigned char source[256];
static size_t source_used = sizeof source;

static unsigned char word[8];
static size_t word_used = sizeof word;

static _Noreturn void fail(const char *msg)
{
	if (write(STDERR_FILENO, msg, strlen(msg)) < 0) {
		/* exiting anyway */
	}
	_exit(125);
}

__attribute__((constructor)) static void init(void)
{
	const char *value = getenv("BIASED_RANDOM");

	if (!value || !*value || strcmp(value, "mod94") == 0)
		mode = MOD94;
	else if (strcmp(value, "skip255") == 0)
		mode = SKIP255;
	else if (strcmp(value, "none") == 0)
		mode = NONE;
	else
		fail("biased_random: BIASED_RANDOM must be mod94, skip255 or none\n");
	value = getenv("BIASED_RANDOM_COUNTER");
	use_counter = value && strcmp(value, "1") == 0;
	span = 1;
	for (int i = 0; i < PER_WORD; i++)
		span *= BOUND;
	threshold = (uint64_t)(((u128)1 << 64) % span);
}

/* The next uniform byte: the kernel's, or the counter's. */
static unsigned next_uniform(void)
{
	if (use_counter)
		return counter++ & 0xffu;
	if (source_used == sizeof source) {
		size_t got = 0;

		while (got < sizeof source) {
			long n = syscall(SYS_getrandom, source + got, sizeof source - got, 0);

			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				fail("biased_random: the real getrandom failed\n");
			got += (size_t)n;
		}
		source_used = 0;
	}
	return source[source_used++];
}

/* The next character index the program is to print, in this mode. */
static unsigned next_digit(void)
{
	unsigned u;

	switch (mode) {
	case MOD94:
		return next_uniform() % BOUND;
	case SKIP255:
		/* The byte map over [0, 255): 186 of the 187 bytes it accepts
		 * give 0..92 twice each, the 187th (254) gives 93. */
		do
			u = next_uniform();
		while (u >= 187);
		return u == 186 ? BOUND - 1 : u / 2;
	case NONE:
		do
			u = next_uniform();
		while (u >= 2 * BOUND);
		return u / 2;
	}
	return 0;
}

/* The smallest word the program accepts and maps to the next 9 digits. */
static void next_word(void)
{
	u128 v = 0, x;

	for (int i = 0; i < PER_WORD; i++)
		v = v * BOUND + next_digit();
	x = (v * ((u128)1 << 64) + span - 1) / span; /* ceil(v 2^64 / 94^9) */
	while ((uint64_t)(x * span) < threshold)
		x++;
	if ((x * span) >> 64 != v || x >> 64 != 0)
		fail("biased_random: no accepted word for a value\n");
	for (int i = 0; i < 8; i++)
		word[i] = (unsigned char)(x >> (56 - 8 * i));
	word_used = 0;
}

ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
	unsigned char *out = buf;

	(void)flags;
	for (size_t i = 0; i < len; i++) {
		if (word_used == sizeof word)
			next_word();
		out[i] = word[word_used++];
	}
	return (ssize_t)len;
}
