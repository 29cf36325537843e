/*
 * biased_random.c - a getrandom() with a known bias, by LD_PRELOAD, to show
 * that the statistical gate (tests/stat/chisq) catches the bias of the
 * classic mistake `alphabet[byte % 94]` in the real program's output,
 * without changing src/.  For tests/fault.bats.
 *
 * Build:  cc -shared -fPIC -O2 -o biased_random.so biased_random.c -ldl
 * Use:    BIASED_RANDOM=MODE LD_PRELOAD=./biased_random.so pass-genhelper ...
 *
 * The trouble with feeding the program a biased byte stream: its mapping is
 * exact (src/uniform.c).  For a 94-character alphabet it draws one byte x
 * and answers v = (94 x) >> 8, rejecting x when (94 x) mod 256 < 68
 * (68 = 256 mod 94).  Every v in [0, 94) has exactly two accepted x, so a
 * merely lopsided byte stream gives a lopsided but unpredictable result.
 * Instead, this shim picks its bytes so that the program's output is
 * *exactly* what the mistake would print:
 *
 *   mod94    draw a uniform byte u (from the kernel) and return the smallest
 *            accepted x whose v is u mod 94.  The program then prints
 *            alphabet[u mod 94], consuming one byte per character and never
 *            rejecting.  Characters 0-67 get weight 3/256 and 68-93 weight
 *            2/256: byte % 94, the bias the gate must catch.
 *   skip255  uniform bytes over [0, 255): the value 255 never appears.  Its
 *            x maps to v = 93 (94 * 255 = 23970 = 93 * 256 + 162, accepted),
 *            so character 93 gets weight 1/187 and the other 93 get 2/187:
 *            per character, a tenth of the chi-square that byte % 94 adds
 *            (see fault.bats).
 *   none     uniform bytes, unchanged: a control, showing that the shim
 *            itself adds no bias.
 *
 * BIASED_RANDOM_COUNTER=1 replaces the kernel's uniform bytes u with the
 * counter 0, 1, 2, ..., 255, 0, ...: the output is then a known string, which
 * is how a test proves that the shim is in effect and that its table matches
 * the program's mapping (were the mapping to change, that test fails rather
 * than the power test passing for the wrong reason).
 *
 * An unknown mode ends the program with status 125.
 */
#define _GNU_SOURCE

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#define BOUND 94u /* pass's default alphabet, [:punct:][:alnum:] */

enum mode { MOD94, SKIP255, NONE };

static enum mode mode = MOD94;
static int use_counter;
static unsigned counter;
static unsigned char table[256];

static unsigned char source[256];
static size_t source_used = sizeof source;

static _Noreturn void fail(const char *msg)
{
	if (write(STDERR_FILENO, msg, strlen(msg)) < 0) {
		/* exiting anyway */
	}
	_exit(125);
}

/* The program's 8-bit mapping for BOUND (src/uniform.h, uniform_map). */
static int lemire8(unsigned x, unsigned *value)
{
	unsigned product = x * BOUND;

	if ((product & 0xffu) < 256u % BOUND)
		return 0;
	*value = product >> 8;
	return 1;
}

__attribute__((constructor)) static void init(void)
{
	const char *value = getenv("BIASED_RANDOM");
	unsigned smallest[BOUND];

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

	/* smallest[v]: the least accepted x that the program maps to v. */
	for (unsigned v = 0; v < BOUND; v++)
		smallest[v] = 256;
	for (unsigned x = 256; x-- > 0;) {
		unsigned v;

		if (lemire8(x, &v))
			smallest[v] = x;
	}
	for (unsigned v = 0; v < BOUND; v++)
		if (smallest[v] > 255)
			fail("biased_random: an output value has no byte\n");
	for (unsigned u = 0; u < 256; u++)
		table[u] = (unsigned char)smallest[u % BOUND];
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

ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
	unsigned char *out = buf;

	(void)flags;
	for (size_t i = 0; i < len; i++) {
		unsigned u = next_uniform();

		switch (mode) {
		case MOD94:
			out[i] = table[u];
			break;
		case SKIP255:
			while (u == 255)
				u = next_uniform();
			out[i] = (unsigned char)u;
			break;
		case NONE:
			out[i] = (unsigned char)u;
			break;
		}
	}
	return (ssize_t)len;
}
