#!/usr/bin/env bats
# Passphrases: the embedded list, word-list files, site rules, entropy
# figures and dice.

# shellcheck disable=SC2154 # $stderr and $stderr_lines come from run --separate-stderr
bats_require_minimum_version 1.5.0
load test_helper/common

setup() {
	LIST=$TESTS_SRCDIR/../data/wordlist.txt
	# 64 words "aa".."hh": 6 bits a word, prefix-free.
	SMALL=$BATS_TEST_TMPDIR/small.txt
	for a in a b c d e f g h; do
		for b in a b c d e f g h; do
			printf '%s%s\n' "$a" "$b"
		done
	done >"$SMALL"
}

@test "the shipped list passes every property check" {
	run "$TESTS_SRCDIR/../tools/check-wordlist" "$LIST"
	assert_success
	refute_output --partial FAIL
	assert_line "ok: count is 7776"
	assert_line "ok: prefix-free: no word is a prefix of another"
}

@test "the compiled-in list is the shipped list" {
	run --separate-stderr "$GEN" --words --print-alphabet
	assert_success
	[[ "$output" == "$(cat "$LIST")" ]] || fail "embedded list differs from data/wordlist.txt"
}

@test "the shipped list is what tools/derive-wordlist makes from SCOWL" {
	[[ -d /usr/share/dict/scowl ]] || skip "Debian's scowl package is not installed"
	run bash -c '"$1" | cmp - "$2"' _ "$TESTS_SRCDIR/../tools/derive-wordlist" "$LIST"
	assert_success
}

