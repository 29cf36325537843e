/*
 * fuzz_policy.c - a store's policy file, read and merged with a command
 * line, as `pass gen` hands it to the helper (--pass-gen --pass-policy ...).
 *
 * The input's first byte picks one of the command lines pass gen sends
 * (nothing, a pass-length, -n, an alphabet, rules, a passphrase, -v) and
 * whether the policy counts as signed and whether the user allows its
 * folder to be weak (PASSWORD_STORE_GEN_ALLOW_WEAK); the rest is the policy
 * file.  The policy is found in the folder /bank of a scratch store made at
 * start-up, which holds a 100-word list, a symbolic link to it, a FIFO and
 * a folder, so that --wordlist lines reach every branch of the walk below
 * the store.
 *
 * Checked on every input:
 *   - policy_parse() alone: on failure, a message; on success, every
 *     option kept is one the policy column of the option table allows, a
 *     flag has no value and any other option has one, and each value is
 *     printable UTF-8 (an implementation independent of src/text/text.c);
 *   - command_prepare() never exits; every message is one printable line,
 *     lower case, without a final period (fuzz_support.c); a refusal or a
 *     usage error comes with a message;
 *   - the strength rule, checked from outside: when a secret would be made,
 *     its exact figure is at least 1 bit, and unless the user consented it
 *     is at least 128 bits or within 1 bit of what the same command line
 *     gives without the policy (a second, independent command_prepare).
 */
#include "config.h"

#include "cli/command.h"
#include "fuzz_support.h"
#include "request/options_table.h"
#include "pass/pass_gen.h"
#include "pass/policy.h"
#include "pass/strength.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char scratch[] = "/tmp/fuzz_policy.XXXXXX";
static char store[sizeof scratch + 16];
static char policy_path[sizeof scratch + 32];

/* What pass gen may send besides the policy: its user's command line. */
static const char *const command_lines[][6] = {
	{ NULL },
	{ "--length", "25", NULL },
	{ "--pass-no-symbols", NULL },
	{ "--format", "hex", NULL },
	{ "--require", "digit", "--exclude", "a-f", NULL },
	{ "--words", "--length", "6", NULL },
	{ "--entropy", "100", NULL },
	{ "--verbose", "--length", "8", NULL },
};
#define COMMAND_LINES (sizeof command_lines / sizeof command_lines[0])

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	CHECK(f && fputs(text, f) >= 0 && fclose(f) == 0);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char path[sizeof store + 64];
	FILE *list;

	(void)argc;
	(void)argv;
	CHECK(mkdtemp(scratch) != NULL);
	snprintf(store, sizeof store, "%s/store", scratch);
	snprintf(policy_path, sizeof policy_path, "%s/policy-copy", scratch);
	CHECK(mkdir(store, 0700) == 0);
	snprintf(path, sizeof path, "%s/bank", store);
	CHECK(mkdir(path, 0700) == 0);
	snprintf(path, sizeof path, "%s/bank/words.txt", store);
	list = fopen(path, "w");
	CHECK(list != NULL);
	for (int i = 0; i < 100; i++)
		fprintf(list, "zq%c%c\n", 'a' + i / 10, 'a' + i % 10);
	CHECK(fclose(list) == 0);
	snprintf(path, sizeof path, "%s/bank/link.txt", store);
	CHECK(symlink("words.txt", path) == 0);
	snprintf(path, sizeof path, "%s/bank/fifo", store);
	CHECK(mkfifo(path, 0600) == 0);
	snprintf(path, sizeof path, "%s/bank/lists", store);
	CHECK(mkdir(path, 0700) == 0);
	snprintf(path, sizeof path, "%s/bank/lists/words.txt", store);
	write_file(path, "too\nfew\n");
	return 0;
}

