#!/usr/bin/env bats
# `pass gen` (pass-gen(1)) with a per-folder policy (.pass-gen): where it
# is found, how it merges with the command line, what it refuses, and
# a policy under PASSWORD_STORE_SIGNING_KEY;
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
# Per-folder policy (.pass-gen)

@test "policy in the entry's folder: --format digits, --length 6, comments" {
	write_policy bank '# A 6-digit PIN for the bank' '' '--format digits' '   # indented comment' '--length 6'
	gen_pass bank/pin
	assert_success
	assert_stored_equals_printed bank/pin
	assert_length "$PW" 6
	assert_chars_in "$PW" '0-9'
	assert_equal "$(store_last_subject)" "Add generated password for bank/pin."
	# pass generate does not read it.
	run_pass generate bank/other
	assert_success
	assert_length "$(printed_password)" 25
}

@test "policy from a parent folder applies below it" {
	write_policy bank '--format digits' '--length 6'
	gen_pass bank/cards/visa
	assert_success
	assert_stored_equals_printed bank/cards/visa
	assert_length "$PW" 6
	assert_chars_in "$PW" '0-9'
	# Not outside it.
	gen_pass mail/x
	assert_success
	assert_stored_equals_printed mail/x
	assert_length "$PW" 25
}

@test "nested policies: the nearest one wins; a store-level one covers the top" {
	write_policy . '--format hex' '--length 10'
	write_policy bank '--format digits' '--length 6'
	write_policy bank/eu '--format lower' '--length 12'
	gen_pass bank/eu/deep/x
	assert_success
	assert_stored_equals_printed bank/eu/deep/x
	assert_length "$PW" 12
	assert_chars_in "$PW" 'a-z'
	gen_pass bank/x
	assert_success
	assert_stored_equals_printed bank/x
	assert_length "$PW" 6
	assert_chars_in "$PW" '0-9'
	gen_pass other/x
	assert_success
	assert_stored_equals_printed other/x
	assert_length "$PW" 10
	assert_chars_in "$PW" '0-9a-f'
	gen_pass top
	assert_success
	assert_stored_equals_printed top
	assert_length "$PW" 10
	assert_chars_in "$PW" '0-9a-f'
}

@test "policy: a command-line pass-length or --entropy replaces only its length" {
	write_policy bank '--format lower' '--exclude abc' '--length 6'
	gen_pass bank/x 30
	assert_success
	assert_stored_equals_printed bank/x
	assert_length "$PW" 30
	assert_chars_in "$PW" 'd-z'
	# 20 bits from 23 letters (4.52356 each): 4 give 18.1, 5 give 22.6.
	gen_pass --entropy 20 bank/y
	assert_success
	assert_stored_equals_printed bank/y
	assert_length "$PW" "$(shortest_length 20 23)"
	assert_length "$PW" 5
	assert_chars_in "$PW" 'd-z'
}

@test "policy: PASSWORD_STORE_GENERATED_ENTROPY does not override the policy's length" {
	write_policy bank '--format digits' '--length 6'
	export PASSWORD_STORE_GENERATED_ENTROPY=100 PASSWORD_STORE_GENERATED_LENGTH=40
	gen_pass bank/x
	assert_success
	assert_stored_equals_printed bank/x
	assert_length "$PW" 6
}

@test "policy: command-line --format, --words or -n replaces the whole policy" {
	write_policy bank '--format digits' '--exclude 0' '--length 6'
	gen_pass --format hex bank/x
	assert_success
	assert_stored_equals_printed bank/x
	assert_length "$PW" 25
	assert_chars_in "$PW" '0-9a-f'
	gen_pass -n bank/y
	assert_success
	assert_stored_equals_printed bank/y
	assert_length "$PW" 25
	assert_chars_in "$PW" '[:alnum:]'
	# 25 alnum characters all digits: odds (10/62)^25 = 2e-20.
	[[ $PW == *[^0-9]* ]]
	gen_pass --words bank/z
	assert_success
	assert_stored_equals_printed bank/z
	assert_words "$PW" 10
}

