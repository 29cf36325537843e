#!/usr/bin/env bats
# No good randomness and faults the program must ride out, injected by
# getrandom_shim.so (LD_PRELOAD; each injection logged, so no success is
# vacuous) and seccomp_exec (a seccomp filter on getrandom): exit 1, a
# message and nothing on stdout, or success with 50 distinct secrets in
# each kind of output (pass-genhelper(1), RANDOMNESS).
#
# The injection tools, the probes of what this machine allows and the
# helpers are in test_helper/fault.bash.  Every probabilistic check states
# its false-failure odds; nothing is retried.

# status, output, lines, stderr and stderr_lines are set by bats' `run`;
# single-quoted `bash -c` and `sh -c` scripts get their values as "$1"...
# shellcheck disable=SC2154,SC2016

bats_require_minimum_version 1.5.0

load test_helper/fault

# in_every_mode OPTION... -- RESULT... [CHECK...]: one case of the tables
# below, in each kind of output (MODES).  The OPTIONs are launch's, and
# --count N for the program; RESULT is `ok` (success and N distinct
# secrets, assert_mode_output) or the texts the one message must hold
# (exit 1, nothing on stdout, assert_runtime_error); each CHECK is
# +REGEX (a line of the shim's log matches) or -REGEX (none does).  ARGS
# keeps the last mode's arguments.
in_every_mode() {
	local mode check count=1
	local -a options=() count_args=() texts=() checks=()

	while [[ $1 != -- ]]; do
		case $1 in
		--count) count=$2 count_args=(--count "$2") ;;
		*) options+=("$1" "$2") ;;
		esac
		shift 2
	done
	shift
	for check; do
		case $check in
		[+-]*) checks+=("$check") ;;
		*) texts+=("$check") ;;
		esac
	done
	for mode in "${MODES[@]}"; do
		mode_args "$mode"
		launch "${options[@]}" -- "${ARGS[@]}" ${count_args[@]+"${count_args[@]}"}
		if [[ ${texts[0]} == ok ]]; then
			assert_mode_output "$mode" "$count"
		else
			assert_runtime_error "${texts[@]}"
		fi
		for check in ${checks[@]+"${checks[@]}"}; do
			case $check in
			+*) assert_logged "${check#+}" ;;
			-*) refute_logged "${check#-}" ;;
			esac
		done
	done
}

# ---------------------------------------------------------------------------
# The shim itself

@test "shim: it reaches the program's getrandom() and passes real bytes through" {
	require_shim
	in_every_mode --shim pass --count 50 -- ok +'^getrandom ([0-9]+) -> \1$' -'urandom|injected'
}

@test "shim: an unknown mode stops the program with status 125" {
	require_shim
	launch --shim bogus --
	[[ $status -eq 125 && -z $output && $stderr == *GETRANDOM_SHIM* ]] || { show_run; fail "typo not reported"; }
}

# ---------------------------------------------------------------------------
# No good randomness: exit 1, a message, nothing on stdout

@test "shim getrandom EIO: exit 1, nothing on stdout, no fallback" {
	require_shim
	in_every_mode --shim eio -- "getrandom failed" "Input/output error" \
		+'^getrandom [0-9]+ -> -1 EIO \(injected\)$' -'^open /dev/urandom'
	in_every_mode --shim eio --count 1000 -- "getrandom failed"
}

@test "shim getrandom returns 0 bytes: exit 1, no endless loop" {
	require_shim
	in_every_mode --shim zero -- "getrandom" +'^getrandom [0-9]+ -> 0 \(injected\)$'
}

@test "shim ENOSYS and /dev/null bound on /dev/urandom (char device 1:3): exit 1" {
	require_shim
	require_private_mounts
	# It was opened and checked, never read.
	in_every_mode --bind /dev/null --shim enosys -- "/dev/urandom" "not the kernel's urandom device" \
		+'^getrandom [0-9]+ -> -1 ENOSYS \(injected\)$' +'^open /dev/urandom -> [0-9]+$' -'^read urandom'
}

@test "shim ENOSYS and a regular file bound on /dev/urandom: exit 1" {
	require_shim
	require_private_mounts
	fake_urandom
	in_every_mode --bind "$REPLY" --shim enosys -- "/dev/urandom" "not a character device" \
		+'^getrandom [0-9]+ -> -1 ENOSYS \(injected\)$' -'^read urandom'
}

@test "shim ENOSYS and /dev/urandom cannot be opened (ENOENT, EACCES): exit 1" {
	require_shim
	in_every_mode --shim enosys --urandom enoent -- "/dev/urandom cannot be opened" "No such file or directory" \
		+'^open /dev/urandom -> -1 ENOENT \(injected\)$'
	in_every_mode --shim enosys --urandom eacces -- "/dev/urandom cannot be opened" "Permission denied" \
		+'^open /dev/urandom -> -1 EACCES \(injected\)$'
	# EPERM (a seccomp profile) selects the same fallback.
	launch --shim eperm --urandom enoent -- "${ARGS[@]}"
	assert_runtime_error "/dev/urandom cannot be opened"
	assert_logged '^getrandom [0-9]+ -> -1 EPERM \(injected\)$'
}

