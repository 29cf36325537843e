/*
 * consent.c - PASSWORD_STORE_GEN_ALLOW_WEAK: folders and sites the user
 * allows to give fewer than 128 bits, each down to a floor (consent.h).
 *
 * The grammar is one rule: ':' ends a field, a field is a folder ('/'), a
 * site ("site=") or the floor of the item before it (digits).  Nothing else
 * is accepted, so a typing error is an error rather than a consent that
 * silently names nothing, or more than meant.
 */
#include "config.h"

#include "pass/consent.h"

#include "request/request.h"
#include "pass/policy.h"
#include "site_rules/sites.h"

#include <string.h>

/*
 * A host name as RFC 1123 (section 2.1) and RFC 1035 (section 2.3.4) allow
 * it, which is how the site table writes domains: labels of letters,
 * digits and '-', neither starting nor ending with '-', of 1 to 63 bytes,
 * separated by single dots (no empty label, so no dot at either end), at
 * least two of them, at most 253 bytes in all.  "site=.", "site=a..b" or
 * "site=com" would name no site of the table.
 */
static bool host_name(const char *name, size_t len)
{
	size_t label = 0, labels = 1;

	if (len == 0 || len > 253)
		return false;
	for (size_t i = 0; i < len; i++) {
		char c = name[i];

		if (c == '.') {
			if (label == 0 || name[i - 1] == '-')
				return false;
			label = 0;
			labels++;
		} else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			   (c >= '0' && c <= '9') || (c == '-' && label > 0)) {
			if (++label > 63)
				return false;
		} else {
			return false;
		}
	}
	return label > 0 && name[len - 1] != '-' && labels >= 2;
}

/* Does the folder path (without its first '/') name '.' or '..'?  Written
 * that way, "/bank/..:3" would be consent for the store's top. */
static bool dot_component(const char *path)
{
	while (*path) {
		size_t n = strcspn(path, "/");

		if ((n == 1 && path[0] == '.') || (n == 2 && path[0] == '.' && path[1] == '.'))
			return true;
		path += n;
		if (*path == '/')
			path++;
	}
	return false;
}

/* One field, field[0..len), of an item: into out->names at *used. */
static bool parse_item(const char *field, size_t len, unsigned index, struct consent *out,
		       size_t *used, struct error *err)
{
	struct consent_item *item = &out->items[out->count];
	char *name = out->names + *used;
	size_t room = sizeof out->names - *used;

	if (out->count == CONSENT_MAX_ITEMS)
		return error_set(err, CONSENT_VARIABLE ": more than %d folders and sites",
				 CONSENT_MAX_ITEMS);
	memset(item, 0, sizeof *item);
	item->name = *used;
	if (field[0] == '/') {
		char raw[CONSENT_MAX_BYTES + 1];

		item->kind = CONSENT_FOLDER;
		/* The caller bounds the whole text to raw's size; checked
		 * again here, where the copy is. */
		if (len - 1 >= sizeof raw)
			return error_set(err, CONSENT_VARIABLE " is longer than %d bytes",
					 CONSENT_MAX_BYTES);
		memcpy(raw, field + 1, len - 1);
		raw[len - 1] = '\0';
		if (dot_component(raw))
			return error_set(err, CONSENT_VARIABLE ": field %u, %s: a folder is named without '.' or '..'",
					 index, error_quote_mem(err, field, len));
		if (!store_path_resolve("", raw, name, room))
			return error_set(err, CONSENT_VARIABLE ": field %u, %s, is not a folder in the store",
					 index, error_quote_mem(err, field, len));
	} else {
		size_t skip = strlen(CONSENT_SITE_PREFIX), n = len - skip;

		item->kind = CONSENT_SITE;
		if (!host_name(field + skip, n))
			return error_set(err, CONSENT_VARIABLE ": field %u, %s, does not name a site, such as site=example.com",
					 index, error_quote_mem(err, field, len));
		memcpy(name, field + skip, n);
		name[n] = '\0';
	}
	*used += strlen(name) + 1;
	out->count++;
	return true;
}

bool consent_parse(const char *text, struct consent *out, struct error *err)
{
	size_t used = 0, length = text ? strlen(text) : 0;
	unsigned index = 0;

	out->count = 0;
	if (length > CONSENT_MAX_BYTES)
		return error_set(err, CONSENT_VARIABLE " is longer than %d bytes", CONSENT_MAX_BYTES);
	if (length == 0)
		return true;
	for (const char *p = text;; p++) {
		size_t len = strcspn(p, ":");

		index++;
		if (len == 0)
			return error_set(err, CONSENT_VARIABLE ": field %u is empty; write items as /FOLDER:BITS or site=DOMAIN:BITS, separated by ':'",
					 index);
		if (p[0] == '/' || strncmp(p, CONSENT_SITE_PREFIX, strlen(CONSENT_SITE_PREFIX)) == 0) {
			if (!parse_item(p, len, index, out, &used, err))
				return false;
		} else if (p[0] >= '0' && p[0] <= '9') {
			struct consent_item *item = out->count ? &out->items[out->count - 1] : NULL;
			char number[8];

			if (!item || item->has_floor)
				return error_set(err, CONSENT_VARIABLE ": field %u, %s, is a number of bits with no folder or site before it",
						 index, error_quote_mem(err, p, len));
			if (len >= sizeof number)
				return error_set(err, CONSENT_VARIABLE ": field %u, %s: a floor is at most %d bits",
						 index, error_quote_mem(err, p, len), CONSENT_MAX_FLOOR);
			memcpy(number, p, len);
			number[len] = '\0';
			if (!parse_bounded(number, 0, CONSENT_MAX_FLOOR, "floor", &item->floor, err))
				return error_prefix(err, CONSENT_VARIABLE ": field %u: ", index);
			item->has_floor = true;
		} else {
			return error_set(err, CONSENT_VARIABLE ": field %u, %s, is neither a folder (/bank), a site (site=example.com) nor a number of bits",
					 index, error_quote_mem(err, p, len));
		}
		p += len;
		if (*p == '\0')
			return true;
	}
}

const struct consent_item *consent_find(const struct consent *consent, enum consent_kind kind,
					const char *name)
{
	for (unsigned i = consent->count; i-- > 0;) {
		const struct consent_item *item = &consent->items[i];
		const char *have = consent_name(consent, item);

		if (item->kind == kind &&
		    (kind == CONSENT_SITE ? site_same_name(have, strlen(have), name)
					  : strcmp(have, name) == 0))
			return item;
	}
	return NULL;
}

const char *consent_name(const struct consent *consent, const struct consent_item *item)
{
	return consent->names + item->name;
}
