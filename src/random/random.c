/*
 * random.c - kernel randomness, the only file that reads randomness.
 *
 * configure picks one reader, in this order (config.h):
 *   - KERNEL_RANDOM_GETRANDOM: libc's getrandom(2) (Linux, FreeBSD 12+);
 *   - KERNEL_RANDOM_GETENTROPY: getentropy(3) (macOS 10.12+, OpenBSD, the
 *     other BSDs), where there is no getrandom;
 *   - KERNEL_RANDOM_SYSCALL: on Linux only, the getrandom system call
 *     itself, for a libc that does not wrap it.
 *
 * getrandom(2) with flags 0 blocks until the kernel pool is initialised and
 * then never fails, except for EINTR (a signal) and, on old kernels or under
 * seccomp, ENOSYS/EPERM.  Requests of at most 256 bytes are answered whole;
 * larger ones (the pool in pool.c asks up to 16 KiB at once) may come
 * back short when a signal arrives, and the loop asks again for the rest.
 * On Linux only, ENOSYS and EPERM mean "not available"; they select
 * /dev/urandom, and only after checking that the opened file is the
 * kernel's urandom character device, so that a bind mount or a regular
 * file in its place is refused.  Any other failure, and any failure at all
 * elsewhere, ends the program: there is no seeded or time-based fallback.
 *
 * Unlike getrandom(2), /dev/urandom answers before the kernel pool has been
 * initialised (early boot, a fresh VM or container).  /dev/random becomes
 * readable only once it has, so the fallback first waits for /dev/random to
 * poll readable, as libsodium does, and only then reads /dev/urandom.  The
 * device numbers that make these checks exact are Linux's, which is why
 * no other system gets the fallback.
 *
 * getentropy(3) also waits for the pool to be seeded and needs no device
 * file; it answers at most 256 bytes a call, whole or not at all.  Its
 * failure ends the program (status 1): no device fallback either.
 */
#include "config.h"

#include "random/random.h"
#include "text/util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef HAVE_SYS_RANDOM_H
#include <sys/random.h>
#endif
#if defined(KERNEL_RANDOM_SYSCALL)
#include <sys/syscall.h>
#endif
#if !defined(KERNEL_RANDOM_GETRANDOM) && !defined(KERNEL_RANDOM_GETENTROPY) && \
	!defined(KERNEL_RANDOM_SYSCALL)
#error "no reader of kernel randomness: configure needs getrandom or getentropy"
#endif

/* The checked /dev/urandom fallback: on Linux, behind getrandom only. */
#if defined(__linux__) && !defined(KERNEL_RANDOM_GETENTROPY)
#define DEVICE_FALLBACK 1
#include <sys/sysmacros.h>
#else
#define DEVICE_FALLBACK 0
#endif

#define URANDOM_PATH "/dev/urandom"
#define RANDOM_PATH "/dev/random"
#define GETENTROPY_MAX 256 /* bytes one getentropy() call may ask for */

#if defined(KERNEL_RANDOM_GETENTROPY)

static void read_kernel(struct pooled_source *pooled, void *buf, size_t len)
{
	unsigned char *p = buf;

	(void)pooled;
	while (len > 0) {
		size_t ask = len < GETENTROPY_MAX ? len : GETENTROPY_MAX;

		if (getentropy(p, ask) != 0) {
			if (errno == EINTR)
				continue;
			die(EXIT_RUNTIME, "getentropy failed: %s", strerror(errno));
		}
		p += ask;
		len -= ask;
	}
}

#else /* getrandom, from libc or as a system call */

static ssize_t call_getrandom(void *buf, size_t len)
{
#if defined(KERNEL_RANDOM_GETRANDOM)
	return getrandom(buf, len, 0);
#else
	return syscall(SYS_getrandom, buf, len, 0);
#endif
}

#if DEVICE_FALLBACK
/* Is st the kernel's memory character device `minor_number` (random 1:8,
 * urandom 1:9 in devices.txt)? */
static bool is_kernel_random_device(const struct stat *st, unsigned minor_number)
{
	return S_ISCHR(st->st_mode) && major(st->st_rdev) == 1 && minor(st->st_rdev) == minor_number;
}

