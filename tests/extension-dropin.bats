#!/usr/bin/env bats
# `pass gen` (pass-gen(1)) as a drop-in for `pass generate`: its options,
# messages, files and commits, pass's environment, the argv of Emacs,
# no password in an argv, and pass's own generate tests (t0010);
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
# Drop-in for `pass generate`

@test "new entry: output (escape codes too), commit and files as pass generate" {
	compare_verbs x x
	assert_same_as_generate
	assert_equal "$NEW_STATUS" 0
	assert_equal "$NEW_ERR" ""
	assert_equal "$(tail -n 2 <<<"$NEW_OUT")" \
		"$(printf '\e[1mThe generated password for \e[4mx\e[24m is:\e[0m\n\e[1m\e[93m<PASSWORD>\e[0m')"
	assert_equal "$(head -n 1 <<<"$NEW_OUT")" "[master <COMMIT>] Add generated password for x."
	assert_equal "$(head -n 1 <<<"$NEW_LOG")" "Add generated password for x."
	# 25 characters of pass's 94 by default, as pass generate.
	assert_length "$NEW_PASSWORD" 25
	assert_chars_in "$NEW_PASSWORD" '[:punct:][:alnum:]'
}

@test "stored file is the printed password and one newline (gpg -d)" {
	gen_pass x
	assert_success
	assert_stored_equals_printed x
	assert_length "$PW" 25
	# Encrypted to the store's key only.
	assert_equal "$(store_recipients x)" "$KEY1_SUB"
}

@test "new folders: mkdir -v messages as pass generate" {
	compare_verbs a/b/x a/b/x
	assert_same_as_generate
	assert_equal "$NEW_STATUS" 0
	assert_line --index 0 "mkdir: created directory '$PASSWORD_STORE_DIR/a'"
	assert_line --index 1 "mkdir: created directory '$PASSWORD_STORE_DIR/a/b'"
	assert_equal "$(head -n 1 <<<"$NEW_LOG")" "Add generated password for a/b/x."
}

@test "plain store (no git): same as pass generate" {
	STORE_KIND=plain compare_verbs dir/x dir/x 30
	assert_same_as_generate
	assert_equal "$NEW_STATUS" 0
	assert_equal "$NEW_LOG" ""
	[[ ! -e $PASSWORD_STORE_DIR/.git ]]
	assert_length "$NEW_PASSWORD" 30
	assert_equal "$(printf '%s\n' "$NEW_OUT" | head -n 1)" "mkdir: created directory '$PASSWORD_STORE_DIR/dir'"
}

@test "-n and --no-symbols: letters and digits, as pass generate" {
	local opt
	for opt in -n --no-symbols; do
		compare_verbs x "$opt" x 40
		assert_same_as_generate
		assert_equal "$NEW_STATUS" 0
		assert_length "$NEW_PASSWORD" 40
		assert_length "$REF_PASSWORD" 40
		assert_chars_in "$NEW_PASSWORD" '[:alnum:]'
	done
}

@test "-f on an existing entry: replaced without a question, as pass generate" {
	local opt
	for opt in -f --force; do
		STORE_PREPARE=prepare_multiline compare_verbs x "$opt" x
		assert_same_as_generate
		assert_equal "$NEW_STATUS" 0
		# The whole entry is replaced: only the new password is left.
		assert_equal "$NEW_ENTRY" "<PASSWORD>"
		assert_equal "$(head -n 1 <<<"$NEW_LOG")" "Add generated password for x."
	done
}

@test "-i keeps lines 2+ of a multi-line entry; commit 'Replace generated password for x.'" {
	local opt
	for opt in -i --in-place; do
		STORE_PREPARE=prepare_multiline compare_verbs x "$opt" x 23
		assert_same_as_generate
		assert_equal "$NEW_STATUS" 0
		assert_equal "$NEW_ENTRY" $'<PASSWORD>\nuser: alice\nurl: https://example.org/\n\nlast line'
		assert_length "$NEW_PASSWORD" 23
		assert_equal "$(head -n 1 <<<"$NEW_LOG")" "Replace generated password for x."
		assert_equal "$(head -n 1 <<<"$NEW_OUT")" "[master <COMMIT>] Replace generated password for x."
	done
}

@test "-i on a missing entry fails as pass generate, leaving no temporary file" {
	compare_verbs nothere -i nothere
	assert_same_as_generate
	assert_equal "$NEW_STATUS" 1
	assert_equal "$NEW_ENTRY" "<missing>"
	[[ $NEW_ERR == *"Could not reencrypt new password." ]]
	assert_equal "$(store_temp_files)" ""
}

