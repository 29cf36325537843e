/*
 * fuzz-config.h - the config.h the fuzz targets are built with.
 *
 * tests/fuzz/run copies this file to BUILD/include/config.h, so the fuzzers
 * build from a plain checkout without ./configure (and without picking up a
 * configure run made for another compiler).  It defines only what src/
 * (less main.c, which the fuzzers do not link) looks at: glibc's
 * extensions, as AC_USE_SYSTEM_EXTENSIONS does.  random.c is linked but
 * never called: the targets hand the code a scripted source.  explicit_bzero is
 * left out on purpose: util.c then uses its portable volatile-memset path,
 * which the fuzzers exercise instead.
 */
#ifndef PASS_GENHELPER_FUZZ_CONFIG_H
#define PASS_GENHELPER_FUZZ_CONFIG_H

#ifndef _GNU_SOURCE
# define _GNU_SOURCE 1
#endif

/* random.c is compiled (never called): glibc has getrandom(). */
#define HAVE_SYS_RANDOM_H 1
#define KERNEL_RANDOM_GETRANDOM 1

#define PACKAGE_NAME "pass-genhelper"
#define PACKAGE_VERSION "fuzz"

#endif
