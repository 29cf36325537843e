/*
 * sha256.c - the SHA-256 pin of a word list: its hexadecimal form, and the
 * digest.
 *
 * The digest comes from libgcrypt, which pass's gpg already brings; a
 * build without it (configure finds none, as on musl) refuses a pinned
 * policy rather than let it through unchecked.
 */
#include "config.h"

#include "pass/sha256.h"

#include <stdio.h>
#include <string.h>
#ifdef HAVE_GCRYPT
#include <gcrypt.h>
#endif
#if defined(HAVE_GCRYPT) && defined(GCRYPT_SONAME)
#include <dlfcn.h>
#endif

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

bool sha256_from_hex(const char *hex, unsigned char out[SHA256_BYTES])
{
	if (strlen(hex) != 2 * SHA256_BYTES)
		return false;
	for (size_t i = 0; i < SHA256_BYTES; i++) {
		int high = hex_value(hex[2 * i]), low = hex_value(hex[2 * i + 1]);

		if (high < 0 || low < 0)
			return false;
		out[i] = (unsigned char)(high << 4 | low);
	}
	return true;
}

#ifdef HAVE_GCRYPT
/* The three functions of libgcrypt that a digest needs. */
struct gcrypt_calls {
	const char *(*check_version)(const char *);
	gcry_error_t (*control)(enum gcry_ctl_cmds, ...);
	void (*hash_buffer)(int, void *, const void *, size_t);
};
#endif

#if defined(HAVE_GCRYPT) && defined(GCRYPT_SONAME)
/*
 * libgcrypt is opened when a pin is checked, not linked: loading it and
 * libgpg-error would double the work of every plain run.  The prototypes
 * come from gcrypt.h, the functions from the library.
 */
static bool gcrypt_open(struct gcrypt_calls *calls, char *why, size_t size)
{
	void *lib = dlopen(GCRYPT_SONAME, RTLD_NOW | RTLD_LOCAL);
	void *symbols[3];

	if (!lib) {
		snprintf(why, size, "%s", dlerror());
		return false;
	}
	symbols[0] = dlsym(lib, "gcry_check_version");
	symbols[1] = dlsym(lib, "gcry_control");
	symbols[2] = dlsym(lib, "gcry_md_hash_buffer");
	if (!symbols[0] || !symbols[1] || !symbols[2]) {
		snprintf(why, size, "%s lacks the functions of libgcrypt", GCRYPT_SONAME);
		return false;
	}
	/* POSIX lets a data pointer from dlsym() be a function pointer; C
	 * needs the copy through memcpy to say so. */
	memcpy(&calls->check_version, &symbols[0], sizeof calls->check_version);
	memcpy(&calls->control, &symbols[1], sizeof calls->control);
	memcpy(&calls->hash_buffer, &symbols[2], sizeof calls->hash_buffer);
	return true;
}
#elif defined(HAVE_GCRYPT)
/* Linked (no soname found at configure time): the functions themselves. */
static bool gcrypt_open(struct gcrypt_calls *calls, char *why, size_t size)
{
	(void)why;
	(void)size;
	calls->check_version = gcry_check_version;
	calls->control = gcry_control;
	calls->hash_buffer = gcry_md_hash_buffer;
	return true;
}
#endif

bool sha256_digest(const void *data, size_t len, unsigned char out[SHA256_BYTES], char *why,
		   size_t size)
{
#ifdef HAVE_GCRYPT
	struct gcrypt_calls calls;

	if (!gcrypt_open(&calls, why, size))
		return false;
	/* Required before any other call; SHA-256 needs no secure memory. */
	if (!calls.check_version(NULL)) {
		snprintf(why, size, "libgcrypt did not start");
		return false;
	}
	calls.control(GCRYCTL_DISABLE_SECMEM, 0);
	calls.control(GCRYCTL_INITIALIZATION_FINISHED, 0);
	calls.hash_buffer(GCRY_MD_SHA256, out, data, len);
	return true;
#else
	(void)data;
	(void)len;
	(void)out;
	snprintf(why, size, "this pass-genhelper was built without libgcrypt");
	return false;
#endif
}
