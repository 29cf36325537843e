/* util.c - messages, exit paths and wiping */
#include "config.h"

#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WIPES 8

static void (*wipes[MAX_WIPES])(void);
static size_t wipe_count;

void register_wipe(void (*wipe)(void))
{
	for (size_t i = 0; i < wipe_count; i++)
		if (wipes[i] == wipe)
			return;
	if (wipe_count == MAX_WIPES)
		abort(); /* a programming error, never input-dependent */
	wipes[wipe_count++] = wipe;
}

void run_wipes(void)
{
	for (size_t i = 0; i < wipe_count; i++)
		wipes[i]();
}

#ifdef HAVE_EXPLICIT_BZERO
void secure_zero(void *buf, size_t len)
{
	explicit_bzero(buf, len);
}
#else
/*
 * Calling memset through a volatile pointer stops the compiler from proving
 * the call has no effect, so the store survives dead-store elimination.
 */
static void *(*volatile memset_not_elided)(void *, int, size_t) = memset;

void secure_zero(void *buf, size_t len)
{
	memset_not_elided(buf, 0, len);
}
#endif

static void vmessage(const char *fmt, va_list ap)
{
	fputs(PROGRAM_NAME ": ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
}

_Noreturn void die(int status, const char *fmt, ...)
{
	va_list ap;

	run_wipes();
	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
	exit(status);
}

_Noreturn void die_usage(const char *fmt, ...)
{
	va_list ap;

	run_wipes();
	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
	fputs("Try '" PROGRAM_NAME " --help' for more information.\n", stderr);
	exit(EXIT_USAGE);
}
