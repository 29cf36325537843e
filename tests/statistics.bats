#!/usr/bin/env bats
# The statistical gate: characters are uniform per position and pooled.
#
# Each alphabet gets one chi-square test per position plus one pooled test
# (tests/stat/chisq.c): 72 tests in all, each at STAT_ALPHA
# (test_helper/common.bash, the budget of a whole CI run), so a correct
# generator fails this file with probability at most 72 x 3.125e-9
# < 2.3e-7.  The coverage check (every character seen in the pooled
# sample) adds at most N (1 - 1/N)^S for S pooled characters, below 1e-300
# for every case here.  Nothing is retried.

load test_helper/common

# Lines per alphabet; 60000 lines give >= 600000 pooled characters and an
# expected count >= 638 per cell per position (94 cells).
LINES=60000

# name:format-option:length; 20 + 22 + 10 + 16 = 68 positions, 4 pooled.

gate() {
	local alphabet
	alphabet=$("$GEN" "$@" --print-alphabet)
	run bash -c '"$1" "${@:4}" --count "$2" | "$CHISQ" "$3" "$STAT_ALPHA"' _ \
		"$GEN" "$LINES" "$alphabet" "$@"
	echo "$output"
	assert_success
	assert_output --partial "$LINES secrets"
}

@test "94 characters (pass's set), 20 positions: uniform" {
	gate --format graph --length 20
}

@test "62 characters (alnum), 22 positions: uniform" {
	gate --format alnum --length 22
}

@test "10 characters (digits), 10 positions: uniform" {
	gate --format digits --length 10
}

@test "7-character custom set, 16 positions: uniform" {
	gate --charset '@#%&*+=' --length 16
}

@test "the gate has power: a biased stream fails it" {
	# byte % 94 over uniform bytes gives characters 0-67 a weight of 3/256
	# and 68-93 a weight of 2/256.  With 1,200,000 pooled characters the
	# expected chi-square is about 32,400 against a 99.999999th percentile
	# near 200: failing to detect it has probability far below 1e-100.
	alphabet=$("$GEN" --format graph --print-alphabet)
	run bash -c 'head -c 1200000 /dev/urandom | od -An -v -tu1 |
		awk -v a="$1" '"'"'{ for (i = 1; i <= NF; i++) { s = s substr(a, $i % 94 + 1, 1);
			if (length(s) == 20) { print s; s = "" } } }'"'"' |
		"$CHISQ" "$1" "$STAT_ALPHA"' _ "$alphabet"
	echo "$output"
	assert_failure
	assert_output --partial "FAIL pooled"
}

@test "chisq rejects characters outside the alphabet and ragged lines" {
	run "$CHISQ" "ab" 0.001 <<<$'ab\nax'
	assert_failure
	assert_output --partial "not in the alphabet"
	run "$CHISQ" "ab" 0.001 <<<$'ab\nabb'
	assert_failure
	assert_output --partial "length"
}
