#!/usr/bin/env bats
# getrandom(2) faults injected by strace, one system call at a time, on
# the unchanged program: the /dev/urandom fallback (only after ENOSYS or
# EPERM, only from the kernel's 1:9 character device), hard failures
# otherwise, retries of EINTR; and the sanity of the randomness itself
# (pass-genhelper(1), RANDOMNESS).
#
# The injection tools, the probes of what this machine allows and the
# helpers are in test_helper/fault.bash.  Every probabilistic check states
# its false-failure odds; nothing is retried.

# status, output, lines, stderr and stderr_lines are set by bats' `run`;
# single-quoted `bash -c` and `sh -c` scripts get their values as "$1"...
# shellcheck disable=SC2154,SC2016

bats_require_minimum_version 1.5.0

load test_helper/fault

# ---------------------------------------------------------------------------
# getrandom faults

# request_sizes ARGS: the sizes (decimal, one a line) of the program's
# getrandom requests for ARGS (split into words), from the shim's log: what
# the program asks of libc's getrandom(), which glibc 2.41 and later answer
# in the vDSO (kernel 6.11 and later), where strace sees no system call.
request_sizes() {
	local -a args
	read -r -a args <<<"$1"
	: >"$LOG"
	env LD_PRELOAD="$SHIM" GETRANDOM_SHIM=pass GETRANDOM_SHIM_LOG="$LOG" ASAN_OPTIONS="$SHIM_ASAN_OPTIONS" \
		"$GEN" ${args[@]+"${args[@]}"} >/dev/null || fail "run failed: $1"
	sed -n 's/^getrandom \([0-9]*\) -> .*/\1/p' "$LOG" | grep . ||
		fail "no getrandom call in the log for '$1': $(head -5 "$LOG")"
}

@test "getrandom requests: one password asks few bytes, bulk at most 16 KiB a call" {
	local total args size sizes largest=0
	require_shim
	# One password, one passphrase, one token: the pool asks for what the
	# work needs (24, 24 and 32 bytes here), never a large block.
	for args in "" "--words" "--format base64 --bytes 32"; do
		sizes=$(request_sizes "$args") || fail "no requests seen for '$args'"
		total=0
		while read -r size; do
			total=$((total + size))
		done <<<"$sizes"
		((total >= 1 && total <= 256)) || fail "'$args': one secret asked for $total bytes"
	done
	for args in "--format hex --bytes 2048" "--length 4096 --count 20" "--count 30000"; do
		sizes=$(request_sizes "$args") || fail "no requests seen for '$args'"
		while read -r size; do
			((size >= 1 && size <= 16384)) || fail "'$args': getrandom asked for $size bytes"
			((size > largest)) && largest=$size
		done <<<"$sizes"
	done
	# Bulk work is read in 16 KiB blocks, not 256-byte pieces.
	((largest == 16384)) || fail "the largest request was $largest bytes"

	# 2048 bytes of hex come from getrandom: at least 2048 bytes returned.
	launch --shim pass -- --format hex --bytes 2048
	total=0
	while read -r size; do
		total=$((total + size))
	done < <(sed -n 's/^getrandom [0-9]* -> \([0-9]*\)$/\1/p' "$LOG")
	((total >= 2048)) || fail "getrandom returned only $total bytes for --bytes 2048"
}

@test "getrandom ENOSYS: falls back to the real /dev/urandom" {
	require_strace
	traced error=ENOSYS
	assert_secrets "$GRAPH" 20 1
	assert_injected ENOSYS
	assert_opened_urandom
	traced error=ENOSYS --format hex --bytes 2048 --count 3
	assert_secrets "${DIGITS}abcdef" 4096 3
}

@test "getrandom EPERM (seccomp): falls back to the real /dev/urandom" {
	require_strace
	traced error=EPERM --format alnum --count 5
	assert_secrets "$DIGITS$UPPER$LOWER" 22 5
	assert_injected EPERM
	assert_opened_urandom
}

@test "fallback: the urandom descriptor never takes stdin/stderr's number" {
	require_strace
	run --separate-stderr bash -c 'exec timeout -k 5 "$HANG_LIMIT" strace -f -qq -o "$2" -e trace=getrandom,openat \
		-e inject=getrandom:error=ENOSYS "$1" <&- 2>&-' _ "$GEN" "$LOG"
	assert_secrets "$GRAPH" 20 1
	assert_opened_urandom
	grep 'openat(.*"/dev/urandom"' "$LOG" | grep -q ') = [3-9]' ||
		fail "/dev/urandom got a standard descriptor: $(grep urandom "$LOG")"
}

