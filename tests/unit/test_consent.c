/* test_consent.c - PASSWORD_STORE_GEN_ALLOW_WEAK: the grammar and its bounds */
#include "config.h"

#include "pass/consent.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

static struct consent consent;
static struct error err;

/* Parse text; on failure, is the message the one expected? */
static void refused(const char *text, const char *want, const char *name)
{
	bool parsed = consent_parse(text, &consent, &err);

	ok(!parsed, "%s: refused", name);
	if (!parsed)
		is_str(err.text, want, name);
}

static void test_items(void)
{
	const struct consent_item *item;

	ok(consent_parse(NULL, &consent, &err) && consent.count == 0, "unset: no item");
	ok(consent_parse("", &consent, &err) && consent.count == 0, "empty: no item");
	ok(consent_parse("/bank:20:site=Example.COM:40:/:0", &consent, &err) && consent.count == 3,
	   "a folder, a site and the top, each with a floor");
	item = consent_find(&consent, CONSENT_FOLDER, "bank");
	ok(item && item->has_floor && item->floor == 20, "the folder's floor");
	item = consent_find(&consent, CONSENT_SITE, "example.com");
	ok(item && item->has_floor && item->floor == 40, "the site's floor, its domain in any case");
	item = consent_find(&consent, CONSENT_FOLDER, "");
	ok(item && item->has_floor && item->floor == 0, "the top folder, floor 0");
	ok(!consent_find(&consent, CONSENT_FOLDER, "bank/sub"), "a folder below is another folder");
	ok(!consent_find(&consent, CONSENT_SITE, "www.example.com"), "a subdomain is another site");
	ok(!consent_find(&consent, CONSENT_FOLDER, "example.com"), "a site is not a folder");
	ok(consent_parse("/bank//team/:128", &consent, &err) &&
	   consent_find(&consent, CONSENT_FOLDER, "bank/team") &&
	   consent_find(&consent, CONSENT_FOLDER, "bank/team")->floor == 128,
	   "a folder's doubled and trailing '/' are dropped; 128 is the largest floor");
	{
		/* Host names as RFC 1123 allows them. */
		static const char *const sites[] = {
			"site=a.b:1", "site=x-1.example.com:1", "site=163.com:1", "site=A-b.C0m:1",
			"site=a.bc.d-e.f-g-h:1",
		};

		for (size_t i = 0; i < sizeof sites / sizeof *sites; i++)
			ok(consent_parse(sites[i], &consent, &err) && consent.count == 1, "site: %s", sites[i]);
	}
	ok(consent_parse("/bank:/other:12", &consent, &err) && consent.count == 2,
	   "an item without a floor is kept");
	item = consent_find(&consent, CONSENT_FOLDER, "bank");
	ok(item && !item->has_floor, "without a floor: has_floor is false (allows nothing weak)");
	ok(consent_parse("/bank:5:/bank:30", &consent, &err) &&
	   consent_find(&consent, CONSENT_FOLDER, "bank")->floor == 30, "a folder named twice: the last wins");
	ok(consent_parse("/2024:007", &consent, &err) &&
	   consent_find(&consent, CONSENT_FOLDER, "2024")->floor == 7,
	   "a folder of digits is a folder; a floor may have leading zeros");
}

