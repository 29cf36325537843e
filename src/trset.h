/* trset.h - SET arguments in tr(1) syntax (C locale), as sets of bytes */
#ifndef PASS_GENHELPER_TRSET_H
#define PASS_GENHELPER_TRSET_H

#include <stdbool.h>

/* A set of byte values, as `LC_ALL=C tr -dc SET` would keep them. */
struct byteset {
	bool has[256];
};

/*
 * Parse SET in tr(1) syntax (C locale) into `set`.  Returns NULL on success,
 * else a static message saying what is wrong.
 */
const char *byteset_parse(const char *spec, struct byteset *set);

#endif
