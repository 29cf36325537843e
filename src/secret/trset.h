/* trset.h - SET arguments in tr(1) syntax (C locale), as sets of bytes */
#ifndef PASS_GENHELPER_TRSET_H
#define PASS_GENHELPER_TRSET_H

#include <stdbool.h>
#include <stddef.h>

#include "text/errors.h"
#include "text/text.h"

/* A set of byte values, as `LC_ALL=C tr -dc SET` would keep them. */
struct byteset {
	bool has[256];
};

/* The longest SET, in bytes after escapes. */
#define MAX_SET_BYTES 4096

/*
 * Parse SET in tr(1) syntax (C locale) into `set`.  Returns true on
 * success; else false with what is wrong in err.
 */
bool byteset_parse(const char *spec, struct byteset *set, struct error *err);

#endif
