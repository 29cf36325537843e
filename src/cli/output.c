/*
 * output.c - the only writer of standard output.
 *
 * Secrets are gathered in a buffer of our own (stdio's would not be wiped),
 * written with write(2) until every byte is accepted, and the buffer is wiped
 * after each write.  A failed or short write is fatal: a caller reading a
 * truncated password would store a password nobody can reproduce.
 *
 * A file size limit (RLIMIT_FSIZE, `ulimit -f`) would cut a secret in the
 * middle and then, by default, kill the program with SIGXFSZ, unreported.
 * SIGXFSZ is ignored, so a write past the limit fails with EFBIG and is
 * reported; and before a secret is queued for a regular file, it is
 * checked to fit under the limit at stdout's offset, so that the file ends
 * with the last whole secret.  Checking first rather than truncating back
 * after a failed write: ftruncate() would need the file's size before the
 * run, would shorten a file that another writer shares (O_APPEND), and
 * would itself fail where the descriptor is not writable that way; a check
 * leaves the file as it was up to a secret's end.
 */
#include "config.h"

#include "cli/output.h"

#include "text/util.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static char buffer[OUTPUT_BUFFER_BYTES];
static size_t buffered;
/* Bytes after the queue that a secret being made in place may hold
 * (output_reserve() to output_commit()): output_wipe() wipes them too. */
static size_t reserved;

/* Bytes that stdout, a regular file under a file size limit, can still
 * take (limited); found at the first secret (room_known). */
static bool room_known, limited;
static uintmax_t room, limit;

/* Only the part in use can hold secrets: a whole-buffer wipe would touch
 * 128 KiB that one password never did. */
void output_wipe(void)
{
	secure_zero(buffer, buffered + reserved);
	buffered = 0;
	reserved = 0;
}

/* A closed stdin or stderr would let a later open() take its number (and
 * /dev/urandom's descriptor become "stderr"); point it at /dev/null. */
static bool reopen_if_closed(int fd)
{
	if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
		return false;
	if (open("/dev/null", O_RDWR) != fd)
		die(EXIT_RUNTIME, "cannot reopen closed descriptor %d", fd);
	return true;
}

void output_init(void)
{
	/* A write past the file size limit fails (EFBIG) and is reported,
	 * instead of killing the program. */
	signal(SIGXFSZ, SIG_IGN);
	room_known = false;
	reopen_if_closed(STDIN_FILENO);
	if (fcntl(STDOUT_FILENO, F_GETFD) == -1)
		die(EXIT_RUNTIME, "write error: standard output is closed");
	/* A notice (a site's rules, a consent that let a weak secret
	 * through) that nobody can read must fail the run as a full stderr
	 * does. */
	if (reopen_if_closed(STDERR_FILENO))
		messages_go_nowhere();
}

static void flush(void)
{
	size_t done = 0;

	while (done < buffered) {
		ssize_t written = write(STDOUT_FILENO, buffer + done, buffered - done);

		if (written < 0 && errno == EINTR)
			continue;
		if (written < 0)
			die(EXIT_RUNTIME, "write error: %s", strerror(errno));
		if (written == 0)
			die(EXIT_RUNTIME, "write error: nothing written");
		done += (size_t)written;
	}
	output_wipe();
}

/* Where stdout is a regular file and the process has a file size limit:
 * the bytes left under it from stdout's offset (the end of the file for
 * O_APPEND, where every write goes). */
static void find_room(void)
{
	struct rlimit rl;
	struct stat st;
	off_t offset;
	int flags;

	room_known = true;
	limited = false;
	if (getrlimit(RLIMIT_FSIZE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY ||
	    fstat(STDOUT_FILENO, &st) != 0 || !S_ISREG(st.st_mode))
		return;
	flags = fcntl(STDOUT_FILENO, F_GETFL);
	offset = flags != -1 && (flags & O_APPEND) ? st.st_size : lseek(STDOUT_FILENO, 0, SEEK_CUR);
	if (offset < 0)
		return;
	limited = true;
	limit = (uintmax_t)rl.rlim_cur;
	room = limit > (uintmax_t)offset ? limit - (uintmax_t)offset : 0;
}

char *output_reserve(size_t max_len)
{
	if (max_len >= sizeof buffer)
		die(EXIT_RUNTIME, "a secret of %zu bytes does not fit the output buffer", max_len);
	if (buffered + max_len + 1 > sizeof buffer)
		flush();
	reserved = max_len;
	return buffer + buffered;
}

void output_commit(size_t len, char terminator)
{
	if (!room_known)
		find_room();
	if (limited) {
		if (len + 1 > room) {
			/* The whole secrets before it are written; this one never
			 * starts. */
			secure_zero(buffer + buffered, reserved);
			reserved = 0;
			flush();
			die(EXIT_RUNTIME, "write error: standard output would pass the file size limit of %ju bytes (ulimit -f); it ends with the last whole secret",
			    limit);
		}
		room -= len + 1;
	}
	buffered += len;
	buffer[buffered++] = terminator;
	/* Room the secret left unused (a passphrase shorter than its bound)
	 * may hold what its maker wrote there on the way: the queue's wipes
	 * no longer reach it, so it is wiped now. */
	if (reserved > len)
		secure_zero(buffer + buffered, reserved - len);
	reserved = 0;
}

bool output_limited(void)
{
	if (!room_known)
		find_room();
	return limited;
}

void output_commit_many(size_t len)
{
	buffered += len;
	if (reserved > len)
		secure_zero(buffer + buffered, reserved - len);
	reserved = 0;
}

void output_secret(const char *secret, size_t len, char terminator)
{
	memcpy(output_reserve(len), secret, len);
	output_commit(len, terminator);
}

void output_finish(void)
{
	flush();
	if (close(STDOUT_FILENO) != 0)
		die(EXIT_RUNTIME, "write error: %s", strerror(errno));
}

void output_finish_stdio(void)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		die(EXIT_RUNTIME, "write error: %s", strerror(errno));
	if (fclose(stdout) != 0)
		die(EXIT_RUNTIME, "write error: %s", strerror(errno));
}
