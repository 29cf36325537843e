/*
 * policy.c - a store's policy file (.pass-gen), read and checked.
 *
 * A store may be shared through git, so a policy is input from whoever can
 * write it.  It is read like a word list: bounded, a regular file, text
 * only, the first bad line stops with its number and a quoted excerpt.  Its
 * options are only those of the option table's policy column, applied by
 * the same code as the command line's (pass-gen.c).  What it names in the
 * store is opened by a walk that follows no symbolic link (store_path.c),
 * and a pinned word list is hashed (sha256.c) on the very bytes that are
 * parsed, so what was signed is what is used.
 */
#include "config.h"

#include "policy.h"

#include "file.h"
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The options that pass gen reads itself: never passed to the generator. */
enum { POLICY_FOLDER = -1, POLICY_PIN = -2 };

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Printable UTF-8, a tab counting as a space. */
static bool line_printable(const char *line, size_t len)
{
	for (size_t i = 0; i < len;) {
		unsigned long c;
		size_t step = utf8_decode((const unsigned char *)line + i, len - i, &c);

		if (step == 0 || (c != '\t' && !code_point_printable(c)))
			return false;
		i += step;
	}
	return true;
}

/*
 * One line (NUL-terminated in place, CR dropped): blank or a comment, or
 * "--name" or "--name value".  Adds what it sets to policy.
 */
static bool parse_line(char *line, size_t len, size_t number, struct policy *policy,
		       struct error *err)
{
	const char *name;
	size_t name_len;
	char *value = NULL;
	int option;
	bool has_arg;

	if (!line_printable(line, len)) {
		error_set(err, "the policy file %s, line %zu: control characters and invalid UTF-8 are not allowed: %s",
			  policy->shown, number, error_quote_mem(err, line, len));
		return false;
	}
	while (len > 0 && is_blank(*line)) {
		line++;
		len--;
	}
	while (len > 0 && is_blank(line[len - 1]))
		line[--len] = '\0';
	if (len == 0 || line[0] == '#')
		return true;
	if (len < 3 || line[0] != '-' || line[1] != '-')
		goto malformed;
	name = line + 2;
	name_len = 0;
	while (name_len < len - 2 && ((name[name_len] >= 'a' && name[name_len] <= 'z') ||
				      (name[name_len] >= '0' && name[name_len] <= '9') ||
				      name[name_len] == '-'))
		name_len++;
	if (name_len == 0)
		goto malformed;
	if (name_len < len - 2) {
		char *rest = line + 2 + name_len;

		if (!is_blank(*rest))
			goto malformed;
		*rest++ = '\0';
		while (is_blank(*rest))
			rest++;
		value = rest;
		/* Quotes around the whole value keep blanks at its ends. */
		{
			size_t value_len = strlen(value);

			if (value_len >= 2 && (value[0] == '\'' || value[0] == '"') &&
			    value[value_len - 1] == value[0]) {
				value[value_len - 1] = '\0';
				value++;
			}
		}
	}
	if (name_len == 6 && memcmp(name, "folder", 6) == 0) {
		option = POLICY_FOLDER;
		has_arg = true;
	} else if (name_len == 15 && memcmp(name, "wordlist-sha256", 15) == 0) {
		option = POLICY_PIN;
		has_arg = true;
	} else if (option_policy_group(name, name_len, &option, &has_arg) == POLICY_NONE) {
		error_set(err, "the policy file %s, line %zu: --%.*s cannot be set in a policy file",
			  policy->shown, number, (int)(name_len < 64 ? name_len : 64), name);
		return false;
	}
	if (!has_arg && value) {
		error_set(err, "the policy file %s, line %zu: --%s takes no value", policy->shown, number, name);
		return false;
	}
	if (has_arg && !value) {
		error_set(err, "the policy file %s, line %zu: --%s needs a value", policy->shown, number, name);
		return false;
	}
	if ((option == POLICY_FOLDER && policy->folder_line) ||
	    (option == POLICY_PIN && policy->pin_line) ||
	    (strcmp(name, "wordlist") == 0 && policy->wordlist_line)) {
		error_set(err, "the policy file %s, line %zu: --%s is given twice", policy->shown, number, name);
		return false;
	}
	if (option == POLICY_FOLDER) {
		policy->folder = value;
		policy->folder_line = number;
		return true;
	}
	if (option == POLICY_PIN) {
		if (!sha256_from_hex(value, policy->pin)) {
			error_set(err, "the policy file %s, line %zu: --wordlist-sha256 needs the 64 hexadecimal digits of a SHA-256",
				  policy->shown, number);
			return false;
		}
		policy->pin_line = number;
		return true;
	}
	if (strcmp(name, "wordlist") == 0) {
		policy->wordlist = value;
		policy->wordlist_line = number;
	}
	if (policy->count == POLICY_MAX_OPTIONS) {
		error_set(err, "the policy file %s, line %zu: more than %d options", policy->shown, number,
			  POLICY_MAX_OPTIONS);
		return false;
	}
	policy->options[policy->count++] = (struct policy_option){ option, name, value, number };
	return true;

malformed:
	error_set(err, "the policy file %s, line %zu: expected \"--option\" or \"--option value\": %s",
		  policy->shown, number, error_quote_mem(err, line, len));
	return false;
}

bool policy_parse(char *text, size_t len, const char *shown, struct policy *policy,
		  struct error *err)
{
	size_t number = 0;