@test "ENOSYS and /dev/urandom bind-mounted to itself: works (control)" {
	# Shows that the bind mount alone is not what the next tests refuse.
	require_strace
	require_private_mounts
	traced_with_urandom /dev/urandom error=ENOSYS
	assert_secrets "$GRAPH" 20 1
	assert_injected ENOSYS
}

@test "ENOSYS and a regular file as /dev/urandom: exit 1, nothing on stdout" {
	require_strace
	require_private_mounts
	# Plenty of plausible bytes: a reader that trusted the file would succeed.
	head -c 65536 /dev/urandom >"$BATS_TEST_TMPDIR/fake-urandom"
	traced_with_urandom "$BATS_TEST_TMPDIR/fake-urandom" error=ENOSYS
	assert_runtime_error "/dev/urandom"
	assert_injected ENOSYS
}

@test "ENOSYS and /dev/null as /dev/urandom (char device 1:3): exit 1" {
	require_strace
	require_private_mounts
	traced_with_urandom /dev/null error=ENOSYS
	assert_runtime_error "/dev/urandom"
	assert_injected ENOSYS
}

@test "ENOSYS and /dev/zero as /dev/urandom (char device 1:5): exit 1" {
	# /dev/zero reads without error; only the device check can refuse it.
	require_strace
	require_private_mounts
	traced_with_urandom /dev/zero error=EPERM --count 10
	assert_runtime_error "/dev/urandom"
	assert_injected EPERM
}

@test "ENOSYS and no /dev/random or /dev/urandom at all: exit 1" {
	require_strace
	require_private_mounts
	run --separate-stderr unshare -m sh -c \
		'mount -t tmpfs none /dev || exit 99
		 exec timeout -k 5 "$HANG_LIMIT" strace -f -qq -o "$1" \
			-e trace=getrandom,openat -e inject=getrandom:error=ENOSYS "$2"' sh "$LOG" "$GEN"
	assert_runtime_error "/dev/random cannot be opened"
	assert_injected ENOSYS
}

