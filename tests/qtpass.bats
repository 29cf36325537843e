#!/usr/bin/env bats
# QtPass (Debian's qtpass 1.3.2) generating passwords with the
# pwgen-compatible command: the real QtPass under Xvfb, driven with xdotool,
# with real pass, gpg and a key made for the run.
#
# QtPass runs its pwgen as `PWGEN -1 [--secure] --capitalize|--no-capitalize
# --numerals|--no-numerals [--symbols] LENGTH` (Pass::Generate_b in its
# src/pass.cpp) and puts the first line it prints into the password field.
# Each test sets QtPass's four pwgen choices (avoid capitals, avoid numbers,
# use symbols, less random) in its configuration file, with a small wrapper
# around the command under test as its pwgen: the wrapper records the
# arguments and what the command printed.  Then, in QtPass's window: Ctrl+N,
# the entry's name, the Generate button, OK; and `pass show` must give
# back what the command printed, of the characters the choices allow.
#
# Nothing here needs a window manager, D-Bus or a session: QtPass 1.3.2
# under Xvfb with QT_QPA_PLATFORM=xcb takes xdotool's keys (XTEST) in the
# window that has the input focus.  It allows one instance a user through
# a socket and a shared-memory key under TMPDIR, so each start gets a TMPDIR
# of its own.  Xvfb's key auto-repeat is pushed out of reach
# (-ardelay): a repeated Return would accept the next dialog as it opens.
# Xvfb does not reset when its last client leaves (-noreset): while it
# resets it refuses connections, and a QtPass started just after the one
# before was stopped aborted with "could not connect to display".
#
# On a failure, every window QtPass has open is saved as an X window dump
# (qtpass-*.xwd, `convert file.xwd file.png` to view) into
# $QTPASS_SCREENSHOTS, default $BATS_TEST_TMPDIR (bats removes that unless
# run with --no-tempdir-cleanup).
#
# Every wait is bounded (QTPASS_WAIT seconds, default 90, a step).

# status, output, lines and stderr are set by bats' `run`.
# shellcheck disable=SC2154

bats_require_minimum_version 1.5.0

load test_helper/common
load test_helper/pronounceable
load test_helper/store
load test_helper/pwgen

setup_file() {
	local display_file=$BATS_FILE_TMPDIR/display i

	store_setup_file
	pwgen_setup_file
	export QTPASS_WAIT=${QTPASS_WAIT:-90}

	# The wrapper QtPass is given as its pwgen.
	export QTPASS_LOG="$BATS_FILE_TMPDIR/log"
	export QTPASS_WRAPPER="$BATS_FILE_TMPDIR/pwgen-wrapper"
	cat >"$QTPASS_WRAPPER" <<-'_EOF'
	#!/bin/sh
	# Record the arguments and what the command printed, then pass it on.
	printf '%s\n' "$*" >>"$QTPASS_LOG/argv"
	out=$("$PWGEN_COMPAT" "$@" 2>>"$QTPASS_LOG/stderr") || exit
	printf '%s\n' "$out" >>"$QTPASS_LOG/stdout"
	printf '%s\n' "$out"
	_EOF
	chmod +x "$QTPASS_WRAPPER"

	# Xvfb on a free display, which it names when it is ready.
	Xvfb -displayfd 5 -screen 0 1024x768x24 -nolisten tcp -ardelay 1000000 -noreset \
		5>"$display_file" 3>&- >"$BATS_FILE_TMPDIR/xvfb.log" 2>&1 &
	echo "$!" >"$BATS_FILE_TMPDIR/xvfb.pid"
	for ((i = 0; i < QTPASS_WAIT * 10; i++)); do
		[[ -s $display_file ]] && break
		sleep 0.1
	done
	[[ -s $display_file ]] || { echo "Xvfb did not start" >&2; return 1; }
	XVFB_DISPLAY=":$(head -n 1 "$display_file")"
	export XVFB_DISPLAY
}

teardown_file() {
	if [[ -s $BATS_FILE_TMPDIR/xvfb.pid ]]; then
		kill "$(cat "$BATS_FILE_TMPDIR/xvfb.pid")" 2>/dev/null
		wait_gone "$(cat "$BATS_FILE_TMPDIR/xvfb.pid")"
	fi
	store_teardown_file
}

setup() {
	store_setup
	store_new plain
	export DISPLAY=$XVFB_DISPLAY QT_QPA_PLATFORM=xcb
	export XDG_CONFIG_HOME="$BATS_TEST_TMPDIR/config"
	rm -rf "$QTPASS_LOG"
	mkdir -p "$QTPASS_LOG"
	QTPASS_PID=
}

