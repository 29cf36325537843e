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

#include "dice.h"
#include "text.h"

#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static unsigned dice_sides;
static char input[512];      /* typed rolls are secrets too: wiped */
static size_t input_len, input_pos;
static bool input_ended;

void dice_wipe(void)
{
	secure_zero(input, sizeof input);
	input_len = input_pos = 0;
}

void dice_enable(unsigned sides)
{
	dice_sides = sides;
}

/* The next input byte, or -1 at the end of the input. */
static int next_byte(void)
{
	while (input_pos == input_len) {
		ssize_t got;

		if (input_ended)
			return -1;
		got = read(STDIN_FILENO, input, sizeof input);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			die(EXIT_RUNTIME, "cannot read dice rolls: %s", strerror(errno));
		if (got == 0) {
			input_ended = true;
			return -1;
		}
		input_len = (size_t)got;
		input_pos = 0;
	}
	return (unsigned char)input[input_pos++];
}

static bool separates_rolls(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',';
}

static _Noreturn void bad_roll(const char *what)
{
	char shown[QUOTE_BYTES];

	die(EXIT_RUNTIME, "invalid die roll %s: rolls are numbers from 1 to %u", quote(shown, what),
	    dice_sides);
}

/* One roll, as a value from 0 to sides - 1; -1 at the end of the input. */
static int read_roll_or_end(void)
{
	char text[8] = "";
	size_t len = 0;
	unsigned value = 0;
	int c;

	do
		c = next_byte();
	while (c >= 0 && separates_rolls(c));
	if (c < 0)
		return -1;
	if (dice_sides <= 9) {
		/* One digit is one roll. */
		text[0] = (char)c;
		value = (unsigned)(c - '0');
		if (c < '1' || c > '9' || value > dice_sides)
			bad_roll(text);
		secure_zero(text, sizeof text);
		return (int)value - 1;
	}
	for (; c >= 0 && !separates_rolls(c); c = next_byte()) {
		if (len + 1 < sizeof text)
			text[len++] = (char)c;
		if (c < '0' || c > '9' || value > dice_sides)
			value = dice_sides + 1; /* remember the error, keep the text */
		else
			value = value * 10 + (unsigned)(c - '0');
	}
	if (value < 1 || value > dice_sides || text[0] == '0')
		bad_roll(text);
	secure_zero(text, sizeof text);
	return (int)value - 1;
}

static unsigned read_roll(void)
{
	int roll = read_roll_or_end();

	if (roll < 0)
		die(EXIT_RUNTIME, "not enough dice rolls: the input ended");
	return (unsigned)roll;
}

void dice_finish(void)
{
	unsigned long unused = 0;

	if (isatty(STDIN_FILENO))
		return;
	while (read_roll_or_end() >= 0)
		unused++;
	if (unused)
		inform("%lu dice %s left over and not used", unused, unused == 1 ? "roll was" : "rolls were");
}

unsigned dice_rolls_per_draw(uint32_t bound)
{
	unsigned rolls = 0;

	for (uint64_t span = 1; span < bound; span *= dice_sides)
		rolls++;
	return rolls;
}

uint32_t dice_below(uint32_t bound)
{
	unsigned rolls = dice_rolls_per_draw(bound);
	uint64_t span = 1, limit;

	for (unsigned i = 0; i < rolls; i++)
		span *= dice_sides;
	limit = span - span % bound;
	for (;;) {
		uint64_t value = 0;

		if (isatty(STDIN_FILENO) && rolls > 0)
			fprintf(stderr, "%s: roll %u %s (1-%u): ", PROGRAM_NAME, rolls,
				rolls == 1 ? "die" : "dice", dice_sides);
		for (unsigned i = 0; i < rolls; i++)
			value = value * dice_sides + read_roll();
		if (value < limit) {
			uint32_t result = (uint32_t)(value % bound);

			secure_zero(&value, sizeof value);
			return result;
		}
		if (isatty(STDIN_FILENO))
			fprintf(stderr, "%s: that roll cannot be used evenly; roll again\n",
				PROGRAM_NAME);
	}
}