@test "policy rules and command-line rules: --exclude adds up, the command line's --separator wins" {
	write_policy bank '--format lower' '--exclude abc' '--length 200'
	# 200 characters from 20: the check is exact, not probabilistic.
	gen_pass --exclude xyz bank/x
	assert_success
	assert_stored_equals_printed bank/x
	assert_length "$PW" 200
	assert_chars_in "$PW" 'd-w'
	write_policy work '--words' '--separator -' '--length 4'
	gen_pass --separator . work/x
	assert_success
	assert_stored_equals_printed work/x
	[[ $PW =~ ^[a-z]+(\.[a-z]+){3}$ ]] || fail "'$PW'"
}

@test "policy and command line: --separator and --separators are one rule, the command line's wins" {
	# Policy --separator -, command line --separators _. : the words are
	# joined by _ and . only.  Four words of 7776 and 3 separators of 2.
	write_policy work '--words' '--separator -' '--length 4'
	gen_pass -v --separators _. work/x
	assert_success
	assert_stored_equals_printed work/x
	[[ $PW =~ ^[a-z]+([_.][a-z]+){3}$ ]] || fail "'$PW'"
	# (A separator on pass's character set is no command of its own: the
	# notice has no figure to compare with.)
	assert_equal "$stderr" "pass-genhelper: the policy file '$PASSWORD_STORE_DIR/work/.pass-gen' gives 54.7 bits, less than 128; allowed by PASSWORD_STORE_GEN_ALLOW_WEAK
pass-genhelper: entropy: 4 words of 7776 (embedded list): 51.7, 3 separators of 2: 3.0; total 54.7 bits"
	# The other way round, and the policy's other rules stay: --digit.
	write_policy team '--words' '--separators _.' '--digit' '--length 4'
	gen_pass --separator + team/x
	assert_success
	assert_stored_equals_printed team/x
	[[ $PW =~ ^[a-z]+[0-9]?(\+[a-z]+[0-9]?){3}$ && $PW =~ [0-9] ]] || fail "'$PW'"
}

@test "PASSWORD_STORE_GENERATED_LENGTH is not read for passphrases" {
	# A length that pass would refuse is not even checked when nothing
	# counts characters: --words, or a policy's --words.
	export PASSWORD_STORE_GENERATED_LENGTH=abc
	gen_pass --words x
	assert_success
	assert_stored_equals_printed x
	assert_words "$PW" 10
	write_policy team '--words'
	gen_pass team/x
	assert_success
	assert_stored_equals_printed team/x
	assert_words "$PW" 10
	# Where it counts characters, the helper refuses it.
	gen_pass y
	assert_failure
	assert_equal "${stderr_lines[0]}" "pass-genhelper: invalid PASSWORD_STORE_GENERATED_LENGTH 'abc': not a whole number"
}

@test "policy: a # after an option is part of its value" {
	# Excluding "abc # no" takes out a b c, blank, # n o; 300 characters
	# from the 21 letters left.  Had "# no" been a comment, n or o would be
	# missing from all 300 with odds (21/23)^300 < 1e-11.
	write_policy bank '--format lower' '--exclude abc # no' '--length 300'
	gen_pass bank/x
	assert_success
	assert_stored_equals_printed bank/x
	assert_length "$PW" 300
	assert_chars_in "$PW" 'd-mp-z'
}

@test "policy: a file above the store is never read" {
	printf '%s\n' '--format digits' '--length 6' >"$PASSWORD_STORE_DIR/../.pass-gen"
	gen_pass x
	assert_success
	assert_stored_equals_printed x
	assert_length "$PW" 25
}

@test "PASSWORD_STORE_GENERATED_ENTROPY applies to passphrases" {
	# 8 bytes, 64 bits, from 7776 words: 4 give 51.7, 5 give 64.6.
	export PASSWORD_STORE_GENERATED_ENTROPY=8
	gen_pass --words x
	assert_success
	assert_stored_equals_printed x
	assert_words "$PW" 5
}