/* policy_parse() alone, on a copy it owns. */
static void check_parse(const uint8_t *text, size_t len)
{
	struct policy policy;
	struct error err;
	char *copy = malloc(len + 1);

	CHECK(copy != NULL);
	memcpy(copy, text, len);
	copy[len] = '\0';
	error_clear(&err);
	if (!policy_parse(copy, len, "'fuzz'", &policy, &err)) {
		CHECK(err.text[0] != '\0');
		policy_free(&policy);
		return;
	}
	CHECK(policy.count <= POLICY_MAX_OPTIONS);
	for (size_t i = 0; i < policy.count; i++) {
		const struct policy_option *o = &policy.options[i];
		int value;
		bool has_arg;

		CHECK(option_policy_group(o->name, strlen(o->name), &value, &has_arg) != POLICY_NONE);
		CHECK(value == o->option);
		CHECK(has_arg == (o->value != NULL));
		if (o->value) {
			/* Printable, a tab counting as a space. */
			char *plain = strdup(o->value);

			CHECK(plain != NULL);
			for (char *p = plain; *p; p++)
				if (*p == '\t')
					*p = ' ';
			CHECK(fuzz_utf8_printable((const unsigned char *)plain, strlen(plain)));
			free(plain);
		}
	}
	policy_free(&policy);
}

/* The figure of the same command line without the policy, or a negative
 * number when that command line is refused. */
static double bits_without_policy(int choice)
{
	char *argv[16];
	int argc = 0;
	struct command cmd;
	double bits = -1;

	argv[argc++] = (char *)"pass-genhelper";
	argv[argc++] = (char *)"--pass-gen";
	for (int i = 0; command_lines[choice][i]; i++)
		argv[argc++] = (char *)command_lines[choice][i];
	argv[argc] = NULL;
	if (command_prepare(&cmd, argc, argv) == STEP_GENERATE)
		bits = cmd.spec.bits;
	command_free(&cmd);
	return bits;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[24];
	int argc = 0;
	int choice;
	bool signed_policy, consent;
	struct command cmd;
	enum command_step step;
	size_t messages;

	if (size == 0)
		return 0;
	choice = data[0] % COMMAND_LINES;
	signed_policy = data[0] & 0x40;
	consent = data[0] & 0x80;
	{
		int fd = open(policy_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		CHECK(fd >= 0);
		CHECK(size - 1 == 0 || write(fd, data + 1, size - 1) == (ssize_t)(size - 1));
		CHECK(close(fd) == 0);
	}
	check_parse(data + 1, size - 1);
	if (consent)
		setenv("PASSWORD_STORE_GEN_ALLOW_WEAK", "/other:0:/bank:0", 1);
	else
		unsetenv("PASSWORD_STORE_GEN_ALLOW_WEAK");

	argv[argc++] = (char *)"pass-genhelper";
	argv[argc++] = (char *)"--pass-gen";
	for (int i = 0; command_lines[choice][i]; i++)
		argv[argc++] = (char *)command_lines[choice][i];
	argv[argc++] = (char *)"--pass-policy";
	argv[argc++] = policy_path;
	argv[argc++] = (char *)"--pass-policy-folder";
	argv[argc++] = (char *)"/bank";
	argv[argc++] = (char *)"--pass-store";
	argv[argc++] = store;
	if (signed_policy)
		argv[argc++] = (char *)"--pass-policy-signed";
	argv[argc] = NULL;

	fuzz_enter();
	fuzz_capture_begin();
	step = command_prepare(&cmd, argc, argv);
	fuzz_capture_end(&messages);
	if (step == STEP_EXIT || step == STEP_FAIL)
		CHECK(messages >= 1);
	if (step == STEP_GENERATE) {
		CHECK(cmd.spec.bits >= 1);
		if (cmd.pass_gen.policy_used && !signed_policy && !consent &&
		    cmd.spec.bits < STRONG_BITS) {
			double without;

			fuzz_capture_begin();
			without = bits_without_policy(choice);
			fuzz_capture_end(&messages);
			/* The judge compares counts; their rounded log2s may
			 * differ in the last bit (half of 20 is 10, yet log2 10
			 * < log2 20 - 1 as doubles), hence the 1e-9. */
			CHECK(without < 0 || cmd.spec.bits >= without - POLICY_SLACK_BITS - 1e-9);
		}
	}
	command_free(&cmd);
	fuzz_leave();
	return 0;
}
