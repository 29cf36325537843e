/*
 * bounds.h - the documented limits, in one place.
 *
 * Every number a user can meet in the man page, in --help or in a message
 * ("at most 1024 words", "longer than 16 bytes") is defined here, and the
 * messages format these constants rather than repeat them.  The parsers
 * (options.c, spec_build.c, policy.c, site_rules.c) take their limits from here and
 * so include nothing of the generator, the random source or the output.
 * (Not "limits.h": src/ is on the include path, where that name would
 * hide the C library's.)
 */
#ifndef PASS_GENHELPER_BOUNDS_H
#define PASS_GENHELPER_BOUNDS_H

/* Secrets (man page, --help). */
#define MAX_LENGTH 4096          /* characters in one secret */
#define MAX_ENTROPY_BITS 4096    /* an --entropy target */
#define MAX_BYTES 2048           /* --bytes: hex of 2048 bytes is 4096 characters */
#define MAX_COUNT 1000000000     /* secrets in one run */
#define DEFAULT_ENTROPY_BITS 128
#define MAX_EXCLUDES 16          /* --exclude options; they add up */
_Static_assert(2 * MAX_BYTES <= MAX_LENGTH, "hex of --bytes fits the longest secret");

/* Passphrases and word lists (man page). */
#define MAX_WORDS 1024                  /* words in one passphrase */
#define MAX_SEPARATOR_BYTES 16          /* a fixed --separator */
#define MIN_LIST_WORDS 64               /* distinct words in a usable list */
#define MAX_LIST_WORDS 1000000          /* words in a list file */
#define MAX_LIST_FILE_BYTES (16L << 20) /* 16 MiB */
#define MAX_WORD_BYTES 48               /* one word, in UTF-8 bytes */

/* Dice (--help). */
#define DEFAULT_DICE_SIDES 6
#define MAX_DICE_SIDES 120 /* the largest fair die commonly made */

/* Output is written in blocks of this size (and, with dice, all at once,
 * which is why spec_build.c bounds --count with dice by it). */
#define OUTPUT_BUFFER_BYTES 131072

/* Room for the longest secret: 1024 words of 48 bytes and 1023 separators
 * of 16 bytes, plus a digit and a symbol, is 65522 bytes. */
#define MAX_SECRET_BYTES 65536
_Static_assert(MAX_WORDS * MAX_WORD_BYTES + (MAX_WORDS - 1) * MAX_SEPARATOR_BYTES + 2 <=
		       MAX_SECRET_BYTES,
	       "the longest passphrase fits");
_Static_assert(MAX_LENGTH <= MAX_SECRET_BYTES, "the longest password fits");
_Static_assert(MAX_SECRET_BYTES + 1 <= OUTPUT_BUFFER_BYTES, "a secret fits the output buffer");

/* Policy files (man page of pass gen).  POLICY_MAX_BYTES, the largest
 * policy file, and POLICY_FILE_NAME come from configure.ac (config.h),
 * which gives them to pass gen's shell too. */
#define POLICY_MAX_OPTIONS 256   /* option lines in one policy */

/* A bound as text, for --help (options.def): the bounds above are plain
 * numbers so that their text is the number. */
#define STRINGIFY(x) STRINGIFY_TEXT(x)
#define STRINGIFY_TEXT(x) #x

/* PASSWORD_STORE_GEN_ALLOW_WEAK (consent.h; man page of pass gen). */
#define CONSENT_MAX_BYTES 4096 /* the whole variable */
#define CONSENT_MAX_ITEMS 32   /* folders and sites in it */
#define CONSENT_MAX_FLOOR 128  /* a floor in bits: at 128 no consent is needed */

#endif
