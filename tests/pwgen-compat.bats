#!/usr/bin/env bats
# The pwgen-compatible command (pass-genhelper called as pwgen) side by side
# with Debian's pwgen 2.08: the claims of the table in
# pass-genhelper-pwgen(1), row by row, and the calls of pass 1.6.
#
# Probabilistic checks and their odds of failing on a correct program:
#   - a character set seen in 3000 passwords of 20 characters (60000
#     characters): a character of a set of at most 94 is missed with
#     probability at most 94 * (1 - 1/94)^60000 < 1e-270 (candidates that
#     break a class rule are rejected, which only makes the rarest
#     class more frequent);
#   - "some password lacks a class" in 2000 passwords of 2 or 3 characters:
#     each lacks it with probability above 0.2, so all 2000 hold it with
#     probability below 0.8^2000 < 1e-190.

# status, output, lines and stderr are set by bats' `run`.
# shellcheck disable=SC2154

bats_require_minimum_version 1.5.0

load test_helper/common
load test_helper/pronounceable
load test_helper/pwgen

setup_file() {
	pwgen_setup_file
}

# both OPTIONS...: run pwgen and the command under test with the same
# arguments; $real_* and $ours_* hold status, stdout and stderr.
both() {
	run --separate-stderr "$REAL_PWGEN" "$@"
	real_status=$status real_output=$output real_stderr=$stderr
	run --separate-stderr "$PWGEN_COMPAT" "$@"
	ours_status=$status ours_output=$output ours_stderr=$stderr
}

# A usage error of the command under test: status 2, one message in the
# project's style, and the hint, both naming it as it was called.
assert_ours_usage_error() {
	# assert_message_style reads PROG.
	# shellcheck disable=SC2034
	local PROG=${PWGEN_COMPAT##*/}

	assert_equal "$ours_status" 2
	assert_equal "$ours_output" ""
	assert_message_style "${ours_stderr%%$'\n'*}"
	[[ $ours_stderr != *pass-genhelper:* ]] || fail "named pass-genhelper: $ours_stderr"
	[[ $ours_stderr == *$'\n'"Try '$PWGEN_COMPAT --help' for more information." ]] ||
		fail "no hint: $ours_stderr"
}

# Every line of $2 (one password a line) holds a character of the class
# $1 (upper, digit, ...).
assert_each_line_has() {
	local missing

	missing=$(LC_ALL=C grep -v "[[:$1:]]" <<<"$2") && fail "no $1 character in: $missing"
	return 0
}

# Some line of $2 holds no character of the class $1.
assert_some_line_lacks() {
	LC_ALL=C grep -q -v "[[:$1:]]" <<<"$2" || fail "every line has a $1 character"
}

@test "pwgen-compat: pass 1.6's 'pwgen -s -y 25 1' and 'pwgen -s 25 1' are answered by pass-genhelper" {
	local length=25 symbols pass dir
	dir=$(dirname "$PWGEN_COMPAT")

	# pass 1.6's cmd_generate, with the command under test first in PATH.
	for symbols in -y ""; do
		pass="$(PATH="$dir:$PATH" && command -v pwgen >"$BATS_TEST_TMPDIR/which" &&
			pwgen -s $symbols $length 1 2>"$BATS_TEST_TMPDIR/stderr")"
		assert_equal "$(cat "$BATS_TEST_TMPDIR/which")" "$PWGEN_COMPAT"
		assert_equal "$(readlink -f "$PWGEN_COMPAT")" "$(readlink -f "$GEN")"
		assert_equal "$(cat "$BATS_TEST_TMPDIR/stderr")" ""
		assert_equal "${#pass}" 25
		assert_equal "$(wc -l <<<"$pass")" 1
		if [[ -n $symbols ]]; then
			assert_equal "$(printf '%s' "$pass" | LC_ALL=C tr -d '[:graph:]')" ""
		else
			assert_equal "$(printf '%s' "$pass" | LC_ALL=C tr -d '[:alnum:]')" ""
		fi
	done
	# The rules, on many at once.
	run --separate-stderr "$PWGEN_COMPAT" -s -y 25 1000
	assert_success
	assert_equal "${#lines[@]}" 1000
	assert_each_line_has upper "$output"
	assert_each_line_has digit "$output"
	assert_each_line_has punct "$output"
	assert_equal "$(printf '%s' "$output" | LC_ALL=C tr -d '[:graph:]\n')" ""
}

