/* spec_build.h - from a request to a checked specification (spec_build.c). */
#ifndef PASS_GENHELPER_SPEC_BUILD_H
#define PASS_GENHELPER_SPEC_BUILD_H

#include <stdbool.h>

#include "request/request.h"
#include "generator/spec.h"

/*
 * Resolve a request: alphabet, exclusions, rules and length.  Returns true on
 * success; on a usage error false with the reason in err.
 */
bool spec_build(const struct request *req, struct spec *spec, struct error *err);

#endif