teardown() {
	if [[ -z ${BATS_TEST_COMPLETED-} && -n $QTPASS_PID ]]; then
		save_screens
		# What QtPass said, for a start that failed.
		sed 's/^/# qtpass: /' "$BATS_TEST_TMPDIR/qtpass.log" >&3 2>/dev/null || :
	fi
	stop_qtpass
}

# Wait until process $1 has ended (bounded).
wait_gone() {
	local i

	for ((i = 0; i < QTPASS_WAIT * 10; i++)); do
		kill -0 "$1" 2>/dev/null || return 0
		sleep 0.1
	done
	return 1
}

stop_qtpass() {
	[[ -n ${QTPASS_PID-} ]] || return 0
	# It may have ended already: not this function's failure.
	kill "$QTPASS_PID" 2>/dev/null || :
	wait_gone "$QTPASS_PID" || kill -9 "$QTPASS_PID" 2>/dev/null || :
	QTPASS_PID=
}

save_screens() {
	local dir=${QTPASS_SCREENSHOTS:-$BATS_TEST_TMPDIR} window n=0

	mkdir -p "$dir"
	for window in $(xdotool search --onlyvisible --pid "$QTPASS_PID" '' 2>/dev/null); do
		n=$((n + 1))
		xwd -silent -id "$window" >"$dir/qtpass-$BATS_TEST_NUMBER-$n.xwd" 2>/dev/null
	done
	echo "# QtPass's windows saved in $dir" >&3
}

# wait_window TITLE: print the id of the visible window whose whole title
# is TITLE, once there is one.
wait_window() {
	local i window

	for ((i = 0; i < QTPASS_WAIT * 10; i++)); do
		window=$(xdotool search --onlyvisible --name "^$1\$" 2>/dev/null | head -n 1)
		if [[ -n $window ]]; then
			printf '%s\n' "$window"
			return 0
		fi
		sleep 0.1
	done
	echo "no window '$1' after $QTPASS_WAIT s" >&2
	return 1
}

# wait_file FILE: until FILE exists and is not empty.
wait_file() {
	local i

	for ((i = 0; i < QTPASS_WAIT * 10; i++)); do
		[[ -s $1 ]] && return 0
		sleep 0.1
	done
	echo "no $1 after $QTPASS_WAIT s" >&2
	return 1
}

# QtPass's settings (~/.config/IJHack/QtPass.conf, the keys of its
# settingsconstants.cpp): our store, real pass, no git, the wrapper as
# pwgen, and the four choices as 0/1.
write_config() {
	local avoid_capitals=$1 avoid_numbers=$2 use_symbols=$3 less_random=$4 length=$5
	local yes=(false true)

	mkdir -p "$XDG_CONFIG_HOME/IJHack"
	cat >"$XDG_CONFIG_HOME/IJHack/QtPass.conf" <<-_EOF
	[General]
	version=1.3.2
	passStore=$PASSWORD_STORE_DIR
	usePass=true
	passExecutable=$(command -v pass)
	gpgExecutable=$(command -v gpg)
	useGit=false
	useTrayIcon=false
	usePwgen=true
	pwgenExecutable=$QTPASS_WRAPPER
	passwordLength=$length
	avoidCapitals=${yes[avoid_capitals]}
	avoidNumbers=${yes[avoid_numbers]}
	useSymbols=${yes[use_symbols]}
	lessRandom=${yes[less_random]}
	_EOF
}

# generate_in_qtpass ENTRY: start QtPass, add ENTRY with a generated
# password, and stop QtPass once pass has stored it.
generate_in_qtpass() {
	local entry=$1 window

	local ipc=()

	mkdir -p "$BATS_TEST_TMPDIR/qt-tmp"
	# QtPass keeps its single-instance lock in System V shared memory and
	# a semaphore keyed by ftok() of a file in TMPDIR; stopped at the end
	# of a test it leaves both behind, and a later QtPass whose file gets
	# an inode number of an earlier one meets the leftover key and aborts
	# at start.  Where unshare(1) may make an IPC namespace (root, as in
	# CI), each QtPass gets one of its own: nothing left, nothing met.
	if unshare --ipc true 2>/dev/null; then
		ipc=(unshare --ipc)
	fi
	TMPDIR="$BATS_TEST_TMPDIR/qt-tmp" XDG_RUNTIME_DIR="$BATS_TEST_TMPDIR/qt-tmp" \
		"${ipc[@]}" qtpass 3>&- >"$BATS_TEST_TMPDIR/qtpass.log" 2>&1 &
	QTPASS_PID=$!

	window=$(wait_window QtPass) || return 1
	timeout "$QTPASS_WAIT" xdotool windowfocus --sync "$window" key ctrl+n
	window=$(wait_window "New file") || return 1
	timeout "$QTPASS_WAIT" xdotool windowfocus --sync "$window" type --delay 20 "$entry"
	xdotool key Return
	# The password dialog opens with the focus in the password field;
	# the Generate button is next.
	window=$(wait_window "Password $entry") || return 1
	timeout "$QTPASS_WAIT" xdotool windowfocus --sync "$window" key Tab space
	wait_file "$QTPASS_LOG/stdout" || return 1
	xdotool key Return
	wait_file "$PASSWORD_STORE_DIR/$entry.gpg" || return 1
	stop_qtpass
}

