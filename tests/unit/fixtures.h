/* fixtures.h - what several unit tests build their cases from */
#ifndef PASS_GENHELPER_TEST_FIXTURES_H
#define PASS_GENHELPER_TEST_FIXTURES_H

#include <stdint.h>
#include <string.h>

#include "request/request.h"
#include "secret/passphrase.h"
#include "generator/spec.h"
#include "generator/spec_build.h"

/* A command line of the helper from its arguments: ARGV("-l", "8"). */
#define ARGV(...) ((char *[]){ "pass-genhelper", __VA_ARGS__, NULL })
#define ARGC(...) ((int)(sizeof((char *[]){ "pass-genhelper", __VA_ARGS__ }) / sizeof(char *)))

/* Parse and resolve, as the program does; false with the message in err. */
static inline bool parse_and_build(int argc, char **argv, struct request *req,
				   struct spec *spec, struct error *err)
{
	error_clear(err);
	return parse_options(argc, argv, req, err) && spec_build(req, spec, err);
}

/* A test of a command line that parses and resolves, into the caller's
 * req and spec, with the message in its err: ACCEPTS("a name", "-l", "8"). */
#define ACCEPTS(name, ...) \
	ok(parse_and_build(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), &req, &spec, &err), \
	   "accepts %s", name)

/* A passphrase of `words` words of list, joined by a space, no extras. */
static inline struct passphrase passphrase_shape(const struct wordlist *list, size_t words)
{
	struct passphrase p;

	memset(&p, 0, sizeof p);
	p.list = list;
	p.word_count = words;
	strcpy(p.separator, " ");
	return p;
}

/* The n code points as UTF-8 into out (4 * n bytes of room, no
 * terminator); returns the bytes written. */
static inline size_t utf8_encode(const uint32_t *code_points, size_t n, char *out)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		uint32_t c = code_points[i];

		if (c < 0x80) {
			out[o++] = (char)c;
		} else if (c < 0x800) {
			out[o++] = (char)(0xc0 | c >> 6);
			out[o++] = (char)(0x80 | (c & 0x3f));
		} else if (c < 0x10000) {
			out[o++] = (char)(0xe0 | c >> 12);
			out[o++] = (char)(0x80 | (c >> 6 & 0x3f));
			out[o++] = (char)(0x80 | (c & 0x3f));
		} else {
			out[o++] = (char)(0xf0 | c >> 18);
			out[o++] = (char)(0x80 | (c >> 12 & 0x3f));
			out[o++] = (char)(0x80 | (c >> 6 & 0x3f));
			out[o++] = (char)(0x80 | (c & 0x3f));
		}
	}
	return o;
}

#endif
