/*
 * fuzz_command.c - the whole command line: argv -> options -> spec -> the
 * warnings and the --verbose report -> secrets -> standard output.
 *
 * It calls command_run(), the entry point main() calls, so every message
 * path, the report text and the output are reached, not only the parsers.  The input is split into arguments at
 * NUL bytes as in fuzz_options.c; "pass-genhelper" is argv[0].
 *
 * Files: a --wordlist value never names a file outside a scratch folder
 * made at start-up.  A value that starts with "lists/" is taken inside it
 * (so "lists/./././a.txt" makes paths as long as the fuzzer likes); the
 * folder holds a prefix-free list, one with repeats and capitals that
 * collide, one too short, a FIFO, a folder and a symlink.  Any other value
 * is looked up below a folder that does not exist, so it always fails, and
 * its bytes end up quoted in the error message.
 *
 * Output: standard output is a memfd, reset before each input and read
 * back after command_run() closed it.  Randomness: the scripted source of
 * fuzz_support.c, seeded from the input, in place of the kernel and of
 * dice (the rolls would come from standard input).  --help, --version and
 * the lists are not printed (they close stdio's standard output for good).
 * At most MAX_SECRETS secrets are drawn whatever --count says; the count
 * itself is checked to survive intact (a stack overflow in the report once
 * overwrote it).
 *
 * Checked on every input:
 *   - no exit, no die(); messages (warnings, usage errors, the report) are
 *     each one line of printable UTF-8 without C0 or C1 controls, lower
 *     case after the prefix, no final period (fuzz_support.c);
 *   - a usage error is exactly one message;
 *   - with --verbose, the last message is the report: it starts with
 *     "entropy: " and ends with the exact figure "N.N bits" (more
 *     decimals only just below 128 bits, where one would read 128.0);
 *   - standard output holds exactly the secrets asked for (or the
 *     alphabet), each followed by the terminator; each secret is printable
 *     UTF-8, at most spec.max_bytes bytes, and for characters exactly
 *     spec.length characters of the alphabet that meet the class rules.
 */
#include "config.h"

#include "cli/command.h"
#include "fuzz_support.h"
#include "generator/generate.h"
#include "report/report.h"
#include "generator/spec.h"
#include "text/util.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FUZZ_ARGS 64
#define MAX_SECRETS 8

static char scratch[] = "/tmp/fuzz_command.XXXXXX";
static int output_fd = -1;

static void write_file(const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof path, "%s/lists/%s", scratch, name);
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void remove_scratch(void)
{
	static const char *const names[] = { "a.txt", "b.txt", "short.txt", "fifo", "link.txt" };
	char path[256];

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(path, sizeof path, "%s/lists/%s", scratch, names[i]);
		unlink(path);
	}
	snprintf(path, sizeof path, "%s/lists/dir", scratch);
	rmdir(path);
	snprintf(path, sizeof path, "%s/lists", scratch);
	rmdir(path);
	rmdir(scratch);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char text[8192], path[256];
	size_t used = 0;

	(void)argc;
	(void)argv;
	unsetenv("POSIXLY_CORRECT");
	if (!mkdtemp(scratch)) {
		perror("fuzz_command: mkdtemp");
		exit(1);
	}
	atexit(remove_scratch);
	snprintf(path, sizeof path, "%s/lists", scratch);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/lists/dir", scratch);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/lists/fifo", scratch);
	mkfifo(path, 0600);
	snprintf(path, sizeof path, "%s/lists/link.txt", scratch);
	if (symlink("a.txt", path) != 0)
		perror("fuzz_command: symlink");
	/* 96 prefix-free words "ba".."mh", with comments and dice numbers. */
	used += (size_t)snprintf(text + used, sizeof text - used, "# a list\n");
	for (int i = 0; i < 96; i++)
		used += (size_t)snprintf(text + used, sizeof text - used, "%s%c%c\n",
					 i % 3 ? "" : "1234\t", 'b' + i / 8, 'a' + i % 8);
	write_file("a.txt", text);
	/* Repeats, "Polish"/"polish" (capitals collide), "sun"/"sunday". */
	used = (size_t)snprintf(text, sizeof text, "sun\nsunday\nPolish\npolish\nsun\nna\xc3\xafve\n");
	for (int i = 0; i < 70; i++)
		used += (size_t)snprintf(text + used, sizeof text - used, "word%c%c\n",
					 'a' + i / 8, 'a' + i % 8);
	write_file("b.txt", text);
	write_file("short.txt", "one\ntwo\n");
	output_fd = memfd_create("stdout", MFD_CLOEXEC);
	if (output_fd < 0) {
		perror("fuzz_command: memfd_create");
		exit(1);
	}
	return 0;
}