@test "-q prints the QR code of the stored password (qrencode -t utf8), as pass generate" {
	local opt
	for opt in -q --qrcode; do
		compare_verbs x "$opt" x
		assert_same_as_generate
		assert_equal "$NEW_STATUS" 0
		# store_normalize replaced the QR code of the stored password.
		assert_equal "$(tail -n 1 <<<"$NEW_OUT")" "<QRCODE>"
		[[ $NEW_OUT != *"The generated password"* ]]
	done
}

@test "-c without a display: same failure as pass generate (entry already written)" {
	compare_verbs x -c x
	assert_same_as_generate
	assert_equal "$NEW_STATUS" 1
	assert_equal "$NEW_ERR" "Error: No X11 or Wayland display detected"
	assert_equal "$NEW_ENTRY" "<PASSWORD>"
}

@test "-c on an X display: clipboard holds the stored password, as pass generate" {
	command -v xvfb-run >/dev/null && command -v xclip >/dev/null ||
		skip "needs xvfb-run and xclip (apt-get install xvfb xclip)"
	export PASSWORD_STORE_CLIP_TIME=45
	STORE_RUNNER=run_clip compare_verbs x --clip x
	assert_same_as_generate
	assert_equal "$NEW_STATUS" 0
	assert_equal "$(tail -n 1 <<<"$NEW_OUT")" "Copied x to clipboard. Will clear in 45 seconds."
	[[ $NEW_OUT != *"<PASSWORD>"* ]]
	assert_equal "$(cat "$BATS_TEST_TMPDIR/clipboard.generate")" "$REF_PASSWORD"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/clipboard.gen")" "$NEW_PASSWORD"
	assert_length "$NEW_PASSWORD" 25
}

@test "conflict -f -i: usage failure as pass generate" {
	prepare_x
	assert_usage_like_generate -f -i x
	assert_usage_like_generate --force --in-place x
}

@test "conflict -q -c: usage failure as pass generate" {
	assert_usage_like_generate -q -c x
	assert_usage_like_generate --qrcode --clip x 12
}

@test "wrong number of positional arguments: usage failure as pass generate" {
	assert_usage_like_generate
	assert_usage_like_generate a 12 extra
	assert_usage_like_generate -n
}

@test "unknown option: getopt's message and usage failure as pass generate" {
	assert_usage_like_generate --bogus x
	assert_usage_like_generate -k x
}

@test "bad pass-length 'abc' and '0': same messages as pass generate" {
	compare_verbs x x abc
	assert_same_as_generate
	assert_equal "$NEW_STATUS" 1
	assert_equal "$NEW_ERR" 'Error: pass-length "abc" must be a number.'
	compare_verbs x x 0
	assert_same_as_generate
	assert_equal "$NEW_STATUS" 1
	assert_equal "$NEW_ERR" 'Error: pass-length must be greater than zero.'
	assert_equal "$NEW_ENTRY" "<missing>"
}

@test "sneaky path: refused as pass generate" {
	compare_verbs x ../x
	assert_same_as_generate
	assert_equal "$NEW_STATUS" 1
	assert_equal "$NEW_ERR" "Error: You've attempted to pass a sneaky path to pass. Go home."
}

@test "existing entry, stdin not a terminal: overwritten without asking, as pass generate" {
	STORE_PREPARE=prepare_x compare_verbs x x </dev/null
	assert_same_as_generate
	assert_equal "$NEW_STATUS" 0
	[[ $NEW_OUT != *Overwrite* ]]
	assert_equal "$NEW_ENTRY" "<PASSWORD>"
	[[ $NEW_PASSWORD != old-password ]]
}

@test "entry names with blanks: as pass generate" {
	compare_verbs "my site/log in" "my site/log in" 12
	assert_same_as_generate
	assert_equal "$NEW_STATUS" 0
	assert_length "$NEW_PASSWORD" 12
}

@test "store not initialized: same error and usage as pass generate" {
	STORE_KIND=plain STORE_PREPARE=remove_gpg_id compare_verbs x x
	assert_same_as_generate
	assert_equal "$NEW_STATUS" 1
	[[ $NEW_ERR == "Error: You must run:"* ]] || fail "stderr: '$NEW_ERR'"
}

remove_gpg_id() {
	rm -f "$PASSWORD_STORE_DIR/.gpg-id"
}

@test "entry that is a symbolic link: refused, the entry it points to unchanged (pass generate would follow it)" {
	store_insert real $'old-password\n'
	ln -s real.gpg "$PASSWORD_STORE_DIR/alias.gpg"
	gen_pass -f alias
	assert_failure 1
	assert_equal "$stderr" "Error: '$PASSWORD_STORE_DIR/alias.gpg' is a symbolic link; pass gen keeps entries inside the store. Nothing was changed."
	assert_equal "$(store_password real)" old-password
}