static void test_errors(void)
{
	char text[CONSENT_MAX_BYTES + 2];

	refused("bank:20", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 1, 'bank', is neither a folder (/bank), a site (site=example.com) nor a number of bits",
		"a folder without its '/'");
	refused("/bank:20x", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 2: invalid floor '20x': not a whole number",
		"a floor that is not a number");
	refused("/bank:129", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 2: invalid floor '129': the maximum is 128",
		"a floor above 128");
	refused("/bank:99999999999999999999999", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 2, '99999999999999999999999': a floor is at most 128 bits",
		"a floor too long to be a number");
	refused("/bank:20:30", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 3, '30', is a number of bits with no folder or site before it",
		"two floors");
	refused("20", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 1, '20', is a number of bits with no folder or site before it",
		"a floor alone");
	refused("/bank::20", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 2 is empty; write items as /FOLDER:BITS or site=DOMAIN:BITS, separated by ':'",
		"an empty field");
	refused("/bank:20:", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 3 is empty; write items as /FOLDER:BITS or site=DOMAIN:BITS, separated by ':'",
		"a trailing ':'");
	refused(":/bank:20", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 1 is empty; write items as /FOLDER:BITS or site=DOMAIN:BITS, separated by ':'",
		"a leading ':'");
	refused("/../x:20", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 1, '/../x': a folder is named without '.' or '..'",
		"a folder outside the store");
	refused("site=:20", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 1, 'site=', does not name a site, such as site=example.com",
		"a site without a domain");
	refused("site=exa mple.com:20", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 1, 'site=exa mple.com', does not name a site, such as site=example.com",
		"a domain with a space");
	refused("site=\x1b[2J:20", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 1, 'site=\\x1b[2J', does not name a site, such as site=example.com",
		"a control character shown escaped");
	{
		/* Consent that names nothing, or other than written, is refused,
		 * naming the item. */
		static const struct {
			const char *text, *item, *why;
		} bad[] = {
			{ "site=.:40", "site=.", "a dot alone" },
			{ "site=a..b:3", "site=a..b", "an empty label" },
			{ "site=.example.com:3", "site=.example.com", "a leading dot" },
			{ "site=example.com.:3", "site=example.com.", "a trailing dot" },
			{ "site=com:3", "site=com", "one label" },
			{ "site=-a.com:3", "site=-a.com", "a label starting with '-'" },
			{ "site=a-.com:3", "site=a-.com", "a label ending with '-'" },
			{ "site=a.com-:3", "site=a.com-", "a last label ending with '-'" },
			{ "site=a_b.com:3", "site=a_b.com", "an underscore" },
			{ "site=b\xc3\xa4r.de:3", "site=b\xc3\xa4r.de", "a letter outside ASCII (shown as it is: printable)" },
		};
		char want[256];

		for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
			snprintf(want, sizeof want, "PASSWORD_STORE_GEN_ALLOW_WEAK: field 1, '%s', does not name a site, such as site=example.com",
				 bad[i].item);
			refused(bad[i].text, want, bad[i].why);
		}
	}
	{
		char name[300] = "site=";

		memset(name + 5, 'a', 63);
		strcpy(name + 68, ".com");
		ok(consent_parse(name, &consent, &err), "site: a label of 63 bytes");
		memset(name + 5, 'a', 64);
		strcpy(name + 69, ".com");
		ok(!consent_parse(name, &consent, &err), "site: a label of 64 bytes is refused");
		/* 4 labels of 63 and 3 dots: 255 bytes; then 253 exactly. */
		for (int i = 0; i < 4; i++) {
			memset(name + 5 + 64 * i, 'a', 63);
			name[5 + 64 * i + 63] = '.';
		}
		name[5 + 255] = '\0';
		ok(!consent_parse(name, &consent, &err), "site: a name of 255 bytes is refused");
		name[5 + 253] = '\0';
		ok(consent_parse(name, &consent, &err), "site: a name of 253 bytes");
	}
	refused("/bank/..:3", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 1, '/bank/..': a folder is named without '.' or '..'",
		"a folder ending in '..' (the top, written otherwise)");
	refused("/./x:3", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 1, '/./x': a folder is named without '.' or '..'",
		"a folder with '.'");
	refused("/a/../b:3", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 1, '/a/../b': a folder is named without '.' or '..'",
		"a folder with '..' inside");
	refused("/.:3", "PASSWORD_STORE_GEN_ALLOW_WEAK: field 1, '/.': a folder is named without '.' or '..'",
		"'/.' for the top");
	ok(consent_parse("/.x/..y/...:3", &consent, &err) &&
	   consent_find(&consent, CONSENT_FOLDER, ".x/..y/..."), "folder names that start with dots are names");
	memset(text, 'a', sizeof text - 1);
	text[0] = '/';
	text[sizeof text - 1] = '\0';
	refused(text, "PASSWORD_STORE_GEN_ALLOW_WEAK is longer than 4096 bytes", "longer than 4096 bytes");
	text[CONSENT_MAX_BYTES] = '\0';
	ok(consent_parse(text, &consent, &err) && consent.count == 1 &&
	   strlen(consent_name(&consent, &consent.items[0])) == CONSENT_MAX_BYTES - 1,
	   "4096 bytes: one folder of 4095");
	text[0] = '\0';
	for (int i = 0; i < CONSENT_MAX_ITEMS; i++)
		snprintf(text + strlen(text), sizeof text - strlen(text), "%s/f%d:1", i ? ":" : "", i);
	ok(consent_parse(text, &consent, &err) && consent.count == CONSENT_MAX_ITEMS, "32 items");
	strcat(text, ":site=example.com:1");
	refused(text, "PASSWORD_STORE_GEN_ALLOW_WEAK: more than 32 folders and sites", "33 items");
}

int main(void)
{
	test_items();
	test_errors();
	return done_testing();
}