# qtpass_case AVOID_CAPITALS AVOID_NUMBERS USE_SYMBOLS LESS_RANDOM (0 or 1
# each): QtPass's arguments, and the stored password is what the command
# printed, of the characters and classes they ask for.
qtpass_case() {
	local avoid_capitals=$1 avoid_numbers=$2 use_symbols=$3 less_random=$4
	local length=$((12 + $1 + 2 * $2 + 4 * $3)) entry="qt-$1$2$3$4"
	local want_argv=-1 allowed=$LOWER stored printed stray

	((less_random)) || want_argv+=" --secure"
	if ((avoid_capitals)); then want_argv+=" --no-capitalize"; else want_argv+=" --capitalize"; allowed+=$UPPER; fi
	if ((avoid_numbers)); then want_argv+=" --no-numerals"; else want_argv+=" --numerals"; allowed+=$DIGITS; fi
	if ((use_symbols)); then want_argv+=" --symbols"; allowed+='[:punct:]'; fi
	want_argv+=" $length"

	write_config "$@" "$length"
	generate_in_qtpass "$entry"

	assert_equal "$(cat "$QTPASS_LOG/argv")" "$want_argv"
	printed=$(cat "$QTPASS_LOG/stdout")
	run pass show "$entry"
	assert_success
	stored=${output%%$'\n'*}
	assert_equal "$stored" "$printed"
	assert_equal "${#stored}" "$length"
	stray=$(printf '%s' "$stored" | LC_ALL=C tr -d "$allowed")
	assert_equal "$stray" ""
	# At least one of each class that is on (the length is above 2).
	((avoid_capitals)) || [[ $stored == *[$UPPER]* ]] || fail "no capital in '$stored'"
	((avoid_numbers)) || [[ $stored == *[$DIGITS]* ]] || fail "no digit in '$stored'"
	((!use_symbols)) || [[ $stored == *[[:punct:]]* ]] || fail "no symbol in '$stored'"
	# Less random asks pwgen for a pronounceable password: the helper's
	# syllables, with exactly one of each class that is on.
	if ((less_random)); then
		assert_pronounceable "$stored" $((!avoid_capitals)) $((!avoid_numbers)) "$use_symbols"
	fi
	assert_equal "$(cat "$QTPASS_LOG/stderr")" ""
}

@test "qtpass: capitals, numerals" { qtpass_case 0 0 0 0; }
@test "qtpass: no capitals, numerals" { qtpass_case 1 0 0 0; }
@test "qtpass: capitals, no numerals" { qtpass_case 0 1 0 0; }
@test "qtpass: no capitals, no numerals" { qtpass_case 1 1 0 0; }
@test "qtpass: capitals, numerals, symbols" { qtpass_case 0 0 1 0; }
@test "qtpass: no capitals, numerals, symbols" { qtpass_case 1 0 1 0; }
@test "qtpass: capitals, no numerals, symbols" { qtpass_case 0 1 1 0; }
@test "qtpass: no capitals, no numerals, symbols" { qtpass_case 1 1 1 0; }
@test "qtpass: less random, capitals, numerals" { qtpass_case 0 0 0 1; }
@test "qtpass: less random, no capitals, numerals" { qtpass_case 1 0 0 1; }
@test "qtpass: less random, capitals, no numerals" { qtpass_case 0 1 0 1; }
@test "qtpass: less random, no capitals, no numerals" { qtpass_case 1 1 0 1; }
@test "qtpass: less random, capitals, numerals, symbols" { qtpass_case 0 0 1 1; }
@test "qtpass: less random, no capitals, numerals, symbols" { qtpass_case 1 0 1 1; }
@test "qtpass: less random, capitals, no numerals, symbols" { qtpass_case 0 1 1 1; }
@test "qtpass: less random, no capitals, no numerals, symbols" { qtpass_case 1 1 1 1; }