/* Point --wordlist values into the scratch folder (see the top). */
static char *confine_wordlist(const char *value)
{
	size_t room = strlen(scratch) + strlen(value) + 32;
	char *path = malloc(room);

	if (!path)
		return NULL;
	if (strncmp(value, "lists/", 6) == 0)
		snprintf(path, room, "%s/%s", scratch, value);
	else
		snprintf(path, room, "%s/absent/%s", scratch, value);
	return path;
}

/*
 * Rewrite every --wordlist argument in place: "--wordlist V", "--wordlist=V"
 * and the abbreviations getopt accepts ("--wordl V").  A value that getopt
 * would take from the next argument is that argument.  Replacements are
 * freed by the caller through `owned`.
 */
static void confine_arguments(int argc, char **argv, char **owned, int *owned_count)
{
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		size_t name_len;

		if (strcmp(arg, "--") == 0)
			return;
		if (strncmp(arg, "--", 2) != 0)
			continue;
		/* "--word" is ambiguous with "--words": five letters at least. */
		name_len = strcspn(arg + 2, "=");
		if (name_len < 5 || name_len > 8 || strncmp("wordlist", arg + 2, name_len) != 0)
			continue;
		if (arg[2 + name_len] == '=') {
			char *path = confine_wordlist(arg + 3 + name_len);
			char *joined = path ? malloc(strlen(path) + 12) : NULL;

			if (joined) {
				sprintf(joined, "--wordlist=%s", path);
				argv[i] = owned[(*owned_count)++] = joined;
			}
			free(path);
		} else if (i + 1 < argc) {
			char *path = confine_wordlist(argv[i + 1]);

			if (path)
				argv[++i] = owned[(*owned_count)++] = path;
		}
	}
}

static size_t read_output(char **data)
{
	struct stat st;
	size_t len;

	CHECK(fstat(output_fd, &st) == 0);
	len = (size_t)st.st_size;
	*data = malloc(len + 1);
	CHECK(*data != NULL);
	CHECK(pread(output_fd, *data, len, 0) == (ssize_t)len);
	return len;
}

static void check_secret(const struct spec *spec, const char *s, size_t len)
{
	const struct characters_spec *c = &spec->characters;

	CHECK(len <= spec->max_bytes);
	CHECK(fuzz_utf8_printable((const unsigned char *)s, len));
	if (spec->kind == SPEC_PRONOUNCEABLE)
		CHECK(len == pronounceable_length(&spec->pronounceable, spec->pronounceable.drawn));
	if (spec->kind != SPEC_CHARACTERS)
		return;
	CHECK(len == c->length);
	for (size_t i = 0; i < len; i++)
		CHECK(memchr(c->alphabet.chars, s[i], c->alphabet.size) != NULL);
	CHECK(meets_rules(s, len, c->required));
}

static void check_output(const struct command *cmd, enum command_step step, size_t drawn)
{
	const struct spec *spec = &cmd->spec;
	char *data, *p;
	size_t len = read_output(&data), items = 0;

	p = data;
	while (p < data + len) {
		char *end = memchr(p, spec->terminator, (size_t)(data + len - p));

		CHECK(end != NULL); /* every item ends with the terminator */
		if (step == STEP_GENERATE)
			check_secret(spec, p, (size_t)(end - p));
		items++;
		p = end + 1;
	}
	if (step == STEP_GENERATE)
		CHECK(items == drawn);
	else if (spec->kind == SPEC_WORDS)
		CHECK(items == spec->words.passphrase.list->count);
	else if (spec->kind == SPEC_TOKEN)
		CHECK(items == 1 && len == spec->token.alphabet.size + 1u);
	else if (spec->kind == SPEC_PRONOUNCEABLE) {
		char shown[96];

		CHECK(items == 1 &&
		      len == pronounceable_characters(&spec->pronounceable, shown) + 1u);
	}
	else
		CHECK(items == 1 && len == spec->characters.alphabet.size + 1u);
	free(data);
}

