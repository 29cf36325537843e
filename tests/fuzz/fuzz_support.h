/* fuzz_support.h - what the fuzz targets share: checks, traps, the scripted random source */
#ifndef PASS_GENHELPER_FUZZ_SUPPORT_H
#define PASS_GENHELPER_FUZZ_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * An invariant of the code under test.  A violation prints the condition
 * and aborts, which libFuzzer reports as a crash with a stack trace and
 * saves as a crash-* artifact.
 */
#define CHECK(cond)                                                          \
	do {                                                                 \
		if (!(cond))                                                 \
			fuzz_check_failed(#cond, __FILE__, __LINE__, __func__); \
	} while (0)

_Noreturn void fuzz_check_failed(const char *cond, const char *file, int line,
				 const char *func);

/*
 * Mark the span of one LLVMFuzzerTestOneInput call.  Inside it, exit(),
 * die(), inform() and usage_error() are bugs (the parsers promise to print
 * nothing and never exit) and abort with a message.
 */
void fuzz_enter(void);
void fuzz_leave(void);

/*
 * Between these two calls, inform() and usage_error() are the program's
 * normal way to speak: each message is formatted, checked (one line of
 * printable UTF-8, lower case after the prefix, no final period, bounded
 * length) and kept; fuzz_capture_end() returns them, one a line, and how
 * many there were.  die() stays a bug.
 */
void fuzz_capture_begin(void);
const char *fuzz_capture_end(size_t *count);

/*
 * The random source for one input: the tests' scripted source
 * (tests/unit/scripted_source.h), its stream started afresh at `seed` with
 * an empty pool, so that every input is replayed with the same bytes.
 */
struct random_source *fuzz_random_source(uint64_t seed);

/*
 * Split a fuzz input into argv at NUL bytes (a single trailing NUL ends the
 * last argument; two give an empty argument after it): at most max_args
 * arguments after "pass-genhelper", each in its own exact-size allocation
 * so that ASan sees a read past its terminator.  args must have room for
 * max_args + 2 pointers; args[argc] is NULL.  Returns argc.
 */
int fuzz_split_args(const uint8_t *data, size_t size, char **args, int max_args);

/* FNV-1a of the input: a seed and a source of choices independent of size. */
uint64_t fuzz_hash(const uint8_t *data, size_t size);

/* Valid UTF-8 without C0 controls, DEL, C1 controls and the invisible
 * characters that reorder text: an implementation independent of
 * src/text/text.c (RFC 3629 table 3-7 for well-formed sequences, and the refused
 * characters written out as bytes).  src/text/text.c refuses more (every
 * default-ignorable and format character); fuzz_wordlist checks that part
 * against its reading of the Unicode Character Database (data/unicode). */
bool fuzz_utf8_printable(const unsigned char *s, size_t len);

#endif
