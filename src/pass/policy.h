/* policy.h - a store's policy file (.pass-gen), read and checked */
#ifndef PASS_GENHELPER_POLICY_H
#define PASS_GENHELPER_POLICY_H

#include <stdbool.h>
#include <stddef.h>

#include "text/bounds.h"
#include "text/errors.h"
#include "pass/sha256.h"
#include "pass/store_path.h"
#include "text/text.h"

/* Documented bound (pass-gen(1), POLICY FILES): a path in the store, as a
 * policy writes it. */
#define POLICY_PATH_BYTES STORE_PATH_BYTES

/* One option line: getopt's value for the option, and its value (NULL for
 * a flag), which points into the policy's text. */
struct policy_option {
	int option;
	const char *name;  /* the long name, for messages */
	const char *value;
	size_t line;
};

struct policy {
	char shown[QUOTE_BYTES];   /* the file's name in the store, quoted */
	char *text;                /* the file's bytes, owned; lines cut in place */
	struct policy_option options[POLICY_MAX_OPTIONS];
	size_t count;
	/* The lines that pass gen reads itself (0: not given). */
	const char *folder;        /* --folder /PATH */
	size_t folder_line;
	const char *wordlist;      /* --wordlist FILE, as written */
	size_t wordlist_line;
	unsigned char pin[SHA256_BYTES]; /* --wordlist-sha256 HEX */
	size_t pin_line;
	/* The word list, read through the store and checked against the pin. */
	char list_name[POLICY_PATH_BYTES + 8];
	char *list_data;           /* owned */
	size_t list_len;
};

/*
 * Parse the policy text (len bytes; the caller's buffer, which the policy
 * takes over and cuts into lines) of the file shown as `shown` (already
 * quoted): one option a line, "--name" or "--name value", '#' comment
 * lines, CRLF tolerated; printable UTF-8 only (tab allowed); only the
 * options of the policy column of the option table, and --folder and
 * --wordlist-sha256.  No side effects: the fuzz target runs it on any
 * bytes.  Returns false with "SHOWN, line N: reason" in err.
 */
bool policy_parse(char *text, size_t len, const char *shown, struct policy *policy,
		  struct error *err);

/*
 * Read the policy file at path (a private copy made by pass gen; at most
 * POLICY_MAX_BYTES, a regular file) and parse it.
 */
bool policy_load(const char *path, const char *shown, struct policy *policy, struct error *err);

/*
 * The checks that tie a policy to where it was found: --folder must name
 * `folder` (the policy's folder, as store_folder_resolve() makes it:
 * "bank", "" for the top);
 * with `signed_policy`, --folder is required and a word list must be
 * pinned.  Then the word list, if any, is opened below `store` by a walk
 * that follows no symbolic link (the store's top itself may be one), read
 * (a regular file of at most MAX_LIST_FILE_BYTES), and its SHA-256 checked
 * against the pin on the very bytes that are then parsed.
 */
bool policy_check(struct policy *policy, const char *store, const char *folder,
		  bool signed_policy, struct error *err);

void policy_free(struct policy *policy);

#endif
