/*
 * command.c - argv -> request -> spec -> report -> secrets, in the library.
 *
 * main() only sets up the process and calls command_run(); everything a
 * command line can reach lives here, so that the whole-command fuzz target
 * (tests/fuzz/fuzz_command.c) and the golden transcript's program run the
 * very path the program runs, with a scripted random source.
 */
#include "config.h"

#include "cli/command.h"

#include "secret/charset.h"
#include "random/dice.h"
#include "generator/generate.h"
#include "request/options_table.h"
#include "cli/output.h"
#include "random/random.h"
#include "report/report.h"
#include "generator/spec_build.h"
#include "site_rules/sites.h"
#include "pass/strength.h"
#include "text/util.h"

#include <stdio.h>
#include <string.h>

/* The program's two sources, one of which a run sets up; static storage,
 * since the kernel's pool is 16 KiB. */
static struct kernel_source kernel;
static struct dice_source dice;
/* The source of the run in progress, for command_wipe(). */
static struct random_source *drawing_from;

static void emit_warning(const char *line)
{
	inform("%s", line);
}

/* A usage error, reported with report_usage(), or a runtime failure (such
 * as memory that could not be allocated): one message, without the "Try"
 * line, and exit status 1. */
static enum command_step refuse(const struct error *err, void (*report_usage)(const char *))
{
	if (err->runtime) {
		inform("%s", err->text);
		return STEP_FAIL;
	}
	report_usage(err->text);
	return STEP_EXIT;
}

enum command_step command_prepare(struct command *cmd, int argc, char **argv)
{
	/* Static, and set field by field: 3.5 KiB on the stack, or written
	 * whole by an initialiser, would be a page fault of their own in a
	 * call that needs a few bytes of them. */
	static struct error err;
	/* pass gen puts --pass-gen first; its user typed no helper options,
	 * so the hint about pass-genhelper --help would mislead. */
	void (*report_usage)(const char *) =
		argc > 1 && strcmp(argv[1], "--pass-gen") == 0 ? emit_warning : usage_error;

	err.next_quote = 0;
	error_clear(&err);

	/* What every call reads; the request is parse_options()'s to set,
	 * the spec spec_build()'s and the pass layer's pass_gen_resolve()'s. */
	cmd->have_spec = false;
	cmd->have_pass_gen = false;
	cmd->step = STEP_EXIT;
	messages_reset();
	if (!parse_options(argc, argv, &cmd->request, &err))
		return refuse(&err, report_usage);
	if (cmd->request.action == ACTION_HELP)
		return STEP_HELP;
	if (cmd->request.action == ACTION_VERSION)
		return STEP_VERSION;
	if (cmd->request.action == ACTION_LIST)
		return STEP_LIST;
	if (cmd->request.for_pass) {
		cmd->have_pass_gen = true;
		switch (pass_gen_resolve(&cmd->pass_gen, &cmd->request, &err)) {
		case PASS_GEN_OK:
			break;
		case PASS_GEN_USAGE:
			return refuse(&err, report_usage);
		case PASS_GEN_REFUSED:
			inform("%s", err.text);
			return STEP_FAIL;
		}
	}
	if (!spec_build(&cmd->request, &cmd->spec, &err)) {
		if (cmd->have_pass_gen && cmd->pass_gen.policy_used) {
			/* The store's policy may be what does not fit. */
			inform("with the options of the policy file %s: %s", cmd->pass_gen.policy.shown, err.text);
			return STEP_FAIL;
		}
		return refuse(&err, report_usage);
	}
	cmd->have_spec = true;
	if (cmd->request.for_pass &&
	    strength_judge(&cmd->pass_gen, &cmd->spec, emit_warning, &err) != PASS_GEN_OK) {
		inform("%s", err.text);
		return STEP_FAIL;
	}
	report_warnings(&cmd->spec, emit_warning);
	if (cmd->request.action != ACTION_PRINT_ALPHABET && cmd->spec.verbose) {
		char line[REPORT_BYTES];

		inform("%s", report_entropy(&cmd->spec, line, sizeof line));
	}
	/* A notice or the report that cannot be written: neither may the
	 * secret be (a site's rules or a figure lost to a full disk). */
	if (messages_lost())
		return STEP_FAIL;
	return cmd->request.action == ACTION_PRINT_ALPHABET ? STEP_PRINT_ALPHABET : STEP_GENERATE;
}