@test "pwgen-compat: the help says who answers, on standard output" {
	both -h
	assert_equal "$real_status" 1
	assert_equal "$real_output" ""
	[[ $real_stderr == "Usage: pwgen "* ]] || fail "pwgen's help: $real_stderr"
	assert_equal "$ours_status" 0
	assert_equal "$ours_stderr" ""
	[[ $ours_output == *pass-genhelper* && $ours_output == "Usage: pwgen "* ]] ||
		fail "help: $ours_output"
	# It says what the command does without -s: pronounceable passwords.
	[[ $ours_output == *"Without -s, -v or -r, from 5 characters on, passwords are pronounceable"* ]] ||
		fail "help: $ours_output"
}

@test "pwgen-compat: table, characters: the same set as pwgen for each option" {
	local options real ours

	for options in "" -0 -A -y -B -v "-r abcXYZ019!\\-" "-0 -A -y" "-A -0" "-A -c" "-0 -n" \
		"-B -v -y" "-y -B -r %"; do
		# shellcheck disable=SC2086 # options split into words
		real=$("$REAL_PWGEN" -s -1 $options 20 3000 | pwgen_chars_seen)
		# shellcheck disable=SC2086
		ours=$("$PWGEN_COMPAT" -s -1 $options 20 3000 | pwgen_chars_seen)
		[[ $real == "$ours" ]] || fail "'$options': pwgen '$real', ours '$ours'"
	done
}

@test "pwgen-compat: table, at least one: of each class that is on, above 2 characters, never a lower-case letter" {
	local program

	for program in "$REAL_PWGEN" "$PWGEN_COMPAT"; do
		run --separate-stderr "$program" -s -y 3 2000
		assert_success
		assert_each_line_has upper "$output"
		assert_each_line_has digit "$output"
		assert_each_line_has punct "$output"
		assert_some_line_lacks lower "$output"
		run --separate-stderr "$program" -s -y 2 2000
		assert_success
		assert_some_line_lacks upper "$output"
		assert_some_line_lacks digit "$output"
		assert_some_line_lacks punct "$output"
		# Without -s too (pwgen's pronounceable kind above 4).
		run --separate-stderr "$program" -y 8 2000
		assert_success
		assert_each_line_has upper "$output"
		assert_each_line_has digit "$output"
		assert_each_line_has punct "$output"
	done
}

@test "pwgen-compat: table, no -s: the helper's syllables, one capital and one digit; -v and -r imply -s" {
	local line
	both 12 2000
	assert_equal "$real_status" 0
	assert_equal "$ours_status" 0
	assert_equal "$ours_stderr" ""
	while IFS= read -r line; do
		assert_equal "${#line}" 12
		assert_pronounceable "$line" 1 1 0
	done <<<"$ours_output"
	# -A, -0, -y and -B mean there what they mean for pwgen's phonemes.
	run --separate-stderr "$PWGEN_COMPAT" -1 -A -0 -y 10 200
	assert_success
	while IFS= read -r line; do
		assert_pronounceable "$line" 0 0 1
	done <<<"$output"
	run --separate-stderr "$PWGEN_COMPAT" -1 -B 10 200
	assert_success
	[[ $(LC_ALL=C tr -d '\n' <<<"$output" | LC_ALL=C tr -cd 'B8G6I1l0OQDS5Z2bdgiosz') == "" ]] ||
		fail "-B let a look-alike or a letter whose capital is one through: $output"
	for options in "-v 12" "-r x 12" "-s 12" "4" "-y 4"; do
		# shellcheck disable=SC2086 # options split into words
		run --separate-stderr "$PWGEN_COMPAT" $options
		assert_success
		assert_equal "$stderr" ""
	done
}

@test "pwgen-compat: table, -H: pwgen hashes a file, refused here" {
	echo seed >"$BATS_TEST_TMPDIR/seed"
	both -H "$BATS_TEST_TMPDIR/seed" 8
	assert_equal "$real_status" 0
	assert_equal "${#real_output}" 8
	assert_ours_usage_error
	[[ $ours_stderr == *"-H/--sha1 is refused"* ]] || fail "$ours_stderr"
}

