#!/usr/bin/env bats
# Faults in writing: stdout on /dev/full, closed or a broken pipe, a file
# size limit, no memory; failures after output has begun (only whole
# secrets go out); and dice, which print nothing before the last roll is
# in (pass-genhelper(1), EXIT STATUS).
#
# The injection tools, the probes of what this machine allows and the
# helpers are in test_helper/fault.bash.  Every probabilistic check states
# its false-failure odds; nothing is retried.

# status, output, lines, stderr and stderr_lines are set by bats' `run`;
# single-quoted `bash -c` and `sh -c` scripts get their values as "$1"...;
# ARGS is set by mode_args (test_helper/fault.bash).
# shellcheck disable=SC2154,SC2016,SC2153

bats_require_minimum_version 1.5.0

load test_helper/fault

# ---------------------------------------------------------------------------
# Write errors

@test "stdout on /dev/full: exit 1, 'write error'" {
	run --separate-stderr bash -c '"$1" >/dev/full' _ "$GEN"
	assert_runtime_error "write error"
	run --separate-stderr bash -c '"$1" --count 100000 >/dev/full' _ "$GEN"
	assert_runtime_error "write error"
	run --separate-stderr bash -c '"$1" --print-alphabet >/dev/full' _ "$GEN"
	assert_runtime_error "write error"
}

@test "--help and --version on /dev/full: exit 1" {
	run --separate-stderr bash -c '"$1" --help >/dev/full' _ "$GEN"
	assert_runtime_error "write error"
	run --separate-stderr bash -c '"$1" --version >/dev/full' _ "$GEN"
	assert_runtime_error "write error"
}

@test "closed stdout: exit 1 with a message" {
	run --separate-stderr bash -c '"$1" >&-' _ "$GEN"
	assert_runtime_error "write error"
	run --separate-stderr bash -c '"$1" --help >&-' _ "$GEN"
	assert_runtime_error "write error"
}