@test "the default passphrase: 10 words of the list, spaces, 129.2 bits" {
	gen --words --verbose
	assert_success
	[[ ${#lines[@]} -eq 1 ]] || fail "one passphrase expected"
	read -r -a words <<<"$output"
	[[ ${#words[@]} -eq 10 ]] || fail "10 words expected: $output"
	for word in "${words[@]}"; do
		grep -qx -- "$word" "$LIST" || fail "'$word' is not in the list"
	done
	[[ $stderr == *"10 words of 7776 (embedded list): 129.2 bits" ]] || fail "$stderr"
	gen --format words
	assert_success
	gen --format passphrase
	assert_success
	gen -w 6 --verbose
	[[ $stderr == *"77.5 bits" ]] || fail "$stderr"
}

@test "entropy targets pick the fewest words" {
	gen -w --entropy 77 --verbose      # 6 words: 77.55 bits
	[[ $stderr == *"6 words of 7776"*"77.5 bits" ]] || fail "$stderr"
	gen -w --entropy 78 --verbose      # 7 words: 90.5
	[[ $stderr == *"7 words"*"90.5 bits" ]] || fail "$stderr"
	# 5 words (64.6) + random capitals (5) + digit (log2 50 = 5.6) = 75.3 >= 75
	gen -w --entropy 75 -C random -d --verbose
	[[ $stderr == *"5 words"*"total 75.3 bits" ]] || fail "$stderr"
}

# list size x words x separators x capitals x extras, against hand values:
# W log2 n, + (W-1) log2 s for random separators, + W for random capitals,
# + log2(10 W) for a digit, + log2(m W) for one of m symbols.  For example
# 4 words of 64 with -S +.- is 24 + 3 log2 3 = 28.75; 8 of 7776 with a digit
# and a symbol of 32 is 103.40 + log2 80 + log2 256 = 117.72.
@test "exact entropy for a table of passphrase shapes" {
	while read -r want args; do
		# shellcheck disable=SC2086 # args is a list of options
		run --separate-stderr "$GEN" --verbose $args
		assert_success
		[[ $stderr == *" $want bits" ]] || fail "$args: want $want bits, got: $stderr"
	done <<EOF2
24.0 --wordlist $SMALL -w 4
29.3 --wordlist $SMALL -w 4 -d
31.3 --wordlist $SMALL -w 4 -d -y --symbols !
28.0 --wordlist $SMALL -w 4 -C random
28.8 --wordlist $SMALL -w 4 -S +.-
30.0 --wordlist $SMALL -w 5 -C first
30.0 --wordlist $SMALL -w 5 -C all -s -
129.2 -w 10 -s :
103.4 -w 8 -C first
111.4 -w 8 -C random
126.7 -w 8 -S 0-9 -C all
99.5 -w 6 -S -_.+ -C random -d
117.7 -w 8 -d -y
EOF2
}

@test "separators, capitals, digit and symbol appear where they should" {
	gen --wordlist "$SMALL" -w 5 -S '+-' -C random -d -y --symbols '!?' --count 200
	assert_success
	for line in "${lines[@]}"; do
		[[ $line =~ ^([A-Ha-h][a-h][0-9]?[!?]?[+-]){4}[A-Ha-h][a-h][0-9]?[!?]?$ ]] ||
			fail "bad shape: $line"
		# The digits and the symbols of the line, kept by the shell
		# itself: two processes a line would make this the slowest test.
		[[ ${line//[^0-9]/} =~ ^[0-9]$ ]] || fail "one digit: $line"
		[[ ${line//[^!?]/} =~ ^[!?]$ ]] || fail "one symbol: $line"
	done
	gen -w 4 -C all -s ''
	[[ $output =~ ^[A-Z]+$ ]] || fail "all capitals, no separator: $output"
	gen -w 4 -C first -s '::'
	[[ $output =~ ^[A-Z][a-z]+(::[A-Z][a-z]+){3}$ ]] || fail "$output"
	gen -w 4 -s 'é'
	[[ $output =~ ^[a-z]+(é[a-z]+){3}$ ]] || fail "UTF-8 separator: $output"
}

@test "word lists from files: comments, diceware numbers, UTF-8, repeats" {
	{
		echo '# my list'
		echo
		n=11111
		while read -r word; do
			printf '%s\t%s\r\n' "$n" "$word"
			n=$((n + 1))
		done <"$SMALL"
		printf 'café\naa\naa\n'
	} >"$BATS_TEST_TMPDIR/dice.txt"
	run --separate-stderr "$GEN" --wordlist "$BATS_TEST_TMPDIR/dice.txt" -w 3 --verbose
	assert_success
	# 65 distinct words; the two repeats are dropped and said so.
	[[ $stderr == *"2 repeated words ignored; the entropy counts the 65 distinct ones"* ]] ||
		fail "$stderr"
	[[ $stderr == *"3 words of 65 ("*"): 18.1 bits" ]] || fail "$stderr"
}

@test "word-list errors name the file and line, exit 2, print nothing" {
	printf 'aa\nb b\n' >"$BATS_TEST_TMPDIR/two.txt"
	gen --wordlist "$BATS_TEST_TMPDIR/two.txt"
	assert_usage_error "two.txt', line 2: more than one word"
	printf 'aa\nb\001\n' >"$BATS_TEST_TMPDIR/ctl.txt"
	gen --wordlist "$BATS_TEST_TMPDIR/ctl.txt"
	assert_usage_error "line 2: control character"
	printf 'aa\nb\377\n' >"$BATS_TEST_TMPDIR/utf.txt"
	gen --wordlist "$BATS_TEST_TMPDIR/utf.txt"
	assert_usage_error "line 2: not valid UTF-8"
	head -n 63 "$SMALL" >"$BATS_TEST_TMPDIR/short.txt"
	gen --wordlist "$BATS_TEST_TMPDIR/short.txt"
	assert_usage_error "63 distinct words; at least 64"
	: >"$BATS_TEST_TMPDIR/empty.txt"
	gen --wordlist "$BATS_TEST_TMPDIR/empty.txt"
	assert_usage_error "is empty"
	printf 'aa\0bb\n' >"$BATS_TEST_TMPDIR/bin.txt"
	gen --wordlist "$BATS_TEST_TMPDIR/bin.txt"
	assert_usage_error "binary"
	truncate -s 17M "$BATS_TEST_TMPDIR/big.txt"
	gen --wordlist "$BATS_TEST_TMPDIR/big.txt"
	assert_usage_error "larger than 16 MiB"
	gen --wordlist "$BATS_TEST_TMPDIR/missing.txt"
	assert_usage_error "cannot open word list" "No such file"
	gen --wordlist "$BATS_TEST_TMPDIR"
	assert_usage_error "directory"
}

@test "a list that is not prefix-free needs a separator" {
	cat "$SMALL" >"$BATS_TEST_TMPDIR/prefix.txt"
	echo aab >>"$BATS_TEST_TMPDIR/prefix.txt"
	gen --wordlist "$BATS_TEST_TMPDIR/prefix.txt" -s ''
	assert_usage_error "not prefix-free"
	gen --wordlist "$BATS_TEST_TMPDIR/prefix.txt" -s '-'
	assert_success
}

@test "passphrase options that would break decoding or make no sense are refused" {
	gen -w -s b --wordlist "$SMALL"
	assert_usage_error "the separator and the word 'ab' share a character"
	gen -w -S 'ab'
	assert_usage_error "separator"
	gen -w -S '-'
	assert_usage_error "--separators needs at least 2 characters"
	gen -w -s - -S '+-'
	assert_usage_error "cannot be combined"
	gen -w -s 12345678901234567
	assert_usage_error "longer than 16 bytes"
	gen -w -s $'\t'
	assert_usage_error "printable"
	gen -w -C shout
	assert_usage_error "invalid capitalization 'shout'"
	gen -w -y --symbols ' '
	assert_usage_error "symbol ' '"
	gen -w -d -s 7
	assert_usage_error "digit"
	gen -w 1025
	assert_usage_error "maximum is 1024 words"
	for option in "--charset a-z" "--exclude a" "--require lower" "--no-ambiguous" \
		"--bytes 16" "--format hex"; do
		# shellcheck disable=SC2086 # two words
		gen -w $option
		assert_usage_error "applies to characters"
	done
	for option in "--separator -" "--separators +-" "--capitalize first" "--digit" "--symbol"; do
		# shellcheck disable=SC2086 # an option and its value, split into words
		gen $option
		assert_usage_error "applies to passphrases"
	done
}

@test "dice: five d6 a word, 11111 is the first word and 66666 the last" {
	first=$(head -n 1 "$LIST")
	last=$(tail -n 1 "$LIST")
	run --separate-stderr "$GEN" -w 2 --dice <<<$'11111\n66666'
	assert_success
	assert_output "$first $last"
	# The 7777th of 7776 never needs a re-roll: 3 words take exactly 15 rolls.
	run --separate-stderr "$GEN" -w 3 --dice <<<'111111111111111'
	assert_output "$first $first $first"
}

@test "dice for characters, with re-rolls, and other dice" {
	# digits from d6: 2 rolls (36 values), kept below 30: 56 is 29 -> 9,
	# 66 is 35 and is rolled again, 12 is 1.
	run --separate-stderr "$GEN" --format digits --length 2 --dice <<<'56 66 12'
	assert_success
	assert_output 91
	# d20, one roll per digit... 20 values kept below 20: 20 is 19 -> 9.
	run --separate-stderr "$GEN" --format digits --length 2 --dice-sides 20 <<<'20 11'
	assert_success
	assert_output 90
	# hex from d16 rolls: one roll a character.
	run --separate-stderr "$GEN" --format hex --length 4 --dice-sides 16 <<<'1 16 11 2'
	assert_output 0fa1
}

@test "dice: a bad roll or too few rolls print nothing and exit 1" {
	run --separate-stderr "$GEN" -w 2 --dice <<<'11111 11117'
	assert_runtime_error "invalid die roll '7'"
	run --separate-stderr "$GEN" -w 2 --dice <<<'11111 1111'
	assert_runtime_error "not enough dice rolls"
	run --separate-stderr "$GEN" -w 2 --dice <<<'11111 1x111'
	assert_runtime_error "invalid die roll 'x'"
	run --separate-stderr "$GEN" --format digits -l 1 --dice-sides 20 <<<'21'
	assert_runtime_error "invalid die roll '21'"
	# Nothing of the first passphrase leaks when the second runs dry.
	run --separate-stderr "$GEN" -w 1 --count 2 --dice <<<'11111'
	assert_runtime_error "not enough dice rolls"
	gen --dice-sides 1
	assert_usage_error "minimum is 2"
	gen --dice-sides 121
	assert_usage_error "maximum is 120"
	gen --dice --count 100000
	assert_usage_error "with dice"
}

# 250,000 words, one per passphrase, from the 7776-word list: expected 32
# per word.  With one word a line the position check and the pooled check
# are the same test, each at STAT_ALPHA (test_helper/common.bash); coverage
# adds 7776 (1 - 1/7776)^250000 < 1e-10.
@test "chi-square: word frequencies of the embedded list are uniform" {
	run bash -c '"$1" -w 1 --count 250000 | "$2" --words "$3" "$STAT_ALPHA"' _ "$GEN" "$CHISQ" "$LIST"
	echo "$output"
	assert_success
	assert_output --partial "250000 passphrases of 1 words from 7776"
}

# 60,000 passphrases of 4 words from 64: per word position and pooled, 5
# checks at STAT_ALPHA each.
@test "chi-square: each word position is uniform (64-word list)" {
	run bash -c '"$1" --wordlist "$3" -w 4 --count 60000 | "$2" --words "$3" "$STAT_ALPHA"' _ \
		"$GEN" "$CHISQ" "$SMALL"
	echo "$output"
	assert_success
	assert_output --partial "60000 passphrases of 4 words from 64, 5 checks"
}
