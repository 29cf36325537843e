#!/usr/bin/env bats
# `pass gen`, the pass(1) extension (pass-gen(1)),
# run through the real /usr/bin/pass with real gpg and git, side by side
# with the real `pass generate` wherever the two should agree.
#
# One GnuPG home per file (two ed25519 keys with cv25519 encryption
# subkeys, no passphrase), fresh stores per test copied from templates made
# by `pass init` / `pass git init` (test_helper/store.bash).
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

load test_helper/common
load test_helper/pronounceable
load test_helper/store

# ---------------------------------------------------------------------------
# Helpers

gen_pass() {
	run --separate-stderr pass gen "$@"
}

# The embedded word list (one word a line).
WORDLIST="$TESTS_SRCDIR/../data/wordlist.txt"

# assert_length TEXT N
assert_length() {
	[[ ${#1} -eq $2 ]] || fail "expected $2 characters, got ${#1}: '$1'"
}

# assert_zq_words N: PW is N words, each from the list zq{a..j}{a..j}.
assert_zq_words() {
	local -a words
	local stray
	read -r -a words <<<"$PW"
	[[ ${#words[@]} -eq $1 ]] || fail "expected $1 words: '$PW'"
	stray="$(printf '%s\n' "${words[@]}" | grep -vxE 'zq[a-j][a-j]')" || true
	assert_equal "$stray" ""
}

# assert_stored_equals_printed NAME: the entry holds exactly the printed
# password and a newline; sets PW.
assert_stored_equals_printed() {
	local content
	PW="$(printed_password)"
	content="$(store_decrypt "$1"; printf .)"
	assert_equal "$content" "$PW"$'\n.'
}

# assert_words TEXT N: N words from the embedded list, one space apart.
assert_words() {
	local -a words
	local stray
	read -r -a words <<<"$1"
	[[ ${#words[@]} -eq $2 ]] || fail "expected $2 words, got ${#words[@]}: '$1'"
	[[ $1 == "${words[*]}" ]] || fail "words not separated by single spaces: '$1'"
	stray="$(printf '%s\n' "${words[@]}" | grep -Fxv -f "$WORDLIST")" || true
	[[ -z $stray ]] || fail "words not in the embedded list: $stray"
}

# shortest_length BITS ALPHABET_SIZE: the shortest length whose entropy
# reaches BITS, worked out with awk.
shortest_length() {
	awk -v b="$1" -v k="$2" 'BEGIN { n = 1; while (n * log(k) / log(2) < b) n++; print n }'
}

# The helper's install location compiled into the extension under test.
installed_helper() {
	sed -n 's/^GEN_HELPER_INSTALLED="\(.*\)"$/\1/p' "$GEN_EXTENSION"
}

# write_policy FOLDER LINE...: FOLDER/.pass-gen in the store.
# The policies here test how options merge, not the strength rule
# (hostile-store.bats): each folder written is one the user allows to be
# weak, down to 0 bits, as PASSWORD_STORE_GEN_ALLOW_WEAK says, outside
# the store.
write_policy() {
	local folder=$PASSWORD_STORE_DIR/$1
	export PASSWORD_STORE_GEN_ALLOW_WEAK="${PASSWORD_STORE_GEN_ALLOW_WEAK:+$PASSWORD_STORE_GEN_ALLOW_WEAK:}/${1#.}:0"
	shift
	mkdir -p "$folder"
	printf '%s\n' "$@" >"$folder/.pass-gen"
}

# An existing one-line entry x.
prepare_x() {
	store_insert x $'old-password\n'
}

# An existing multi-line entry x.
prepare_multiline() {
	store_insert x $'old-password\nuser: alice\nurl: https://example.org/\n\nlast line\n'
}

# run_clip VERB ARGS...: `pass VERB ARGS...` on a fresh X server, then the
# clipboard into $BATS_TEST_TMPDIR/clipboard.VERB.  pass clears the
# clipboard after PASSWORD_STORE_CLIP_TIME seconds, and xclip, forked to
# hold it, may not have claimed it yet when pass returns: the read waits
# for a non-empty clipboard (up to 10 s), well inside a clear time of 45 s.
# Then pass's own way of ending its wait (the signal `pass -c` sends to an
# earlier one) lets it clear the clipboard before the server stops.
run_clip() {
	local clipboard="$BATS_TEST_TMPDIR/clipboard.$1"
	run --separate-stderr xvfb-run -a bash -c '
		out=$1; shift
		pass "$@"; rc=$?
		for _ in $(seq 50); do
			xclip -o -selection clipboard >"$out" 2>/dev/null && [ -s "$out" ] && break
			sleep 0.2
		done
		pkill -f "^password store sleep on display $DISPLAY\$" && sleep 0.5
		exit "$rc"' bash "$clipboard" "$@" 3>&-
	# xclip, still holding the selection, inherited pass's stderr and says so
	# when xvfb-run stops the server (its display number varies).
	stderr="$(grep -v '^X connection to :[0-9]* broken' <<<"$stderr")" || true
}

# answer_prompt ANSWER ARGS...: `pass ARGS...` on a terminal (expect),
# answering the overwrite question with ANSWER; the status is pass's.
answer_prompt() {
	local script="$BATS_TEST_TMPDIR/answer.exp"
	cat >"$script" <<-'_EOF'
	# The timeouts only stop a hang: a loaded machine is slow, not wrong.
	set timeout 120
	set answer [lindex $argv 0]
	spawn -noecho pass {*}[lrange $argv 1 end]
	expect {
		-exact "Overwrite it? \[y/N\] " { send -- "$answer\r" }
		timeout { puts "TIMEOUT waiting for the question"; exit 98 }
		eof { puts "EOF before the question"; exit 97 }
	}
	expect {
		eof {}
		timeout { puts "TIMEOUT waiting for pass to end"; exit 96 }
	}
	lassign [wait] pid spawnid os_error value
	exit $value
	_EOF
	run expect -f "$script" "$@"
}

# hex_escaped TEXT: TEXT as strace -xx writes it (\xhh for every byte).
hex_escaped() {
	printf '%s' "$1" | od -An -v -tx1 | tr -d ' \n' | sed 's/../\\x&/g'
}

# assert_not_in_argv LOG PASSWORD: strace -xx log LOG shows the helper ran
# and PASSWORD is in nobody's argv.
assert_not_in_argv() {
	local log=$1 password=$2
	[[ -n $password ]] || fail "no password to look for"
	grep -qF "$(hex_escaped pass-genhelper)" "$log" || fail "strace log does not show pass-genhelper running"
	grep -qF "$(hex_escaped gpg)" "$log" || fail "strace log does not show gpg running"
	! grep -F "$(hex_escaped "$password")" "$log" || fail "the password is in an execve argv (see above)"
}

# assert_usage_like_generate ARGS...: both verbs fail with status 1, one
# "Usage: pass VERB" line, the same other stderr lines, and write nothing.
assert_usage_like_generate() {
	local before ref_rest new_rest
	before="$(store_snapshot)"
	run_pass generate "$@"
	printf 'generate: status %s\nstderr: %s\n' "$status" "$stderr"
	[[ $status -eq 1 ]] || fail "pass generate: expected status 1, got $status"
	[[ $stderr == *"Usage: pass generate "* ]] || fail "pass generate printed no usage line"
	ref_rest="$(grep -v '^Usage: ' <<<"$stderr")" || true
	run_pass gen "$@"
	printf 'gen: status %s\nstdout: %s\nstderr: %s\n' "$status" "$output" "$stderr"
	[[ $status -eq 1 ]] || fail "pass gen: expected status 1, got $status"
	[[ -z $output ]] || fail "pass gen: stdout should be empty"
	[[ $(grep -c '^Usage: pass gen ' <<<"$stderr") -eq 1 ]] || fail "pass gen: expected one 'Usage: pass gen' line"
	new_rest="$(grep -v '^Usage: ' <<<"$stderr")" || true
	assert_equal "$new_rest" "$ref_rest"
	assert_equal "$(store_snapshot)" "$before"
}

# ---------------------------------------------------------------------------
# 1. Drop-in for `pass generate`

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
# 2. pass's environment

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
# 3. Emacs password-store.el's argv

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
# 4. The helper's options

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
# 5. Per-folder policy (.pass-gen)

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

@test "signing key: an unsigned policy is refused, nothing written" {
	signing_store
	local before
	before="$(store_snapshot)"
	gen_pass bank/x
	assert_failure 1
	assert_equal "$stderr" "Signature for $PASSWORD_STORE_DIR/bank/.pass-gen does not exist."
	assert_equal "$(store_snapshot)" "$before"
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
	local before
	before="$(store_snapshot)"
	gen_pass bank/x
	assert_failure 1
	assert_equal "$stderr" "Signature for $PASSWORD_STORE_DIR/bank/.pass-gen is invalid."
	assert_equal "$(store_snapshot)" "$before"
}

@test "signing key: a policy signed by a key that is not the signing key is refused" {
	signing_store
	gpg --batch --yes --quiet --local-user "$KEY2" --detach-sign \
		--output "$PASSWORD_STORE_DIR/bank/.pass-gen.sig" "$PASSWORD_STORE_DIR/bank/.pass-gen"
	local before
	before="$(store_snapshot)"
	gen_pass bank/x
	assert_failure 1
	assert_equal "$stderr" "Signature for $PASSWORD_STORE_DIR/bank/.pass-gen is invalid."
	assert_equal "$(store_snapshot)" "$before"
}

# ---------------------------------------------------------------------------
# 6. Failure safety

# A helper that fails, or prints nothing.
fake_helper() {
	local path="$BATS_TEST_TMPDIR/fake-$1"
	case $1 in
	fails) printf '#!/bin/sh\necho "pass-genhelper: no randomness" >&2\nexit 1\n' >"$path" ;;
	silent) printf '#!/bin/sh\nexit 0\n' >"$path" ;;
	# A password written, then a failure (a signal or a failed close).
	leaks) printf '#!/bin/sh\necho stdout-before-failure\necho "pass-genhelper: write error" >&2\nexit 1\n' >"$path" ;;
	# A passphrase from a list that holds the word "pass-genhelper:".
	prefixed) printf '#!/bin/sh\necho "pass-genhelper: entropy: 3 words of 64: 18.0 bits" >&2\necho "pass-genhelper: w23 w54"\n' >"$path" ;;
	# What ld.so says of a preload it cannot find, then a password.
	stray) printf '#!/bin/sh\necho "ERROR: ld.so: object /x.so cannot be preloaded: ignored." >&2\necho stray-password\n' >"$path" ;;
	esac
	chmod 755 "$path"
	printf '%s\n' "$path"
}

@test "helper fails: non-zero exit, entry bytes, files and git history unchanged" {
	prepare_multiline
	local before opt
	before="$(store_snapshot)"
	PASSWORD_STORE_GENHELPER="$(fake_helper fails)"
	export PASSWORD_STORE_GENHELPER
	for opt in -f -i; do
		gen_pass "$opt" x
		assert_failure
		[[ $stderr == *"pass-genhelper: no randomness"* ]] || fail "stderr: '$stderr'"
		assert_equal "$output" ""
		assert_equal "$(store_snapshot)" "$before"
		assert_equal "$(store_temp_files)" ""
	done
	# Also without -f on a new entry: nothing encrypted, no commit.
	gen_pass y
	assert_failure
	[[ ! -e $(store_file y) ]]
}

@test "helper prints nothing: error, entry unchanged" {
	prepare_x
	local before
	before="$(store_snapshot)"
	PASSWORD_STORE_GENHELPER="$(fake_helper silent)"
	export PASSWORD_STORE_GENHELPER
	gen_pass -f x
	assert_failure
	assert_equal "$(store_snapshot)" "$before"
	assert_equal "$(store_password x)" old-password
}

@test "helper fails after writing a password: only its messages are shown" {
	prepare_x
	local before
	before="$(store_snapshot)"
	PASSWORD_STORE_GENHELPER="$(fake_helper leaks)"
	export PASSWORD_STORE_GENHELPER
	gen_pass -f x
	assert_failure
	[[ $stderr == *"pass-genhelper: write error"* ]] || fail "stderr: '$stderr'"
	[[ $stderr$output != *stdout-before-failure* ]] || fail "the discarded password was shown: '$stderr'"
	assert_equal "$(store_snapshot)" "$before"
}

@test "a password that begins like a helper message is the password, not shown as one" {
	PASSWORD_STORE_GENHELPER="$(fake_helper prefixed)"
	export PASSWORD_STORE_GENHELPER
	gen_pass x
	assert_success
	# Its messages reach the terminal as it wrote them; stdout alone is
	# the password.
	assert_equal "$stderr" "pass-genhelper: entropy: 3 words of 64: 18.0 bits"
	assert_equal "$(store_password x)" "pass-genhelper: w23 w54"
}

@test "a line on the helper's stderr that is not its message: shown, and stdout alone is the password" {
	prepare_x
	PASSWORD_STORE_GENHELPER="$(fake_helper stray)"
	export PASSWORD_STORE_GENHELPER
	gen_pass -f x
	assert_success
	[[ $stderr == "ERROR: ld.so: object /x.so cannot be preloaded: ignored." ]] || fail "stderr: '$stderr'"
	assert_equal "$(store_password x)" stray-password
}

# A folder whose .gpg-id names a key nobody has, after an entry was made
# there; committed so that the store is clean.
prepare_bad_recipient() {
	mkdir -p "$PASSWORD_STORE_DIR/team"
	store_insert team/x $'old-password\nsecond line\n'
	# A fingerprint, so gpg does not look the name up on the network.
	printf '%s\n' 0123456789ABCDEF0123456789ABCDEF01234567 >"$PASSWORD_STORE_DIR/team/.gpg-id"
	git -C "$PASSWORD_STORE_DIR" add team/.gpg-id
	git -C "$PASSWORD_STORE_DIR" commit -q -m "Unknown key for team."
}

@test "gpg fails (unknown recipient): entry, files and git history unchanged" {
	prepare_bad_recipient
	local before opt
	before="$(store_snapshot)"
	for opt in -f -i; do
		gen_pass "$opt" team/x
		assert_failure
		assert_equal "$(store_snapshot)" "$before"
		assert_equal "$(store_temp_files)" ""
	done
	assert_equal "$(store_password team/x)" old-password
	gen_pass team/new
	assert_failure
	[[ $stderr == *"Password encryption aborted."* ]] || fail "stderr: '$stderr'"
	[[ ! -e $(store_file team/new) ]]
	assert_equal "$(store_snapshot)" "$before"
}

# A gpg first on PATH (pass runs "gpg" from PATH when there is no gpg2)
# that, asked to encrypt, writes part of its output file and fails.
fake_gpg_dir() {
	local dir="$BATS_TEST_TMPDIR/fake-gpg" real
	real="$(command -v gpg)"
	mkdir -p "$dir"
	cat >"$dir/gpg" <<-_EOF
	#!/bin/bash
	out="" encrypt=0 previous=""
	for arg in "\$@"; do
		[[ \$previous == -o ]] && out=\$arg
		[[ \$arg == -e ]] && encrypt=1
		previous=\$arg
	done
	if [[ \$encrypt -eq 1 && -n \$out ]]; then
		cat >/dev/null
		if [[ \$out == - ]]; then printf 'partial'; else printf 'partial' >"\$out"; fi
		echo "gpg: write error (fake)" >&2
		exit 2
	fi
	exec "$real" "\$@"
	_EOF
	chmod 755 "$dir/gpg"
	printf '%s\n' "$dir"
}

@test "gpg fails after writing part of its output: entry unchanged (pass generate damages it)" {
	command -v gpg2 >/dev/null && skip "pass would run gpg2, not the fake gpg"
	prepare_multiline
	local before fake opt
	before="$(store_snapshot)"
	fake="$(fake_gpg_dir)"
	for opt in -f -i; do
		PATH="$fake:$PATH" gen_pass "$opt" x
		assert_failure 1
		assert_equal "$(store_snapshot)" "$before"
		assert_equal "$(store_temp_files)" ""
	done
	assert_equal "$(store_password x)" old-password
	# The difference pass-gen(1) documents: pass generate lets gpg write the
	# entry itself.
	PATH="$fake:$PATH" run_pass generate -f x
	assert_failure 1
	assert_equal "$(cat "$(store_file x)")" partial
}

# A gpg first on PATH that, asked to encrypt, says so in the file
# "encrypting" (its process id) and waits for a file "go" before it runs
# the real gpg.
held_gpg_dir() {
	local dir="$BATS_TEST_TMPDIR/held-gpg" real
	real="$(command -v gpg)"
	mkdir -p "$dir"
	cat >"$dir/gpg" <<-_EOF
	#!/bin/bash
	for arg in "\$@"; do
		if [[ \$arg == -e ]]; then
			echo \$\$ >"$dir/encrypting"
			until [[ -e "$dir/go" ]]; do sleep 0.05; done
		fi
	done
	exec "$real" "\$@"
	_EOF
	chmod 755 "$dir/gpg"
	printf '%s\n' "$dir"
}

# wait_for CONDITION...: run the command until it succeeds, 30 s at most.
wait_for() {
	local tries=600
	until "$@"; do
		((--tries > 0)) || fail "gave up waiting for: $*"
		sleep 0.05
	done
}

# process_gone PID: no process PID (any more).
process_gone() {
	! kill -0 "$1" 2>/dev/null
}

@test "pass gen killed while gpg encrypts: gpg, left running, leaves no temporary file" {
	command -v gpg2 >/dev/null && skip "pass would run gpg2, not the held gpg"
	prepare_multiline
	local before held opt pid gpg_pid
	before="$(store_snapshot)"
	held="$(held_gpg_dir)"
	for opt in -f -i; do
		rm -f "$held/encrypting" "$held/go"
		PATH="$held:$PATH" pass gen "$opt" x >/dev/null 2>&1 &
		pid=$!
		wait_for test -s "$held/encrypting"
		gpg_pid="$(cat "$held/encrypting")"
		# SIGTERM to pass alone, as kill(1) or timeout(1) sends it: gpg
		# goes on, and writes its output after pass gen has cleaned up.
		kill -TERM "$pid"
		wait "$pid" || true
		touch "$held/go"
		wait_for process_gone "$gpg_pid"
		assert_equal "$(store_temp_files)" ""
		assert_equal "$(store_snapshot)" "$before"
	done
}

@test "overwrite question on a terminal: n keeps the entry, exit 1 (as pass generate)" {
	prepare_x
	local before
	before="$(store_snapshot)"
	answer_prompt n generate x
	assert_failure 1
	assert_equal "$(store_snapshot)" "$before"
	answer_prompt n gen x
	assert_failure 1
	assert_output --partial "An entry already exists for x. Overwrite it? [y/N]"
	assert_equal "$(store_snapshot)" "$before"
	assert_equal "$(store_password x)" old-password
}

@test "overwrite question on a terminal: y replaces the entry" {
	prepare_x
	answer_prompt y gen x
	assert_success
	assert_output --partial "An entry already exists for x. Overwrite it? [y/N]"
	local pw
	pw="$(store_password x)"
	[[ $pw != old-password ]]
	assert_length "$pw" 25
	assert_output --partial "$pw"
	assert_equal "$(store_last_subject)" "Add generated password for x."
}

@test "--show-entropy on a terminal: the figure comes before the overwrite question" {
	prepare_x
	answer_prompt n gen -v x
	assert_failure 1
	[[ $output == *" bits"*"Overwrite it? [y/N]"* ]] || fail "output: '$output'"
	assert_equal "$(store_password x)" old-password
}

# ---------------------------------------------------------------------------
# 7. The password is never in an argv

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
# 8. pass's own generate tests (t0010), for pass gen

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

# ---------------------------------------------------------------------------
# 9. Finding the helper

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
