/*
 * fuzz_support.c - the random source and the traps linked into every fuzzer.
 *
 * The random source is the tests' scripted one, handed to the code under
 * test (the one seam the design allows): a xorshift64* stream seeded from
 * the input, so that the bytes look random enough for rejection sampling
 * to end quickly, yet every input replays exactly.  The parsers under test
 * draw nothing; only the targets' generate-and-check steps do.
 *
 * The build links with -Wl,--wrap=die,--wrap=inform,--wrap=usage_error, so a
 * call to any of them from src/ lands here.  Inside a fuzz input that is a
 * bug: parse_options(), spec_build(), byteset_parse() and wordlist_parse()
 * report errors through their return value only.
 */
#include "config.h"

#include "fuzz_support.h"

#include "scripted_source.h"
#include "generator/spec_build.h"
#include "text/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool in_target;
static bool exit_hook_installed;

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

struct random_source *fuzz_random_source(uint64_t seed)
{
	static struct scripted_source stream;

	return scripted_source_init(&stream, NULL, 0, seed, 0);
}

int fuzz_split_args(const uint8_t *data, size_t size, char **args, int max_args)
{
	int argc = 0;
	size_t pos = 0;

	args[argc++] = strdup("pass-genhelper");
	while (pos < size && argc < max_args + 1) {
		const uint8_t *nul = memchr(data + pos, '\0', size - pos);
		size_t len = nul ? (size_t)(nul - (data + pos)) : size - pos;
		char *arg = malloc(len + 1);

		if (!arg)
			break;
		memcpy(arg, data + pos, len);
		arg[len] = '\0';
		args[argc++] = arg;
		pos += len + 1;
	}
	args[argc] = NULL;
	return argc;
}

uint64_t fuzz_hash(const uint8_t *data, size_t size)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);

	for (size_t i = 0; i < size; i++)
		h = (h ^ data[i]) * UINT64_C(0x100000001b3);
	return h;
}

/* The encoded forms of characters src/text/text.c refuses to print besides C0
 * and DEL (some of them: see fuzz_support.h), written out as bytes so that this check does not share the
 * decoder it tests: C1 controls, the Arabic letter mark, LRM and RLM, the
 * line and paragraph separators, the bidi embeddings, overrides and
 * isolates, the byte-order mark and the interlinear annotation marks. */
static bool invisible_sequence(const unsigned char *s, size_t n)
{
	static const struct {
		unsigned char lead[2]; /* the bytes before the last */
		unsigned char last_lo, last_hi;
		size_t n;
	} ranges[] = {
		{{0xc2, 0}, 0x80, 0x9f, 2},    /* U+0080..U+009F */
		{{0xd8, 0}, 0x9c, 0x9c, 2},    /* U+061C */
		{{0xe2, 0x80}, 0x8e, 0x8f, 3}, /* U+200E, U+200F */
		{{0xe2, 0x80}, 0xa8, 0xae, 3}, /* U+2028..U+202E */
		{{0xe2, 0x81}, 0xa6, 0xa9, 3}, /* U+2066..U+2069 */
		{{0xef, 0xbb}, 0xbf, 0xbf, 3}, /* U+FEFF */
		{{0xef, 0xbf}, 0xb9, 0xbb, 3}, /* U+FFF9..U+FFFB */
	};

	for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; r++)
		if (ranges[r].n == n && memcmp(s, ranges[r].lead, n - 1) == 0 &&
		    s[n - 1] >= ranges[r].last_lo && s[n - 1] <= ranges[r].last_hi)
			return true;
	return false;
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
		if (invisible_sequence(s + i, n))
			return false;
		i += n;
	}
	return true;
}

/* --- traps for the program's exit and message paths --------------------- */

_Noreturn void __wrap_die(int status, const char *fmt, ...);
void __wrap_inform(const char *fmt, ...);
void __wrap_usage_error(const char *message);

static bool capturing;
static char captured[1 << 16];
static size_t captured_len, captured_count;

void fuzz_capture_begin(void)
{
	capturing = true;
	captured_len = 0;
	captured_count = 0;
	captured[0] = '\0';
}

const char *fuzz_capture_end(size_t *count)
{
	capturing = false;
	*count = captured_count;
	return captured;
}

/* A message as the program would print it after "pass-genhelper: ". */
static void capture(const char *fmt, va_list ap)
{
	char line[4096];
	int len = vsnprintf(line, sizeof line, fmt, ap);

	CHECK(len > 0 && (size_t)len < sizeof line);
	/* User text reaches a message only quoted: no control byte, no C1
	 * control, nothing that is not UTF-8. */
	CHECK(fuzz_utf8_printable((const unsigned char *)line, (size_t)len));
	CHECK(!(line[0] >= 'A' && line[0] <= 'Z'));
	CHECK(line[len - 1] != '.' || (len >= 3 && memcmp(line + len - 3, "...", 3) == 0));
	CHECK(len <= 2048);
	if (captured_len + (size_t)len + 2 <= sizeof captured) {
		memcpy(captured + captured_len, line, (size_t)len);
		captured_len += (size_t)len;
		captured[captured_len++] = '\n';
		captured[captured_len] = '\0';
	}
	captured_count++;
}

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

void __wrap_inform(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (capturing)
		capture(fmt, ap);
	else
		trap_message("inform", fmt, ap);
	va_end(ap);
}

void __wrap_usage_error(const char *message)
{
	__wrap_inform("%s", message);
}
