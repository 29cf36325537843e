/*
 * test_report.c - the --verbose report and the warnings, built from a real
 * command line.
 */
#include "config.h"

#include "request/request.h"
#include "report/report.h"
#include "secret/figure.h"
#include "generator/spec.h"
#include "generator/spec_build.h"
#include "tap.h"
#include "text/text.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static struct error err;

/* Run a command line through the real parser and spec builder. */
static bool build(struct spec *spec, int argc, char **argv)
{
	struct request request;

	return parse_options(argc, argv, &request, &err) &&
	       spec_build(&request, spec, &err);
}

/*
 * The --verbose report once overflowed a fixed stack buffer when a word
 * list's path passed 320 bytes: build the report for a real list at a
 * path of over 1000 bytes, with every optional part present.
 */
static void test_report_long_path(void)
{
	char dir[] = "/tmp/test_report.XXXXXX", path[1400], file[1500], line[REPORT_BYTES];
	char tiny[24];
	struct spec spec;
	FILE *f;

	if (!mkdtemp(dir)) {
		ok(false, "mkdtemp: %s", strerror(errno));
		return;
	}
	snprintf(path, sizeof path, "%s", dir);
	while (strlen(path) < 1100)
		strcat(path, "/.");
	snprintf(file, sizeof file, "%s/w.txt", path);
	f = fopen(file, "w");
	for (int i = 0; f && i < 100; i++)
		fprintf(f, "w%c%c\n", 'a' + i / 26, 'a' + i % 26);
	if (f)
		fclose(f);
	char *argv[] = { "pass-genhelper", "-v", "-w", "3", "--wordlist", file, "-S", "-_",
			 "-C", "random", "-d", "-y", "--symbols", "!?", "-n", "2", NULL };
	if (!ok(build(&spec, 16, argv), "a 100-word list at a %zu-byte path builds: %s",
		strlen(file), err.text))
		return;
	report_entropy(&spec, line, sizeof line);
	ok(strlen(line) < sizeof line && strstr(line, "...)") && strstr(line, "total ") &&
	   strstr(line, " bits") && utf8_printable(line, strlen(line)),
	   "report: the long path is quoted and cut, the total still shown: %s", line);
	ok(strncmp(line, "entropy: 3 words of 100 ('/tmp/test_report.", 43) == 0,
	   "report: starts with the words and the quoted path: %.60s", line);
	report_entropy(&spec, tiny, sizeof tiny);
	ok(strlen(tiny) == sizeof tiny - 1 && strcmp(tiny + sizeof tiny - 4, "...") == 0,
	   "report: into a 24-byte buffer it is cut, never overflows: '%s'", tiny);
	ok(spec.count == 2, "report: the count is untouched (it was overwritten by the overflow)");
	spec_free(&spec);
	unlink(file);
	rmdir(dir);
}

static void test_report_shapes(void)
{
	static const struct {
		const char *args;     /* after the program name, split at spaces */
		const char *expected; /* the report */
		const char *name;
	} cases[] = {
		{ "-f alnum -l 8 -r lower,upper,digit",
		  "entropy: 8 characters from 62 (alnum), requiring lower,upper,digit: 47.2 bits",
		  "characters with class rules" },
		{ "-f base64 -b 18", "entropy: 18 random bytes as 24 base64 characters: 144.0 bits",
		  "a byte encoding" },
		{ "-w 6", "entropy: 6 words of 7776 (embedded list): 77.5 bits",
		  "the embedded list, unquoted" },
		/* One of a kind is singular. */
		{ "-f digits -l 1", "entropy: 1 character from 10 (digits): 3.3 bits",
		  "one character" },
		{ "-f hex -b 1", "entropy: 1 random byte as 2 hex characters: 8.0 bits", "one byte" },
		/* 4^64 - 2^64 strings: 128 - 7.8e-20 bits, short of 128. */
		{ "-c ab01 -r digit -l 64",
		  "entropy: 64 characters from 4 (custom), requiring digit: 127.999999999 bits",
		  "a count a hair below 2^128" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char line[REPORT_BYTES], args[64], name[64];
		char *argv[8] = { "pass-genhelper" };
		int argc = 1;
		struct spec spec;

		snprintf(args, sizeof args, "%s", cases[i].args);
		for (char *word = strtok(args, " "); word && argc < 7; word = strtok(NULL, " "))
			argv[argc++] = word;
		snprintf(name, sizeof name, "report: %s", cases[i].name);
		if (build(&spec, argc, argv))
			is_str(report_entropy(&spec, line, sizeof line), cases[i].expected, name);
		spec_free(&spec);
	}
}

/* A figure below a threshold is never printed as reaching it. */
static void test_bits_against(void)
{
	char out[32];

	is_str(bits_against(127.97, 128, out, sizeof out), "127.97", "127.97 against 128");
	is_str(bits_against(129.25, 128, out, sizeof out), "129.2", "one decimal as a rule");
	is_str(bits_against(128.0 - 0x1p-45, 128, out, sizeof out), "127.999999999",
	       "nine decimals still rounding up to 128 are cut instead");
}

int main(void)
{
	test_bits_against();
	test_report_long_path();
	test_report_shapes();
	return done_testing();
}