@test "--help prints the usage, naming every option of pass gen, and succeeds" {
	local name
	gen_pass --help
	assert_success
	assert_line --index 0 "Usage:"
	assert_output --partial "pass gen [--no-symbols,-n]"
	while IFS=$'\t' read -r name _; do
		grep -qE -- "(\[|\| )--$name(,| |\])" <<<"$output" || fail "--$name is not in the usage"
	done < <("$GEN" --list-pass-gen-options)
}

# ---------------------------------------------------------------------------
# pass's environment

@test "PASSWORD_STORE_GENERATED_LENGTH sets the length, as pass generate" {
	export PASSWORD_STORE_GENERATED_LENGTH=40
	compare_verbs x x
	assert_same_as_generate
	assert_length "$REF_PASSWORD" 40
	assert_length "$NEW_PASSWORD" 40
}

@test "PASSWORD_STORE_GENERATED_LENGTH 'abc' or '0': refused by the helper, naming the variable" {
	# pass generate says 'Error: pass-length "abc" must be a number.'; the
	# helper checks the variable (only where it counts characters), in its
	# own words.
	prepare_x
	local before
	before="$(store_snapshot)"
	PASSWORD_STORE_GENERATED_LENGTH=abc gen_pass -f x
	assert_failure 1
	assert_equal "$stderr" "pass-genhelper: invalid PASSWORD_STORE_GENERATED_LENGTH 'abc': not a whole number
Error: no password generated; nothing was changed."
	PASSWORD_STORE_GENERATED_LENGTH=0 gen_pass -f x
	assert_failure 1
	assert_equal "${stderr_lines[0]}" "pass-genhelper: invalid PASSWORD_STORE_GENERATED_LENGTH '0': the minimum is 1"
	assert_equal "$(store_snapshot)" "$before"
	assert_equal "$(store_password x)" old-password
}

@test "PASSWORD_STORE_CHARACTER_SET=a-f: exactly the characters tr keeps" {
	# 200 characters from 6: a given one is missing with odds (5/6)^200,
	# any of the 6 with odds < 6 * 1.5e-16 = 9e-16.
	export PASSWORD_STORE_CHARACTER_SET='a-f'
	compare_verbs x x 200
	assert_same_as_generate
	local expected
	expected="$(printf '%s' "$GRAPH" | LC_ALL=C tr -dc "$PASSWORD_STORE_CHARACTER_SET")"
	assert_equal "$expected" abcdef
	assert_equal "$(string_bytes "$NEW_PASSWORD")" "$(string_bytes "$expected")"
	assert_equal "$(string_bytes "$REF_PASSWORD")" "$(string_bytes "$expected")"
}

@test "PASSWORD_STORE_CHARACTER_SET with a class and a range: exactly what tr keeps" {
	# 300 characters from 13: one missing has odds < 13 * (12/13)^300 = 5e-10.
	export PASSWORD_STORE_CHARACTER_SET='[:digit:]x-z'
	gen_pass x 300
	assert_success
	assert_stored_equals_printed x
	assert_length "$PW" 300
	assert_equal "$(string_bytes "$PW")" \
		"$(string_bytes "$(all_bytes | LC_ALL=C tr -dc "$PASSWORD_STORE_CHARACTER_SET")")"
}

