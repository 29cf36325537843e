/*
 * errors.h - one error object: the message a parser found, for its caller
 * to print.
 *
 * Every parser (the options, the spec of each kind, tr(1) sets, alphabets,
 * word lists, passphrase shapes, site rules and their model, policy files,
 * pass gen's request) prints nothing and never exits, so that tests and
 * in-process fuzz targets can call it again and again: it fills a struct
 * error and returns false, and the caller decides what to do with the
 * message (command.c prints it as a usage error or a runtime failure).
 *
 * User text goes into a message quoted and made printable (quote(),
 * text.h); the object carries the room for that, so a check needs no
 * buffer of its own: error_set(err, "unknown format %s", error_quote(err,
 * name)).  Most errors are the request's (a usage error, or a refusal of
 * pass gen); error_runtime() marks one that is the machine's.
 */
#ifndef PASS_GENHELPER_ERRORS_H
#define PASS_GENHELPER_ERRORS_H

#include <stdbool.h>
#include <stddef.h>

#include "text/text.h"

/* Quoted texts one message can hold (see MESSAGE_BYTES, text.h). */
#define ERROR_QUOTES 3

struct error {
	char text[MESSAGE_BYTES];
	/* What failed is the machine's, not the request's (memory that could
	 * not be allocated): exit status 1, without the "Try" line of a usage
	 * error.  Set by error_runtime(), cleared by error_clear(). */
	bool runtime;
	char quoted[ERROR_QUOTES][QUOTE_BYTES]; /* error_quote()'s room, in turn */
	unsigned next_quote;
};

/* Forget the message.  The quoted texts stay: a caller may hold one while
 * a parser it calls starts afresh.  (next_quote is taken modulo
 * ERROR_QUOTES, so the object needs no initialiser.) */
void error_clear(struct error *err);

/*
 * Set the message, printf-like, cut at MESSAGE_BYTES - 1 bytes as
 * snprintf() cuts.  Returns false, so that a check can end in
 * `return error_set(err, ...);`.
 */
bool error_set(struct error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The same for a runtime failure (see runtime above). */
bool error_runtime(struct error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Put a prefix, printf-like, before the message already set ("--exclude: "
 * before what the set parser said).  Returns false. */
bool error_prefix(struct error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * `text` quoted as quote() does, in the next of err's ERROR_QUOTES slots:
 * valid until that slot comes round again, so at most ERROR_QUOTES quoted
 * texts a message.
 */
const char *error_quote(struct error *err, const char *text);

/* The same for len bytes that may hold NUL bytes (quote_mem()). */
const char *error_quote_mem(struct error *err, const char *text, size_t len);

#endif
