/*
 * dice.c - rolls typed by the user, for those who trust dice over kernels.
 *
 * Input: with dice of up to 9 sides every digit is one roll and anything
 * else but blanks is an error; with more sides, rolls are numbers separated
 * by blanks or newlines.  On a terminal the program says how many dice to
 * roll before it reads them.  Nothing is printed until every roll is in, so
 * a bad or missing roll leaves standard output empty.
 */
#include "config.h"

#include "random/dice.h"
#include "text/text.h"

#include "text/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static struct dice_source *dice(struct random_source *src)
{
	return (struct dice_source *)src; /* base is the first member */
}

static void dice_wipe(struct random_source *base)
{
	struct dice_source *src = dice(base);

	secure_zero(src->input, sizeof src->input);
	src->input_len = src->input_pos = 0;
}

/* The next input byte, or -1 at the end of the input. */
static int next_byte(struct dice_source *src)
{
	while (src->input_pos == src->input_len) {
		ssize_t got;

		if (src->input_ended)
			return -1;
		got = read(STDIN_FILENO, src->input, sizeof src->input);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			die(EXIT_RUNTIME, "cannot read dice rolls: %s", strerror(errno));
		if (got == 0) {
			src->input_ended = true;
			return -1;
		}
		src->input_len = (size_t)got;
		src->input_pos = 0;
	}
	return (unsigned char)src->input[src->input_pos++];
}

static bool separates_rolls(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',';
}

static _Noreturn void bad_roll(const struct dice_source *src, const char *what)
{
	char shown[QUOTE_BYTES];

	die(EXIT_RUNTIME, "invalid die roll %s: rolls are numbers from 1 to %u", quote(shown, what),
	    src->sides);
}

/* One roll, as a value from 0 to sides - 1; -1 at the end of the input. */
static int read_roll_or_end(struct dice_source *src)
{
	char text[8] = "";
	size_t len = 0;
	unsigned value = 0;
	int c;

	do
		c = next_byte(src);
	while (c >= 0 && separates_rolls(c));
	if (c < 0)
		return -1;
	if (src->sides <= 9) {
		/* One digit is one roll. */
		text[0] = (char)c;
		value = (unsigned)(c - '0');
		if (c < '1' || c > '9' || value > src->sides)
			bad_roll(src, text);
		secure_zero(text, sizeof text);
		return (int)value - 1;
	}
	for (; c >= 0 && !separates_rolls(c); c = next_byte(src)) {
		if (len + 1 < sizeof text)
			text[len++] = (char)c;
		if (c < '0' || c > '9' || value > src->sides)
			value = src->sides + 1; /* remember the error, keep the text */
		else
			value = value * 10 + (unsigned)(c - '0');
	}
	if (value < 1 || value > src->sides || text[0] == '0')
		bad_roll(src, text);
	secure_zero(text, sizeof text);
	return (int)value - 1;
}

static unsigned read_roll(struct dice_source *src)
{
	int roll = read_roll_or_end(src);

	if (roll < 0)
		die(EXIT_RUNTIME, "not enough dice rolls: the input ended");
	return (unsigned)roll;
}

static void dice_finish(struct random_source *base)
{
	struct dice_source *src = dice(base);
	unsigned long unused = 0;

	if (isatty(STDIN_FILENO))
		return;
	while (read_roll_or_end(src) >= 0)
		unused++;
	if (unused)
		inform("%lu dice %s left over and not used", unused, unused == 1 ? "roll was" : "rolls were");
}

unsigned dice_rolls_per_draw(const struct dice_source *src, uint32_t bound)
{
	unsigned rolls = 0;

	for (uint64_t span = 1; span < bound; span *= src->sides)
		rolls++;
	return rolls;
}

/* Words for the one typing the rolls, on a terminal, with no newline of
 * their own and their write not checked: not messages (inform()), whose
 * loss fails the run. */
__attribute__((format(printf, 1, 2)))
static void prompt(const char *fmt, ...)
{
	char line[MESSAGE_BYTES];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	fputs(line, stderr);
}

static uint32_t dice_below(struct random_source *base, uint32_t bound)
{
	struct dice_source *src = dice(base);
	unsigned rolls = dice_rolls_per_draw(src, bound);
	uint64_t span = 1, limit;

	for (unsigned i = 0; i < rolls; i++)
		span *= src->sides;
	limit = span - span % bound;
	for (;;) {
		uint64_t value = 0;

		if (isatty(STDIN_FILENO) && rolls > 0)
			prompt("%s: roll %u %s (1-%u): ", program_name(), rolls,
			       rolls == 1 ? "die" : "dice", src->sides);
		for (unsigned i = 0; i < rolls; i++)
			value = value * src->sides + read_roll(src);
		if (value < limit) {
			uint32_t result = (uint32_t)(value % bound);

			secure_zero(&value, sizeof value);
			return result;
		}
		if (isatty(STDIN_FILENO))
			prompt("%s: that roll cannot be used evenly; roll again\n",
			       program_name());
	}
}

/* Dice draw one value at a time, in the documented order: characters and
 * bytes are plain draws. */
static void dice_fill(struct random_source *src, const char *alphabet, uint32_t size, char *out,
		      size_t len)
{
	for (size_t i = 0; i < len; i++)
		out[i] = alphabet[dice_below(src, size)];
}

static void dice_bytes(struct random_source *src, void *buf, size_t len)
{
	unsigned char *out = buf;

	for (size_t i = 0; i < len; i++)
		out[i] = (unsigned char)dice_below(src, 256);
}

static const struct random_source_ops dice_ops = {
	.below = dice_below,
	.fill = dice_fill,
	.bytes = dice_bytes,
	.finish = dice_finish,
	.wipe = dice_wipe,
};

void dice_source_init(struct dice_source *src, unsigned sides)
{
	src->base.ops = &dice_ops;
	dice_wipe(&src->base);
	src->sides = sides;
	src->input_ended = false;
}