/* The report is the last message, and it carries the exact figure. */
static void check_report(const struct spec *spec, const char *messages, size_t count)
{
	char figure[64];
	const char *last = messages, *p;
	size_t len;

	CHECK(count >= 1);
	for (p = messages; *p; p++)
		if (*p == '\n' && p[1])
			last = p + 1;
	len = strlen(last) - 1; /* without its newline */
	CHECK(strncmp(last, "entropy: ", 9) == 0);
	{
		double bits = spec->kind == SPEC_WORDS ? spec->words.bits.total : spec->bits;
		const char *number;
		double shown;

		/* One decimal, or (just below 128, where one would read as
		 * 128.0) as many as keep it below 128, and never off by more
		 * than the rounding of one decimal. */
		CHECK(len > 5 && memcmp(last + len - 5, " bits", 5) == 0);
		for (number = last + len - 5; number > last && number[-1] != ' '; number--)
			;
		shown = strtod(number, NULL);
		CHECK(shown - bits <= 0.05 && bits - shown <= 0.05);
		CHECK((shown < 128) == (bits < 128));
		snprintf(figure, sizeof figure, "%.1f bits", bits);
		CHECK(strncmp(number, figure, strlen(figure)) == 0 || (bits < 128 && bits >= 127.95));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *args[MAX_FUZZ_ARGS + 2], *argv[MAX_FUZZ_ARGS + 2], *owned[MAX_FUZZ_ARGS];
	int argc = 0, owned_count = 0;
	size_t messages;
	struct command_setup setup = { .most_secrets = MAX_SECRETS };
	struct command cmd;
	enum command_step step;
	unsigned long asked = 0, drawn = 0;
	const char *text;
	int status;

	argc = fuzz_split_args(data, size, args, MAX_FUZZ_ARGS);
	memcpy(argv, args, sizeof argv[0] * (size_t)(argc + 1));
	confine_arguments(argc, argv, owned, &owned_count);

	/* A fresh standard output for this input. */
	CHECK(ftruncate(output_fd, 0) == 0 && lseek(output_fd, 0, SEEK_SET) == 0);
	CHECK(dup2(output_fd, STDOUT_FILENO) == STDOUT_FILENO);
	setup.scripted = fuzz_random_source(fuzz_hash(data, size));

	fuzz_enter();
	fuzz_capture_begin();
	status = command_run(&cmd, argc, argv, &setup);
	step = cmd.step;
	text = fuzz_capture_end(&messages);
	fuzz_leave();

	/* A refusal (exit 1) comes only from pass gen's strength rule (site
	 * rules an entry's name picks, below 128 bits without consent), and
	 * says why. */
	if (step == STEP_FAIL)
		CHECK(cmd.request.for_pass && status == EXIT_RUNTIME && messages >= 1);
	else
		CHECK(status == (step == STEP_EXIT ? EXIT_USAGE : EXIT_OK));
	if (step == STEP_GENERATE) {
		asked = cmd.spec.count;
		drawn = asked < MAX_SECRETS ? asked : MAX_SECRETS;
		CHECK(asked == cmd.request.count);
	}
	if (step == STEP_EXIT)
		CHECK(messages == 1);
	if (step == STEP_GENERATE || step == STEP_PRINT_ALPHABET)
		check_output(&cmd, step, drawn);
	if (step == STEP_GENERATE && cmd.spec.verbose)
		check_report(&cmd.spec, text, messages);
	if (step != STEP_GENERATE && step != STEP_PRINT_ALPHABET)
		close(STDOUT_FILENO);
	command_free(&cmd);

	for (int i = 0; i < owned_count; i++)
		free(owned[i]);
	for (int i = 0; i < argc; i++)
		free(args[i]);
	return 0;
}
