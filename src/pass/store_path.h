/* store_path.h - paths inside a password store, and reading a file there by
 * a walk that follows no symbolic link */
#ifndef PASS_GENHELPER_STORE_PATH_H
#define PASS_GENHELPER_STORE_PATH_H

#include <stdbool.h>
#include <stddef.h>

#include "text/errors.h"

/* Documented bound (pass-gen(1), POLICY FILES): a path in the store, as a
 * policy writes it. */
#define STORE_PATH_BYTES 4096

/*
 * A path inside the store, relative to the store folder `base` ("" for the
 * top), with "", "." and ".." resolved, into out ("" for the top, else
 * "a/b" without leading or trailing '/').  False when `rel` is absolute,
 * leaves the store or does not fit.
 */
bool store_path_resolve(const char *base, const char *rel, char *out, size_t size);

/*
 * A folder of the store as pass gen names it, from the store's top
 * ("/bank", "/" for the top), into out as store_path_resolve() makes it
 * ("bank", "" for the top).  False when it does not start with '/',
 * leaves the store or does not fit.
 */
bool store_folder_resolve(const char *folder, char *out, size_t size);

/*
 * The name of `rel` (as store_path_resolve() makes it) below the store's
 * top `store`, for messages: "STORE/REL", without the store's own
 * trailing '/' ("/" stays).  Cut to fit size.
 */
void store_path_name(const char *store, const char *rel, char *out, size_t size);

/*
 * Open the word list at `rel` ("a/b/list.txt", as store_path_resolve()
 * makes it) below the store's top `store` (which may itself be a symbolic
 * link), following no symbolic link on the way, and read it: a regular
 * file of at most MAX_LIST_FILE_BYTES, into *data (the caller frees it).
 * `shown` is the list's name, quoted, for the messages.  Returns false
 * with the reason in err.
 */
bool store_read_wordlist(const char *store, const char *rel, const char *shown, char **data,
			 size_t *len, struct error *err);

#endif
