/*
 * consent.h - the user's consent to weak secrets, given outside the store:
 * PASSWORD_STORE_GEN_ALLOW_WEAK, read and checked.
 *
 * The variable is a list of fields separated by ':'.  A field that starts
 * with '/' names a folder of the store (its policy file), one that starts
 * with "site=" a site of the embedded table (its site rules), and a
 * field of digits after either is that item's floor: the fewest bits the
 * user accepts from it, 0 to 128.  "/bank:20:site=example.com:40".  An
 * item without a floor allows nothing below 128 bits: it is kept, so that
 * the refusal can say how to write it.  A folder whose name holds ':'
 * cannot be named here (':' always ends a field); its policy can be signed.
 */
#ifndef PASS_GENHELPER_CONSENT_H
#define PASS_GENHELPER_CONSENT_H

#include <stdbool.h>
#include <stddef.h>

#include "text/bounds.h"
#include "text/errors.h"

#define CONSENT_VARIABLE "PASSWORD_STORE_GEN_ALLOW_WEAK"
#define CONSENT_SITE_PREFIX "site="

enum consent_kind {
	CONSENT_FOLDER, /* a policy file's folder, as "bank/sub" ("" for the top) */
	CONSENT_SITE    /* a site's domain, as written */
};

struct consent_item {
	enum consent_kind kind;
	size_t name;         /* offset of its NUL-terminated name in names[] */
	bool has_floor;
	unsigned long floor; /* bits, when has_floor */
};

struct consent {
	struct consent_item items[CONSENT_MAX_ITEMS];
	unsigned count;
	/* The names, resolved: a folder's is never longer than as written. */
	char names[CONSENT_MAX_BYTES + 1];
};

/*
 * Parse text (NULL or "" for none) into out.  Returns false with the reason
 * in err for a field that is neither a folder, a site nor a floor, a floor
 * out of range or without its item, a folder with a '.' or '..' component,
 * a site that is not a host name, an empty field, or a list past its
 * bounds.
 */
bool consent_parse(const char *text, struct consent *out, struct error *err);

/* The last item for this folder ("bank/sub", as store_path_resolve()
 * writes it) or site (the table's domain, lower case; the item's compares
 * without case), or NULL. */
const struct consent_item *consent_find(const struct consent *consent, enum consent_kind kind,
					const char *name);

/* An item's name. */
const char *consent_name(const struct consent *consent, const struct consent_item *item);

#endif