@test "shim ENOSYS and reading /dev/urandom fails (EIO, end of file): exit 1" {
	require_shim
	in_every_mode --shim enosys --urandom read-eio -- "cannot read /dev/urandom" "Input/output error" \
		+'^read urandom [0-9]+ -> -1 EIO \(injected\)$'
	in_every_mode --shim enosys --urandom read-eof -- "cannot read /dev/urandom" "end of file" \
		+'^read urandom [0-9]+ -> 0 \(injected\)$'
}

@test "seccomp getrandom ENOSYS and /dev/null on /dev/urandom: exit 1" {
	require_seccomp
	require_private_mounts
	in_every_mode --bind /dev/null --seccomp ENOSYS -- "/dev/urandom" "not the kernel's urandom device"
}

@test "seccomp getrandom ENOSYS and a regular file on /dev/urandom: exit 1" {
	require_seccomp
	require_private_mounts
	fake_urandom
	in_every_mode --bind "$REPLY" --seccomp ENOSYS -- "/dev/urandom" "not a character device"
	# EPERM, what Docker's default profile answers, takes the same path.
	in_every_mode --bind "$REPLY" --seccomp EPERM -- "/dev/urandom" "not a character device"
}

@test "seccomp getrandom EIO: exit 1, nothing on stdout, no fallback" {
	require_seccomp
	if shim_usable; then
		# The shim only watches: the EIO comes from the kernel's filter.
		in_every_mode --seccomp EIO --shim pass -- "getrandom failed" "Input/output error" \
			+'^getrandom [0-9]+ -> -1 EIO$' -'^open /dev/urandom'
	else
		in_every_mode --seccomp EIO -- "getrandom failed" "Input/output error"
	fi
}

# ---------------------------------------------------------------------------
# Faults the program must ride out: success, and 50 distinct secrets
# (the odds of a false failure are above assert_mode_output)

@test "seccomp getrandom ENOSYS or EPERM: the real /dev/urandom fallback works" {
	local errno
	require_seccomp
	for errno in ENOSYS EPERM; do
		if shim_usable; then
			in_every_mode --seccomp "$errno" --shim pass --count 50 -- ok +"^getrandom [0-9]+ -> -1 $errno\$" \
				+'^open /dev/urandom -> [0-9]+$' +'^read urandom [0-9]+ -> [1-9][0-9]*$'
		else
			in_every_mode --seccomp "$errno" --count 50 -- ok
		fi
	done
}

@test "seccomp getrandom ENOSYS with /dev/urandom bound to itself: works (control)" {
	# The bind mount alone is not what the tests above refuse.
	require_seccomp
	require_private_mounts
	mode_args chars
	launch --bind /dev/urandom --seccomp ENOSYS -- "${ARGS[@]}" --count 50
	assert_mode_output chars 50
}

@test "shim getrandom EINTR on every other call: retried, 50 distinct" {
	require_shim
	# EINTR is not "unavailable": no fallback.
	in_every_mode --shim eintr --count 50 -- ok +'^getrandom [0-9]+ -> -1 EINTR \(injected\)$' \
		+'^getrandom [0-9]+ -> [1-9][0-9]*$' -'^open /dev/urandom'
}

@test "shim getrandom EINTR on the first 5 calls: retried, 50 distinct" {
	local mode
	require_shim
	for mode in "${MODES[@]}"; do
		mode_args "$mode"
		launch --shim eintr-first --n 5 -- "${ARGS[@]}" --count 50
		assert_mode_output "$mode" 50
		[[ $(grep -c 'EINTR (injected)' "$LOG") -eq 5 ]] || fail "expected 5 injected EINTRs"
		refute_logged '^open /dev/urandom'
	done
}

@test "shim getrandom short reads of 1 byte: the rest is asked for, 50 distinct" {
	# A program that took a short read for a full one would print secrets
	# made mostly of zeroed pool bytes: repeated characters and repeats.
	require_shim
	in_every_mode --shim short1 --count 50 -- ok +'^getrandom [0-9]+ -> 1 \(short\)$' \
		+'^getrandom [0-9]+ -> [0-9]+$' -'^open /dev/urandom'
}

@test "shim ENOSYS and /dev/urandom reads interrupted or 1 byte short: 50 distinct" {
	require_shim
	in_every_mode --shim enosys --urandom read-eintr --count 50 -- ok +'^open /dev/urandom -> [0-9]+$' \
		+'^read urandom [0-9]+ -> -1 EINTR \(injected\)$'
	in_every_mode --shim enosys --urandom read-short1 --count 50 -- ok +'^open /dev/urandom -> [0-9]+$' \
		+'^read urandom [0-9]+ -> 1 \(short\)$'
}
