/* spec_passphrase.h - the passphrase half of spec_build() */
#ifndef PASS_GENHELPER_SPEC_PASSPHRASE_H
#define PASS_GENHELPER_SPEC_PASSPHRASE_H

#include <stdbool.h>
#include <stddef.h>

#include "request/request.h"
#include "generator/spec.h"

/*
 * Resolve a passphrase request into spec (already cleared by spec_build()):
 * the word list, capitals, separators, digit and symbol, the number of
 * words, and the exact entropy.  Returns true on success; on a usage error
 * false with the reason in err (what was allocated is left for spec_free()).
 */
bool spec_passphrase_build(const struct request *req, struct spec *spec, struct error *err);

#endif
