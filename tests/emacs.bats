#!/usr/bin/env bats
# Emacs' password-store.el (Debian's elpa-password-store) generating through
# pass-with-gen, set as password-store-executable: real Emacs in batch mode,
# real pass, gpg and git.  password-store.el runs
# `pass generate --force [--no-symbols] ENTRY LENGTH` and waits for it.
#
# ROUTE_MODE=installed runs it against the installed /usr/bin/pass-with-gen
# and the system extension, as tests/routing.bats does.

# status, output, lines and stderr are set by bats' `run`.
# shellcheck disable=SC2154

bats_require_minimum_version 1.5.0

load test_helper/common
load test_helper/store

setup_file() {
	store_setup_file
	if [[ ${ROUTE_MODE:-build} == installed ]]; then
		ROUTE_COMMAND=/usr/bin/pass-with-gen
	else
		ROUTE_COMMAND=$(cd "$TESTS_SRCDIR/../route" && pwd)/pass-with-gen
	fi
	export ROUTE_COMMAND

	# emacs-generate.el FUNCTION ENTRY LENGTH [NO-SYMBOLS]: call FUNCTION
	# (password-store-generate, or password-store--run-generate, which
	# password-store.el 2.1.4 has for --no-symbols but no command for) and
	# print "ok", or "error: " and what Emacs reported.  A failed pass is
	# an error signalled by the process sentinel.  Emacs catches it and
	# reports it through command-error-function, as it would show it to a
	# user ("error in process sentinel: ..."); password-store--run then
	# waits for output for ever, so the report ends the wait here.  (In
	# batch mode Emacs would first print a backtrace and exit: not here.)
	cat >"$BATS_FILE_TMPDIR/emacs-generate.el" <<-'EOF'
	(require 'password-store)
	(setq backtrace-on-error-noninteractive nil)
	(setq password-store-executable (getenv "ROUTE_COMMAND"))
	(let* ((args command-line-args-left)
	       (function (intern (nth 0 args)))
	       (entry (nth 1 args))
	       (length (string-to-number (nth 2 args)))
	       (no-symbols (equal (nth 3 args) "no-symbols"))
	       (result
	        (catch 'pass-failed
	          (let ((command-error-function
	                 (lambda (data context _caller)
	                   (throw 'pass-failed
	                          (format "error: %s%s" (or context "")
	                                  (error-message-string data))))))
	            (with-timeout (60 (throw 'pass-failed "timeout"))
	              (if (eq function 'password-store--run-generate)
	                  (password-store--run-generate entry length t no-symbols)
	                (funcall function entry length))))
	          "ok")))
	  (setq command-line-args-left nil)
	  (princ (concat (string-trim-right result) "\n"))
	  (kill-emacs (if (equal result "ok") 0 1)))
	EOF
}

teardown_file() {
	store_teardown_file
}

setup() {
	command -v emacs >/dev/null || skip "emacs is not installed"
	emacs --batch --eval "(require 'password-store)" >/dev/null 2>&1 ||
		skip "password-store.el is not installed (elpa-password-store)"
	store_setup
	if [[ ${ROUTE_MODE:-build} == installed ]]; then
		unset PASSWORD_STORE_ENABLE_EXTENSIONS PASSWORD_STORE_EXTENSIONS_DIR PASSWORD_STORE_GENHELPER
	fi
	store_new git
	cd "$BATS_TEST_TMPDIR" || return 1
}

# emacs_generate FUNCTION ENTRY LENGTH [no-symbols]
emacs_generate() {
	run --separate-stderr timeout 120 emacs --batch -l "$BATS_FILE_TMPDIR/emacs-generate.el" "$@"
	printf 'emacs %s\nstatus %s\nstdout: %s\nstderr: %s\n' "$*" "$status" "$output" "$stderr"
}

# assert_entry ENTRY LENGTH SET: the stored password has LENGTH characters,
# all kept by LC_ALL=C tr -dc SET, and git has the commit pass generate makes.
assert_entry() {
	local password
	password=$(store_password "$1") || fail "no entry $1"
	printf 'password: %s\n' "$password"
	assert_equal "${#password}" "$2"
	assert_chars_in "$password" "$3"
	assert_equal "$(store_last_subject)" "Add generated password for $1."
	assert_equal "$(store_temp_files)" ""
}

# The store is unchanged since store_snapshot gave $1: no entry, temporary
# file or commit.
assert_store_unchanged() {
	assert_equal "$(store_snapshot)" "$1"
	assert_equal "$(store_temp_files)" ""
}

# Emacs reported that pass failed, as it shows it to a user, and the store
# is unchanged since store_snapshot gave $1.
# commit_policy FOLDER LINE...: FOLDER/.pass-gen in the store, committed
# as whoever shares the store would.
commit_policy() {
	mkdir -p "$PASSWORD_STORE_DIR/$1"
	printf '%s\n' "${@:2}" >"$PASSWORD_STORE_DIR/$1/.pass-gen"
	git -C "$PASSWORD_STORE_DIR" add "$1/.pass-gen"
	git -C "$PASSWORD_STORE_DIR" commit -q -m "Add a policy"
}

assert_emacs_error() {
	assert_failure 1
	assert_output 'error: error in process sentinel: password-store: exited abnormally with code 1'
	assert_store_unchanged "$1"
}

@test "emacs: password-store-generate stores 25 of pass's 94 characters through pass gen" {
	emacs_generate password-store-generate web/site 25
	assert_success
	assert_output ok
	assert_entry web/site 25 '[:punct:][:alnum:]'
	# A longer one uses the symbols: 200 characters without one has odds
	# (62/94)^200 < 1e-36.
	emacs_generate password-store-generate web/long 200
	assert_success
	assert_entry web/long 200 '[:punct:][:alnum:]'
	[[ $(store_password web/long) == *[[:punct:]]* ]] || fail "no symbol in 200 characters"
}

@test "emacs: without symbols, 25 letters and digits" {
	emacs_generate password-store--run-generate web/plain 25 no-symbols
	assert_success
	assert_output ok
	assert_entry web/plain 25 '[:alnum:]'
}

@test "emacs: a planted two-letter policy is an error in Emacs, not a 25-bit entry" {
	# Emacs throws pass's stderr away: a warning there would be no
	# defence, so the weak policy is refused (exit 1) and Emacs says so.
	local before
	commit_policy web '--charset ab'
	before=$(store_snapshot)
	emacs_generate password-store-generate web/site 25
	assert_emacs_error "$before"
	[[ ! -e $PASSWORD_STORE_DIR/web/site.gpg ]] || fail "a weak entry was stored"
}

@test "emacs: an entry named after a site of 13.3 bits is an error in Emacs, not a 4-digit entry" {
	# Emacs sends 'generate --force lib/bpl.bibliocommons.com 25'; the
	# site table's rules for it allow exactly 4 digits.  Without the
	# user's consent outside the store: an error, nothing stored.
	local before
	before=$(store_snapshot)
	emacs_generate password-store-generate lib/bpl.bibliocommons.com 25
	assert_failure 1
	assert_output 'error: error in process sentinel: password-store: exited abnormally with code 1'
	assert_store_unchanged "$before"
	[[ ! -e $PASSWORD_STORE_DIR/lib/bpl.bibliocommons.com.gpg ]] || fail "a weak entry was stored"
	# With it, the site's 4 digits.
	PASSWORD_STORE_GEN_ALLOW_WEAK=site=bpl.bibliocommons.com:13 \
		emacs_generate password-store-generate lib/bpl.bibliocommons.com 25
	assert_success
	assert_entry lib/bpl.bibliocommons.com 4 '[:digit:]'
}

@test "emacs: a folder's .pass-gen policy gives the alphabet, Emacs' length replaces its length" {
	local before
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	printf '%s\n' '# a PIN' '--format digits' '--length 6' >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	# 25 digits are 83.0 bits: weaker than 25 of pass's 94 characters, so
	# only with the user's consent, given outside the store.
	before=$(store_snapshot)
	emacs_generate password-store-generate bank/card 25
	assert_failure 1
	assert_store_unchanged "$before"
	export PASSWORD_STORE_GEN_ALLOW_WEAK=/bank:80
	emacs_generate password-store-generate bank/card 25
	assert_success
	assert_entry bank/card 25 '[:digit:]'
	# --no-symbols sets the policy aside, as on the command line.
	emacs_generate password-store--run-generate bank/other 30 no-symbols
	assert_success
	assert_entry bank/other 30 '[:alnum:]'
	local password
	password=$(store_password bank/other)
	[[ $password == *[[:alpha:]]* ]] ||
		fail "30 alnum characters without a letter (odds 10^30/62^30) in '$password'"
}

@test "emacs: a failing helper is an error in Emacs, and leaves no entry, temporary file or commit" {
	local before
	printf '#!/bin/sh\necho "pass-genhelper: no randomness" >&2\nexit 1\n' >"$BATS_TEST_TMPDIR/failing-helper"
	chmod +x "$BATS_TEST_TMPDIR/failing-helper"
	before=$(store_snapshot)
	PASSWORD_STORE_GENHELPER=$BATS_TEST_TMPDIR/failing-helper emacs_generate password-store-generate web/site 25
	assert_emacs_error "$before"
	[[ ! -e $PASSWORD_STORE_DIR/web ]] || fail "the entry's folder was made"
}

@test "emacs: a bad policy is an error in Emacs, and leaves no entry, temporary file or commit" {
	local before
	commit_policy bank '--format nosuch'
	before=$(store_snapshot)
	emacs_generate password-store-generate bank/card 25
	assert_emacs_error "$before"
}

@test "emacs: an existing entry is replaced only when pass gen succeeds" {
	store_insert web/site $'old password\nuser: alice\n'
	local before
	before=$(store_snapshot)
	PASSWORD_STORE_GENHELPER=/bin/false emacs_generate password-store-generate web/site 25
	assert_failure 1
	assert_store_unchanged "$before"
	assert_equal "$(store_decrypt web/site)" $'old password\nuser: alice'
	emacs_generate password-store-generate web/site 25
	assert_success
	assert_entry web/site 25 '[:punct:][:alnum:]'
}

@test "emacs: an extension planted in the store behind a link longer than PATH_MAX is an error in Emacs, and nothing is stored" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	# A user who enables extensions, and a store whose .extensions/gen.bash
	# someone else committed: a link of 4093 bytes, which the kernel follows
	# and a path built from it cannot hold, to a script that stores a weak
	# password.
	unset PASSWORD_STORE_EXTENSIONS_DIR
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
	local real=$PASSWORD_STORE_DIR/.extensions/real before target
	mkdir -p "$real"
	# shellcheck disable=SC2016 # the planted script's own expansions
	printf '%s\n' '#!/usr/bin/env bash' "touch '$BATS_TEST_TMPDIR/planted-ran'" \
		'printf "%s\n" aaaa | pass insert -m -f "${@: -2:1}" >/dev/null' >"$real/gen.bash"
	chmod +x "$real/gen.bash"
	target=$(printf './%.0s' {1..2040})real/gen.bash
	ln -s "$target" "$PASSWORD_STORE_DIR/.extensions/gen.bash"
	git -C "$PASSWORD_STORE_DIR" add -A .
	git -C "$PASSWORD_STORE_DIR" commit -q -m "Planted extension"
	before=$(store_snapshot)
	emacs_generate password-store-generate web/site 25
	assert_emacs_error "$before"
	[[ ! -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the planted extension ran"
	[[ ! -e $PASSWORD_STORE_DIR/web/site.gpg ]] || fail "an entry was stored"
}
