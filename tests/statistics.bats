#!/usr/bin/env bats
# The statistical gate: characters are uniform per position and pooled.
#
# Each alphabet gets one chi-square test per position plus one pooled test
# (tests/stat/chisq.c): 72 tests in all, and 2 for pronounceable
# passwords, each at STAT_ALPHA (test_helper/common.bash, the budget of a
# whole CI run), so a correct generator fails this file with probability
# at most 74 x 3e-9 < 2.3e-7.  The coverage check (every character seen in the pooled
# sample) adds at most N (1 - 1/N)^S for S pooled characters, below 1e-300
# for every case here.  Nothing is retried.

load test_helper/common
load test_helper/pronounceable

# Lines per alphabet; 60000 lines give >= 600000 pooled characters and an
# expected count >= 638 per cell per position (94 cells).
LINES=60000

# name:format-option:length; 20 + 22 + 10 + 16 = 68 positions, 4 pooled.

# Pronounceable passwords: every possible password of a short shape is a
# "word" of chisq --words, written out from the definition (test_helper/
# pronounceable.bash's sets), one a line, so that the test counts each
# password's own frequency: the syllables' choices and the places of the
# digit and the capital at once.  One password a line, so the position
# check and the pooled check are one statistic: one event of STAT_ALPHA
# each, two in this file.
pronounceable_gate() {
	local count=$1 list=$2
	shift 2
	run bash -c '"$1" "${@:4}" --count "$2" | "$CHISQ" --words "$3" "$STAT_ALPHA"' _ \
		"$GEN" "$count" "$list" "$@"
	echo "$output"
	assert_success
	assert_output --partial "$count passphrases of 1 words from"
}

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

@test "pronounceable, one syllable: each of the 19 x 6 x 19 = 2166 as often" {
	local list=$BATS_TEST_TMPDIR/syllables c v d
	for ((c = 0; c < ${#PRONOUNCEABLE_CONSONANTS}; c++)); do
		for ((v = 0; v < ${#PRONOUNCEABLE_VOWELS}; v++)); do
			for ((d = 0; d < ${#PRONOUNCEABLE_CONSONANTS}; d++)); do
				printf '%s%s%s\n' "${PRONOUNCEABLE_CONSONANTS:c:1}" \
					"${PRONOUNCEABLE_VOWELS:v:1}" "${PRONOUNCEABLE_CONSONANTS:d:1}"
			done
		done
	done | LC_ALL=C sort >"$list"
	assert_equal "$(wc -l <"$list")" 2166
	# 108,300 lines: 50 expected a cell; coverage fails with probability
	# 2166 (1 - 1/2166)^108300 < 1e-18.
	pronounceable_gate 108300 "$list" --format pronounceable --length 3
}

@test "pronounceable, a digit and a capital: each of their 120 places and values as often" {
	local list=$BATS_TEST_TMPDIR/placed at digit cap letters word
	# One consonant and one vowel left (b, a): 4 characters are 3 letters
	# "bab" and a digit at one of 4 places (10 values), one of the 3
	# letters upper case: 4 x 10 x 3 = 120 passwords.
	for ((at = 0; at < 4; at++)); do
		for ((digit = 0; digit < 10; digit++)); do
			for ((cap = 0; cap < 3; cap++)); do
				letters=bab
				letters=${letters:0:cap}$(tr '[:lower:]' '[:upper:]' <<<"${letters:cap:1}")${letters:cap+1}
				word=${letters:0:at}$digit${letters:at}
				printf '%s\n' "$word"
			done
		done
	done | LC_ALL=C sort >"$list"
	assert_equal "$(sort -u "$list" | wc -l)" 120
	# 24,000 lines: 200 expected a cell.
	pronounceable_gate 24000 "$list" --format pronounceable --length 4 --digit --capital \
		--exclude cdfghjklmnprstvwxz --exclude eiouy
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