@test "policy: quoted values keep their blanks ('' and \"\")" {
	write_policy sq '--format words' "--separator ' + '" '--length 3'
	gen_pass sq/x
	assert_success
	assert_stored_equals_printed sq/x
	[[ $PW =~ ^[a-z]+\ \+\ [a-z]+\ \+\ [a-z]+$ ]] || fail "'$PW'"
	write_policy dq '--words' '--separator "  "' '--capitalize "first"' '--length 3'
	gen_pass dq/x
	assert_success
	assert_stored_equals_printed dq/x
	[[ $PW =~ ^[A-Z][a-z]*\ \ [A-Z][a-z]*\ \ [A-Z][a-z]*$ ]] || fail "'$PW'"
}

@test "policy: --wordlist is relative to the policy's folder" {
	write_policy "my bank" '--wordlist list of words.txt' '--length 8'
	printf 'zq%s\n' {a..j}{a..j} >"$PASSWORD_STORE_DIR/my bank/list of words.txt"
	mkdir -p "$BATS_TEST_TMPDIR/elsewhere"
	cd "$BATS_TEST_TMPDIR/elsewhere"
	gen_pass "my bank/sub/x"
	assert_success
	assert_stored_equals_printed "my bank/sub/x"
	assert_zq_words 8
}

@test "policy: an invalid line is an error naming the file and line; nothing written" {
	write_policy bank '# comment' '--format digits' 'length 6'
	local before
	before="$(store_snapshot)"
	gen_pass bank/new
	assert_failure 1
	assert_equal "$output" ""
	[[ $stderr == *"$PASSWORD_STORE_DIR/bank/.pass-gen"*"line 3"* ]] || fail "stderr: '$stderr'"
	assert_equal "$(store_snapshot)" "$before"
	[[ ! -e $PASSWORD_STORE_DIR/bank/new.gpg ]]
}

@test "policy: an unknown option is an error naming the file and line; nothing written" {
	write_policy bank '--format digits' '--bogus 3'
	local before
	before="$(store_snapshot)"
	gen_pass bank/new
	assert_failure 1
	[[ $stderr == *"$PASSWORD_STORE_DIR/bank/.pass-gen"*"line 2"*"--bogus"* ]] || fail "stderr: '$stderr'"
	assert_equal "$(store_snapshot)" "$before"
}

@test "policy: options that are not generator options are refused (--count, --null, --verbose, --force)" {
	local opt before
	before="$(store_snapshot)"
	for opt in '--count 3' '--null' '--verbose' '--force' '--print-alphabet'; do
		write_policy bank '--format digits' "$opt"
		before="$(store_snapshot)"
		gen_pass bank/new
		assert_failure 1
		assert_equal "$stderr" "pass-genhelper: the policy file '$PASSWORD_STORE_DIR/bank/.pass-gen', line 2: ${opt%% *} cannot be set in a policy file
Error: no password generated; nothing was changed."
		assert_equal "$(store_snapshot)" "$before"
	done
}

@test "policy: a flag with a value, or an option without one, is an error" {
	local before
	write_policy bank '--no-ambiguous yes'
	before="$(store_snapshot)"
	gen_pass bank/new
	assert_failure 1
	[[ $stderr == *"$PASSWORD_STORE_DIR/bank/.pass-gen"*"line 1"* ]] || fail "stderr: '$stderr'"
	assert_equal "$(store_snapshot)" "$before"
	write_policy bank '--format digits' '--length'
	before="$(store_snapshot)"
	gen_pass bank/new
	assert_failure 1
	[[ $stderr == *"$PASSWORD_STORE_DIR/bank/.pass-gen"*"line 2"* ]] || fail "stderr: '$stderr'"
	assert_equal "$(store_snapshot)" "$before"
}

@test "policy: a value the helper refuses fails with the entry unchanged" {
	prepare_x
	write_policy . '--format digits' '--length 100000'
	local before
	before="$(store_snapshot)"
	gen_pass -f x
	assert_failure
	[[ $stderr == *"pass-genhelper: "* ]] || fail "stderr: '$stderr'"
	assert_equal "$(store_snapshot)" "$before"
}

