/*
 * errors.c - the error object (errors.h).
 */
#include "config.h"

#include "text/errors.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void error_clear(struct error *err)
{
	err->text[0] = '\0';
	err->runtime = false;
}

static bool set(struct error *err, bool runtime, const char *fmt, va_list ap)
{
	vsnprintf(err->text, sizeof err->text, fmt, ap);
	err->runtime = runtime;
	return false;
}

bool error_set(struct error *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set(err, false, fmt, ap);
	va_end(ap);
	return false;
}

bool error_runtime(struct error *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set(err, true, fmt, ap);
	va_end(ap);
	return false;
}

bool error_prefix(struct error *err, const char *fmt, ...)
{
	char rest[sizeof err->text];
	va_list ap;
	int n;

	memcpy(rest, err->text, sizeof rest);
	va_start(ap, fmt);
	n = vsnprintf(err->text, sizeof err->text, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n < sizeof err->text)
		snprintf(err->text + n, sizeof err->text - (size_t)n, "%s", rest);
	return false;
}

static char *next_slot(struct error *err)
{
	char *slot = err->quoted[err->next_quote % ERROR_QUOTES];

	err->next_quote = (err->next_quote + 1) % ERROR_QUOTES;
	return slot;
}

const char *error_quote(struct error *err, const char *text)
{
	return quote(next_slot(err), text);
}

const char *error_quote_mem(struct error *err, const char *text, size_t len)
{
	return quote_mem(next_slot(err), text, len);
}
