/*
 * fuzz_support.c - the random source and the traps linked into every fuzzer.
 *
 * random_bytes() replaces src/random.c (the one seam the design allows): a
 * splitmix64 stream, so that the bytes look random enough for rejection
 * sampling to end quickly, yet every input replays exactly.  The parsers
 * under test draw nothing; only the targets' own generate-and-check steps do.
 *
 * The build links with -Wl,--wrap=die,--wrap=die_usage,--wrap=warn, so a
 * call to any of them from src/ lands here.  Inside a fuzz input that is a
 * bug: parse_options(), spec_build(), byteset_parse() and wordlist_parse()
 * report errors through their return value only.
 */
#include "fuzz_support.h"

#include "random.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static bool in_target;
static bool exit_hook_installed;
static uint64_t stream;

_Noreturn void fuzz_check_failed(const char *cond, const char *file, int line,
				 const char *func)
{
	fprintf(stderr, "fuzz: invariant failed: %s (%s:%d, %s)\n", cond, file, line, func);
	abort();
}

static void exit_during_input(void)
{
	if (in_target) {
		fputs("fuzz: exit() called while handling an input\n", stderr);
		abort();
	}
}

void fuzz_enter(void)
{
	if (!exit_hook_installed) {
		atexit(exit_during_input);
		exit_hook_installed = true;
	}
	in_target = true;
}

void fuzz_leave(void)
{
	in_target = false;
}

void fuzz_random_reset(uint64_t seed)
{
	run_wipes(); /* empties the uniform pool and the draw buffers */
	stream = seed;
}

static uint64_t splitmix64(void)
{
	uint64_t z = (stream += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

void random_bytes(void *buf, size_t len)
{
	unsigned char *out = buf;

	for (size_t i = 0; i < len; i += 8) {
		uint64_t word = splitmix64();

		for (size_t k = 0; k < 8 && i + k < len; k++)
			out[i + k] = (unsigned char)(word >> (8 * k));
	}
}

uint64_t fuzz_hash(const uint8_t *data, size_t size)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);

	for (size_t i = 0; i < size; i++)
		h = (h ^ data[i]) * UINT64_C(0x100000001b3);
	return h;
}

bool fuzz_utf8_printable(const unsigned char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		unsigned char c = s[i];
		unsigned char lo = 0x80, hi = 0xbf;
		size_t n;

		if (c < 0x80) {
			if (c < 0x20 || c == 0x7f)
				return false;
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			n = 2;
		else if (c >= 0xe0 && c <= 0xef)
			n = 3;
		else if (c >= 0xf0 && c <= 0xf4)
			n = 4;
		else
			return false;
		/* The second byte's range is narrower after E0, ED, F0 and F4. */
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
		else if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
		if (len - i < n || s[i + 1] < lo || s[i + 1] > hi)
			return false;
		for (size_t k = 2; k < n; k++)
			if (s[i + k] < 0x80 || s[i + k] > 0xbf)
				return false;
		i += n;
	}
	return true;
}

/* --- traps for the program's exit and message paths --------------------- */

_Noreturn void __wrap_die(int status, const char *fmt, ...);
_Noreturn void __wrap_die_usage(const char *fmt, ...);
void __wrap_warn(const char *fmt, ...);

static void trap_message(const char *what, const char *fmt, va_list ap)
{
	fprintf(stderr, "fuzz: %s() called while handling an input: ", what);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	abort();
}

_Noreturn void __wrap_die(int status, const char *fmt, ...)
{
	va_list ap;

	(void)status;
	va_start(ap, fmt);
	trap_message("die", fmt, ap);
	va_end(ap);
	abort();
}

_Noreturn void __wrap_die_usage(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trap_message("die_usage", fmt, ap);
	va_end(ap);
	abort();
}

void __wrap_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trap_message("warn", fmt, ap);
	va_end(ap);
}
