/*
 * store_path.c - paths inside a password store, and reading a word list
 * there by a walk that follows no symbolic link.
 *
 * A store may be shared through git, so a link in it may point anywhere:
 * a policy's word list is opened one folder at a time, each relative to
 * the descriptor of the one before, with O_NOFOLLOW, so that what is read
 * is below the store's top whatever the store holds.
 */
#include "config.h"

#include "pass/store_path.h"

#include "text/bounds.h"
#include "text/file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool store_path_resolve(const char *base, const char *rel, char *out, size_t size)
{
	size_t used = 0;
	const char *parts[2] = { base, rel };

	if (rel[0] == '/' || size == 0)
		return false;
	out[0] = '\0';
	for (size_t k = 0; k < 2; k++) {
		const char *p = parts[k];

		while (*p) {
			size_t n = strcspn(p, "/");

			if (n == 0 || (n == 1 && p[0] == '.')) {
				/* nothing */
			} else if (n == 2 && p[0] == '.' && p[1] == '.') {
				if (used == 0)
					return false;
				while (used > 0 && out[used - 1] != '/')
					used--;
				if (used > 0)
					used--;
				out[used] = '\0';
			} else {
				if (used + (used ? 1 : 0) + n + 1 > size)
					return false;
				if (used)
					out[used++] = '/';
				memcpy(out + used, p, n);
				used += n;
				out[used] = '\0';
			}
			p += n;
			if (*p == '/')
				p++;
		}
	}
	return true;
}

bool store_folder_resolve(const char *folder, char *out, size_t size)
{
	return folder[0] == '/' && store_path_resolve("", folder + 1, out, size);
}

void store_path_name(const char *store, const char *rel, char *out, size_t size)
{
	size_t store_len = strlen(store);

	while (store_len > 1 && store[store_len - 1] == '/')
		store_len--;
	snprintf(out, size, "%.*s/%s", (int)store_len, store, rel);
}

bool store_read_wordlist(const char *store, const char *rel, const char *shown, char **data,
			 size_t *len, struct error *err)
{
	char path[2 * STORE_PATH_BYTES + 2];
	size_t done = 0;
	int dir = open(store, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (dir < 0) {
		error_set(err, "cannot open the store %s: %s", error_quote(err, store),
			  strerror(errno));
		return false;
	}
	for (;;) {
		size_t n = strcspn(rel + done, "/");
		bool last = rel[done + n] == '\0';
		char part[STORE_PATH_BYTES];
		struct stat st;
		int next;

		/* rel, from store_path_resolve(), is shorter than part: so is
		 * each of its names.  Checked all the same, before the copy. */
		if (n >= sizeof part) {
			close(dir);
			return error_set(err, "the word list %s has a name longer than %zu bytes",
					 shown, sizeof part - 1);
		}
		memcpy(part, rel + done, n);
		part[n] = '\0';
		next = openat(dir, part,
			      last ? O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
				   : O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (next < 0) {
			int saved = errno;
			bool link = fstatat(dir, part, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
				    S_ISLNK(st.st_mode);

			close(dir);
			/* The component's path, for the message. */
			snprintf(path, sizeof path, "%s/%.*s", store, (int)(done + n), rel);
			if (link)
				error_set(err, "the word list %s is reached through a symbolic link, %s",
					  shown, error_quote(err, path));
			else if (saved == ENOENT)
				error_set(err, "the word list %s does not exist", shown);
			else if (saved == ENOTDIR)
				error_set(err, "the word list %s is not in a folder: %s is a file",
					  shown, error_quote(err, path));
			else
				error_set(err, "cannot open the word list %s: %s", shown,
					  strerror(saved));
			return false;
		}
		close(dir);
		if (last)
			return file_read_regular(next, MAX_LIST_FILE_BYTES, "word list", shown,
						 data, len, err);
		dir = next;
		done += n + 1;
	}
}
