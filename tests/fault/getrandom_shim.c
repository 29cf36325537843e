/*
 * getrandom_shim.c - fault injection into pass-genhelper's random source,
 * by LD_PRELOAD, for tests/fault-*.bats.
 *
 * Build:  cc -shared -fPIC -O2 -o getrandom_shim.so getrandom_shim.c -ldl
 * Use:    GETRANDOM_SHIM=MODE LD_PRELOAD=./getrandom_shim.so pass-genhelper ...
 *
 * strace can only make a system call fail or return a fixed value; a shim in
 * the process can also hand back real bytes a little at a time, fail only
 * some calls by a rule, and act on the /dev/urandom fallback's open() and
 * read().  The program calls glibc's getrandom() when configure found it
 * (HAVE_GETRANDOM, src/random/random.c) and open()/read() for the fallback, all
 * through the PLT (`nm -D pass-genhelper`), so interposing those symbols
 * reaches every call.  glibc's own internal calls are not affected, and a
 * statically linked program is not affected at all: the GETRANDOM_SHIM_LOG
 * file is how a test proves that the shim really acted.
 *
 * GETRANDOM_SHIM (getrandom() calls are numbered from 1):
 *   pass          call the real getrandom() (the default; for observing)
 *   enosys, eperm, eio
 *                 every call fails with that errno
 *   zero          every call returns 0 (no bytes, no error)
 *   eintr         odd-numbered calls fail with EINTR, even ones are real
 *   eintr-first   the first N calls fail with EINTR, then real
 *   short1        real, but at most 1 byte a call
 *   eio-after     the first N calls are real, then EIO
 * GETRANDOM_SHIM_N: the N above (default 3).
 *
 * GETRANDOM_SHIM_URANDOM (the /dev/urandom fallback; read() calls on the
 * descriptor that open("/dev/urandom") returned are numbered from 1):
 *   (unset)       nothing changed
 *   enoent, eacces
 *                 opening /dev/urandom fails with that errno
 *   read-eio      every read fails with EIO
 *   read-eof      every read returns 0 (end of file)
 *   read-eintr    odd-numbered reads fail with EINTR, even ones are real
 *   read-short1   real, but at most 1 byte a read
 *
 * GETRANDOM_SHIM_LOG=FILE appends one line per intercepted call, e.g.
 *   getrandom 256 -> -1 EINTR (injected)
 *   getrandom 256 -> 1 (short)
 *   open /dev/urandom -> 4
 *   read urandom 256 -> -1 EIO (injected)
 * An unknown mode is reported on stderr and ends the program with status
 * 125, so that a typo cannot pass as "no fault".
 */
#define _GNU_SOURCE

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#define URANDOM_PATH "/dev/urandom"

enum gr_mode { GR_PASS, GR_ENOSYS, GR_EPERM, GR_EIO, GR_ZERO, GR_EINTR, GR_EINTR_FIRST,
	       GR_SHORT1, GR_EIO_AFTER };
enum ur_mode { UR_NONE, UR_ENOENT, UR_EACCES, UR_READ_EIO, UR_READ_EOF, UR_READ_EINTR,
	       UR_READ_SHORT1 };

static int configured;
static enum gr_mode gr_mode;
static enum ur_mode ur_mode;
static unsigned long shim_n = 3;
static unsigned long getrandom_calls, urandom_reads;
static int log_fd = -1;
static int urandom_fd = -1;

static ssize_t (*real_getrandom)(void *, size_t, unsigned int);
static ssize_t (*real_read)(int, void *, size_t);
static int (*real_open)(const char *, int, ...);
static int (*real_open64)(const char *, int, ...);
static int (*real_openat)(int, const char *, int, ...);
static int (*real_openat64)(int, const char *, int, ...);

