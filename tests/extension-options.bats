#!/usr/bin/env bats
# `pass gen` (pass-gen(1)) with the helper's options (formats, lengths,
# classes, passphrases, the entropy report, the strength rule) and
# finding the helper;
# run through the real /usr/bin/pass with real gpg and git, side by side
# with the real `pass generate` wherever the two should agree; the
# helpers and the store are in test_helper/extension.bash.
#
# Entropy arithmetic (log2 N to 5 places): 94 -> 6.55459, 62 -> 5.95420,
# 16 -> 4, 10 -> 3.32193, 6 -> 2.58496, 7776 -> 12.92481.  Probabilistic
# checks state their false-failure odds; every one is below 1e-9.  Nothing
# is retried.

# status, output, lines, stderr are set by bats' `run`; REF_* and NEW_* by
# compare_verbs; single-quoted scripts get their values as "$1"...; every
# @test runs in its own subshell, so its exports are meant to stay local.
# shellcheck disable=SC2154,SC2016,SC2030,SC2031

bats_require_minimum_version 1.5.0

load test_helper/extension

# ---------------------------------------------------------------------------
# The helper's options

@test "--entropy and -e: shortest length from pass's 94 characters" {
	# 64 bits: 9 characters give 59.0, 10 give 65.5.
	gen_pass --entropy 64 x
	assert_success
	assert_stored_equals_printed x
	assert_length "$PW" 10
	gen_pass -e 128 -n y
	assert_success
	assert_stored_equals_printed y
	# 128 bits from 62: 21 give 125.0, 22 give 131.0.
	assert_length "$PW" 22
	assert_chars_in "$PW" '[:alnum:]'
}

@test "--format digits, hex and -t: alphabet and pass's default length" {
	gen_pass --format digits x
	assert_success
	assert_stored_equals_printed x
	assert_length "$PW" 25
	assert_chars_in "$PW" '0-9'
	gen_pass --format hex y 40
	assert_success
	assert_stored_equals_printed y
	assert_length "$PW" 40
	assert_chars_in "$PW" '0-9a-f'
	gen_pass -t digits pin 6
	assert_success
	assert_stored_equals_printed pin
	assert_length "$PW" 6
	assert_chars_in "$PW" '0-9'
}

@test "--bytes 16 --format base64: 22 base64 characters" {
	gen_pass --format base64 --bytes 16 token
	assert_success
	assert_stored_equals_printed token
	assert_length "$PW" 22
	assert_chars_in "$PW" 'A-Za-z0-9+/'
}

@test "--words: 10 words by default; pass gen -w x 5: 5 words" {
	# 10 words of 7776: 129.2 bits, the helper's 128-bit default.
	gen_pass --words x
	assert_success
	assert_stored_equals_printed x
	assert_words "$PW" 10
	gen_pass -w y 5
	assert_success
	assert_stored_equals_printed y
	assert_words "$PW" 5
}

@test "-t pronounceable: the helper's 128-bit target, not pass's 25; a policy's groups, capital and digit" {
	# 35 letters reach 128.7 bits; pass's 25 would give 92.
	export PASSWORD_STORE_GENERATED_LENGTH=abc
	gen_pass -t pronounceable x
	assert_success
	assert_stored_equals_printed x
	assert_length "$PW" 35
	assert_pronounceable "$PW" 0 0 0
	# Apple's shape from a policy: 73.8 bits, below 128, so only with
	# consent (write_policy gives it).
	write_policy shop '--format pronounceable' '--group 6' '--capital' '--digit' '--length 20'
	PASSWORD_STORE_GEN_ALLOW_WEAK='' gen_pass shop/x
	assert_failure 1
	[[ ${stderr_lines[0]} == *"gives 73.8 bits, less than 128"* ]] || fail "stderr: '$stderr'"
	[[ ! -e $PASSWORD_STORE_DIR/shop/x.gpg ]]
	gen_pass -v shop/x
	assert_success
	assert_stored_equals_printed shop/x
	assert_length "$PW" 20
	assert_pronounceable "$PW" 1 1 0 6 -
	assert_equal "${stderr_lines[1]}" "pass-genhelper: entropy: 20 characters, pronounceable (17 letters of 19 consonants and 6 vowels, a digit of 10, a capital, groups of 6): 73.8 bits"
}

