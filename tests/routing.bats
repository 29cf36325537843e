#!/usr/bin/env bats
# Routing `pass generate` to `pass gen`: the command pass-with-gen, and the
# one-line shell integrations completion/route-generate.{bash,zsh,fish},
# with real pass 1.7.4, gpg, git and real interactive shells in a pty.
#
# Two modes:
#   build (default)   route/pass-with-gen and completion/route-generate.*
#                     of the source tree; the built extension as a user
#                     extension (PASSWORD_STORE_ENABLE_EXTENSIONS=true);
#                     the pass gen completion loaded from beside the
#                     snippets, as after a per-user install.
#   installed         ROUTE_MODE=installed (the Debian package's tests):
#                     /usr/bin/pass-with-gen, the system extension in
#                     /usr/lib/password-store/extensions (extensions not
#                     enabled), /usr/bin/pass-genhelper, and the snippets
#                     and completions where the package puts them, read
#                     by the shells' own start-up.

# status, output, lines and stderr are set by bats' `run`.
# Each @test runs in its own subshell, so its exports are meant to stay local.
# shellcheck disable=SC2154,SC2016,SC2030,SC2031

bats_require_minimum_version 1.5.0

load test_helper/common
load test_helper/store

setup_file() {
	store_setup_file
	local root=$BATS_FILE_TMPDIR

	if [[ ${ROUTE_MODE:-build} == installed ]]; then
		ROUTE_COMMAND=/usr/bin/pass-with-gen
		ROUTE_SNIPPETS=/usr/share/pass-genhelper
	else
		# ROUTING_TEST_COMMAND: the same script run another way (tests/bash32/run
		# runs it with bash 3.2 as /bin/sh).
		ROUTE_COMMAND=${ROUTING_TEST_COMMAND:-$(cd "$TESTS_SRCDIR/../route" && pwd)/pass-with-gen}
		ROUTE_SNIPPETS=$(cd "$TESTS_SRCDIR/../completion" && pwd)
		# The snippets run pass-with-gen from PATH, where it is installed.
		PATH="${ROUTE_COMMAND%/*}:$PATH"
		export PATH
	fi
	export ROUTE_COMMAND ROUTE_SNIPPETS

	# The user's start-up files: nothing but what README says to add.
	# fish's first interactive start in a new HOME scans every man page
	# for completions in the background (python3, seconds of CPU); the
	# folder it would fill, made here, tells it the scan is done.
	mkdir -p "$root/home" "$root/zdot" "$root/home/.config/fish" "$root/bash-compat" \
		"$root/home/.local/share/fish/generated_completions" \
		"$root/plain/home/.local/share/fish/generated_completions"
	cat >"$root/home/.bashrc" <<-EOF
	source /usr/share/bash-completion/bash_completion
	source $ROUTE_SNIPPETS/route-generate.bash
	EOF
	cat >"$root/zdot/.zshrc" <<-EOF
	autoload -Uz compinit && compinit -u -D
	source $ROUTE_SNIPPETS/route-generate.zsh
	EOF
	cat >"$root/home/.config/fish/config.fish" <<-EOF
	source $ROUTE_SNIPPETS/route-generate.fish
	EOF
	# Start-up files without the routing line: what a user of the
	# installed package has by default.
	mkdir -p "$root/plain/home/.config/fish" "$root/plain/zdot"
	echo 'source /usr/share/bash-completion/bash_completion' >"$root/plain/home/.bashrc"
	echo 'autoload -Uz compinit && compinit -u -D' >"$root/plain/zdot/.zshrc"
	: >"$root/plain/home/.config/fish/config.fish"
	write_pty_driver "$root"
}

teardown_file() {
	store_teardown_file
}

teardown() {
	# A background process that changes the store (swap_in_background).
	if [[ -f $BATS_TEST_TMPDIR/swap.pid ]]; then
		kill "$(cat "$BATS_TEST_TMPDIR/swap.pid")" 2>/dev/null || :
		wait "$(cat "$BATS_TEST_TMPDIR/swap.pid")" 2>/dev/null || :
	fi
	# The mode a test may have taken from the store, for its removal.
	chmod 700 "$BATS_TEST_TMPDIR/store" 2>/dev/null || :
}