/* Block until the kernel pool is initialised: /dev/random polls readable. */
static void wait_for_pool(void)
{
	struct pollfd pfd;
	struct stat st;
	int fd = open(RANDOM_PATH, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

	if (fd < 0)
		die(EXIT_RUNTIME,
		    "getrandom is unavailable and %s cannot be opened to wait for the kernel pool: %s",
		    RANDOM_PATH, strerror(errno));
	if (fstat(fd, &st) != 0 || !is_kernel_random_device(&st, 8))
		die(EXIT_RUNTIME, "getrandom is unavailable and %s is not the kernel's random device",
		    RANDOM_PATH);
	pfd.fd = fd;
	pfd.events = POLLIN;
	for (;;) {
		int ready = poll(&pfd, 1, -1);

		if (ready < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (ready < 0)
			die(EXIT_RUNTIME, "cannot wait for the kernel pool on %s: %s", RANDOM_PATH,
			    strerror(errno));
		if (pfd.revents & (POLLERR | POLLNVAL))
			die(EXIT_RUNTIME, "cannot wait for the kernel pool on %s", RANDOM_PATH);
		if (pfd.revents & POLLIN)
			break;
	}
	close(fd);
}

/* The opened and checked /dev/urandom. */
static int open_urandom(void)
{
	struct stat st;
	int urandom_fd = open(URANDOM_PATH, O_RDONLY | O_CLOEXEC | O_NOCTTY);

	if (urandom_fd < 0)
		die(EXIT_RUNTIME, "getrandom is unavailable and %s cannot be opened: %s",
		    URANDOM_PATH, strerror(errno));
	if (fstat(urandom_fd, &st) != 0)
		die(EXIT_RUNTIME, "cannot check %s: %s", URANDOM_PATH, strerror(errno));
	if (!S_ISCHR(st.st_mode))
		die(EXIT_RUNTIME, "getrandom is unavailable and %s is not a character device",
		    URANDOM_PATH);
	if (!is_kernel_random_device(&st, 9))
		die(EXIT_RUNTIME, "getrandom is unavailable and %s is not the kernel's urandom device",
		    URANDOM_PATH);
	return urandom_fd;
}

static void fill_from_urandom(int urandom_fd, unsigned char *buf, size_t len)
{
	while (len > 0) {
		ssize_t got = read(urandom_fd, buf, len);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			die(EXIT_RUNTIME, "cannot read %s: %s", URANDOM_PATH, strerror(errno));
		if (got == 0)
			die(EXIT_RUNTIME, "cannot read %s: unexpected end of file", URANDOM_PATH);
		buf += got;
		len -= (size_t)got;
	}
}

#endif /* DEVICE_FALLBACK */

static void read_kernel(struct pooled_source *pooled, void *buf, size_t len)
{
	struct kernel_source *src = (struct kernel_source *)pooled; /* pooled is first */
	unsigned char *p = buf;

	while (len > 0) {
		ssize_t got;

#if DEVICE_FALLBACK
		if (src->reader == KERNEL_URANDOM) {
			fill_from_urandom(src->urandom_fd, p, len);
			return;
		}
#endif
		got = call_getrandom(p, len);
		if (got < 0) {
			if (errno == EINTR)
				continue;
#if DEVICE_FALLBACK
			if (src->reader == KERNEL_UNTRIED && (errno == ENOSYS || errno == EPERM)) {
				wait_for_pool();
				src->urandom_fd = open_urandom();
				src->reader = KERNEL_URANDOM;
				continue;
			}
#endif
			die(EXIT_RUNTIME, "getrandom failed: %s", strerror(errno));
		}
		if (got == 0)
			die(EXIT_RUNTIME, "getrandom returned no bytes");
		src->reader = KERNEL_GETRANDOM;
		/* A short read (possible after a signal) just asks again for the rest. */
		p += got;
		len -= (size_t)got;
	}
}

#endif /* getrandom */

/* Nothing to check once the last draw is made. */
static void kernel_finish(struct random_source *base)
{
	(void)base;
}

static void kernel_wipe(struct random_source *base)
{
	struct kernel_source *src = (struct kernel_source *)base; /* base is first */

	pooled_source_wipe(&src->pooled);
	if (src->urandom_fd >= 0)
		close(src->urandom_fd);
	src->urandom_fd = -1;
	src->reader = KERNEL_UNTRIED;
}

static const struct random_source_ops kernel_ops = {
	.below = pooled_below,
	.fill = pooled_fill,
	.bytes = pooled_bytes,
	.draws = pooled_draws,
	.view = pooled_view,
	.finish = kernel_finish,
	.wipe = kernel_wipe,
};

void kernel_source_init(struct kernel_source *src, uint64_t expected_bytes)
{
	if (src->pooled.base.ops == &kernel_ops)
		kernel_wipe(&src->pooled.base); /* set up before: close what it opened */
	pooled_source_init(&src->pooled, &kernel_ops, read_kernel, expected_bytes);
	src->reader = KERNEL_UNTRIED;
	src->urandom_fd = -1;
}