/* errno names as strace prints them (strerrorname_np is glibc-only). */
static const char *errname(int error)
{
	static char number[16];

	switch (error) {
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EINTR: return "EINTR";
	case EIO: return "EIO";
	case EBADF: return "EBADF";
	case EAGAIN: return "EAGAIN";
	case EACCES: return "EACCES";
	case EFAULT: return "EFAULT";
	case EINVAL: return "EINVAL";
	case ENOSYS: return "ENOSYS";
	default:
		snprintf(number, sizeof number, "errno %d", error);
		return number;
	}
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void say(const char *fmt, ...)
{
	char line[256];
	va_list ap;
	int len;

	if (log_fd < 0)
		return;
	va_start(ap, fmt);
	len = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	if (len < 0)
		return;
	if ((size_t)len > sizeof line - 2)
		len = (int)sizeof line - 2;
	line[len++] = '\n';
	/* One write(2) per line on an O_APPEND file: lines never interleave. */
	if (write(log_fd, line, (size_t)len) < 0) {
		/* nothing sensible to do; the test notices a missing line */
	}
}

static _Noreturn void bad_config(const char *var, const char *value)
{
	static const char msg[] = "getrandom_shim: unknown value of ";
	if (write(STDERR_FILENO, msg, sizeof msg - 1) < 0 ||
	    write(STDERR_FILENO, var, strlen(var)) < 0 || write(STDERR_FILENO, ": ", 2) < 0 ||
	    write(STDERR_FILENO, value, strlen(value)) < 0 || write(STDERR_FILENO, "\n", 1) < 0) {
		/* exiting anyway */
	}
	_exit(125);
}

/* The next definition of a symbol (glibc's), as a function pointer: copied,
 * because ISO C has no cast from void * to a function pointer. */
#define LOOKUP(fp, name)                                                                       \
	do {                                                                                   \
		void *sym_ = dlsym(RTLD_NEXT, name);                                           \
		_Static_assert(sizeof(fp) == sizeof sym_, "function and object pointers differ"); \
		memcpy(&(fp), &sym_, sizeof(fp));                                               \
	} while (0)

static void configure(void)
{
	static const struct { const char *name; enum gr_mode mode; } gr_names[] = {
		{ "pass", GR_PASS }, { "enosys", GR_ENOSYS }, { "eperm", GR_EPERM },
		{ "eio", GR_EIO }, { "zero", GR_ZERO }, { "eintr", GR_EINTR },
		{ "eintr-first", GR_EINTR_FIRST }, { "short1", GR_SHORT1 },
		{ "eio-after", GR_EIO_AFTER },
	};
	static const struct { const char *name; enum ur_mode mode; } ur_names[] = {
		{ "enoent", UR_ENOENT }, { "eacces", UR_EACCES }, { "read-eio", UR_READ_EIO },
		{ "read-eof", UR_READ_EOF }, { "read-eintr", UR_READ_EINTR },
		{ "read-short1", UR_READ_SHORT1 },
	};
	const char *value;
	size_t i;

	if (configured)
		return;
	configured = 1;

	LOOKUP(real_getrandom, "getrandom");
	LOOKUP(real_read, "read");
	LOOKUP(real_open, "open");
	LOOKUP(real_open64, "open64");
	LOOKUP(real_openat, "openat");
	LOOKUP(real_openat64, "openat64");

	value = getenv("GETRANDOM_SHIM_LOG");
	if (value && *value)
		/* The raw system call: our own open() must not see this one. */
		log_fd = (int)syscall(SYS_openat, AT_FDCWD, value,
				      O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);

	value = getenv("GETRANDOM_SHIM");
	if (value && *value) {
		for (i = 0; i < sizeof gr_names / sizeof *gr_names; i++)
			if (strcmp(value, gr_names[i].name) == 0)
				break;
		if (i == sizeof gr_names / sizeof *gr_names)
			bad_config("GETRANDOM_SHIM", value);
		gr_mode = gr_names[i].mode;
	}

	value = getenv("GETRANDOM_SHIM_URANDOM");
	if (value && *value) {
		for (i = 0; i < sizeof ur_names / sizeof *ur_names; i++)
			if (strcmp(value, ur_names[i].name) == 0)
				break;
		if (i == sizeof ur_names / sizeof *ur_names)
			bad_config("GETRANDOM_SHIM_URANDOM", value);
		ur_mode = ur_names[i].mode;
	}

	value = getenv("GETRANDOM_SHIM_N");
	if (value && *value) {
		char *end;

		errno = 0;
		shim_n = strtoul(value, &end, 10);
		if (errno || *end)
			bad_config("GETRANDOM_SHIM_N", value);
	}
}

/* Configure before main(), so that a bad mode fails even a run that never
 * reaches getrandom(). */
__attribute__((constructor)) static void shim_init(void)
{
	configure();
}

static ssize_t pass_getrandom(void *buf, size_t len, unsigned int flags)
{
	if (real_getrandom)
		return real_getrandom(buf, len, flags);
	return (ssize_t)syscall(SYS_getrandom, buf, len, flags);
}

static ssize_t inject(const char *what, size_t len, int error)
{
	say("%s %zu -> -1 %s (injected)", what, len, errname(error));
	errno = error;
	return -1;
}

/* The real call's result, logged the way strace would show it. */
static ssize_t logged(const char *what, size_t len, ssize_t got, const char *note)
{
	int saved = errno;

	if (got < 0)
		say("%s %zu -> -1 %s", what, len, errname(saved));
	else
		say("%s %zu -> %zd%s", what, len, got, note);
	errno = saved;
	return got;
}

ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
	unsigned long call;

	configure();
	call = ++getrandom_calls;
	switch (gr_mode) {
	case GR_ENOSYS:
		return inject("getrandom", len, ENOSYS);
	case GR_EPERM:
		return inject("getrandom", len, EPERM);
	case GR_EIO:
		return inject("getrandom", len, EIO);
	case GR_ZERO:
		say("getrandom %zu -> 0 (injected)", len);
		return 0;
	case GR_EINTR:
		if (call % 2 == 1)
			return inject("getrandom", len, EINTR);
		break;
	case GR_EINTR_FIRST:
		if (call <= shim_n)
			return inject("getrandom", len, EINTR);
		break;
	case GR_SHORT1:
		return logged("getrandom", len, pass_getrandom(buf, len < 1 ? len : 1, flags),
			      len > 1 ? " (short)" : "");
	case GR_EIO_AFTER:
		if (call > shim_n)
			return inject("getrandom", len, EIO);
		break;
	case GR_PASS:
		break;
	}
	return logged("getrandom", len, pass_getrandom(buf, len, flags), "");
}