@test "pwgen-compat: table, defaults: 8 characters, 1 password, or 20 rows of columns on a terminal" {
	local program out

	both
	assert_equal "$real_status" 0
	assert_equal "$ours_status" 0
	assert_equal "${#real_output}" 8
	assert_equal "${#ours_output}" 8
	for program in "$REAL_PWGEN" "$PWGEN_COMPAT"; do
		# On a terminal (script(1) gives one): 80 / 9 = 8 a line.
		out=$(script -qec "'$program' -s" /dev/null </dev/null | tr -d '\r')
		assert_equal "$(wc -l <<<"$out")" 20
		assert_equal "$(awk 'NF != 8 || length($0) != 8 * 9 - 1' <<<"$out")" ""
		out=$(script -qec "'$program' -s 30" /dev/null </dev/null | tr -d '\r')
		assert_equal "$(awk 'NF != 2 || length($1) != 30' <<<"$out")" ""
		assert_equal "$(wc -l <<<"$out")" 20
		# -1 on a terminal: one password.
		out=$(script -qec "'$program' -1 -s" /dev/null </dev/null | tr -d '\r')
		assert_equal "${#out}" 8
		# -C without one: columns, 7 passwords in 2 rows.
		out=$("$program" -C -s 10 9)
		assert_equal "$(awk '{ print NF }' <<<"$out" | tr '\n' ' ')" "7 2 "
		# The count, as -N or an argument: the argument wherever -N
		# stands (getopt reads the options first).
		assert_equal "$("$program" -s -N 3 | wc -l)" 3
		assert_equal "$("$program" -s -N 3 8 2 | wc -l)" 2
		assert_equal "$("$program" -s 8 2 -N 3 | wc -l)" 2
	done
}

@test "pwgen-compat: table, -r leaving a class empty: pwgen's error, exit 1; ours, exit 2" {
	both -s -r 0123456789 12
	assert_equal "$real_status" 1
	assert_equal "$real_stderr" "Error: No digits left in the valid set"
	assert_ours_usage_error
	[[ $ours_stderr == *"no digits left"* ]] || fail "$ours_stderr"
	both -0 -A -r abcdefghijklmnopqrstuvwxyz 12
	assert_equal "$real_status" 1
	assert_ours_usage_error
	# With -0 the digits are not wanted: no error.
	both -s -0 -r 0123456789 12
	assert_equal "$real_status" 0
	assert_equal "$ours_status" 0
}

@test "pwgen-compat: every message names the command as it was called, the helper's own checks too" {
	# Called through PATH as pwgen, as pass 1.6 and QtPass call it: the
	# message of the helper's spec check and its "Try" line say pwgen.
	# shellcheck disable=SC2016 # expanded by the inner bash
	run --separate-stderr bash -c 'PATH=$1:$PATH pwgen -1 -0 -A -r bcdefghijklmnopqrstuvwxyz 8' _ "${PWGEN_COMPAT%/*}"
	assert_equal "$status" 2
	assert_equal "$output" ""
	assert_equal "$stderr" "pwgen: the character set has only one character: nothing would be random
Try 'pwgen --help' for more information."
	# shellcheck disable=SC2016 # expanded by the inner bash
	run --separate-stderr bash -c 'PATH=$1:$PATH pwgen -1 -B -0 -A -r bcdfghjklmnpqrstvwxyz -v 8' _ "${PWGEN_COMPAT%/*}"
	assert_equal "$status" 2
	assert_equal "$stderr" "pwgen: no characters left to draw from after -r, -B and -v
Try 'pwgen --help' for more information."
	# Called by its path: the message names pwgen, the hint the path.
	run --separate-stderr "$PWGEN_COMPAT" -s -0 -A -r bcdefghijklmnopqrstuvwxyz 8
	assert_equal "$status" 2
	[[ $stderr == "pwgen: "*$'\n'"Try '$PWGEN_COMPAT --help' for more information." ]] || fail "$stderr"
}

@test "pwgen-compat: table, numbers: bad ones are exit 1 for pwgen, 2 here" {
	both abc
	assert_equal "$real_status" 1
	assert_equal "$real_stderr" "Invalid password length: abc"
	assert_ours_usage_error
	[[ $ours_stderr == *"'abc'"* ]] || fail "$ours_stderr"
	both 8 x
	assert_equal "$real_status" 1
	assert_ours_usage_error
	# 0: an empty line from pwgen, a count of 0 nothing.
	both 0
	assert_equal "$real_status" 0
	assert_equal "$real_output" ""
	assert_ours_usage_error
	both 5 0
	assert_equal "$real_status" 0
	assert_equal "$real_output" ""
	assert_ours_usage_error
	# strtol base 0: octal and hexadecimal for pwgen.
	both 010
	assert_equal "${#real_output}" 8
	assert_ours_usage_error
	both 0x10
	assert_equal "${#real_output}" 16
	assert_ours_usage_error
	# Bounds.
	run --separate-stderr "$PWGEN_COMPAT" -s 4097
	assert_equal "$status" 2
	run --separate-stderr "$PWGEN_COMPAT" -s 4096 1
	assert_success
	assert_equal "${#output}" 4096
	run --separate-stderr "$PWGEN_COMPAT" -s 8 1000000001
	assert_equal "$status" 2
	run --separate-stderr "$PWGEN_COMPAT" -s -N 1000000001 8
	assert_equal "$status" 2
}

