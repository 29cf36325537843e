#!/usr/bin/env bats
# Routing `pass generate` to `pass gen`: the command pass-with-gen, and the
# one-line shell integrations completion/route-generate.{bash,zsh,fish},
# with real pass 1.7.4, gpg, git and real interactive shells in a pty.
# What the route refuses to run from a store is routing-store.bats; the
# two modes (the source tree's files, or the installed package's), the
# start-up files and the shell drivers are in test_helper/routing.bash.

# status, output, lines and stderr are set by bats' `run`.
# Each @test runs in its own subshell, so its exports are meant to stay local.
# shellcheck disable=SC2154,SC2016,SC2030,SC2031

bats_require_minimum_version 1.5.0

load test_helper/routing

# ---------------------------------------------------------------------------
# pass-with-gen: everything but generate is pass, untouched

# same_as_pass ARGS...: pass-with-gen ARGS and pass ARGS, each in a fresh
# store filled by prepare_entries, agree on status, stdout and stderr, and
# on the store afterwards (its files and commits; encrypted files differ
# from run to run anyway).
same_as_pass() {
	local ref_status ref_out ref_err ref_after
	store_new git && prepare_entries
	run --separate-stderr pass "$@"
	ref_status=$status
	ref_out=$(store_normalize "$output" "") ref_err=$(store_normalize "$stderr" "")
	ref_after=$(store_outline)
	store_new git && prepare_entries
	run --separate-stderr "$ROUTE_COMMAND" "$@"
	output=$(store_normalize "$output" "") stderr=$(store_normalize "$stderr" "")
	printf 'pass %s\nstatus %s / %s\nstdout:\n%s\n---\n%s\nstderr:\n%s\n---\n%s\n' \
		"$*" "$ref_status" "$status" "$ref_out" "$output" "$ref_err" "$stderr"
	assert_equal "$status" "$ref_status"
	assert_equal "$output" "$ref_out"
	assert_equal "$stderr" "$ref_err"
	assert_equal "$(store_outline)" "$ref_after"
}

# The store's files and git log subjects.
store_outline() {
	(cd "$PASSWORD_STORE_DIR" && find . -path ./.git -prune -o -print | LC_ALL=C sort)
	git -C "$PASSWORD_STORE_DIR" log --format=%s
}

prepare_entries() {
	store_insert web/site $'s3cret\nuser: alice\n'
	store_insert gen $'an entry named gen\n'
}

@test "pass-with-gen: other commands, their output, errors and exit status are pass's" {
	same_as_pass show web/site
	same_as_pass ls
	same_as_pass
	same_as_pass show no/such/entry
	[[ $status -eq 1 ]] || fail "pass show of a missing entry should fail"
	same_as_pass find site
	same_as_pass grep user:
	same_as_pass version
	same_as_pass help
	same_as_pass gen --help
	same_as_pass rm -f web/site
	same_as_pass git log --format=%s
	same_as_pass insert --bogus-option x
	[[ $status -ne 0 ]] || fail "pass insert with a bad option should fail"
	# A command pass does not know is `pass show`, for pass and the router.
	same_as_pass generatex
}

@test "pass-with-gen: input reaches pass (insert from stdin)" {
	run "$ROUTE_COMMAND" insert -m web/new <<<$'line one\nline two'
	assert_success
	assert_equal "$(store_decrypt web/new)" $'line one\nline two'
}