@test "ENOSYS: the fallback waits for the kernel pool (/dev/random polls readable) first" {
	# /dev/urandom answers even before the pool is initialised; getrandom
	# and /dev/random do not.  The order in the trace proves the wait.
	require_strace
	run --separate-stderr timeout -k 5 "$HANG_LIMIT" strace -f -qq -o "$LOG" \
		-e trace=getrandom,openat,poll,read -e inject=getrandom:error=ENOSYS "$GEN"
	assert_secrets "$GRAPH" 20 1
	assert_injected ENOSYS
	run awk '
		/openat\(.*"\/dev\/random".* = [0-9]+$/ && !opened { opened = NR; fd = $NF }
		/^[0-9]+ +poll\(\[\{fd=/ && opened && !polled {
			if (index($0, "fd=" fd ", events=POLLIN") && / = 1 /) polled = NR }
		/openat\(.*"\/dev\/urandom"/ && !urandom { urandom = NR }
		END { print opened, polled, urandom; exit !(opened && polled > opened && urandom > polled) }
	' "$LOG"
	((status == 0)) || fail "expected open /dev/random, poll POLLIN, then open /dev/urandom; got lines $output in: $(cat "$LOG")"
}

@test "ENOSYS and /dev/null as /dev/random (char device 1:3): exit 1, /dev/urandom never read" {
	require_strace
	require_private_mounts
	traced_with_device /dev/random /dev/null error=ENOSYS
	assert_runtime_error "/dev/random is not the kernel's random device"
	assert_injected ENOSYS
	! grep -q 'openat(.*"/dev/urandom"' "$LOG" || fail "/dev/urandom was opened: $(cat "$LOG")"
}

@test "getrandom EIO: exit 1, nothing on stdout, no fallback" {
	require_strace
	traced error=EIO
	assert_runtime_error "getrandom"
	assert_injected EIO
	! grep -q 'openat(.*"/dev/urandom"' "$LOG" || fail "fell back to /dev/urandom on EIO"
	traced error=EIO --count 1000 --format hex --bytes 64
	assert_runtime_error "getrandom"
}

@test "getrandom EINTR is retried" {
	require_shim
	launch --shim eintr-first --n 1 --
	assert_secrets "$GRAPH" 20 1
	[[ $(grep -c 'EINTR (injected)' "$LOG") -eq 1 ]] || fail "expected one EINTR"
	launch --shim eintr-first --n 3 --
	assert_secrets "$GRAPH" 20 1
	[[ $(grep -c 'EINTR (injected)' "$LOG") -eq 3 ]] || fail "expected three EINTRs"
	refute_logged '^open /dev/urandom'
	# Every other call interrupted, over a long run (128000 bytes: 8 calls
	# of at most 16384 bytes, and the retries).
	launch --shim eintr -- --format hex --bytes 64 --count 2000
	assert_secrets "${DIGITS}abcdef" 128 2000
	assert_logged '^getrandom [0-9]+ -> -1 EINTR \(injected\)$'
}

@test "a getrandom failure mid-run: exit 1, never a partial secret" {
	require_shim
	# One 4096-character secret needs 3648 random bytes, asked for at once:
	# failing that call leaves it unfinished, and none of it may reach
	# stdout.
	launch --shim eio-after --n 0 -- --length 4096
	assert_runtime_error "getrandom"
	assert_logged '^getrandom [0-9]+ -> -1 EIO \(injected\)$'
	# 40 tokens of 2048 bytes, 81920 bytes asked for 16384 at a time: the
	# 5th call fails, mid-token.  Whatever was printed before must be whole
	# tokens, no more than the 4 calls' 65536 bytes make (32).
	launch --shim eio-after --n 4 -- --format hex --bytes 2048 --count 40
	show_run
	[[ $status -eq 1 ]] || fail "expected exit status 1, got $status"
	[[ ${#stderr_lines[@]} -eq 1 && $stderr == *getrandom* ]] || fail "expected one message about getrandom"
	assert_message_style "${stderr_lines[0]}"
	assert_logged '^getrandom 16384 -> -1 EIO \(injected\)$'
	[[ ${#lines[@]} -le 32 ]] || fail "more tokens than successful calls: ${#lines[@]}"
	[[ -z $output ]] || printf '%s\n' "${lines[@]}" | LC_ALL=C awk 'length($0) != 4096 || /[^0-9a-f]/ { exit 1 }' ||
		fail "a partial token on stdout"
}

# ---------------------------------------------------------------------------
# Sanity of the randomness itself (the statistics are in statistics.bats)

@test "1000 default passwords from one run are all distinct" {
	# Birthday bound: P(any two equal) <= C(1000, 2) / 94^20
	# = 499500 / 2.9e39 < 2e-34.
	local f=$BATS_TEST_TMPDIR/out
	"$GEN" --count 1000 >"$f"
	[[ $(wc -l <"$f") -eq 1000 ]] || fail "expected 1000 lines"
	[[ $(sort -u "$f" | wc -l) -eq 1000 ]] || fail "repeated passwords: $(sort "$f" | uniq -d | head -3)"
}

@test "50 separate runs give 50 distinct passwords (no fixed seed)" {
	# P(any two equal) <= C(50, 2) / 94^20 = 1225 / 2.9e39 < 1e-36.
	local i f=$BATS_TEST_TMPDIR/out
	: >"$f"
	for ((i = 0; i < 50; i++)); do
		"$GEN" >>"$f"
	done
	[[ $(sort -u "$f" | wc -l) -eq 50 ]] || fail "repeated passwords across runs: $(sort "$f" | uniq -d | head -3)"
}

@test "16-byte hex tokens: 1000 distinct" {
	# P(any two equal) <= C(1000, 2) / 2^128 < 1.5e-33.
	local f=$BATS_TEST_TMPDIR/out
	"$GEN" --format hex --bytes 16 --count 1000 >"$f"
	[[ $(wc -l <"$f") -eq 1000 ]] || fail "expected 1000 lines"
	[[ $(sort -u "$f" | wc -l) -eq 1000 ]] || fail "repeated tokens"
}

@test "16-byte hex tokens from the /dev/urandom fallback: 1000 distinct" {
	# P(any two equal) <= C(1000, 2) / 2^128 < 1.5e-33.
	require_strace
	traced error=ENOSYS --format hex --bytes 16 --count 1000
	assert_secrets "${DIGITS}abcdef" 32 1000
	assert_injected ENOSYS
	[[ $(printf '%s\n' "${lines[@]}" | sort -u | wc -l) -eq 1000 ]] || fail "repeated tokens"
}
