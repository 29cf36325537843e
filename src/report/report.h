/* report.h - what --verbose says about a secret, and warnings about a spec */
#ifndef PASS_GENHELPER_REPORT_H
#define PASS_GENHELPER_REPORT_H

#include <stddef.h>

#include "generator/spec.h"

/* Room for any report: one quoted word-list name and a few numbers. */
#define REPORT_BYTES 1024

/*
 * The entropy line without the program's prefix, e.g. "entropy: 20
 * characters from 94 (graph): 131.1 bits", written to out (size bytes,
 * REPORT_BYTES suffice); user text in it is quoted.  Returns out.
 */
const char *report_entropy(const struct spec *spec, char *out, size_t size);

/*
 * The warnings a built spec calls for (repeated words dropped from a list,
 * words made identical by capitals), each passed to emit() as one line.
 */
void report_warnings(const struct spec *spec, void (*emit)(const char *line));

/* The bytes of a password that bcrypt reads. */
#define BCRYPT_KEPT_BYTES 72

/*
 * The bits that the first BCRYPT_KEPT_BYTES bytes of the secret hold at
 * least: the figure when it is never longer, else a lower bound.
 */
double bcrypt_kept_bits(const struct spec *spec);

#endif
