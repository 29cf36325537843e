/* util.c - messages, exit paths and wiping */
#include "config.h"

/* memset_s is in C11's optional Annex K, declared only on request. */
#define __STDC_WANT_LIB_EXT1__ 1

#include "text/util.h"

#include "text/text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(HAVE_EXPLICIT_BZERO)
void secure_zero(void *buf, size_t len)
{
	explicit_bzero(buf, len);
}
#elif defined(HAVE_MEMSET_S)
/* Annex K promises that memset_s is never removed as a dead store (macOS). */
void secure_zero(void *buf, size_t len)
{
	if (len > 0)
		memset_s(buf, len, 0, len);
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

/* The name messages go by and the command their "Try" line names
 * (program_name_set()). */
static const char *name = PROGRAM_NAME;
static const char *invocation = PROGRAM_NAME;

/* A loop rather than strrchr(), which nothing else in a plain call uses
 * (one symbol less for the loader to bind). */
const char *base_name(const char *path)
{
	const char *base = path;

	for (const char *p = path; *p; p++)
		if (*p == '/')
			base = p + 1;
	return base;
}

void program_name_set(const char *called)
{
	const char *base = base_name(called);

	invocation = called;
	name = *base ? base : called;
}

const char *program_name(void)
{
	return name;
}

/* A message of this run could not be written (messages_lost()). */
static bool lost;
/* Standard error was closed when the process started and now points at
 * /dev/null (output_init()): every message is lost, though the write
 * succeeds. */
static bool stderr_was_closed;

/*
 * One line on stderr.  User text reaches a message only through quote(),
 * so no control byte should be left here; any that is (a message that
 * forgot to quote) is shown as '?' rather than sent to the terminal, and a
 * message too long for the line is cut at a character boundary.
 */
static void vmessage(const char *fmt, va_list ap)
{
	char line[2048];
	struct text_buffer text;

	text_init(&text, line, sizeof line);
	text_append(&text, "%s: ", name);
	text_vappend(&text, fmt, ap);
	for (size_t i = 0; i < text.used; i++)
		if ((unsigned char)line[i] < 0x20 || line[i] == 0x7f)
			line[i] = '?';
	/* Each write's own result, not the stream's sticky error flag: then
	 * messages_reset() has no flag to clear. */
	if (fputs(line, stderr) == EOF || fputc('\n', stderr) == EOF || fflush(stderr) != 0 ||
	    stderr_was_closed)
		lost = true;
}

void messages_go_nowhere(void)
{
	stderr_was_closed = true;
}

void messages_reset(void)
{
	lost = false;
}

bool messages_lost(void)
{
	return lost;
}

void usage_error(const char *message)
{
	char hint[QUOTE_BYTES], shown[QUOTE_BYTES], line[QUOTE_BYTES + 32];

	snprintf(hint, sizeof hint, "%s --help", invocation);
	inform("%s", message);
	snprintf(line, sizeof line, "Try %s for more information.\n", quote(shown, hint));
	fputs(line, stderr);
}

void inform(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
}

static void (*die_cleanup)(void);

void die_cleanup_set(void (*cleanup)(void))
{
	die_cleanup = cleanup;
}

_Noreturn void die(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
	if (die_cleanup)
		die_cleanup();
	exit(status);
}
