/*
 * policy.c - a store's policy file (.pass-gen), read and checked.
 *
 * A store may be shared through git, so a policy is input from whoever can
 * write it.  It is read like a word list: bounded, a regular file, text
 * only, the first bad line stops with its number and a quoted excerpt.  Its
 * options are only those of the option table's policy column, applied by
 * the same code as the command line's (pass_gen.c).  What it names in the
 * store is opened by a walk that follows no symbolic link (store_path.c),
 * and a pinned word list is hashed (sha256.c) on the very bytes that are
 * parsed, so what was signed is what is used.
 */
#include "config.h"

#include "pass/policy.h"

#include "text/file.h"
#include "request/options_table.h"

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
 * "--name" or "--name value" (a line without its blanks at either end),
 * cut in place: *name (name_len bytes, NUL-terminated) and *value (NULL
 * for none), a value's blanks before it dropped and quotes around the
 * whole of it removed.  False when the line is not of that form.
 */
static bool split_option(char *line, size_t len, const char **name, size_t *name_len,
			 char **value)
{
	size_t n = 0;

	*value = NULL;
	if (len < 3 || line[0] != '-' || line[1] != '-')
		return false;
	*name = line + 2;
	while (n < len - 2 && ((line[2 + n] >= 'a' && line[2 + n] <= 'z') ||
			       (line[2 + n] >= '0' && line[2 + n] <= '9') || line[2 + n] == '-'))
		n++;
	*name_len = n;
	if (n == 0)
		return false;
	if (n < len - 2) {
		char *rest = line + 2 + n;
		size_t value_len;

		if (!is_blank(*rest))
			return false;
		*rest++ = '\0';
		while (is_blank(*rest))
			rest++;
		/* Quotes around the whole value keep blanks at its ends. */
		value_len = strlen(rest);
		if (value_len >= 2 && (rest[0] == '\'' || rest[0] == '"') &&
		    rest[value_len - 1] == rest[0]) {
			rest[value_len - 1] = '\0';
			rest++;
		}
		*value = rest;
	}
	return true;
}

/* The option a policy line names, and whether it takes a value: --folder,
 * --wordlist-sha256, or one of the policy column; false with the reason in
 * err for any other. */
static bool policy_option(const struct policy *policy, size_t number, const char *name,
			  size_t name_len, int *option, bool *has_arg, struct error *err)
{
	if (name_len == 6 && memcmp(name, "folder", 6) == 0) {
		*option = POLICY_FOLDER;
		*has_arg = true;
	} else if (name_len == 15 && memcmp(name, "wordlist-sha256", 15) == 0) {
		*option = POLICY_PIN;
		*has_arg = true;
	} else if (option_policy_group(name, name_len, option, has_arg) == POLICY_NONE) {
		return error_set(err, "the policy file %s, line %zu: --%.*s cannot be set in a policy file",
				 policy->shown, number, (int)(name_len < 64 ? name_len : 64), name);
	}
	return true;
}

/* Add one option, checked, to policy: --folder and --wordlist-sha256 to
 * what pass gen reads itself, the others to the list (a word list's name
 * to both). */
