/*
 * limit.c - the bench's yardstick for bulk runs (bench/limit).
 *
 *   limit read BYTES    read BYTES of kernel randomness with getrandom(2)
 *                       in 16 KiB requests (the pool's size, src/random/
 *                       pool.h) and nothing else: the least CPU time any
 *                       program that needs BYTES of randomness spends.
 *   limit cpu CMD...    run CMD, its standard output to /dev/null, and
 *                       print its CPU time (user + system, seconds) from
 *                       wait4(2); exit 1 when CMD does not exit 0.
 *
 * The CPU time of a child in rusage is the scheduler's exact run time,
 * split between user and system by ticks, so the sum is exact to the
 * microsecond where each part alone is not.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define REQUEST 16384

static int read_bytes(unsigned long long bytes)
{
	static unsigned char buf[REQUEST];

	while (bytes > 0) {
		size_t want = bytes < REQUEST ? (size_t)bytes : REQUEST;
		ssize_t got = getrandom(buf, want, 0);

		if (got <= 0) {
			perror("limit: getrandom");
			return 1;
		}
		bytes -= (unsigned long long)got;
	}
	return 0;
}

static int cpu(char **argv)
{
	struct rusage ru;
	int status;
	pid_t pid = fork();

	if (pid < 0) {
		perror("limit: fork");
		return 1;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null < 0 || dup2(null, STDOUT_FILENO) < 0)
			_exit(127);
		execvp(argv[0], argv);
		perror("limit: exec");
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) != pid) {
		perror("limit: wait4");
		return 1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "limit: %s failed\n", argv[0]);
		return 1;
	}
	printf("%.6f\n", (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
				 (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "read") == 0)
		return read_bytes(strtoull(argv[2], NULL, 10));
	if (argc >= 3 && strcmp(argv[1], "cpu") == 0)
		return cpu(argv + 2);
	fprintf(stderr, "usage: limit read BYTES | limit cpu CMD...\n");
	return 2;
}
