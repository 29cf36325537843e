/* ucd.h - the files of the Unicode Character Database kept in the tree */
#ifndef PASS_GENHELPER_UCD_H
#define PASS_GENHELPER_UCD_H

#include <stdbool.h>
#include <stdio.h>

/*
 * The tests read the database of the tables' own version, data/unicode
 * (see its README), never the system's.  UNICODE_DATA is that folder's
 * absolute path, set where the tests are built (Makefile.am,
 * tests/fuzz/run).
 */
#ifndef UNICODE_DATA
# error "UNICODE_DATA (the folder data/unicode) is not defined"
#endif

/* The file NAME ("Scripts.txt", "extracted/DerivedGeneralCategory.txt")
 * as text, read from UNICODE_DATA/NAME.gz through gzip -dc; NULL when gzip
 * cannot be started (reason on stderr). */
FILE *ucd_open(const char *name);

/* Close what ucd_open() gave: true when gzip read the whole file (it says
 * why not on stderr). */
bool ucd_close(FILE *file);

#endif
