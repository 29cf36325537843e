/* file.h - reading a whole regular file, bounded */
#ifndef PASS_GENHELPER_FILE_H
#define PASS_GENHELPER_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "text/errors.h"

/*
 * Read all of the open file fd, which must be a regular file (checked on
 * the descriptor, so a FIFO, a tty or a device is never read), into a new
 * buffer of at most max_bytes bytes plus a NUL, returned in *data (the
 * caller frees it) with its length in *len.  `what` and `shown` (a quoted
 * name) begin the messages: "word list 'x' is a directory; ...".  Closes
 * fd in every case.  Returns false with the reason in err.
 */
bool file_read_regular(int fd, size_t max_bytes, const char *what, const char *shown,
		       char **data, size_t *len, struct error *err);

/*
 * Open path for reading without waiting (O_NONBLOCK keeps a FIFO with no
 * writer from hanging the program) and read it with file_read_regular().
 */
bool file_load_regular(const char *path, size_t max_bytes, const char *what,
		       const char *shown, char **data, size_t *len, struct error *err);

#endif