/* Queue what --print-alphabet prints. */
static void print_alphabet(const struct command *cmd)
{
	const struct spec *spec = &cmd->spec;
	const struct wordlist *list;

	switch (spec->kind) {
	case SPEC_CHARACTERS:
		output_secret(spec->characters.alphabet.chars, spec->characters.alphabet.size,
			      spec->terminator);
		break;
	case SPEC_TOKEN:
		output_secret(spec->token.alphabet.chars, spec->token.alphabet.size, spec->terminator);
		break;
	case SPEC_WORDS:
		list = spec->words.passphrase.list;
		for (size_t i = 0; i < list->count; i++) {
			struct word_spelling room;
			const char *word = wordlist_word(list, i, &room);

			output_secret(word, strlen(word), spec->terminator);
		}
		break;
	case SPEC_PRONOUNCEABLE: {
		char shown[96];

		output_secret(shown, pronounceable_characters(&spec->pronounceable, shown),
			      spec->terminator);
		break;
	}
	}
}

/* Generate and queue `count` secrets with randomness from src, `columns`
 * a line when that is not 0 (as pwgen prints them on a terminal). */
static void generate(const struct command *cmd, struct random_source *src, unsigned long count,
		     unsigned long columns)
{
	/* A long run, unless each secret must be checked to fit a file
	 * size limit, many secrets at a time (generate.h). */
	if (!columns && count > 1 && generate_batches(&cmd->spec) && !output_limited()) {
		while (count > 0) {
			size_t room;
			unsigned long n = generate_batch_count(&cmd->spec, count, &room);
			char *out = output_reserve(room);

			output_commit_many(generate_batch(&cmd->spec, src, n, cmd->spec.terminator,
							  out));
			count -= n;
		}
		return;
	}
	for (unsigned long i = 0; i < count; i++) {
		/* Made in the output buffer, which is wiped after each write. */
		size_t length = generate_secret(&cmd->spec, src, output_reserve(cmd->spec.max_bytes));
		bool in_row = columns && i % columns != columns - 1 && i != count - 1;

		output_commit(length, in_row ? ' ' : cmd->spec.terminator);
	}
}

/* --help, --version and the hidden actions: through stdio. */
static void print_information(const struct command *cmd, void (*print_usage)(void))
{
	if (cmd->step == STEP_HELP)
		print_usage();
	else if (cmd->step == STEP_VERSION)
		printf("%s %s\n", PROGRAM_NAME, PACKAGE_VERSION);
	else if (cmd->request.listing->print_text)
		cmd->request.listing->print_text(cmd->request.listing_text);
	else
		cmd->request.listing->print();
	output_finish_stdio();
}

/* The run's source, chosen once: a test's scripted one, dice, or the
 * kernel, which is told the work to come so that it reads it at once. */
static struct random_source *open_source(const struct spec *spec, struct random_source *scripted)
{
	if (scripted)
		return scripted;
	if (spec->dice_sides) {
		dice_source_init(&dice, (unsigned)spec->dice_sides);
		return &dice.base;
	}
	kernel_source_init(&kernel, generate_random_bytes(spec));
	return &kernel.pooled.base;
}

int command_run(struct command *cmd, int argc, char **argv, const struct command_setup *setup)
{
	enum command_step step;
	unsigned long count;

	output_init();
	step = command_prepare(cmd, argc, argv);
	cmd->step = step;
	switch (step) {
	case STEP_EXIT:
		return EXIT_USAGE;
	case STEP_FAIL:
		return EXIT_RUNTIME;
	case STEP_HELP:
	case STEP_VERSION:
	case STEP_LIST:
		if (setup->print_usage)
			print_information(cmd, setup->print_usage);
		return EXIT_OK;
	case STEP_PRINT_ALPHABET:
		print_alphabet(cmd);
		output_finish();
		return EXIT_OK;
	case STEP_GENERATE:
		break;
	}
	drawing_from = open_source(&cmd->spec, setup->scripted);
	count = cmd->spec.count;
	if (setup->most_secrets && count > setup->most_secrets)
		count = setup->most_secrets;
	generate(cmd, drawing_from, count, setup->columns);
	source_finish(drawing_from);
	source_wipe(drawing_from);
	drawing_from = NULL;
	/* The dice's notice of rolls left over, like those above. */
	if (messages_lost()) {
		output_wipe();
		return EXIT_RUNTIME;
	}
	output_finish();
	return EXIT_OK;
}

void command_wipe(void)
{
	if (drawing_from)
		source_wipe(drawing_from);
	drawing_from = NULL;
	output_wipe();
}

void command_free(struct command *cmd)
{
	if (cmd->have_spec)
		spec_free(&cmd->spec);
	cmd->have_spec = false;
	if (cmd->have_pass_gen)
		pass_gen_free(&cmd->pass_gen);
	cmd->have_pass_gen = false;
}