@test "pass-with-gen generate is pass gen: a policy, formats and the commit of pass generate" {
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	printf '%s\n' '--format digits' '--length 6' >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	# A PIN policy is weak: the user allows it for this folder.
	PASSWORD_STORE_GEN_ALLOW_WEAK=/bank:19 run --separate-stderr "$ROUTE_COMMAND" generate bank/card
	assert_success
	assert_equal "$(store_last_subject)" "Add generated password for bank/card."
	local password
	password=$(store_password bank/card)
	[[ $password =~ ^[0-9]{6}$ ]] || fail "not a 6-digit PIN from the policy: '$password'"
	assert_equal "$(plain "${lines[${#lines[@]} - 1]}")" "$password"

	# An option only pass gen has.
	run --separate-stderr "$ROUTE_COMMAND" generate --format hex --bytes 16 web/token
	assert_success
	password=$(store_password web/token)
	[[ $password =~ ^[0-9a-f]{32}$ ]] || fail "not 16 bytes in hex: '$password'"

	# pass's own generate refuses that option: the router did not call it.
	run --separate-stderr pass generate --format hex web/other
	assert_failure
}

@test "pass-with-gen generate: the argv of Emacs and pass generate's -n, -f, -i" {
	run --separate-stderr "$ROUTE_COMMAND" generate --force --no-symbols web/site 25
	assert_success
	local password
	password=$(store_password web/site)
	[[ ${#password} -eq 25 && $password =~ ^[[:alnum:]]+$ ]] || fail "not 25 alnum: '$password'"
	store_insert web/multi $'old\nuser: bob\n'
	run --separate-stderr "$ROUTE_COMMAND" generate -i web/multi 12
	assert_success
	run store_decrypt web/multi
	[[ ${lines[0]} != old && ${#lines[0]} -eq 12 ]] || fail "first line not replaced: '${lines[0]}'"
	assert_equal "${lines[1]}" "user: bob"
	assert_equal "$(store_last_subject)" "Replace generated password for web/multi."
}

@test "pass-with-gen generate: pass gen's failures and messages pass through" {
	local before
	before=$(store_snapshot)
	run --separate-stderr "$ROUTE_COMMAND" generate --format nosuch web/x
	assert_failure 1
	assert_output ''
	assert_equal "$(pass gen --format nosuch web/x 2>&1 >/dev/null)" "$stderr"
	run --separate-stderr "$ROUTE_COMMAND" generate
	assert_failure 1
	assert_equal "$stderr" "$(pass gen 2>&1 >/dev/null)"
	[[ $stderr == "Usage: pass gen "* ]] || fail "not pass gen's usage: '$stderr'"
	assert_equal "$(store_snapshot)" "$before"
}

@test "pass-with-gen generate: without the gen extension, an error and nothing shown or made" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "the installed package provides the system extension"
	[[ ! -e /usr/lib/password-store/extensions/gen.bash ]] ||
		skip "a system gen extension is installed on this machine"
	store_insert gen $'the entry named gen\n'
	local before
	before=$(store_snapshot)
	# What pass itself does: `pass gen` becomes `pass show gen`, status 0.
	PASSWORD_STORE_ENABLE_EXTENSIONS=false run --separate-stderr pass gen web/x 20
	assert_success
	assert_output 'the entry named gen'
	PASSWORD_STORE_ENABLE_EXTENSIONS=false run --separate-stderr "$ROUTE_COMMAND" generate web/x 20
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "pass-with-gen: the pass gen extension is not installed: not in '/usr/lib/password-store/extensions', and no user extension (PASSWORD_STORE_ENABLE_EXTENSIONS=true, PASSWORD_STORE_EXTENSIONS_DIR); nothing was generated"
	assert_equal "$(store_snapshot)" "$before"
	# An extensions folder without gen.bash is no better.
	PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR run --separate-stderr "$ROUTE_COMMAND" generate web/x 20
	assert_failure 1
	assert_output ''
}

# ---------------------------------------------------------------------------
# The shell snippets: the routed command

@test "shells: one sourced line routes pass generate to pass gen, and leaves pass show alone" {
	local shell
	for shell in bash zsh fish; do
		command -v "$shell" >/dev/null || continue
		shell_run "$shell" "pass generate --format digits shell/$shell 9; pass show shell/$shell"
		printf '%s: %s\n%s\n' "$shell" "$output" "$stderr"
		assert_success
		local password
		password=$(store_password "shell/$shell")
		[[ $password =~ ^[0-9]{9}$ ]] || fail "$shell: not 9 digits: '$password'"
		assert_equal "${lines[${#lines[@]} - 1]}" "$password"
		assert_equal "$(store_last_subject)" "Add generated password for shell/$shell."
		# A failure keeps pass gen's status.
		shell_run "$shell" "pass generate --format nosuch shell/bad"
		assert_failure 1
	done
}

# ---------------------------------------------------------------------------
# The shell snippets: completion of pass generate, typed in a pty

# assert_routed_completion SHELL: in an interactive SHELL, TAB after
# "pass generate ..." does what it does after "pass gen ...", and pass's
# other commands complete as before.  zsh completes --form to --format=.
assert_routed_completion() {
	local shell=$1 format_option='--format ' format
	[[ $shell == zsh ]] && format_option='--format='
	mkdir -p "$PASSWORD_STORE_DIR/folder"
	touch "$PASSWORD_STORE_DIR/folder/site.gpg" "$PASSWORD_STORE_DIR/folder/mail.gpg"
	pty_complete "$shell" 'pass generate --w' 'pass generate --form' 'pass generate --format base3' \
		'pass generate --format ' 'pass generate -t hex fol' 'pass gen --show-e' 'pass generate --cl' \
		'pass sh' 'pass show fol' 'pass generate --site speedw' 'pass-with-gen generate --site speedw' \
		'pass-with-gen gen --site speedw'
	assert_equal "$(edited_lines)" "$(lines 'pass generate --word' "pass generate $format_option" \
		'pass generate --format base32 ' 'pass generate --format ' 'pass generate -t hex folder/' \
		'pass gen --show-entropy ' 'pass generate --clip ' 'pass show ' 'pass show folder/' \
		'pass generate --site speedway.com ' 'pass-with-gen generate --site speedway.com ' \
		'pass-with-gen gen --site speedway.com ')"
	[[ $(screen_of 1) == *--wordlist*--words* ]] || fail "--wordlist and --words not listed"
	for format in alnum base32 base64url digits graph hex; do
		[[ $(screen_of 4) == *" $format "* ]] || fail "format $format not listed"
	done
}

@test "bash: TAB completes pass generate as pass gen" {
	[[ -f /usr/share/bash-completion/bash_completion ]] || skip "bash-completion is not installed"
	assert_routed_completion bash
}

@test "zsh: TAB completes pass generate as pass gen" {
	zsh -fc 'for d in $fpath; [[ -f $d/_pass ]] && exit 0; exit 1' 2>/dev/null ||
		skip "pass's zsh completion (_pass) is not in zsh's fpath"
	assert_routed_completion zsh
}

@test "fish: TAB completes pass generate as pass gen" {
	assert_routed_completion fish
}

@test "installed: pass gen and pass-genhelper complete with nothing sourced by hand" {
	[[ ${ROUTE_MODE:-build} == installed ]] || skip "checks the installed package (ROUTE_MODE=installed)"
	local shell equals
	for shell in bash zsh fish; do
		equals=' '
		[[ $shell == zsh ]] && equals='='
		PTY_RC=plain pty_complete "$shell" 'pass gen --show-e' 'pass gen --format base3' \
			'pass-genhelper --for' 'pass generate --cl'
		assert_equal "$(edited_lines)" "$(lines 'pass gen --show-entropy ' \
			'pass gen --format base32 ' "pass-genhelper --format$equals" 'pass generate --clip ')"
	done
}
