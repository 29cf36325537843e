#!/usr/bin/env bats
# Pronounceable passwords (--format pronounceable): the shape of what is
# printed, the lengths and groups, the figure against a count made here
# from pass-genhelper(1)'s formula, and the refusals.  Uniformity is
# statistics.bats's; that every sequence of choices gives a password of its
# own, test_pronounceable.c's.

# shellcheck disable=SC2154 # $stderr and $lines come from run --separate-stderr
bats_require_minimum_version 1.5.0
load test_helper/common
load test_helper/pronounceable

# figure_of ARGS...: the -v figure of a request, "NNN.N" (the last word
# before " bits").
figure_of() {
	gen -v "$@"
	assert_success
	[[ $stderr =~ ([0-9.]+)\ bits$ ]] || fail "no figure in '$stderr'"
	REPLY=${BASH_REMATCH[1]}
}

# expected_figure DRAWN DIGIT SYMBOLS CAPITAL [CONSONANTS VOWELS]: log2 of
# 19^(k - v) 6^v (10 d)(m (d - digit)) k, in whole numbers (python3), to
# one decimal as the helper shows it away from 128.
expected_figure() {
	REPLY=$(python3 -c '
import math, sys
d, digit, symbols, capital, c, v = (int(x) for x in sys.argv[1:7])
k = d - digit - (symbols > 0)
vowels = (k + 1) // 3
n = c ** (k - vowels) * v ** vowels
if digit: n *= 10 * d
if symbols: n *= symbols * (d - digit)
if capital: n *= k
print("%.1f" % math.log2(n))' "$1" "$2" "$3" "$4" "${5:-19}" "${6:-6}")
}

@test "the default: 35 letters of syllables, 128.7 bits, the least that reach 128" {
	gen -v -f pronounceable -n 200
	assert_success
	assert_equal "$stderr" "pass-genhelper: entropy: 35 characters, pronounceable (35 letters of 19 consonants and 6 vowels): 128.7 bits"
	assert_equal "${#lines[@]}" 200
	for line in "${lines[@]}"; do
		assert_equal "${#line}" 35
		assert_pronounceable "$line" 0 0 0
	done
	expected_figure 34 0 0 0
	[[ $(python3 -c "print($REPLY < 128)") == True ]] || fail "34 letters would do: $REPLY"
}

@test "a digit, a symbol and a capital: exactly one of each, anywhere" {
	gen -f pronounceable -d -y --capital -n 300 -l 12
	assert_success
	local first=() line
	for line in "${lines[@]}"; do
		assert_equal "${#line}" 12
		assert_pronounceable "$line" 1 1 1
		first+=("${line:0:1}")
	done
	# The digit, the symbol or the capital come first in some: 1 - (9/12 x
	# 11/12 ...) per line; none of 300 lines starting with one has odds
	# below (1 - 1/12)^300 < 1e-11.
	[[ ${first[*]} =~ [A-Z0-9[:punct:]] ]] || fail "nothing but lower-case letters first"
}

@test "groups: Apple's shape, 3 groups of 6 joined by '-'; the length counts the separators" {
	gen -v -f pronounceable --group 6 --capital --digit -n 100 20
	assert_success
	assert_equal "$stderr" "pass-genhelper: entropy: 20 characters, pronounceable (17 letters of 19 consonants and 6 vowels, a digit of 10, a capital, groups of 6): 73.8 bits"
	for line in "${lines[@]}"; do
		assert_equal "${#line}" 20
		assert_pronounceable "$line" 1 1 0 6 -
	done
	gen -f pronounceable --group 2 -s ' :' -n 20 -l 9
	assert_success
	for line in "${lines[@]}"; do
		assert_pronounceable "$line" 0 0 0 2 ' :'
	done
	gen -f pronounceable -l 7 --group 6
	assert_usage_error "a length of 7 would end inside a separator: with groups of 6, 6 or 8 characters fit"
	gen -f pronounceable -l 8 --group 2 -s ' :'
	assert_usage_error "a length of 8 would end inside a separator: with groups of 2, 6 or 9 characters fit"
	# A length offered is within 1-4096 and leaves a letter beside the
	# extras: groups of 1 and 16 characters between them take 4081 or
	# 4098; a digit, a symbol and a letter with 3 between them take 9.
	gen -f pronounceable -l 4096 --group 1 -s '!!!!!!!!!!!!!!!!'
	assert_usage_error "a length of 4096 would end inside a separator: with groups of 1, the longest that fits is 4081 characters"
	gen -f pronounceable -l 4081 --group 1 -s '!!!!!!!!!!!!!!!!'
	assert_success
	gen -f pronounceable -l 3 --group 1 -s '!!!' -d -y
	assert_usage_error "a length of 3 would end inside a separator: with groups of 1, the shortest that fits is 9 characters"
	gen -f pronounceable -l 9 --group 1 -s '!!!' -d -y
	assert_success
}

@test "the figure is log2 of the count written out from the formula" {
	local args
	# DRAWN DIGIT SYMBOLS CAPITAL [CONSONANTS VOWELS] : the options.
	while IFS=: read -r shape args; do
		# shellcheck disable=SC2086 # words of the table
		figure_of -f pronounceable $args
		local got=$REPLY
		# shellcheck disable=SC2086
		expected_figure $shape
		assert_equal "$got" "$REPLY"
	done <<-'EOF'
		1 0 0 0:-l 1
		2 0 0 0:-l 2
		3 0 0 0:-l 3
		20 0 0 0:-l 20
		12 1 0 1:-l 12 -d --capital
		12 1 32 1:-l 12 -d -y --capital
		12 0 2 0:-l 12 -y --symbols !?
		18 1 0 1:-l 20 --group 6 -d --capital
		35 0 0 0:-e 128
		31 1 32 1:-e 128 -d -y --capital
		40 0 0 1 13 4:-A --capital
		1110 0 0 0:-e 4096
		4096 0 0 0:-l 4096
	EOF
}

@test "--exclude and --no-ambiguous narrow each set; a letter goes when either case does" {
	gen -f pronounceable --print-alphabet
	assert_success
	assert_output "abcdefghijklmnoprstuvwxyz"
	gen -f pronounceable --print-alphabet -A
	assert_output "abcdefghijkmnprstuvwxyz"
	gen -f pronounceable --print-alphabet -A --capital -d
	assert_output "3479ACEFHJKMNPRTUVWXYacefhjkmnprtuvwxy"
	gen -f pronounceable --print-alphabet -x aeiu -d -x 0-4
	assert_output "56789bcdfghjklmnoprstvwxyz"
	gen -f pronounceable -x aeiouy
	assert_usage_error "--exclude and --no-ambiguous leave no vowel for a pronounceable password"
	gen -f pronounceable -d -x 0-9
	assert_usage_error "--digit: --exclude and --no-ambiguous leave no digit"
	# The separator is part of the password: they hold for it too.
	gen -f pronounceable --group 3 -x - -l 11
	assert_usage_error "--exclude or --no-ambiguous leaves out the separator '-': choose another with --separator"
	gen -f pronounceable --group 3 -A -s '|' -l 11
	assert_usage_error "--exclude or --no-ambiguous leaves out the separator '|': choose another with --separator"
	gen -f pronounceable --group 3 -x _ -s '._' -l 11
	assert_usage_error "--exclude or --no-ambiguous leaves out '_', which the separator '._' holds: choose another with --separator"
	gen -f pronounceable --group 3 -x - -s _ -l 11
	assert_success
	[[ $output =~ ^[a-z]{3}_[a-z]{3}_[a-z]{3}$ ]] || fail "got '$output'"
}

@test "what does not combine with syllables is refused, naming why" {
	gen -f pronounceable -r digit
	assert_usage_error "--require applies to characters, not to pronounceable passwords (--capital and --digit place one of each)"
	gen -f pronounceable --site apple.com
	assert_usage_error "--site and --format pronounceable cannot be combined: the rules say which characters"
	gen -f pronounceable --entry web/google.com
	assert_usage_error "--format pronounceable cannot meet the password rules of site 'google.com' (from entry 'web/google.com'): add --no-site-rules"
	gen -f pronounceable --wordlist "$TESTS_SRCDIR/../data/wordlist.txt"
	assert_usage_error "--format pronounceable makes passwords, not passphrases: leave out --wordlist"
	gen -f pronounceable -C first
	assert_usage_error "--capitalize applies to passphrases, not to pronounceable passwords"
	gen --capital -l 8
	assert_usage_error "--capital applies to pronounceable passwords: add --format pronounceable"
	gen -w --group 3
	assert_usage_error "--group applies to pronounceable passwords, not to passphrases"
	gen -f pronounceable -s -
	assert_usage_error "--separator goes with --group in a pronounceable password"
	gen -f pronounceable --group 3 -s x
	assert_usage_error "--separator of a pronounceable password is punctuation or spaces, not 'x'"
	gen -f pronounceable -y --symbols 'a!'
	assert_usage_error "--symbols: 'a' is not punctuation"
	gen -f pronounceable --symbols ''
	assert_usage_error "--symbols: '' holds no character"
	gen -f pronounceable -l 2 -d -y
	assert_usage_error "a length of 2 leaves no letter beside the digit and the symbol"
	gen -f pronounceable --group 0
	assert_usage_error "invalid group size '0'"
}

@test "dice: the choices in the documented order" {
	# One consonant and one vowel (b, a) leave the letters "bab" and only
	# the digit's place, the digit and the capital's letter to the dice;
	# with 12 sides each is one roll r, read as r - 1 (pass-genhelper(1),
	# DICE): 3 puts the digit at place 2, 7 makes it 6, 2 makes the
	# second letter the capital.
	# shellcheck disable=SC2016 # expanded by the inner bash
	run --separate-stderr bash -c 'printf "3 7 2\n" | "$1" --dice-sides 12 -f pronounceable -l 4 -d --capital -x c-xz -x eiouy' _ "$GEN"
	assert_success
	assert_equal "$output" "bA6b"
}
