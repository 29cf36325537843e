/* spec_site_rules.h - the character spec under site rules */
#ifndef PASS_GENHELPER_SPEC_SITE_RULES_H
#define PASS_GENHELPER_SPEC_SITE_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "secret/charset.h"
#include "request/request.h"
#include "generator/spec.h"

enum rules_outcome {
	RULES_NONE,   /* no rules apply: the usual character spec */
	RULES_BUILT,  /* spec holds the alphabet, length and figure under rules */
	RULES_FAILED  /* a usage error, in err */
};

/*
 * The rules a request asks for (--rules, --site, or the site of --entry
 * unless --no-site-rules), checked against the other options and turned
 * into the alphabet, the length and the exact figure.  `format` is
 * --format's (or NULL) and `words` whether a passphrase was asked for.
 * Called only when request_wants_site_rules(): most calls name no rules,
 * and this code and its frame (10 KB of quoted texts and a site) would
 * be pages that nothing else needs.
 */
enum rules_outcome spec_site_rules_build(const struct request *req, const struct format *format,
				    bool words, struct spec *spec, struct error *err);

#endif