@test "broken pipe with SIGPIPE ignored: exit 1, 'write error'" {
	# 200000 lines are 4.2 MB, far more than a pipe holds, so the writer
	# meets EPIPE after head has gone.
	run --separate-stderr timeout -k 5 "$HANG_LIMIT" bash -c \
		'trap "" PIPE; "$1" --count 200000 | head -c1 >/dev/null; echo "${PIPESTATUS[0]}"' _ "$GEN"
	show_run
	assert_success
	assert_output 1
	[[ ${#stderr_lines[@]} -eq 1 ]] || fail "expected one message line"
	assert_message_style "${stderr_lines[0]}"
	[[ $stderr == *"write error"* ]] || fail "no 'write error' message"
}

# assert_whole_secrets FILE: every line of FILE is a default password (20
# characters and its newline), so no secret was cut.
assert_whole_secrets() {
	local size
	size=$(wc -c <"$1")
	[[ $((size % 21)) -eq 0 ]] || fail "$1 holds $size bytes, not whole lines of 21"
	assert_equal "$(LC_ALL=C awk 'length($0) != 20' "$1")" ""
}

@test "a file size limit (ulimit -f, SIGXFSZ): exit 1 with a message, the file ends with a whole secret" {
	local out=$BATS_TEST_TMPDIR/out
	# 1024 bytes hold 48 passwords of 21 bytes; the 49th never starts.
	run --separate-stderr bash -c 'ulimit -f 1; "$1" -n 100000 >"$2"' _ "$GEN" "$out"
	assert_runtime_error "write error" "file size limit of 1024 bytes"
	assert_equal "$(wc -c <"$out")" 1008
	assert_whole_secrets "$out"
	# Appended after 500 bytes (O_APPEND: where the file ends): 24 more.
	head -c 499 /dev/zero | tr '\0' x >"$out"
	echo >>"$out"
	run --separate-stderr bash -c 'ulimit -f 1; "$1" -n 1000 >>"$2"' _ "$GEN" "$out"
	assert_runtime_error "file size limit"
	assert_equal "$(wc -c <"$out")" $((500 + 24 * 21))
	sed 1d "$out" >"$out.tail"
	assert_whole_secrets "$out.tail"
	# At the limit already: nothing is written, and the message says so.
	run --separate-stderr bash -c 'ulimit -f 1; exec >"$2"; head -c 1024 /dev/zero; "$1"' _ "$GEN" "$out"
	assert_runtime_error "file size limit"
	assert_equal "$(wc -c <"$out")" 1024
	# What fits is written as usual, the limit met exactly.
	run --separate-stderr bash -c 'ulimit -f 1; "$1" -n 48 >"$2"' _ "$GEN" "$out"
	assert_success
	assert_equal "$(wc -c <"$out")" 1008
	# --help (more than 1024 bytes) through stdio: the write fails (EFBIG),
	# reported, no signal.
	run --separate-stderr bash -c 'ulimit -f 1; "$1" --help >"$2"' _ "$GEN" "$out"
	assert_runtime_error "write error"
}

@test "a broken pipe ends the program by SIGPIPE, as for any filter: status 141, no message" {
	run --separate-stderr timeout -k 5 "$HANG_LIMIT" bash -c \
		'"$1" -n 1000000000 | head -1 >/dev/null; echo "${PIPESTATUS[0]}"' _ "$GEN"
	show_run
	assert_success
	assert_output 141
	assert_equal "$stderr" ""
}

@test "out of memory reading a word list: exit 1 and its message, no 'Try' line" {
	if ldd "$GEN" 2>/dev/null | grep -q libasan; then
		skip "AddressSanitizer reserves more address space than the limit allows"
	fi
	# 2,000,000 lines of 9 bytes or less: 16 MB, under the 16 MiB bound,
	# in a 12 MB address space.
	seq 1 2000000 | sed 's/^/w/' >"$BATS_TEST_TMPDIR/big"
	run --separate-stderr bash -c 'ulimit -v 12000; "$1" --wordlist "$2" -w 5' _ "$GEN" "$BATS_TEST_TMPDIR/big"
	assert_runtime_error "out of memory"
}

@test "closed stdin and stderr do not stop a run" {
	run --separate-stderr bash -c '"$1" <&- 2>&-' _ "$GEN"
	assert_secrets "$GRAPH" 20 1
}

# ---------------------------------------------------------------------------
# Failures after output has begun

@test "getrandom EIO after 128 KiB went out: exit 1, and only whole secrets" {
	# The first 8 calls succeed, then every call fails.  Each asks for
	# 16384 bytes (the pool's largest request; 20000 secrets are announced,
	# which is more), so 131072 bytes come in.  20000 secrets need more in
	# every mode (20 characters: 20000 x 20 / 9 words of 8 bytes, 355560;
	# 10 words: 20000 x 10 / 4 words, 400000; 18-byte tokens: 360000), so
	# the run must fail.  Before it does, more than 64 KiB of secrets are
	# ready, so at least one buffer is written (a flush writes whole secrets
	# only):
	#   bytes: 7281 tokens of 25 bytes, certainly;
	#   chars: 3121 passwords (65541 bytes) need 6936 of the 16384 words
	#     accepted, a rate of 0.43 against 1 - 2^64 mod 94^9 / 2^64 > 0.99:
	#     missing it has probability below exp(-2 x 16384 x 0.56^2)
	#     < 1e-4000 (Hoeffding);
	#   words: 1639 passphrases (at least 65560 bytes: 10 words of 3+
	#     letters, 9 spaces, a newline) need 4098 of the 16384 words
	#     accepted (4 indexes a word), a rate of 0.26 against
	#     1 - 1 / 5045 > 0.99: below exp(-2 x 16384 x 0.73^2) < 1e-7000.
	# So stdout is not empty, and all that reached it must be whole secrets.
	# They are also checked to be distinct: at most 7281 secrets make
	# 2.7e7 pairs, so a false failure has odds below 2.7e7 / 94^20 < 1e-31
	# (chars), 2.7e7 / 2^129.2 < 1e-31 (words), 2.7e7 / 2^144 < 1e-35.
	local mode out=$BATS_TEST_TMPDIR/out size
	require_shim
	for mode in "${MODES[@]}"; do
		mode_args "$mode"
		: >"$LOG"
		run --separate-stderr timeout -k 5 "$HANG_LIMIT" bash -c 'out=$1; shift; exec "$@" >"$out"' _ "$out" \
			env LD_PRELOAD="$SHIM" ASAN_OPTIONS="$SHIM_ASAN_OPTIONS" GETRANDOM_SHIM=eio-after GETRANDOM_SHIM_N=8 \
			GETRANDOM_SHIM_LOG="$LOG" "$GEN" "${ARGS[@]}" --count 20000
		show_run
		[[ $status -eq 1 ]] || fail "$mode: expected exit status 1, got $status"
		[[ ${#stderr_lines[@]} -eq 1 && $stderr == *"getrandom failed"* ]] || fail "$mode: expected one message about getrandom"
		assert_logged '^getrandom 16384 -> -1 EIO \(injected\)$'
		size=$(wc -c <"$out")
		((size >= 65536)) || fail "$mode: expected at least one flush of the output buffer, got $size bytes"
		[[ $(tail -c 1 "$out" | od -An -tx1 | tr -d ' ') == 0a ]] || fail "$mode: the output ends inside a secret"
		# The line count is below 20000; every line is a whole secret.
		run --separate-stderr cat "$out"
		status=0
		assert_mode_output "$mode" "${#lines[@]}"
		((${#lines[@]} < 20000)) || fail "$mode: all 20000 secrets printed despite the failure"
	done
}

@test "broken pipe with SIGPIPE ignored, beyond the 128 KiB buffer: exit 1, 'write error'" {
	# The strace tests above check the default passwords; here passphrases and
	# tokens, 20000 of them (about 1.4 MB of passphrases, 500 kB of tokens),
	# so several buffers are written and the reader is gone for a later one.
	local mode
	for mode in words bytes chars; do
		mode_args "$mode"
		run --separate-stderr timeout -k 5 "$HANG_LIMIT" bash -c \
			'trap "" PIPE; "$@" | head -c 1 >/dev/null; echo "${PIPESTATUS[0]}"' _ \
			"$GEN" "${ARGS[@]}" --count 20000
		show_run
		assert_success
		assert_output 1
		[[ ${#stderr_lines[@]} -eq 1 ]] || fail "$mode: expected one message line"
		assert_message_style "${stderr_lines[0]}"
		[[ $stderr == *"write error"*"Broken pipe"* ]] || fail "$mode: no 'write error: Broken pipe'"
	done
	# The reader takes the first buffer whole and leaves during the second.
	run --separate-stderr timeout -k 5 "$HANG_LIMIT" bash -c \
		'trap "" PIPE; "$@" | head -c 200000 >/dev/null; echo "${PIPESTATUS[0]}"' _ \
		"$GEN" --words --count 20000
	show_run
	assert_output 1
	[[ $stderr == *"write error"* ]] || fail "no 'write error' message"
}

# ---------------------------------------------------------------------------
# Dice: a missing or bad roll leaves stdout empty

@test "dice: input ends in the middle of a roll: exit 1, nothing printed" {
	# One word of 7776 = 6^5 takes 5 rolls; 4 are given.
	run --separate-stderr bash -c 'printf 1111 | "$@"' _ "$GEN" -w 1 --dice
	assert_runtime_error "not enough dice rolls"
	# 20 characters of 94 take 3 rolls each (216 = 6^3); 59 of 60 given.
	run --separate-stderr bash -c 'printf "%059d" 0 | tr 0 1 | "$@"' _ "$GEN" --length 20 --dice
	assert_runtime_error "not enough dice rolls"
	# 18 bytes take 4 rolls each (1296 = 6^4); 71 of 72 given.
	run --separate-stderr bash -c 'printf "%071d" 0 | tr 0 2 | "$@"' _ "$GEN" --format base64 --bytes 18 --dice
	assert_runtime_error "not enough dice rolls"
}

@test "dice: an invalid roll after two whole secrets of three: nothing printed" {
	# 15 rolls make 3 one-word passphrases; the 13th is a 7.
	run --separate-stderr bash -c 'printf "12345 61234 567\n" | "$@"' _ "$GEN" -w 1 --dice --count 3
	assert_runtime_error "invalid die roll '7'"
	# Input that ends after the second secret of three.
	run --separate-stderr bash -c 'printf "12345 61234\n" | "$@"' _ "$GEN" -w 1 --dice --count 3
	assert_runtime_error "not enough dice rolls"
	# A control: the same rolls, complete, print 3 passphrases.
	run --separate-stderr bash -c 'printf "12345 61234 56123\n" | "$@"' _ "$GEN" -w 1 --dice --count 3
	show_run
	assert_success
	[[ ${#lines[@]} -eq 3 && -z $stderr ]] || fail "expected 3 passphrases and no message"
}

@test "dice: unreadable standard input (a directory): exit 1, nothing printed" {
	run --separate-stderr bash -c '"$@" </' _ "$GEN" -w 1 --dice
	assert_runtime_error "cannot read dice rolls" "Is a directory"
}

@test "dice: output of exactly 131072 bytes is held until the last roll" {
	# 64 words of 41 letters; 3 words, a digit and a symbol: every line is
	# 3 x 41 + 2 spaces + 2 + newline = 128 bytes, the longest the request
	# allows, so --count 1024 fills the 131072-byte output buffer to the
	# last byte (the most dice allow; 1025 is refused), with no flush
	# before the end.  Rolls of 1 are never rejected, so the rolls needed
	# are exactly known: found from the "left over" warning of a full run.
	local list=$BATS_TEST_TMPDIR/long-words rolls=$BATS_TEST_TMPDIR/rolls pad a b need
	printf -v pad '%39s' ''
	for a in a b c d e f g h; do
		for b in a b c d e f g h; do
			printf '%s%s%s\n' "$a" "$b" "${pad// /x}"
		done
	done >"$list"
	printf '%020000d' 0 | tr 0 1 >"$rolls"
	local -a args=(-w --wordlist "$list" --length 3 --digit --symbol --dice)

	run --separate-stderr bash -c 'rolls=$1; shift; "$@" --count 1025 <"$rolls"' _ "$rolls" "$GEN" "${args[@]}"
	assert_usage_error "131072"

	run --separate-stderr bash -c 'rolls=$1; shift; "$@" <"$rolls" | wc -c' _ "$rolls" "$GEN" "${args[@]}" --count 1024
	show_run
	assert_output 131072
	[[ $stderr =~ ([0-9]+)\ dice\ rolls\ were\ left\ over ]] || fail "no left-over warning"
	need=$((20000 - BASH_REMATCH[1]))
	# (Today 15 a passphrase: 3 rolls for each word, 1 + 2 for the digit's
	# place and value, 1 + 2 for the symbol's; not asserted, so that a new
	# order of draws does not break this test.)
	((need >= 1024 && need < 20000)) || fail "implausible number of rolls: $need"

	# One roll short: the 131072 bytes were all ready but the last roll.
	head -c "$((need - 1))" "$rolls" >"$rolls.short"
	run --separate-stderr bash -c 'rolls=$1; shift; "$@" --count 1024 <"$rolls"' _ "$rolls.short" "$GEN" "${args[@]}"
	assert_runtime_error "not enough dice rolls"
}
