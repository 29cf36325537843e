/* sites.h - the table of site rules, and looking a site up */
#ifndef PASS_GENHELPER_SITES_H
#define PASS_GENHELPER_SITES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One site of a table: offsets into its text of two NUL-ended strings. */
struct site_row {
	uint32_t domain, rules;
	uint8_t exact;  /* the rules apply to the domain only, not its subdomains */
};

struct site_table {
	const char *text;
	const struct site_row *rows;
	size_t count;
};

/* The embedded table (data/site-rules.txt, compiled in by
 * tools/embed-site-rules as site-rules.c). */
extern const char site_rules_text[];
extern const struct site_row site_rules_rows[];
extern const size_t site_rules_count;
extern const struct site_table site_table_embedded;

struct site {
	const char *domain;
	const char *rules;
	bool exact;
};

/* Does host (len bytes, any case) equal domain (the table's, lower case)? */
bool site_same_name(const char *host, size_t len, const char *domain);

/* The longest domain of the table that HOST (len bytes, any case) is or is a
 * subdomain of (unless that entry is exact); false when none. */
bool site_lookup(const struct site_table *table, const char *host, size_t len,
		 struct site *found);

/*
 * The site for a pass entry name such as "web/accounts.google.com/alice":
 * every component of the path is looked up, and the longest domain found
 * wins.  False when no component names a site.
 */
bool site_for_entry(const struct site_table *table, const char *entry, struct site *found);

/* Print the table, "DOMAIN<TAB>EXACT<TAB>RULES" a line (--list-sites). */
void print_site_table(void);

#endif