@test "policy: an unreadable file is an error, nothing written (root without DAC capabilities)" {
	write_policy bank '--format digits'
	chmod 000 "$PASSWORD_STORE_DIR/bank/.pass-gen"
	local -a drop=(setpriv '--bounding-set=-dac_override,-dac_read_search' '--inh-caps=-dac_override,-dac_read_search')
	if ((EUID != 0)); then
		drop=()
	elif ! "${drop[@]}" true 2>/dev/null; then
		skip "running as root and setpriv cannot drop CAP_DAC_OVERRIDE here"
	fi
	! "${drop[@]}" cat "$PASSWORD_STORE_DIR/bank/.pass-gen" 2>/dev/null ||
		skip "the policy file stays readable (root with DAC override)"
	local before
	before="$(store_snapshot)"
	run --separate-stderr "${drop[@]}" pass gen bank/x
	assert_failure 1
	[[ $stderr == *"$PASSWORD_STORE_DIR/bank/.pass-gen"* ]] || fail "stderr: '$stderr'"
	assert_equal "$(store_snapshot)" "$before"
}

@test "policy: a folder named .pass-gen is no policy; the search goes on up, as for .gpg-id" {
	write_policy . '--format digits' '--length 6'
	mkdir -p "$PASSWORD_STORE_DIR/bank/.pass-gen"
	gen_pass bank/x
	assert_success
	assert_stored_equals_printed bank/x
	assert_length "$PW" 6
	assert_chars_in "$PW" '0-9'
}

@test "policy: CRLF line ends and a last line without newline are read" {
	export PASSWORD_STORE_GEN_ALLOW_WEAK=/bank:19
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	printf '%s\r\n' '# PIN' '--format digits' >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	printf '%s' '--length 6' >>"$PASSWORD_STORE_DIR/bank/.pass-gen"
	gen_pass bank/x
	assert_success
	assert_stored_equals_printed bank/x
	assert_length "$PW" 6
	assert_chars_in "$PW" '0-9'
}

# With PASSWORD_STORE_SIGNING_KEY pass verifies .gpg-id and the extension
# itself (signed in setup_file); the policy must be signed too, and name
# the folder it is for.
signing_store() {
	export PASSWORD_STORE_SIGNING_KEY=$KEY1
	store_sign "$PASSWORD_STORE_DIR/.gpg-id"
	write_policy bank '--folder /bank' '--format digits' '--length 6'
}

# assert_signature_refused WHAT: pass gen bank/x fails with pass's
# "Signature for .../bank/.pass-gen WHAT." and writes nothing.
assert_signature_refused() {
	local before
	before="$(store_snapshot)"
	gen_pass bank/x
	assert_failure 1
	assert_equal "$stderr" "Signature for $PASSWORD_STORE_DIR/bank/.pass-gen $1."
	assert_equal "$(store_snapshot)" "$before"
}

@test "signing key: an unsigned policy is refused, nothing written" {
	signing_store
	assert_signature_refused 'does not exist'
}

@test "signing key: a validly signed policy is used" {
	signing_store
	store_sign "$PASSWORD_STORE_DIR/bank/.pass-gen"
	gen_pass bank/x
	assert_success
	assert_stored_equals_printed bank/x
	assert_length "$PW" 6
	assert_chars_in "$PW" '0-9'
	# Entries without a policy still work under the signing key.
	gen_pass y
	assert_success
}

@test "signing key: a policy edited after signing is refused, nothing written" {
	signing_store
	store_sign "$PASSWORD_STORE_DIR/bank/.pass-gen"
	printf '%s\n' '--length 4' >>"$PASSWORD_STORE_DIR/bank/.pass-gen"
	assert_signature_refused 'is invalid'
}

@test "signing key: a policy signed by a key that is not the signing key is refused" {
	signing_store
	gpg --batch --yes --quiet --local-user "$KEY2" --detach-sign \
		--output "$PASSWORD_STORE_DIR/bank/.pass-gen.sig" "$PASSWORD_STORE_DIR/bank/.pass-gen"
	assert_signature_refused 'is invalid'
}