static int is_urandom(const char *path)
{
	return path && strcmp(path, URANDOM_PATH) == 0;
}

/* open()'s mode argument is there only when the flags need it. */
static int needs_mode(int flags)
{
#ifdef O_TMPFILE
	if ((flags & O_TMPFILE) == O_TMPFILE)
		return 1;
#endif
	return (flags & O_CREAT) != 0;
}

/* Called after the real open of `path` (or instead of it): the fault. */
static int urandom_open_fault(const char *path)
{
	if (!is_urandom(path))
		return 0;
	if (ur_mode == UR_ENOENT)
		return ENOENT;
	if (ur_mode == UR_EACCES)
		return EACCES;
	return 0;
}

static int opened(const char *path, int fd)
{
	if (is_urandom(path)) {
		int saved = errno;

		if (fd >= 0) {
			urandom_fd = fd;
			urandom_reads = 0;
			say("open %s -> %d", path, fd);
		} else {
			say("open %s -> -1 %s", path, errname(saved));
		}
		errno = saved;
	}
	return fd;
}

static int open_failed(const char *path, int error)
{
	say("open %s -> -1 %s (injected)", path, errname(error));
	errno = error;
	return -1;
}

#define OPEN_MODE(flags, mode)                                                                 \
	do {                                                                                   \
		if (needs_mode(flags)) {                                                       \
			va_list ap;                                                            \
			va_start(ap, flags);                                                   \
			mode = (mode_t)va_arg(ap, unsigned int);                               \
			va_end(ap);                                                            \
		}                                                                              \
	} while (0)

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	int error;

	OPEN_MODE(flags, mode);
	configure();
	if ((error = urandom_open_fault(path)))
		return open_failed(path, error);
	if (!real_open) {
		errno = ENOSYS;
		return -1;
	}
	return opened(path, real_open(path, flags, mode));
}

int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;
	int error;

	OPEN_MODE(flags, mode);
	configure();
	if ((error = urandom_open_fault(path)))
		return open_failed(path, error);
	if (!real_open64) {
		errno = ENOSYS;
		return -1;
	}
	return opened(path, real_open64(path, flags, mode));
}

int openat(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	int error;

	OPEN_MODE(flags, mode);
	configure();
	if ((error = urandom_open_fault(path)))
		return open_failed(path, error);
	if (!real_openat) {
		errno = ENOSYS;
		return -1;
	}
	return opened(path, real_openat(dirfd, path, flags, mode));
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	int error;

	OPEN_MODE(flags, mode);
	configure();
	if ((error = urandom_open_fault(path)))
		return open_failed(path, error);
	if (!real_openat64) {
		errno = ENOSYS;
		return -1;
	}
	return opened(path, real_openat64(dirfd, path, flags, mode));
}

/* _FORTIFY_SOURCE builds may call the checked variants of open and read. */
int __open_2(const char *path, int flags);
int __open64_2(const char *path, int flags);
ssize_t __read_chk(int fd, void *buf, size_t len, size_t buflen);

int __open_2(const char *path, int flags)
{
	return open(path, flags);
}

int __open64_2(const char *path, int flags)
{
	return open64(path, flags);
}

ssize_t __read_chk(int fd, void *buf, size_t len, size_t buflen)
{
	if (len > buflen)
		abort(); /* what glibc's __chk_fail does, less the message */
	return read(fd, buf, len);
}

ssize_t read(int fd, void *buf, size_t len)
{
	unsigned long call;

	configure();
	if (!real_read) {
		errno = ENOSYS;
		return -1;
	}
	if (fd < 0 || fd != urandom_fd)
		return real_read(fd, buf, len);
	call = ++urandom_reads;
	switch (ur_mode) {
	case UR_READ_EIO:
		return inject("read urandom", len, EIO);
	case UR_READ_EOF:
		say("read urandom %zu -> 0 (injected)", len);
		return 0;
	case UR_READ_EINTR:
		if (call % 2 == 1)
			return inject("read urandom", len, EINTR);
		break;
	case UR_READ_SHORT1:
		return logged("read urandom", len, real_read(fd, buf, len < 1 ? len : 1),
			      len > 1 ? " (short)" : "");
	default:
		break;
	}
	return logged("read urandom", len, real_read(fd, buf, len), "");
}