@test "PASSWORD_STORE_CHARACTER_SET_NO_SYMBOLS is used with -n only" {
	# 100 characters from 4: one missing has odds < 4 * (3/4)^100 = 1.3e-12.
	export PASSWORD_STORE_CHARACTER_SET_NO_SYMBOLS='0-3'
	compare_verbs x -n x 100
	assert_same_as_generate
	assert_equal "$(string_bytes "$NEW_PASSWORD")" "$(string_bytes 0123)"
	# Without -n the usual 94 characters (25 from 94 all in 0-3: 94^-25).
	gen_pass -f x
	assert_success
	assert_stored_equals_printed x
	[[ -n ${PW//[0-3]/} ]]
}

@test "PASSWORD_STORE_KEY: encrypted to that key only, as pass generate" {
	export PASSWORD_STORE_KEY=$KEY2
	compare_verbs x x
	assert_same_as_generate
	assert_equal "$(store_recipients x)" "$KEY2_SUB"
	assert_equal "$NEW_STATUS" 0
}

@test "PASSWORD_STORE_KEY with two keys: encrypted to both" {
	export PASSWORD_STORE_KEY="$KEY1 $KEY2"
	gen_pass x
	assert_success
	assert_equal "$(store_recipients x)" "$(printf '%s\n' "$KEY1_SUB" "$KEY2_SUB" | LC_ALL=C sort)"
}

@test ".gpg-id in a subfolder: the subfolder's key is the recipient" {
	mkdir -p "$PASSWORD_STORE_DIR/team/deep"
	printf '%s\n' "$KEY2" >"$PASSWORD_STORE_DIR/team/.gpg-id"
	gen_pass team/deep/x
	assert_success
	assert_equal "$(store_recipients team/deep/x)" "$KEY2_SUB"
	gen_pass top
	assert_success
	assert_equal "$(store_recipients top)" "$KEY1_SUB"
	# pass generate agrees.
	run_pass generate team/y
	assert_success
	assert_equal "$(store_recipients team/y)" "$KEY2_SUB"
}

@test "PASSWORD_STORE_GENERATED_ENTROPY=5 (bytes): the shortest length reaching 40 bits" {
	export PASSWORD_STORE_GENERATED_ENTROPY=5
	# 94 characters: 6 give 39.3 bits, 7 give 45.9.
	assert_equal "$(shortest_length 40 94)" 7
	gen_pass x
	assert_success
	assert_stored_equals_printed x
	assert_length "$PW" 7
	# -n, 62 characters, 8 bytes = 64 bits: 10 give 59.5 bits, 11 give 65.5.
	export PASSWORD_STORE_GENERATED_ENTROPY=8
	gen_pass -n y
	assert_success
	assert_stored_equals_printed y
	assert_length "$PW" "$(shortest_length 64 62)"
	assert_length "$PW" 11
	assert_chars_in "$PW" '[:alnum:]'
	# A pass-length on the command line wins.
	gen_pass z 12
	assert_success
	assert_stored_equals_printed z
	assert_length "$PW" 12
}

# ---------------------------------------------------------------------------
# Emacs password-store.el's argv

@test "Emacs argv: gen --force --no-symbols ENTRY 25" {
	prepare_x
	gen_pass --force --no-symbols x 25
	assert_success
	assert_stored_equals_printed x
	assert_length "$PW" 25
	assert_chars_in "$PW" '[:alnum:]'
	gen_pass --force --no-symbols new/entry 25
	assert_success
	assert_stored_equals_printed new/entry
	assert_length "$PW" 25
}

@test "Emacs argv: gen --force ENTRY 25" {
	prepare_x
	gen_pass --force x 25
	assert_success
	assert_stored_equals_printed x
	assert_length "$PW" 25
	assert_chars_in "$PW" '[:punct:][:alnum:]'
	assert_equal "$(store_last_subject)" "Add generated password for x."
}

# ---------------------------------------------------------------------------
# The password is never in an argv

@test "the password is in no process's argv (strace execve)" {
	command -v strace >/dev/null || skip "needs strace"
	strace -f -qq -e trace=execve -s 4096 -xx -o "$BATS_TEST_TMPDIR/new.log" pass gen x >/dev/null 2>&1 ||
		skip "strace cannot trace here"
	assert_not_in_argv "$BATS_TEST_TMPDIR/new.log" "$(store_password x)"
	store_insert y $'old\nline two\n'
	strace -f -qq -e trace=execve -s 4096 -xx -o "$BATS_TEST_TMPDIR/inplace.log" pass gen -i y >/dev/null 2>&1
	assert_not_in_argv "$BATS_TEST_TMPDIR/inplace.log" "$(store_password y)"
	strace -f -qq -e trace=execve -s 4096 -xx -o "$BATS_TEST_TMPDIR/qr.log" pass gen -q -w z >/dev/null 2>&1
	grep -qF "$(hex_escaped qrencode)" "$BATS_TEST_TMPDIR/qr.log" || fail "qrencode did not run"
	assert_not_in_argv "$BATS_TEST_TMPDIR/qr.log" "$(store_password z)"
}

# ---------------------------------------------------------------------------
# pass's own generate tests (t0010), for pass gen

@test "t0010 equivalent: gen cred 19 -> show has 19 characters and a newline" {
	gen_pass cred 19
	assert_success
	run pass show cred
	assert_success
	assert_equal "$(pass show cred | wc -m)" 20
}

@test "t0010 equivalent: gen -i on a multi-line entry replaces only the first line" {
	store_insert cred2 $'this is a big\npassword\nwith\nmany\nlines\nin it bla bla\n'
	gen_pass -i cred2 23
	assert_success
	local first
	first="$(pass show cred2 | head -n 1)"
	assert_length "$first" 23
	assert_equal "$(pass show cred2)" "$first"$'\npassword\nwith\nmany\nlines\nin it bla bla'
	assert_equal "$first" "$(printed_password)"
}

@test "t0010 equivalent: gen -n -i keeps the rest and uses letters and digits" {
	store_insert cred3 $'old\nrest one\nrest two\n'
	gen_pass -n -i cred3 20
	assert_success
	local first
	first="$(pass show cred3 | head -n 1)"
	assert_length "$first" 20
	assert_chars_in "$first" '[:alnum:]'
	assert_equal "$(pass show cred3 | tail -n +2)" $'rest one\nrest two'
}
