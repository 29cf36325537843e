/* test_output.c - secrets made in the output buffer, and its wipe */
#include "config.h"

#include "cli/output.h"
#include "tap.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool all_zero(const char *p, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (p[i])
			return false;
	return true;
}

int main(void)
{
	char path[] = "/tmp/test_output.XXXXXX";
	int file = mkstemp(path);
	int saved_stdout = dup(STDOUT_FILENO);
	char written[16] = "";
	char *first, *second, *again;

	if (file < 0 || saved_stdout < 0) {
		perror("test_output");
		return 99;
	}
	/* What output.c writes goes to the file; TAP goes to the saved stdout. */
	fflush(stdout);
	dup2(file, STDOUT_FILENO);

	first = output_reserve(5);
	memcpy(first, "abcde", 5);
	output_commit(5, '\n');
	second = output_reserve(5);
	bool adjacent = second == first + 6;
	memcpy(second, "fgh", 3); /* a secret half made when the run ends */
	output_wipe();
	/* Both the queued secret and the half-made one are wiped. */
	bool queued_wiped = all_zero(first, 6);
	bool half_made_wiped = all_zero(second, 3);

	/* A secret shorter than its room: the rest of the room is wiped. */
	first = output_reserve(8);
	memcpy(first, "pqrstuvw", 8);
	output_commit(3, '\n');
	bool tail_wiped = all_zero(first + 4, 5);
	output_wipe();

	/* A reservation that does not fit after the queue writes it first. */
	first = output_reserve(3);
	memcpy(first, "xyz", 3);
	output_commit(3, '\n');
	again = output_reserve(OUTPUT_BUFFER_BYTES - 4);
	bool flushed_first = again == first;
	output_commit(0, '\n');
	output_wipe();

	fflush(stdout);
	dup2(saved_stdout, STDOUT_FILENO);
	bool read_back = pread(file, written, sizeof written - 1, 0) >= 0;
	close(file);
	unlink(path);

	ok(adjacent, "a reservation starts after the queued secret and its terminator");
	ok(queued_wiped, "output_wipe() wipes the queued secret");
	ok(half_made_wiped, "output_wipe() wipes a secret made in the reserved room, not yet queued");
	ok(tail_wiped, "output_commit() wipes the room a shorter secret left unused");
	ok(flushed_first, "a reservation that does not fit writes the queue and starts the buffer afresh");
	ok(read_back, "the written file reads back");
	is_str(written, "xyz\n", "only the committed secret was written, once");
	return done_testing();
}
