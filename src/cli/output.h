/* output.h - checked, buffered writes of secrets to standard output */
#ifndef PASS_GENHELPER_OUTPUT_H
#define PASS_GENHELPER_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "text/bounds.h" /* output is written in blocks of OUTPUT_BUFFER_BYTES */

/* Make sure descriptors 0-2 are open; die (exit 1) when stdout is closed. */
void output_init(void);

/* Forget and wipe what is queued and not written yet (for an exit on an
 * error, when it is not written at all). */
void output_wipe(void);

/* Queue one secret and its terminator; flushes as the buffer fills. */
void output_secret(const char *secret, size_t len, char terminator);

/* A secret made in place, so that it has no copy outside the buffer:
 * output_reserve() returns room for max_len bytes at the end of the
 * queue (flushing what is queued when they would not fit); the secret
 * written there is queued by output_commit() with its length and
 * terminator, which wipes the room it left unused.  Until then,
 * output_wipe() wipes the room too. */
char *output_reserve(size_t max_len);
void output_commit(size_t len, char terminator);

/* Is stdout a regular file under a file size limit?  Then each secret is
 * checked to fit (output_commit), and secrets are queued one at a time;
 * otherwise output_commit_many() may queue many at once. */
bool output_limited(void);

/* Queue len bytes made in place at output_reserve()'s room: whole
 * secrets, each with its terminator. */
void output_commit_many(size_t len);

/* Write what is queued and close stdout, checking both; dies on failure. */
void output_finish(void);

/* For --help and --version, which use stdio: flush and close stdout,
 * checking both; dies on failure. */
void output_finish_stdio(void);

#endif
