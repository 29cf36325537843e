/*
 * output.c - the only writer of standard output.
 *
 * Secrets are gathered in a buffer of our own (stdio's would not be wiped),
 * written with write(2) until every byte is accepted, and the buffer is wiped
 * after each write.  A failed or short write is fatal: a caller reading a
 * truncated password would store a password nobody can reproduce.
 */
#include "config.h"

#include "output.h"

#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char buffer[OUTPUT_BUFFER_BYTES];
static size_t buffered;

/* Only the part in use can hold secrets: a whole-buffer wipe would touch
 * 128 KiB that one password never did. */
void output_wipe(void)
{
	secure_zero(buffer, buffered);
	buffered = 0;
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

void output_secret(const char *secret, size_t len, char terminator)
{
	if (buffered + len + 1 > sizeof buffer)
		flush();
	memcpy(buffer + buffered, secret, len);
	buffered += len;
	buffer[buffered++] = terminator;
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
