/* dice.h - physical dice typed on standard input as the random source */
#ifndef PASS_GENHELPER_DICE_H
#define PASS_GENHELPER_DICE_H

#include <stdbool.h>
#include <stdint.h>

#define DEFAULT_DICE_SIDES 6
#define MAX_DICE_SIDES 120 /* the largest fair die commonly made */

/* Rolls of dice with `sides` sides are read from standard input; called by
 * random_source_init() for a dice source (uniform.h), which then routes
 * every draw to dice_below(). */
void dice_enable(unsigned sides);

/*
 * A uniform integer in [0, bound) from rolls: k rolls read as the k digits
 * of a base-`sides` number v in [0, sides^k), k the fewest with
 * sides^k >= bound; v is kept when below the largest multiple of bound that
 * fits, and then bound divides the kept range evenly, so v mod bound is
 * uniform; otherwise all k dice are rolled again.  With six-sided dice and
 * the embedded list (7776 = 6^5) that is exactly five rolls a word and
 * never a re-roll.  Ends the program (status 1) on a roll that is not a
 * number from 1 to `sides`, or when the input ends.
 */
uint32_t dice_below(uint32_t bound);

/*
 * After the last draw: when the rolls come from a pipe or file, the rest of
 * the input must be rolls too (a typo ends the program, status 1, before
 * anything is printed); unused rolls are reported.  On a terminal, nothing
 * more is read.
 */
void dice_finish(void);

/* Wipe the rolls read ahead of use (at exit: main.c). */
void dice_wipe(void);

/* How many rolls one draw below `bound` takes (k above). */
unsigned dice_rolls_per_draw(uint32_t bound);

#endif
