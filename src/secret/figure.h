/* figure.h - a number of bits as a report writes it */
#ifndef PASS_GENHELPER_FIGURE_H
#define PASS_GENHELPER_FIGURE_H

#include <stddef.h>

/*
 * bits with as few decimals as show how it compares with `than`: one as a
 * rule, more when one would round across it (127.999 is not "128.0"),
 * into out (size bytes; 32 suffice).  Returns out.  The report, the
 * refusals of site rules and pass gen's strength rule all write their
 * figures with it.
 */
const char *bits_against(double bits, double than, char *out, size_t size);

#endif
