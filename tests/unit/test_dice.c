/*
 * test_dice.c - dice rolls typed on standard input: rolls per draw,
 * re-rolls, d6 words and other dice.
 */
#include "config.h"

#include "random/dice.h"
#include "secret/passphrase_draw.h"
#include "fixtures.h"
#include "tap.h"
#include "random/uniform.h"
#include "secret/words.h"

#include <stdlib.h>
#include <unistd.h>

static struct dice_source dice;

/* Put `rolls` on standard input for the dice reader. */
static void stdin_from(const char *rolls)
{
	int fds[2];

	if (pipe(fds) != 0 || write(fds[1], rolls, strlen(rolls)) != (ssize_t)strlen(rolls)) {
		printf("Bail out! pipe\n");
		exit(1);
	}
	close(fds[1]);
	dup2(fds[0], STDIN_FILENO);
	close(fds[0]);
}

int main(void)
{
	struct wordlist embedded_list;
	const struct wordlist *embedded = &embedded_list;
	struct passphrase p;
	struct word_spelling first, last;
	char out[1024];
	size_t len;

	wordlist_default(&embedded_list);
	dice_source_init(&dice, 6);
	ok(dice_rolls_per_draw(&dice, 7776) == 5 && dice_rolls_per_draw(&dice, 94) == 3 &&
	   dice_rolls_per_draw(&dice, 10) == 2 && dice_rolls_per_draw(&dice, 6) == 1 && dice_rolls_per_draw(&dice, 2) == 1,
	   "rolls per draw: 5 for 7776, 3 for 94, 2 for 10, 1 for 6 and 2");
	stdin_from("11111 11112\n66666\n6 5 4 3 2");
	ok(uniform_below(&dice.base, 7776) == 0 && uniform_below(&dice.base, 7776) == 1 && uniform_below(&dice.base, 7776) == 7775 &&
	   uniform_below(&dice.base, 7776) == 5 * 1296 + 4 * 216 + 3 * 36 + 2 * 6 + 1,
	   "five d6 a word: 11111 is 0, 11112 is 1, 66666 is 7775, blanks ignored");
	/* 94 from d6: 3 rolls, 216 values, kept below 188 = 2 * 94. */
	stdin_from("666 632 111 426");
	ok(uniform_below(&dice.base, 94) == 0 && uniform_below(&dice.base, 94) == (3 * 36 + 1 * 6 + 5) % 94,
	   "94 from 3 d6: 666 (215) and 632 (193) are re-rolled, 111 is 0, 426 is 119 mod 94");
	/* 10 from d6: 2 rolls, 36 values, kept below 30. */
	stdin_from("11 56 66 12");
	ok(uniform_below(&dice.base, 10) == 0 && uniform_below(&dice.base, 10) == 9 && uniform_below(&dice.base, 10) == 1,
	   "10 from 2 d6: 11 is 0, 56 is 29 -> 9, 66 (35) re-rolled, 12 is 1");
	p = passphrase_shape(embedded, 2);
	stdin_from("11111\n66666\n");
	len = passphrase_generate(&p, &dice.base, out);
	out[len] = '\0';
	ok(len == strlen(wordlist_word(embedded, 0, &first)) + 1 +
			  strlen(wordlist_word(embedded, 7775, &last)) &&
	   strncmp(out, first.text, strlen(first.text)) == 0 &&
	   strcmp(out + strlen(first.text) + 1, last.text) == 0,
	   "dice passphrase: 11111 66666 are the first and last words: '%s'", out);
	dice_source_init(&dice, 20);
	stdin_from("20 1\n7,13");
	ok(uniform_below(&dice.base, 20) == 19 && uniform_below(&dice.base, 20) == 0 && uniform_below(&dice.base, 400) == 6 * 20 + 12,
	   "d20: numbers separated by blanks or commas, two rolls for 400");
	return done_testing();
}