static bool add_option(struct policy *policy, size_t number, int option, const char *name,
		       const char *value, struct error *err)
{
	if ((option == POLICY_FOLDER && policy->folder_line) ||
	    (option == POLICY_PIN && policy->pin_line) ||
	    (strcmp(name, "wordlist") == 0 && policy->wordlist_line))
		return error_set(err, "the policy file %s, line %zu: --%s is given twice",
				 policy->shown, number, name);
	if (option == POLICY_FOLDER) {
		policy->folder = value;
		policy->folder_line = number;
		return true;
	}
	if (option == POLICY_PIN) {
		if (!sha256_from_hex(value, policy->pin))
			return error_set(err, "the policy file %s, line %zu: --wordlist-sha256 needs the 64 hexadecimal digits of a SHA-256",
					 policy->shown, number);
		policy->pin_line = number;
		return true;
	}
	if (strcmp(name, "wordlist") == 0) {
		policy->wordlist = value;
		policy->wordlist_line = number;
	}
	if (policy->count == POLICY_MAX_OPTIONS)
		return error_set(err, "the policy file %s, line %zu: more than %d options",
				 policy->shown, number, POLICY_MAX_OPTIONS);
	policy->options[policy->count++] = (struct policy_option){ option, name, value, number };
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
	char *value;
	int option;
	bool has_arg;

	if (!line_printable(line, len))
		return error_set(err, "the policy file %s, line %zu: control characters and invalid UTF-8 are not allowed: %s",
				 policy->shown, number, error_quote_mem(err, line, len));
	while (len > 0 && is_blank(*line)) {
		line++;
		len--;
	}
	while (len > 0 && is_blank(line[len - 1]))
		line[--len] = '\0';
	if (len == 0 || line[0] == '#')
		return true;
	if (!split_option(line, len, &name, &name_len, &value))
		return error_set(err, "the policy file %s, line %zu: expected \"--option\" or \"--option value\": %s",
				 policy->shown, number, error_quote_mem(err, line, len));
	if (!policy_option(policy, number, name, name_len, &option, &has_arg, err))
		return false;
	if (!has_arg && value)
		return error_set(err, "the policy file %s, line %zu: --%s takes no value",
				 policy->shown, number, name);
	if (has_arg && !value)
		return error_set(err, "the policy file %s, line %zu: --%s needs a value",
				 policy->shown, number, name);
	return add_option(policy, number, option, name, value, err);
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

/* Do the word list's bytes, as read, have the SHA-256 of the policy's
 * --wordlist-sha256?  shown is the list's name, quoted. */
static bool pin_matches(const struct policy *policy, const char *shown, struct error *err)
{
	unsigned char digest[SHA256_BYTES];

	sha256_digest(policy->list_data, policy->list_len, digest);
	if (memcmp(digest, policy->pin, SHA256_BYTES) != 0) {
		error_set(err, "the policy file %s, line %zu: the word list %s does not match its --wordlist-sha256 (line %zu)",
			  policy->shown, policy->wordlist_line, shown, policy->pin_line);
		return false;
	}
	return true;
}

/* Is name (len bytes) the lower-case ASCII text `lower`, in any case? */
static bool same_ascii_letters(const char *name, size_t len, const char *lower)
{
	for (size_t i = 0; i < len; i++) {
		char c = name[i] >= 'A' && name[i] <= 'Z' ? (char)(name[i] - 'A' + 'a') : name[i];

		if (c != lower[i] || lower[i] == '\0')
			return false;
	}
	return lower[len] == '\0';
}

/*
 * Does the path (resolved, "a/b/c") go through a folder named .git?  That
 * folder holds what was never committed and is not the committer's to
 * use (a local file, another branch's objects).  Compared as file systems
 * that ignore case see names (.GIT on macOS and Windows), and as Windows
 * sees them, with dots and spaces at the end dropped (".git. ") and the
 * short name ("GIT~1") standing for the long one.
 */
static bool through_git_folder(const char *path)
{
	while (*path) {
		size_t n = strcspn(path, "/");
		size_t kept = n;

		while (kept > 0 && (path[kept - 1] == '.' || path[kept - 1] == ' '))
			kept--;
		if (same_ascii_letters(path, kept, ".git") || same_ascii_letters(path, n, "git~1"))
			return true;
		path += n;
		if (*path == '/')
			path++;
	}
	return false;
}

bool policy_check(struct policy *policy, const char *store, const char *folder,
		  bool signed_policy, struct error *err)
{
	char resolved[POLICY_PATH_BYTES];
	char shown[QUOTE_BYTES]; /* the word list's path */

	error_clear(err);
	if (signed_policy && !policy->folder_line) {
		error_set(err, "the policy file %s has no --folder line; with PASSWORD_STORE_SIGNING_KEY set, a policy names the folder it is signed for (here: --folder /%s)",
			  policy->shown, folder);
		return false;
	}
	if (policy->folder_line) {
		if (policy->folder[0] != '/' ||
		    !store_path_resolve("", policy->folder + 1, resolved, sizeof resolved)) {
			error_set(err, "the policy file %s, line %zu: --folder needs the folder's path in the store, such as /bank (/ for the top)",
				  policy->shown, policy->folder_line);
			return false;
		}
		if (strcmp(resolved, folder) != 0) {
			char bound[POLICY_PATH_BYTES + 1], found[POLICY_PATH_BYTES + 1];

			snprintf(bound, sizeof bound, "/%s", resolved);
			snprintf(found, sizeof found, "/%s", folder);
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
	if (!store_path_resolve(folder, policy->wordlist, resolved, sizeof resolved) ||
	    resolved[0] == '\0') {
		error_set(err, "the policy file %s, line %zu: the word list %s is outside the store; a policy names word lists relative to its folder, in the store",
			  policy->shown, policy->wordlist_line, error_quote(err, policy->wordlist));
		return false;
	}
	if (through_git_folder(resolved)) {
		error_set(err, "the policy file %s, line %zu: the word list %s is in git's folder .git; a policy names word lists committed to the store",
			  policy->shown, policy->wordlist_line, error_quote(err, policy->wordlist));
		return false;
	}
	{
		/* The list's name in messages and in the -v report: its path. */
		store_path_name(store, resolved, policy->list_name, sizeof policy->list_name);
	}
	quote(shown, policy->list_name);
	if (!store_read_wordlist(store, resolved, shown, &policy->list_data, &policy->list_len, err))
		return error_prefix(err, "the policy file %s, line %zu: ", policy->shown,
				    policy->wordlist_line);
	return !policy->pin_line || pin_matches(policy, shown, err);
}

void policy_free(struct policy *policy)
{
	free(policy->text);
	free(policy->list_data);
	policy->text = NULL;
	policy->list_data = NULL;
}