setup() {
	store_setup
	if [[ ${ROUTE_MODE:-build} == installed ]]; then
		unset PASSWORD_STORE_ENABLE_EXTENSIONS PASSWORD_STORE_EXTENSIONS_DIR PASSWORD_STORE_GENHELPER
	fi
	store_new git
	cd "$BATS_TEST_TMPDIR" || return 1
}

# ---------------------------------------------------------------------------
# Helpers

# The interactive shells: each reads the user's start-up file above, then
# a few test lines (a prompt to wait for, no bell, C-t printing the edited
# line between << and >> and clearing it, candidates listed at the first
# TAB).  pty.exp SHELL LINE...: for each LINE, type it, press TAB, then C-t;
# print "screen: " and what the shell showed in between (escape sequences
# removed, blanks squeezed), then the line as TAB left it.
write_pty_driver() {
	local root=$1
	cat >"$root/harness.bashrc" <<-'EOF'
	source ~/.bashrc
	PS1='READY> '
	bind 'set bell-style none'
	bind 'set show-all-if-ambiguous on'
	bind 'set completion-query-items 0'
	bind 'set page-completions off'
	bind -x '"\C-t": printf "\n<<%s>>\n" "$READLINE_LINE"; READLINE_LINE=; READLINE_POINT=0'
	EOF
	mkdir -p "$root/zharness"
	cat >"$root/zharness/.zshrc" <<-'EOF'
	source $ZDOTDIR_USER/.zshrc
	PS1='READY> '
	unsetopt beep listambiguous
	route_show() { zle -I; print -r -- "<<$BUFFER>>"; BUFFER=; }
	zle -N route_show
	bindkey '^T' route_show
	EOF
	cat >"$root/harness.fish" <<-'EOF'
	function fish_prompt; echo -n 'READY> '; end
	set -g fish_greeting
	set -g fish_autosuggestion_enabled 0
	bind \ct 'echo; echo "<<"(commandline)">>"; commandline ""; commandline -f repaint'
	EOF
	cat >"$root/pty.exp" <<-'EOF'
	# The timeouts only stop a hang: a loaded machine is slow, not wrong.
	set timeout 60
	match_max 100000
	log_user 0
	set shell [lindex $argv 0]
	switch $shell {
		bash { spawn -noecho bash --noprofile --rcfile $env(HARNESS)/harness.bashrc -i }
		zsh { set env(ZDOTDIR_USER) $env(ZDOTDIR); set env(ZDOTDIR) $env(HARNESS)/zharness
			spawn -noecho zsh -i }
		fish { spawn -noecho fish -i -C "source $env(HARNESS)/harness.fish" }
	}
	expect {
		"READY> " {}
		timeout { puts "TIMEOUT waiting for the prompt"; exit 1 }
	}
	foreach line [lrange $argv 1 end] {
		send -- "$line\t"
		sleep 0.1
		send -- "\x14"
		expect {
			-re {<<([^\r\n]*)>>} {
				set screen $expect_out(buffer)
				regsub -all {\x1b\[[0-9;?>=]*[a-zA-Z@]} $screen {} screen
				regsub -all {\x1b[()][A-Z0-9]} $screen {} screen
				regsub -all {\x1b.} $screen {} screen
				regsub -all {[\r\n\t ]+} $screen { } screen
				regsub -all {[^ -~]} $screen {} screen
				puts "screen: $screen"
				puts "$expect_out(1,string)"
			}
			timeout { puts "TIMEOUT after: $line"; exit 1 }
		}
		expect {
			"READY> " {}
			timeout { puts "TIMEOUT waiting for the prompt after: $line"; exit 1 }
		}
	}
	send "exit\r"
	expect eof
	EOF
}

# pty_complete SHELL LINE...: LINE<TAB> in an interactive SHELL; $output
# has, for each LINE, "screen: ..." and then the edited line.  With
# PTY_RC=plain, the start-up files have no routing line.
pty_complete() {
	local shell=$1
	shift
	command -v expect >/dev/null || skip "expect is not installed"
	command -v "$shell" >/dev/null || skip "$shell is not installed"
	local rc=$BATS_FILE_TMPDIR${PTY_RC:+/$PTY_RC}
	run env -i HOME="$rc/home" PATH="$PATH" TERM=xterm LANG=C.UTF-8 \
		ZDOTDIR="$rc/zdot" HARNESS="$BATS_FILE_TMPDIR" \
		XDG_CONFIG_HOME="$rc/home/.config" \
		BASH_COMPLETION_COMPAT_DIR="$(compat_dir)" \
		PASSWORD_STORE_DIR="$PASSWORD_STORE_DIR" \
		PASSWORD_STORE_GENHELPER="${PASSWORD_STORE_GENHELPER-}" \
		timeout 300 expect "$BATS_FILE_TMPDIR/pty.exp" "$shell" "$@"
	printf '%s\n' "$output"
	assert_success
}

# Where bash-completion sources eager completions at start-up: the system's
# folder when testing the package; an empty one for the source tree, so that
# the snippet's own loading of pass-gen.bash is what is tested.
compat_dir() {
	if [[ ${ROUTE_MODE:-build} == installed ]]; then
		printf '%s\n' /etc/bash_completion.d
	else
		printf '%s\n' "$BATS_FILE_TMPDIR/bash-compat"
	fi
}

# The edited lines of pty_complete's output, in order.
edited_lines() {
	grep -v -e '^screen: ' <<<"$output"
}

# screen_of N: what the shell showed for the Nth line (from 1).
screen_of() {
	grep '^screen: ' <<<"$output" | sed -n "${1}p"
}

# In an interactive SHELL with the user's start-up file, run COMMAND.
shell_run() {
	local shell=$1 command=$2
	command -v "$shell" >/dev/null || skip "$shell is not installed"
	local -a argv
	case $shell in
	bash) argv=(bash -i -c "$command") ;;
	zsh) argv=(zsh -i -c "$command") ;;
	fish) argv=(fish -c "$command") ;;
	esac
	run --separate-stderr env HOME="$BATS_FILE_TMPDIR/home" ZDOTDIR="$BATS_FILE_TMPDIR/zdot" \
		XDG_CONFIG_HOME="$BATS_FILE_TMPDIR/home/.config" \
		BASH_COMPLETION_COMPAT_DIR="$(compat_dir)" "${argv[@]}" </dev/null
}

