/* ucd.c - the files of the Unicode Character Database kept in the tree */
#include "config.h"

#include "ucd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

FILE *ucd_open(const char *name)
{
	char path[4096];
	int n = snprintf(path, sizeof path, "%s/%s.gz", UNICODE_DATA, name);
	FILE *file;

	if (n < 0 || (size_t)n >= sizeof path) {
		fprintf(stderr, "ucd: the path of %s is too long\n", name);
		return NULL;
	}
	/* The path goes through the environment: the shell never parses it. */
	if (setenv("UCD_FILE", path, 1) != 0 ||
	    !(file = popen("exec gzip -dc -- \"$UCD_FILE\"", "r"))) {
		fprintf(stderr, "ucd: cannot run gzip -dc on %s: %s\n", path, strerror(errno));
		return NULL;
	}
	return file;
}

bool ucd_close(FILE *file)
{
	int status = pclose(file);

	return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}
