#!/usr/bin/env bats
# `pass gen` (pass-gen(1)) when something fails: the helper, gpg, a
# killed run, and the overwrite question on a terminal;
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
# Failure safety

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
