/*
 * sites.c - Apple's table of site rules, embedded, and the
 * lookup of a host or a pass entry name in it.
 *
 * A domain matches its own entry and, unless the entry is marked exact,
 * the entry of every parent domain ("accounts.google.com" -> "google.com");
 * of several matches the longest domain, the most specific, wins.  The
 * table is small (hundreds of rows), so a scan is as fast as anything.
 */
#include "config.h"

#include "site_rules/sites.h"

#include <stdio.h>
#include <string.h>

const struct site_table site_table_embedded = { site_rules_text, site_rules_rows, 0 };

static size_t table_count(const struct site_table *table)
{
	/* The embedded table's count is a variable of another unit. */
	return table == &site_table_embedded ? site_rules_count : table->count;
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

bool site_same_name(const char *host, size_t len, const char *domain)
{
	if (strlen(domain) != len)
		return false;
	for (size_t i = 0; i < len; i++)
		if (lower(host[i]) != domain[i])
			return false;
	return true;
}

bool site_lookup(const struct site_table *table, const char *host, size_t len,
		 struct site *found)
{
	size_t best = 0;
	bool any = false;

	/* A trailing dot names the same host. */
	if (len > 0 && host[len - 1] == '.')
		len--;
	for (size_t i = 0; i < table_count(table); i++) {
		const struct site_row *row = &table->rows[i];
		const char *domain = table->text + row->domain;
		size_t dlen = strlen(domain);
		bool match = site_same_name(host, len, domain) ||
			     (!row->exact && len > dlen && host[len - dlen - 1] == '.' &&
			      site_same_name(host + len - dlen, dlen, domain));

		if (match && (!any || dlen > best)) {
			any = true;
			best = dlen;
			found->domain = domain;
			found->rules = table->text + row->rules;
			found->exact = row->exact;
		}
	}
	return any;
}

bool site_for_entry(const struct site_table *table, const char *entry, struct site *found)
{
	bool any = false;

	for (const char *p = entry;;) {
		size_t len = strcspn(p, "/");
		struct site site;

		if (len > 0 && site_lookup(table, p, len, &site) &&
		    (!any || strlen(site.domain) > strlen(found->domain))) {
			*found = site;
			any = true;
		}
		if (p[len] == '\0')
			return any;
		p += len + 1;
	}
}

void print_site_table(void)
{
	for (size_t i = 0; i < site_rules_count; i++)
		printf("%s\t%d\t%s\n", site_rules_text + site_rules_rows[i].domain,
		       site_rules_rows[i].exact, site_rules_text + site_rules_rows[i].rules);
}
