/*
 * fake_random.c - scripted random_bytes() for golden-output tests.
 *
 * The uniform pool asks for as many bytes as its source announced, then
 * for growing blocks; bytes past the script are 0xEE, a value no test
 * relies on, so a test that reads past its script shows up as an
 * unexpected output rather than passing by luck.  What the pool handed
 * out is counted (fake_random_used), and the sizes it asked for are kept.
 */
#include "fake_random.h"

#include "random.h"

#include <string.h>

static const unsigned char *scripted;
static size_t scripted_len, position, handed_out;
static size_t requests[FAKE_RANDOM_MAX_REQUESTS], request_count;

void fake_random_script(const unsigned char *script, size_t len)
{
	scripted = script;
	scripted_len = len;
	position = handed_out = request_count = 0;
}

size_t fake_random_used(void)
{
	return handed_out;
}

size_t fake_random_requests(const size_t **sizes)
{
	*sizes = requests;
	return request_count;
}

void random_bytes(void *buf, size_t len)
{
	unsigned char *out = buf;

	if (request_count < FAKE_RANDOM_MAX_REQUESTS)
		requests[request_count++] = len;
	handed_out += len;
	for (size_t i = 0; i < len; i++)
		out[i] = position < scripted_len ? scripted[position++] : 0xEE;
}