# pass's output as the terminal shows it, colours removed.
plain() {
	printf '%s\n' "$1" | sed -e 's/\x1b\[[0-9;]*m//g'
}

lines() {
	printf '%s\n' "$@"
}

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
# Code committed to the store: plain `pass generate` runs no extension, so
# the route must not run one from inside the store that pass's signature
# check has not covered.

# plant_extension DIR: an executable gen.bash in DIR that leaves a mark, a
# line for each run.
plant_extension() {
	mkdir -p "$1"
	printf '%s\n' '#!/usr/bin/env bash' "echo ran >>'$BATS_TEST_TMPDIR/planted-ran'" >"$1/gen.bash"
	chmod +x "$1/gen.bash"
}

# assert_snippets_refuse: `pass generate web/new` in bash, zsh and fish
# with the routing line is refused by pass-with-gen, and runs nothing planted.
assert_snippets_refuse() {
	local shell
	for shell in bash zsh fish; do
		shell_run "$shell" "pass generate web/new"
		assert_failure 1
		[[ $stderr == *"pass-with-gen: refusing to run"* ]] || fail "$shell: '$stderr'"
		[[ ! -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "$shell: the planted extension ran"
	done
}

@test "route: an extension committed to the store's .extensions is refused, through the command and the snippets" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	plant_extension "$PASSWORD_STORE_DIR/.extensions"
	unset PASSWORD_STORE_EXTENSIONS_DIR
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	assert_failure 1
	assert_output ''
	[[ $stderr == "pass-with-gen: refusing to run the pass gen extension '$PASSWORD_STORE_DIR/.extensions/gen.bash': it is inside the password store"* ]] ||
		fail "stderr: '$stderr'"
	[[ ! -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the planted extension ran"
	assert_snippets_refuse
	[[ ! -e $PASSWORD_STORE_DIR/web/new.gpg ]]
}

@test "route: an extension folder outside the store that links into it is refused too" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	plant_extension "$PASSWORD_STORE_DIR/.hidden"
	mkdir -p "$BATS_TEST_TMPDIR/outside"
	ln -s "$PASSWORD_STORE_DIR/.hidden/gen.bash" "$BATS_TEST_TMPDIR/outside/gen.bash"
	export PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/outside PASSWORD_STORE_ENABLE_EXTENSIONS=true
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	assert_failure 1
	[[ $stderr == *"is inside the password store"* ]] || fail "stderr: '$stderr'"
	[[ ! -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the planted extension ran"
	# A folder that is a link into the store, likewise.
	ln -s "$PASSWORD_STORE_DIR/.hidden" "$BATS_TEST_TMPDIR/linked"
	PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/linked run --separate-stderr "$ROUTE_COMMAND" generate web/new
	assert_failure 1
	[[ ! -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the planted extension ran"
}

@test "route: with PASSWORD_STORE_SIGNING_KEY, the store's extension needs its signature, and a signed one runs" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	plant_extension "$PASSWORD_STORE_DIR/.extensions"
	unset PASSWORD_STORE_EXTENSIONS_DIR
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true PASSWORD_STORE_SIGNING_KEY=$KEY1
	store_sign "$PASSWORD_STORE_DIR/.gpg-id"
	# Unsigned: pass's own check refuses it.
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	assert_failure 1
	[[ $stderr == *"'$PASSWORD_STORE_DIR/.extensions/gen.bash.sig' does not exist; nothing was generated" ]] ||
		fail "stderr: '$stderr'"
	[[ ! -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "an unsigned extension ran"
	# Signed by the user's key: the user's own, so pass runs it.
	store_sign "$PASSWORD_STORE_DIR/.extensions/gen.bash"
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	[[ -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the signed extension did not run: '$stderr'"
}

# Every check of a path fails closed: when where the extension lies cannot
# be made sure, it is not run.

# plant_commit: the planted files committed, as a push to the shared
# store brings them.
plant_commit() {
	git -C "$PASSWORD_STORE_DIR" add -A . &&
		git -C "$PASSWORD_STORE_DIR" commit -q -m "Planted extension"
}

# assert_route_refused REASON [WRAPPER...]: pass-with-gen generate web/new
# (run by WRAPPER) refuses the user extension because REASON (a glob),
# exit 1: nothing on stdout, nothing planted run, the store as before.
assert_route_refused() {
	local before reason=$1
	shift
	before=$(route_store_snapshot)
	run --separate-stderr "$@" "$ROUTE_COMMAND" generate web/new
	printf 'status %s\nstdout: %s\nstderr: %s\n' "$status" "$output" "$stderr"
	assert_failure 1
	assert_output ''
	[[ $stderr == 'pass-with-gen: refusing to run the pass gen extension '*': '$reason'; nothing was generated' ]] ||
		fail "not refused for: $reason"
	[[ ! -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the planted extension ran"
	assert_equal "$(route_store_snapshot)" "$before"
}

# store_snapshot of a store named by a relative path too ("-" included).
route_store_snapshot() {
	[[ $PASSWORD_STORE_DIR == /* ]] || local PASSWORD_STORE_DIR=$PWD/$PASSWORD_STORE_DIR
	store_snapshot
}

# extensions_from_store: the user enables extensions and leaves their
# folder at its default, the store's .extensions (a per-user set-up, which
# the installed package's run does not make).
extensions_from_store() {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	unset PASSWORD_STORE_EXTENSIONS_DIR
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
}

INSIDE="it is inside the password store '*', or reached through a symbolic link there, *"
UNSURE="so it cannot be made sure that it is outside the password store *"

@test "pass-with-gen: a link in the store longer than PATH_MAX is refused, through the command and the snippets" {
	extensions_from_store
	plant_extension "$PASSWORD_STORE_DIR/.extensions/real"
	# 4093 bytes: the kernel follows it, a path built from it is too long.
	local target
	target=$(printf './%.0s' {1..2040})real/gen.bash
	ln -s "$target" "$PASSWORD_STORE_DIR/.extensions/gen.bash"
	plant_commit
	[[ -x $PASSWORD_STORE_DIR/.extensions/gen.bash ]] || fail "the kernel does not follow the link"
	assert_route_refused "$INSIDE"
	assert_snippets_refuse
	[[ ! -e $PASSWORD_STORE_DIR/web/new.gpg ]]
}

@test "pass-with-gen: a link in the store to a folder whose name ends in a newline is refused" {
	extensions_from_store
	plant_extension "$PASSWORD_STORE_DIR/.extensions/real"$'\n'
	ln -s "real"$'\n'"/gen.bash" "$PASSWORD_STORE_DIR/.extensions/gen.bash"
	plant_commit
	assert_route_refused "$INSIDE"
	[[ $stderr == *"extension '$PASSWORD_STORE_DIR/.extensions/gen.bash'"* ]] || fail "path not shown"
}

@test "pass-with-gen: a link in the store that leads out of it, to a link or a file, is refused" {
	extensions_from_store
	# Another clone of the store, outside it, holds the attacker's file.
	plant_extension "$BATS_TEST_TMPDIR/clone/.hidden"
	ln -s "$BATS_TEST_TMPDIR/clone/.hidden/gen.bash" "$BATS_TEST_TMPDIR/clone/hop"
	mkdir -p "$PASSWORD_STORE_DIR/.extensions"
	# Through .., to a link outside, to the file.
	ln -s ../../clone/hop "$PASSWORD_STORE_DIR/.extensions/gen.bash"
	plant_commit
	assert_route_refused "$INSIDE"
	# An absolute link, through a link in the store to another.
	rm "$PASSWORD_STORE_DIR/.extensions/gen.bash"
	ln -s "$BATS_TEST_TMPDIR/clone/.hidden/gen.bash" "$PASSWORD_STORE_DIR/.extensions/next"
	ln -s next "$PASSWORD_STORE_DIR/.extensions/gen.bash"
	plant_commit
	assert_route_refused "$INSIDE"
	# The store's .extensions folder itself a link out of the store.
	rm -r "$PASSWORD_STORE_DIR/.extensions"
	ln -s ../clone/.hidden "$PASSWORD_STORE_DIR/.extensions"
	plant_commit
	assert_route_refused "$INSIDE"
}

@test "pass-with-gen: a store path or extensions folder that ends in a newline is refused" {
	extensions_from_store
	local store=$PASSWORD_STORE_DIR
	mv "$store" "$store"$'\n'
	export PASSWORD_STORE_DIR=$store$'\n'
	plant_extension "$PASSWORD_STORE_DIR/.extensions"
	assert_route_refused "a path has a newline in it, $UNSURE"
	# The store as it was, and an extensions folder in it named with a
	# newline at the end.
	rm -r "$PASSWORD_STORE_DIR/.extensions"
	mv "$PASSWORD_STORE_DIR" "$store"
	export PASSWORD_STORE_DIR=$store
	plant_extension "$PASSWORD_STORE_DIR/.ext"$'\n'
	export PASSWORD_STORE_EXTENSIONS_DIR=$PASSWORD_STORE_DIR/.ext$'\n'
	assert_route_refused "a path has a newline in it, $UNSURE"
	# The newline is shown as the helper shows it.
	[[ $stderr == *"extension '$PASSWORD_STORE_DIR/.ext\\x0a/gen.bash'"* ]] || fail "path not shown"
}

@test "pass-with-gen: a relative store path or extensions folder is refused" {
	extensions_from_store
	cd "$BATS_TEST_TMPDIR" || return 1
	# "-" is a folder here, and to cd it is the previous folder.
	mv -- store -
	plant_extension "$BATS_TEST_TMPDIR/-/.extensions"
	OLDPWD=/ PASSWORD_STORE_DIR=- assert_route_refused "the path of the password store (PASSWORD_STORE_DIR) is relative, $UNSURE"
	mv -- - store
	PASSWORD_STORE_DIR=store assert_route_refused "the path of the password store (PASSWORD_STORE_DIR) is relative, $UNSURE"
	# An extensions folder named relative to where the command runs.
	rm -r store/.extensions
	plant_extension "$BATS_TEST_TMPDIR/store/.extensions"
	mkdir -p elsewhere
	cd elsewhere || return 1
	PASSWORD_STORE_EXTENSIONS_DIR=../store/.extensions assert_route_refused "PASSWORD_STORE_EXTENSIONS_DIR is a relative path, $UNSURE"
}

# without_dac COMMAND...: COMMAND where permissions hold, for root too.
without_dac() {
	if [[ $(id -u) == 0 ]]; then
		setpriv --bounding-set=-dac_override,-dac_read_search \
			--inh-caps=-dac_override,-dac_read_search -- "$@"
	else
		"$@"
	fi
}

@test "pass-with-gen: a store that cannot be entered is refused" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	[[ $(id -u) != 0 ]] || command -v setpriv >/dev/null || skip "setpriv is not installed"
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
	plant_extension "$BATS_TEST_TMPDIR/outside"
	export PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/outside
	chmod 000 "$PASSWORD_STORE_DIR"
	assert_route_refused "the password store is not a folder that can be entered, $UNSURE" without_dac
}

@test "pass-with-gen: a store reached through a link is the store" {
	extensions_from_store
	plant_extension "$PASSWORD_STORE_DIR/.extensions"
	ln -s store "$BATS_TEST_TMPDIR/store-link"
	PASSWORD_STORE_DIR=$BATS_TEST_TMPDIR/store-link assert_route_refused "$INSIDE"
	# The extensions folder named through the link, the store by its path.
	PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/store-link/.extensions assert_route_refused "$INSIDE"
}

@test "pass-with-gen: .. after a link goes up from where the link leads, as the kernel goes" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
	# As text, deep/../ext is $BATS_TEST_TMPDIR/ext, which holds nothing;
	# the kernel goes up from store/a/b, to the planted store/a/ext.
	plant_extension "$PASSWORD_STORE_DIR/a/ext"
	mkdir -p "$PASSWORD_STORE_DIR/a/b"
	ln -s "$PASSWORD_STORE_DIR/a/b" "$BATS_TEST_TMPDIR/deep"
	export PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/deep/../ext
	assert_route_refused "$INSIDE"
}

@test "pass-with-gen: odd extensions outside the store are refused too, and a plain one runs" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
	local dir=$BATS_TEST_TMPDIR/mine i
	mkdir -p "$dir"
	export PASSWORD_STORE_EXTENSIONS_DIR=$dir
	# A chain of 41 links: more than the kernel follows.
	plant_extension "$BATS_TEST_TMPDIR/target"
	ln -s "$BATS_TEST_TMPDIR/target/gen.bash" "$dir/link0"
	for i in {1..39}; do
		ln -s "link$((i - 1))" "$dir/link$i"
	done
	ln -s link39 "$dir/gen.bash"
	assert_route_refused "it is reached through more than 40 symbolic links, $UNSURE"
	# A link that leads nowhere.
	rm "$dir/gen.bash"
	ln -s nowhere "$dir/gen.bash"
	assert_route_refused "it is not a regular file, $UNSURE"
	# A chain of 40 links, outside the store: run.
	rm "$dir/gen.bash"
	ln -s link38 "$dir/gen.bash"
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	[[ -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the extension outside the store did not run: '$stderr'"
	rm "$BATS_TEST_TMPDIR/planted-ran"
	# A folder named through /proc: its links name what the process that
	# reads them has (here, its current folder).
	[[ -d /proc/self/cwd ]] || skip "no /proc"
	cd "$BATS_TEST_TMPDIR/target" || return 1
	PASSWORD_STORE_EXTENSIONS_DIR=/proc/self/cwd assert_route_refused "a symbolic link on its way is in /proc, *, $UNSURE"
}

# A store that changes while the route runs (a sync tool, an automatic
# git pull): pass must run the extension that was checked, not look again.

# swap_in_background PATH A B: rename A to PATH and B to PATH by turns,
# every 20 to 30 ms, until teardown stops it (at most 3000 swaps, 150
# seconds).  A or B may be missing: PATH is then there and gone by turns.
swap_in_background() {
	local path=$1 a=$2 b=$3
	(
		i=0 start=$SECONDS
		while ((i < 3000 && SECONDS - start < 150)); do
			[[ -e $a || -L $a ]] && mv -T -- "$a" "$path"
			sleep 0.02
			[[ -e $path || -L $path ]] && mv -T -- "$path" "$a"
			[[ -e $b || -L $b ]] && mv -T -- "$b" "$path"
			sleep 0.0$((RANDOM % 2 + 2))
			[[ -e $path || -L $path ]] && mv -T -- "$path" "$b"
			i=$((i + 1))
		done
	) 3>&- >/dev/null 2>&1 &
	echo $! >"$BATS_TEST_TMPDIR/swap.pid"
}

# routed_while_swapping N: N routed `pass generate` calls, each exit 0 or a
# refusal (exit 1); none runs the planted extension.
routed_while_swapping() {
	local call refused=0 made=0
	for ((call = 1; call <= $1; call++)); do
		run --separate-stderr "$ROUTE_COMMAND" generate -f web/race 20
		if ((status == 0)); then
			made=$((made + 1))
		else
			assert_failure 1
			[[ $stderr == *"pass-with-gen: refusing to run"* ]] || fail "call $call: '$stderr'"
			refused=$((refused + 1))
		fi
	done
	printf '%s calls: %s made a password, %s refused; the planted extension ran %s times\n' \
		"$1" "$made" "$refused" "$(planted_runs)"
	assert_equal "$(planted_runs)" 0
}

planted_runs() {
	if [[ -e $BATS_TEST_TMPDIR/planted-ran ]]; then
		wc -l <"$BATS_TEST_TMPDIR/planted-ran"
	else
		echo 0
	fi
}

@test "pass-with-gen: a store whose .extensions comes and goes: pass never runs the store's extension" {
	system_extension
	unset PASSWORD_STORE_EXTENSIONS_DIR
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
	# The committed extension, renamed in and out of .extensions.  Where it
	# was absent, pass 1.7.4 looked again and found it: in 40 calls before
	# this was fixed, it ran in about 14.
	plant_extension "$PASSWORD_STORE_DIR/.away"
	swap_in_background "$PASSWORD_STORE_DIR/.extensions" "$PASSWORD_STORE_DIR/.away" "$PASSWORD_STORE_DIR/.none"
	routed_while_swapping 40
}

# in_private_mounts SOURCE TARGET COMMAND...: COMMAND with SOURCE
# bind-mounted at TARGET, in a mount namespace of its own (nothing is seen
# outside it, nothing stays after it).
in_private_mounts() {
	unshare --mount --propagation private sh -c 'mount --bind -- "$0" "$1" && shift && exec "$@"' "$@"
}

@test "pass-with-gen: a folder of the store bind-mounted outside it is the store" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	local why=
	if [[ $(id -u) != 0 ]]; then
		why="bind mounts need root (uid $(id -u))"
	elif ! command -v unshare >/dev/null; then
		why="unshare is not installed"
	elif ! in_private_mounts "$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR" true 2>/dev/null; then
		why="a bind mount in a private mount namespace (unshare --mount) is not allowed here"
	fi
	[[ -z $why ]] || skip "$why"
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
	plant_extension "$PASSWORD_STORE_DIR/.extensions"
	mkdir -p "$PASSWORD_STORE_DIR/links" "$BATS_TEST_TMPDIR/mnt" "$BATS_TEST_TMPDIR/mine"
	plant_commit
	# The store's .extensions at a folder outside: the walk up from it
	# never meets the store.
	PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/mnt assert_route_refused "$INSIDE" \
		in_private_mounts "$PASSWORD_STORE_DIR/.extensions" "$BATS_TEST_TMPDIR/mnt"
	# The folder above it, and a link there to an extension outside the
	# store: the store chose the link.
	PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/mnt/.extensions assert_route_refused "$INSIDE" \
		in_private_mounts "$PASSWORD_STORE_DIR" "$BATS_TEST_TMPDIR/mnt"
	plant_extension "$BATS_TEST_TMPDIR/mine"
	ln -s "$BATS_TEST_TMPDIR/mine" "$PASSWORD_STORE_DIR/links/ext"
	PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/mnt/ext assert_route_refused "$INSIDE" \
		in_private_mounts "$PASSWORD_STORE_DIR/links" "$BATS_TEST_TMPDIR/mnt"
	# A bind mount of a folder outside the store is no store.
	PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/mnt run --separate-stderr \
		in_private_mounts "$BATS_TEST_TMPDIR/mine" "$BATS_TEST_TMPDIR/mnt" "$ROUTE_COMMAND" generate web/new
	[[ -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the extension outside the store did not run: '$stderr'"
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
