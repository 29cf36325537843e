/*
 * getentropy_fail.c - a getentropy() that always fails, by LD_PRELOAD, for
 * tests/port/run: the build configured as a platform without getrandom
 * must then exit 1 with nothing on standard output (no device fallback).
 *
 * Build:  cc -shared -fPIC -o getentropy_fail.so getentropy_fail.c
 * Use:    LD_PRELOAD=./getentropy_fail.so pass-genhelper ...
 *
 * Every call fails with EIO, an error no platform's getentropy() retries
 * or explains away; the program's message names it, which shows that the
 * shim was reached.
 */
#include <errno.h>
#include <stddef.h>

int getentropy(void *buf, size_t len);

int getentropy(void *buf, size_t len)
{
	(void)buf;
	(void)len;
	errno = EIO;
	return -1;
}