@test "pwgen-compat: table, unknown options and a third argument" {
	both -x
	assert_equal "$real_status" 1
	assert_ours_usage_error
	assert_equal "${ours_stderr%%$'\n'*}" "pwgen: unknown option '-x'"
	both --frobnicate
	assert_equal "$real_status" 1
	assert_ours_usage_error
	assert_equal "${ours_stderr%%$'\n'*}" "pwgen: unknown option '--frobnicate'"
	# An abbreviation of several long options is ambiguous, not unknown,
	# as pwgen's getopt says too.
	both --no 8
	assert_equal "$real_status" 1
	[[ $real_stderr == *"'--no' is ambiguous"* ]] || fail "pwgen: $real_stderr"
	assert_ours_usage_error
	assert_equal "${ours_stderr%%$'\n'*}" "pwgen: option '--no' is ambiguous; possibilities: '--no-numerals' '--no-capitalize' '--no-vowels'"
	both -N
	assert_equal "$real_status" 1
	assert_ours_usage_error
	assert_equal "${ours_stderr%%$'\n'*}" "pwgen: option '-N' requires an argument"
	both -s 5 2 9
	assert_equal "$real_status" 0
	assert_equal "$(wc -l <<<"$real_output")" 2
	assert_ours_usage_error
}

@test "pwgen-compat: every option of pwgen 2.08, long and short, is taken" {
	local option

	for option in -c --capitalize -A --no-capitalize -n --numerals -0 --no-numerals \
		-y --symbols -B --ambiguous -v --no-vowels -s --secure -a --alt-phonics -1 -C \
		"-r x" "--remove-chars=x" "-N 2" "--num-passwords=2"; do
		# shellcheck disable=SC2086 # an option and its argument
		run --separate-stderr "$REAL_PWGEN" $option 10
		assert_success
		# shellcheck disable=SC2086
		run --separate-stderr "$PWGEN_COMPAT" $option 10
		assert_success
	done
}

@test "pwgen-compat: QtPass's arguments, every combination" {
	local secure capitals numerals symbols out

	for secure in "" --secure; do
		for capitals in --capitalize --no-capitalize; do
			for numerals in --numerals --no-numerals; do
				for symbols in "" --symbols; do
					# shellcheck disable=SC2086 # the empty ones vanish
					out=$("$PWGEN_COMPAT" -1 $secure $capitals $numerals $symbols 16 2>/dev/null) ||
						fail "exit status $? for $secure $capitals $numerals $symbols"
					assert_equal "${#out}" 16
				done
			done
		done
	done
}

@test "pwgen-compat: completion: bash by bash-completion's pwgen (from this --help), fish by its snippet" {
	# bash falls back from a path to its last element, so bash-completion's
	# completion of pwgen completes this command, with the options that
	# its --help lists.
	run bash -c 'source /usr/share/bash-completion/bash_completion
		cmd=$1
		[[ $(complete -p -D) =~ -F\ ([^ ]+) ]] && "${BASH_REMATCH[1]}" "$cmd"
		# As bash does: the spec of the path, or else of its last element.
		spec=$(complete -p "$cmd" 2>/dev/null || complete -p "${cmd##*/}") || exit 1
		[[ $spec =~ -F\ ([^ ]+) ]] || exit 1
		COMP_WORDS=("$cmd" "$2") COMP_CWORD=1 COMP_LINE="$cmd $2" COMP_POINT=$((${#cmd} + 1 + ${#2}))
		"${BASH_REMATCH[1]}" "$cmd" "$2" "$cmd"
		printf "%s\n" "${COMPREPLY[@]}"' _ "$PWGEN_COMPAT" --
	assert_success
	assert_line -- --symbols
	assert_line -- --remove-chars
	assert_line -- --num-passwords
	refute_line -- --sha1
	# fish in a HOME of its own: nothing of the user's, and nothing written
	# to the real one.
	mkdir -p "$BATS_TEST_TMPDIR/home"
	run env HOME="$BATS_TEST_TMPDIR/home" XDG_CONFIG_HOME="$BATS_TEST_TMPDIR/home/.config" \
		fish -c "${PWGEN_FISH_SNIPPET:+source $PWGEN_FISH_SNIPPET;} complete -C '$PWGEN_COMPAT --sy'"
	assert_success
	assert_output $'--symbols\tSymbols too, at least one'
	# Not for Debian's pwgen.
	run env HOME="$BATS_TEST_TMPDIR/home" XDG_CONFIG_HOME="$BATS_TEST_TMPDIR/home/.config" \
		fish -c "${PWGEN_FISH_SNIPPET:+source $PWGEN_FISH_SNIPPET;} complete -C '$REAL_PWGEN --sy'"
	assert_output ""
}
