/* util.h - messages, exit codes and wiping shared by every part of the program */
#ifndef PASS_GENHELPER_UTIL_H
#define PASS_GENHELPER_UTIL_H

#include <stdbool.h>
#include <stddef.h>

#define PROGRAM_NAME "pass-genhelper"

/* Exit statuses: documented in the man page under EXIT STATUS. */
enum {
	EXIT_OK = 0,
	EXIT_RUNTIME = 1, /* no randomness, write error, out of memory, unreadable input */
	EXIT_USAGE = 2    /* bad options or arguments */
};

/*
 * The program as it was called, set once before any message: messages
 * start with its last path component ("pwgen: "), and the "Try" line of a
 * usage error names the whole of it, quoted ("Try '/usr/lib/x/pwgen
 * --help'").  Until it is set, both are PROGRAM_NAME.  `called` must
 * outlive the run (argv[0] does).
 */
void program_name_set(const char *called);
/* The part of path after its last '/' (all of it when there is none; empty
 * when it ends with one). */
const char *base_name(const char *path);
/* The name messages start with. */
const char *program_name(void);

/* "pass-genhelper: MESSAGE" on stderr, then the cleanup set below, then
 * exit(status). */
_Noreturn void die(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* What die() runs before exiting: main.c wipes what still holds secrets. */
void die_cleanup_set(void (*cleanup)(void));

/* A usage error: "pass-genhelper: MESSAGE" and the "Try" line on stderr;
 * the caller exits with EXIT_USAGE. */
void usage_error(const char *message);

/* "pass-genhelper: MESSAGE" on stderr; the program goes on.  (Not named
 * warn: that is warn(3) from <err.h>, which appends strerror(errno).) */
void inform(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Forget that a message could not be written: a run starts afresh. */
void messages_reset(void);

/*
 * Whether a message since messages_reset() could not be written (a full
 * disk, a closed stderr).  A notice about the secret that its reader
 * never saw is a failure, like the secret itself unwritten: the caller
 * exits with EXIT_RUNTIME.
 */
bool messages_lost(void);
/* Standard error was closed at start-up: count every message as lost. */
void messages_go_nowhere(void);

/*
 * Overwrite memory that held a secret or raw random bytes in a way the
 * compiler may not remove as a dead store.
 */
void secure_zero(void *buf, size_t len);

#endif
