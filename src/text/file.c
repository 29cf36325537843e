/*
 * file.c - reading a whole regular file, bounded.
 *
 * Files the program reads may come from a shared store (word lists, policy
 * files): a FIFO there would hang it, a tty or a device would feed it
 * anything, and a file may grow while it is read.  So the type is checked
 * on the open descriptor, and reading stops one byte past the limit.
 */
#include "config.h"

#include "text/file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *file_type_name(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a regular file";
}

bool file_read_regular(int fd, size_t max_bytes, const char *what, const char *shown,
		       char **data, size_t *len, struct error *err)
{
	struct stat st;
	char *buffer;
	size_t used = 0;

	*data = NULL;
	*len = 0;
	if (fstat(fd, &st) != 0) {
		error_set(err, "cannot read %s %s: %s", what, shown, strerror(errno));
		close(fd);
		return false;
	}
	if (!S_ISREG(st.st_mode)) {
		error_set(err, "%s %s is %s; a %s must be a regular file", what, shown,
			  file_type_name(st.st_mode), what);
		close(fd);
		return false;
	}
	/* Up to one byte past the limit, so that a file that grows while it
	 * is read is held to it too; one more for the terminator. */
	buffer = malloc(max_bytes + 2);
	if (!buffer) {
		error_runtime(err, "%s %s: out of memory", what, shown);
		close(fd);
		return false;
	}
	for (;;) {
		ssize_t got = read(fd, buffer + used, max_bytes + 1 - used);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			error_set(err, "cannot read %s %s: %s", what, shown, strerror(errno));
			break;
		}
		if (got == 0) {
			close(fd);
			buffer[used] = '\0';
			*data = buffer;
			*len = used;
			return true;
		}
		used += (size_t)got;
		if (used > max_bytes) {
			if (max_bytes % (1024 * 1024) == 0)
				error_set(err, "%s %s is larger than %zu MiB", what, shown,
					  max_bytes / (1024 * 1024));
			else
				error_set(err, "%s %s is larger than %zu KiB", what, shown,
					  max_bytes / 1024);
			break;
		}
	}
	free(buffer);
	close(fd);
	return false;
}

bool file_load_regular(const char *path, size_t max_bytes, const char *what,
		       const char *shown, char **data, size_t *len, struct error *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

	if (fd < 0) {
		error_set(err, "cannot open %s %s: %s", what, shown, strerror(errno));
		return false;
	}
	return file_read_regular(fd, max_bytes, what, shown, data, len, err);
}
