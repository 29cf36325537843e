/* dice.h - physical dice typed on standard input as the random source */
#ifndef PASS_GENHELPER_DICE_H
#define PASS_GENHELPER_DICE_H

#include "text/bounds.h"
#include "random/source.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>


/* Rolls of dice read from standard input: the number of sides is kept here
 * and nowhere else the draws look. */
struct dice_source {
	struct random_source base;
	unsigned sides;
	char input[512];            /* typed rolls are secrets too: wiped */
	size_t input_len, input_pos;
	bool input_ended;
};

/*
 * Set up src to read rolls of dice with `sides` sides (2 to MAX_DICE_SIDES)
 * from standard input; what it held before is wiped.
 *
 * Each draw below `bound` reads k rolls as the k digits of a base-`sides`
 * number v in [0, sides^k), k the fewest with sides^k >= bound; v is kept
 * when below the largest multiple of bound that fits, and then bound
 * divides the kept range evenly, so v mod bound is uniform; otherwise all
 * k dice are rolled again.  With six-sided dice and the embedded list
 * (7776 = 6^5) that is exactly five rolls a word and never a re-roll.  A
 * roll that is not a number from 1 to `sides`, or the end of the input,
 * ends the program (status 1).  Bytes are draws below 256.
 *
 * Finishing: when the rolls come from a pipe or file, the rest of the
 * input must be rolls too (a typo ends the program, status 1, before
 * anything is printed); unused rolls are reported.  On a terminal, nothing
 * more is read.
 */
void dice_source_init(struct dice_source *src, unsigned sides);

/* How many rolls one draw below `bound` takes (k above). */
unsigned dice_rolls_per_draw(const struct dice_source *src, uint32_t bound);

#endif