	error_clear(err);
	memset(policy, 0, sizeof *policy);
	snprintf(policy->shown, sizeof policy->shown, "%s", shown);
	policy->text = text;
	if (len > POLICY_MAX_BYTES) {
		error_set(err, "the policy file %s is larger than %d KiB", shown,
			  POLICY_MAX_BYTES / 1024);
		return false;
	}
	if (memchr(text, '\0', len)) {
		error_set(err, "the policy file %s holds NUL bytes; a policy is text", shown);
		return false;
	}
	for (size_t pos = 0; pos < len;) {
		char *line = text + pos;
		char *end = memchr(line, '\n', len - pos);
		size_t line_len = end ? (size_t)(end - line) : len - pos;

		pos += line_len + (end ? 1 : 0);
		number++;
		if (line_len > 0 && line[line_len - 1] == '\r')
			line_len--;
		line[line_len] = '\0';
		if (!parse_line(line, line_len, number, policy, err))
			return false;
	}
	return true;
}

bool policy_load(const char *path, const char *shown, struct policy *policy, struct error *err)
{
	char *text;
	size_t len;

	error_clear(err);
	memset(policy, 0, sizeof *policy);
	if (!file_load_regular(path, POLICY_MAX_BYTES, "policy file", shown, &text, &len,
			       err))
		/* "policy file 'x' is a FIFO": "the policy file", as the rest say. */
		return strncmp(err->text, "policy file", 11) == 0 ? error_prefix(err, "the ") : false;
	return policy_parse(text, len, shown, policy, err);
}

bool policy_check(struct policy *policy, const char *store, const char *folder,
		  bool signed_policy, struct error *err)
{
	char resolved[POLICY_PATH_BYTES];
	char here[POLICY_PATH_BYTES];
	char shown[QUOTE_BYTES]; /* the word list's path */

	error_clear(err);
	if (folder[0] != '/' || !store_path_resolve("", folder + 1, here, sizeof here)) {
		error_set(err, "--pass-policy-folder needs the folder's path in the store, such as /bank");
		return false;
	}
	if (signed_policy && !policy->folder_line) {
		error_set(err, "the policy file %s has no --folder line; with PASSWORD_STORE_SIGNING_KEY set, a policy names the folder it is signed for (here: --folder /%s)",
			  policy->shown, here);
		return false;
	}
	if (policy->folder_line) {
		if (policy->folder[0] != '/' ||
		    !store_path_resolve("", policy->folder + 1, resolved, sizeof resolved)) {
			error_set(err, "the policy file %s, line %zu: --folder needs the folder's path in the store, such as /bank (/ for the top)",
				  policy->shown, policy->folder_line);
			return false;
		}
		if (strcmp(resolved, here) != 0) {
			char bound[POLICY_PATH_BYTES + 1], found[POLICY_PATH_BYTES + 1];

			snprintf(bound, sizeof bound, "/%s", resolved);
			snprintf(found, sizeof found, "/%s", here);
			error_set(err, "the policy file %s is for the folder %s (line %zu), not for %s where it is",
				  policy->shown, error_quote(err, bound), policy->folder_line,
				  error_quote(err, found));
			return false;
		}
	}
	if (policy->pin_line && !policy->wordlist_line) {
		error_set(err, "the policy file %s, line %zu: --wordlist-sha256 without --wordlist",
			  policy->shown, policy->pin_line);
		return false;
	}
	if (!policy->wordlist_line)
		return true;
	if (signed_policy && !policy->pin_line) {
		error_set(err, "the policy file %s, line %zu: with PASSWORD_STORE_SIGNING_KEY set, a word list must be pinned with --wordlist-sha256 (its sha256sum)",
			  policy->shown, policy->wordlist_line);
		return false;
	}
	if (!store_path_resolve(here, policy->wordlist, resolved, sizeof resolved) ||
	    resolved[0] == '\0') {
		error_set(err, "the policy file %s, line %zu: the word list %s is outside the store; a policy names word lists relative to its folder, in the store",
			  policy->shown, policy->wordlist_line, error_quote(err, policy->wordlist));
		return false;
	}
	{
		/* The list's name in messages and in the -v report: its path. */
		size_t store_len = strlen(store);

		while (store_len > 1 && store[store_len - 1] == '/')
			store_len--;
		snprintf(policy->list_name, sizeof policy->list_name, "%.*s/%s", (int)store_len,
			 store, resolved);
	}
	quote(shown, policy->list_name);
	if (!store_read_wordlist(store, resolved, shown, &policy->list_data, &policy->list_len, err))
		return error_prefix(err, "the policy file %s, line %zu: ", policy->shown,
				    policy->wordlist_line);
	if (policy->pin_line) {
		unsigned char digest[SHA256_BYTES];
		char why[256];

		if (!sha256_digest(policy->list_data, policy->list_len, digest, why, sizeof why)) {
			error_set(err, "the policy file %s, line %zu: --wordlist-sha256 cannot be checked: %s",
				  policy->shown, policy->pin_line, why);
			return false;
		}
		if (memcmp(digest, policy->pin, SHA256_BYTES) != 0) {
			error_set(err, "the policy file %s, line %zu: the word list %s does not match its --wordlist-sha256 (line %zu)",
				  policy->shown, policy->wordlist_line, shown, policy->pin_line);
			return false;
		}
	}
	return true;
}

void policy_free(struct policy *policy)
{
	free(policy->text);
	free(policy->list_data);
	policy->text = NULL;
	policy->list_data = NULL;
}
