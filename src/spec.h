/* spec.h - what to generate, fully resolved and checked */
#ifndef PASS_GENHELPER_SPEC_H
#define PASS_GENHELPER_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "charset.h"
#include "entropy.h"
#include "options.h"

struct spec {
	const char *format_name;  /* "graph", ..., or "custom" for --charset */
	char alphabet_name[48];   /* the format name, and whether it was changed */
	struct alphabet alphabet;
	class_mask required;
	enum encoding encoding;   /* != ENCODING_NONE: encode `bytes` random bytes */
	size_t bytes;
	size_t length;            /* characters in each secret */
	double bits;              /* exact entropy of each secret */
	unsigned long count;
	char terminator;          /* '\n', or '\0' with --null */
	bool verbose;
};

/*
 * Resolve a request: alphabet, exclusions, rules and length.  Returns true on
 * success; on a usage error false with the reason in err.
 */
bool spec_build(const struct request *req, struct spec *spec, char *err, size_t errlen);

#endif
