/*
 * fake_random.c - scripted random_bytes() for golden-output tests.
 *
 * The uniform pool asks for 256 bytes at a time; bytes past the script are
 * 0xEE, a value no test relies on, so a test that reads past its script
 * shows up as an unexpected output rather than passing by luck.
 */
#include "fake_random.h"

#include "random.h"
#include "util.h"

#include <string.h>

static const unsigned char *scripted;
static size_t scripted_len, position;

void fake_random_script(const unsigned char *script, size_t len)
{
	run_wipes(); /* empties the uniform pool */
	scripted = script;
	scripted_len = len;
	position = 0;
}

size_t fake_random_used(void)
{
	return position;
}

void random_bytes(void *buf, size_t len)
{
	unsigned char *out = buf;

	for (size_t i = 0; i < len; i++)
		out[i] = position < scripted_len ? scripted[position++] : 0xEE;
}
