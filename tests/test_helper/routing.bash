# shellcheck shell=bash
# status, output, lines and stderr are set by bats' `run`.
# shellcheck disable=SC2154,SC2016
#
# tests/test_helper/routing.bash - what the tests of the routing of
# `pass generate` (routing.bats, routing-store.bats) share: the hooks
# (a store and its keys from test_helper/store.bash, the user's start-up
# files), the command and snippets under test, and interactive shells in
# a pty.  A file loads it alone:
#
#     load test_helper/routing
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
