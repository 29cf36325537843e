/* tap.h - a minimal Test Anything Protocol emitter for the C unit tests */
#ifndef PASS_GENHELPER_TAP_H
#define PASS_GENHELPER_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static int tap_run, tap_failed;

__attribute__((format(printf, 2, 3)))
static inline bool ok(bool passed, const char *fmt, ...)
{
	va_list ap;

	tap_run++;
	if (!passed)
		tap_failed++;
	printf("%s %d - ", passed ? "ok" : "not ok", tap_run);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	return passed;
}

/* ok() for two strings, showing both when they differ. */
static inline bool is_str(const char *got, const char *want, const char *name)
{
	bool same = strcmp(got, want) == 0;

	ok(same, "%s", name);
	if (!same)
		printf("#   got:  '%s'\n#   want: '%s'\n", got, want);
	return same;
}

/* The plan goes last, after all tests ran. */
static inline int done_testing(void)
{
	printf("1..%d\n", tap_run);
	return tap_failed ? 1 : 0;
}

#endif
