/* spec_pronounceable.h - the pronounceable half of spec_build() */
#ifndef PASS_GENHELPER_SPEC_PRONOUNCEABLE_H
#define PASS_GENHELPER_SPEC_PRONOUNCEABLE_H

#include <stdbool.h>

#include "request/request.h"
#include "generator/spec.h"

/*
 * Resolve a request for --format pronounceable into spec (already cleared
 * by spec_build()): the letters, digits and symbols left by --exclude and
 * --no-ambiguous, the groups and their separator, the number of characters
 * for the length or entropy asked for, and the exact entropy.  Returns
 * true on success; on a usage error false with the reason in err.
 */
bool spec_pronounceable_build(const struct request *req, struct spec *spec, struct error *err);

#endif