@test "--words with an entropy target: 60 bits -> 5 words" {
	# 4 words give 51.7 bits, 5 give 64.6.
	gen_pass --words --entropy 60 x
	assert_success
	assert_stored_equals_printed x
	assert_words "$PW" 5
}

@test "--require: every class present" {
	local name
	for name in r1 r2 r3; do
		gen_pass --require lower,upper,digit,punct "$name" 4
		assert_success
		assert_stored_equals_printed "$name"
		assert_length "$PW" 4
		[[ $PW == *[[:lower:]]* && $PW == *[[:upper:]]* && $PW == *[[:digit:]]* && $PW == *[[:punct:]]* ]] ||
			fail "not every class in '$PW'"
	done
	gen_pass -r digit -n r4 2
	assert_success
	assert_stored_equals_printed r4
	[[ $PW == *[[:digit:]]* ]]
}

@test "--exclude and -x: excluded characters never appear" {
	# 200 characters from 94 - 6 = 88; the check is exact, not probabilistic.
	gen_pass --exclude 'abcXYZ' x 200
	assert_success
	assert_stored_equals_printed x
	assert_length "$PW" 200
	[[ $PW != *[abcXYZ]* ]] || fail "excluded characters in '$PW'"
	gen_pass -x '[:punct:]' y 100
	assert_success
	assert_stored_equals_printed y
	assert_chars_in "$PW" '[:alnum:]'
}

@test "--no-ambiguous and -A: no look-alikes" {
	local text
	tr_literal_set "$AMBIGUOUS"
	gen_pass --no-ambiguous x 300
	assert_success
	assert_stored_equals_printed x
	text="$(printf '%s' "$PW" | LC_ALL=C tr -dc "$REPLY")"
	assert_equal "$text" ""
	gen_pass -A -n y 300
	assert_success
	assert_stored_equals_printed y
	text="$(printf '%s' "$PW" | LC_ALL=C tr -dc "$REPLY")"
	assert_equal "$text" ""
	assert_chars_in "$PW" '[:alnum:]'
}

@test "--show-entropy and -v: the exact figure in bits on stderr" {
	# 25 characters of 94: 25 * 6.55459 = 163.86 -> 163.9 bits.
	gen_pass --show-entropy x
	assert_success
	[[ $stderr == *" 163.9 bits" ]] || fail "stderr: '$stderr'"
	assert_stored_equals_printed x
	# 8 digits: 8 * 3.32193 = 26.58 -> 26.6 bits.
	gen_pass -v -t digits y 8
	assert_success
	[[ $stderr == *" 26.6 bits" ]] || fail "stderr: '$stderr'"
	# Without it, nothing on stderr.
	gen_pass z
	assert_success
	assert_equal "$stderr" ""
}

@test "--separator, --capitalize, --digit, --symbol shape a passphrase" {
	gen_pass --words --separator - w1 4
	assert_success
	assert_stored_equals_printed w1
	[[ $PW =~ ^[a-z]+(-[a-z]+){3}$ ]] || fail "'$PW'"
	assert_words "${PW//-/ }" 4
	gen_pass -w -s . -C first w2 4
	assert_success
	assert_stored_equals_printed w2
	[[ $PW =~ ^[A-Z][a-z]*(\.[A-Z][a-z]*){3}$ ]] || fail "'$PW'"
	gen_pass -w --digit w3 4
	assert_success
	assert_stored_equals_printed w3
	[[ ${PW//[^0-9]/} =~ ^[0-9]$ ]] || fail "expected one digit: '$PW'"
	gen_pass -w --symbol --separator _ w4 4
	assert_success
	assert_stored_equals_printed w4
	local symbols=${PW//[a-z]/}
	[[ ${#symbols} -eq 4 ]] || fail "expected 3 separators and one symbol: '$PW'"
	gen_pass -w -y -d --capitalize all w5 3
	assert_success
	assert_stored_equals_printed w5
	[[ ${PW//[^0-9]/} =~ ^[0-9]$ && $PW != *[a-z]* ]] || fail "'$PW'"
}

@test "--wordlist FILE: words from that file only" {
	# 100 words zqaa ... zqjj (the helper wants at least 64), none in the
	# embedded list; the check is that nothing else appears.
	printf 'zq%s\n' {a..j}{a..j} >"$BATS_TEST_TMPDIR/words.txt"
	gen_pass --wordlist words.txt x 30
	assert_success
	assert_stored_equals_printed x
	assert_zq_words 30
}

@test "helper usage errors: non-zero exit, helper's reason, entry unchanged" {
	prepare_x
	local before
	before="$(store_snapshot)"
	gen_pass -f --require punct -n x
	assert_failure
	[[ $stderr == *"pass-genhelper: "*punct* ]] || fail "stderr: '$stderr'"
	assert_equal "$(store_snapshot)" "$before"
	gen_pass -f --format nonsense x
	assert_failure
	[[ $stderr == *"pass-genhelper: "* ]] || fail "stderr: '$stderr'"
	assert_equal "$(store_snapshot)" "$before"
	gen_pass -i --entropy 0 x
	assert_failure
	assert_equal "$(store_snapshot)" "$before"
	gen_pass -f --bytes 16 x
	assert_failure
	assert_equal "$(store_snapshot)" "$before"
	assert_equal "$(store_password x)" old-password
}

@test "helper error: its reason without the --help hint, then 'no password generated'" {
	gen_pass --format nonsense x
	assert_failure 1
	assert_equal "$output" ""
	[[ ${stderr_lines[0]} == "pass-genhelper: "* ]] || fail "stderr: '$stderr'"
	[[ $stderr != *"Try 'pass-genhelper --help'"* ]] || fail "the helper's --help hint was shown: '$stderr'"
	assert_equal "${stderr_lines[${#stderr_lines[@]} - 1]}" "Error: no password generated; nothing was changed."
	# With a policy, the helper's message names it.
	write_policy bank '--format digits' '--require upper'
	gen_pass bank/x
	assert_failure 1
	assert_equal "$stderr" "pass-genhelper: with the options of the policy file '$PASSWORD_STORE_DIR/bank/.pass-gen': --require upper is impossible: the alphabet has no upper characters
Error: no password generated; nothing was changed."
}

@test "helper error for an entry in new folders: no folder is made" {
	local before
	before="$(store_snapshot)"
	gen_pass --format nonsense new/folder/x
	assert_failure 1
	[[ ! -e $PASSWORD_STORE_DIR/new ]] || fail "folder made: $(find "$PASSWORD_STORE_DIR/new")"
	assert_equal "$(store_snapshot)" "$before"
}

@test "format aliases: -t pass and -t default are pass's 94, -t passphrase is words" {
	gen_pass -t pass x
	assert_success
	assert_stored_equals_printed x
	assert_length "$PW" 25
	assert_chars_in "$PW" '[:punct:][:alnum:]'
	gen_pass -t default y 30
	assert_success
	assert_stored_equals_printed y
	assert_length "$PW" 30
	gen_pass -t passphrase z
	assert_success
	assert_stored_equals_printed z
	assert_words "$PW" 10
}

@test "long options abbreviated as getopt allows" {
	gen_pass --no-sym --ent 64 --show-ent x
	assert_success
	assert_stored_equals_printed x
	# 64 bits from 62: 10 give 59.5, 11 give 65.5.
	assert_length "$PW" 11
	assert_chars_in "$PW" '[:alnum:]'
	[[ $stderr == *" 65.5 bits" ]] || fail "stderr: '$stderr'"
}

@test "documented differences: pass-length 010 is 10; over 4096 or a one-character set fails cleanly" {
	gen_pass x 010
	assert_success
	assert_stored_equals_printed x
	assert_length "$PW" 10
	local before
	before="$(store_snapshot)"
	gen_pass y 5000
	assert_failure 1
	assert_equal "$(store_snapshot)" "$before"
	PASSWORD_STORE_CHARACTER_SET=a gen_pass y
	assert_failure 1
	assert_equal "$(store_snapshot)" "$before"
}

@test "-n with --format: refused, nothing written" {
	local before
	before="$(store_snapshot)"
	gen_pass -n --format hex x
	assert_failure 1
	[[ $stderr == *"--no-symbols and --format cannot be combined"* ]] || fail "stderr: '$stderr'"
	assert_equal "$(store_snapshot)" "$before"
}

@test "pass-length '' is no pass-length: 25 characters, as pass generate" {
	compare_verbs x x ''
	assert_same_as_generate
	assert_equal "$NEW_STATUS" 0
	assert_length "$NEW_PASSWORD" 25
}

@test "lengths with leading zeros are decimal: 08, 09, 0009 and PASSWORD_STORE_GENERATED_LENGTH=09" {
	local arg
	for arg in 08:8 09:9 0009:9 000012:12; do
		gen_pass -f x "${arg%%:*}"
		assert_success
		assert_equal "$stderr" ""
		assert_stored_equals_printed x
		assert_length "$PW" "${arg#*:}"
	done
	PASSWORD_STORE_GENERATED_LENGTH=09 gen_pass -f x
	assert_success
	assert_equal "$stderr" ""
	assert_stored_equals_printed x
	assert_length "$PW" 9
	# Zero written with leading zeros is still zero: pass's message.
	local before
	before="$(store_snapshot)"
	gen_pass -f x 000
	assert_failure 1
	assert_equal "$stderr" "Error: pass-length must be greater than zero."
	assert_equal "$(store_snapshot)" "$before"
}

@test "PASSWORD_STORE_GENERATED_ENTROPY counts random bytes: 18 gives at least 144 bits" {
	export PASSWORD_STORE_GENERATED_ENTROPY=18
	gen_pass -v x
	assert_success
	assert_stored_equals_printed x
	# 144 bits from 94 characters: 21 give 137.6, 22 give 144.2.
	assert_length "$PW" "$(shortest_length 144 94)"
	assert_length "$PW" 22
	[[ $stderr =~ \ ([0-9]+)\.[0-9]\ bits$ ]] || fail "no figure: '$stderr'"
	((BASH_REMATCH[1] >= 144)) || fail "fewer than 144 bits: '$stderr'"
	# A byte encoding gets the bytes themselves: 18 bytes, 24 base64 characters.
	gen_pass -v --format base64 y
	assert_success
	assert_stored_equals_printed y
	assert_length "$PW" 24
	[[ $stderr == *"18 random bytes"*": 144.0 bits" ]] || fail "stderr: '$stderr'"
	# Passphrases: 144 bits from 7776 words (12.92481 each) need 12.
	gen_pass --words z
	assert_success
	assert_stored_equals_printed z
	assert_words "$PW" 12
	# Not a number of bytes from 1 to 512: an error naming the variable.
	local value before
	before="$(store_snapshot)"
	for value in abc 0 000 513 -1 1.5 99999999999999999999; do
		PASSWORD_STORE_GENERATED_ENTROPY=$value gen_pass -f x
		assert_failure 1
		[[ ${stderr_lines[0]} == "pass-genhelper: invalid PASSWORD_STORE_GENERATED_ENTROPY (random bytes) '$value': "* ]] ||
			fail "stderr: '$stderr'"
		assert_equal "${stderr_lines[1]}" "Error: no password generated; nothing was changed."
		assert_equal "$(store_snapshot)" "$before"
	done
	# Leading zeros are decimal: 0018 bytes are 18.
	PASSWORD_STORE_GENERATED_ENTROPY=0018 gen_pass -f --format hex x
	assert_success
	assert_stored_equals_printed x
	assert_length "$PW" 36
}

@test "a policy weaker than 128 bits: refused, or with the user's consent made with a notice" {
	local notice="pass-genhelper: the policy file '$PASSWORD_STORE_DIR/bank/.pass-gen' gives"
	write_policy bank '--format digits' '--length 6'
	# Without consent: exit 1, one line naming the file and the figure.
	PASSWORD_STORE_GEN_ALLOW_WEAK='' gen_pass bank/x
	assert_failure 1
	assert_equal "${stderr_lines[0]}" "$notice 19.9 bits, less than 128 and less than the 163.9 bits without it; nothing was generated: a policy in the store may not weaken a password unless you allow it: sign it (PASSWORD_STORE_SIGNING_KEY), or add its folder and the fewest bits you accept to PASSWORD_STORE_GEN_ALLOW_WEAK, such as '/bank:19'"
	[[ ! -e $PASSWORD_STORE_DIR/bank/x.gpg ]]
	# With it (write_policy gave it): made, with a notice; -v reports first.
	gen_pass -v bank/y
	assert_success
	assert_equal "${#stderr_lines[@]}" 2
	assert_equal "${stderr_lines[0]}" "$notice 19.9 bits, less than 128 and less than the 163.9 bits without it; allowed by PASSWORD_STORE_GEN_ALLOW_WEAK"
	assert_equal "${stderr_lines[1]}" "pass-genhelper: entropy: 6 characters from 10 (digits): 19.9 bits"
	# A command-line length does not set the policy aside: 30 digits, 99.7
	# bits, against 30 of pass's 94 characters.
	gen_pass bank/z 30
	assert_success
	assert_equal "$stderr" "$notice 99.7 bits, less than 128 and less than the 196.6 bits without it; allowed by PASSWORD_STORE_GEN_ALLOW_WEAK"
	# A command-line alphabet does: no policy, nothing to say.
	PASSWORD_STORE_GEN_ALLOW_WEAK='' gen_pass --format hex bank/w 6
	assert_success
	assert_equal "$stderr" ""
	# 32 hex characters are 128.0 bits: strong; 31 are 124.0.
	write_policy hex '--format hex' '--length 32'
	PASSWORD_STORE_GEN_ALLOW_WEAK='' gen_pass hex/x
	assert_success
	assert_equal "$stderr" ""
	write_policy hex '--format hex' '--length 31'
	PASSWORD_STORE_GEN_ALLOW_WEAK='' gen_pass hex/y
	assert_failure 1
	[[ ${stderr_lines[0]} == *"gives 124.0 bits, less than 128"* ]] || fail "stderr: '$stderr'"
	# Rules alone on the default 25 of 94: strong, nothing to say.
	write_policy rules '--require digit'
	PASSWORD_STORE_GEN_ALLOW_WEAK='' gen_pass rules/x
	assert_success
	assert_equal "$stderr" ""
}

@test "the temporary file is made by mktemp in the entry's folder before gpg writes it, and removed" {
	command -v gpg2 >/dev/null && skip "pass would run gpg2, not the gpg on PATH"
	local dir="$BATS_TEST_TMPDIR/spy-gpg" log="$BATS_TEST_TMPDIR/spy.log" real
	real="$(command -v gpg)"
	mkdir -p "$dir"
	# A gpg first on PATH that notes the file it is to write (given with
	# -o, or its standard output for -o -), then runs the real one.
	cat >"$dir/gpg" <<-_EOF
	#!/bin/bash
	previous=""
	for arg in "\$@"; do
		if [[ \$previous == -o ]]; then
			[[ \$arg == - ]] && arg=\$(readlink /proc/\$\$/fd/1)
			state=missing
			[[ -f \$arg && ! -L \$arg && ! -s \$arg ]] && state="empty \$(stat -c %a "\$arg")"
			printf '%s %s\n' "\$state" "\$arg" >>"$log"
		fi
		previous=\$arg
	done
	exec "$real" "\$@"
	_EOF
	chmod 755 "$dir/gpg"
	PATH="$dir:$PATH" gen_pass team/x
	assert_success
	PATH="$dir:$PATH" gen_pass team/y
	assert_success
	cat "$log"
	local -a names
	mapfile -t names <"$log"
	assert_equal "${#names[@]}" 2
	local name pattern="^empty 600 $PASSWORD_STORE_DIR/team/\\.new-entry\\.tmp\\.[A-Za-z0-9]{10}\$"
	for name in "${names[@]}"; do
		[[ $name =~ $pattern ]] || fail "not a file mktemp made in team/: '$name'"
	done
	[[ ${names[0]} != "${names[1]}" ]] || fail "the same temporary name twice"
	assert_equal "$(store_temp_files)" ""
	assert_stored_equals_printed team/y
}

@test "a helper warning on success is shown once and not taken for the password" {
	# 70 distinct words and 2 repeated: the helper warns and succeeds.
	local list="$BATS_TEST_TMPDIR/repeated.txt" i
	{
		for ((i = 1; i <= 70; i++)); do printf 'word%d\n' "$i"; done
		printf 'word1\nword2\n'
	} >"$list"
	gen_pass -f --wordlist "$list" x 4
	assert_success
	assert_equal "$stderr" "pass-genhelper: word list '$list': 2 repeated words ignored; the entropy counts the 70 distinct ones"
	assert_stored_equals_printed x
	[[ $PW =~ ^word[0-9]+( word[0-9]+){3}$ ]] || fail "not 4 words of the list: '$PW'"
}

@test "the new entry has the mode pass generate gives: 600, or what PASSWORD_STORE_UMASK leaves" {
	local umask
	for umask in "" 022 027; do
		PASSWORD_STORE_UMASK=$umask gen_pass -f "gen$umask" 8
		assert_success
		PASSWORD_STORE_UMASK=$umask run pass generate -f "generate$umask" 8
		assert_success
		assert_equal "$(stat -c %a "$(store_file "gen$umask")")" "$(stat -c %a "$(store_file "generate$umask")")"
	done
	assert_equal "$(stat -c %a "$(store_file gen)")" 600
	assert_equal "$(stat -c %a "$(store_file gen022)")" 644
}

# ---------------------------------------------------------------------------
# Finding the helper

@test "PASSWORD_STORE_GENHELPER naming a missing file: clear error, nothing written" {
	export PASSWORD_STORE_GENHELPER="$BATS_TEST_TMPDIR/no/such/pass-genhelper"
	local before
	before="$(store_snapshot)"
	gen_pass x
	assert_failure 1
	assert_equal "$stderr" "Error: PASSWORD_STORE_GENHELPER ($PASSWORD_STORE_GENHELPER) is not an executable file."
	assert_equal "$(store_snapshot)" "$before"
}

@test "helper found on PATH when PASSWORD_STORE_GENHELPER is unset" {
	local installed
	installed="$(installed_helper)"
	[[ ! -x $installed ]] || skip "an installed helper at $installed would be used first"
	unset PASSWORD_STORE_GENHELPER
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	ln -s "$PASS_GENHELPER" "$BATS_TEST_TMPDIR/bin/pass-genhelper"
	PATH="$BATS_TEST_TMPDIR/bin:$PATH" gen_pass -v x 30
	assert_success
	assert_stored_equals_printed x
	assert_length "$PW" 30
	[[ $stderr == *"bits" ]] || fail "stderr: '$stderr'"
}

@test "helper neither set, installed nor on PATH: clear error, nothing written" {
	local installed dir path=""
	installed="$(installed_helper)"
	[[ ! -x $installed ]] || skip "an installed helper at $installed would be used"
	unset PASSWORD_STORE_GENHELPER
	local -a dirs
	IFS=: read -r -a dirs <<<"$PATH"
	for dir in "${dirs[@]}"; do
		[[ -x $dir/pass-genhelper ]] || path+="${path:+:}$dir"
	done
	local before
	before="$(store_snapshot)"
	PATH=$path gen_pass x
	assert_failure 1
	[[ $stderr == "Error: pass-genhelper was not found"* ]] || fail "stderr: '$stderr'"
	assert_equal "$(store_snapshot)" "$before"
}
