# shellcheck shell=bash
# status, output, lines, stderr and stderr_lines are set by bats' `run`;
# single-quoted `bash -c` and `sh -c` scripts get their values as "$1"...;
# the variables set here are used by the files that load it.
# shellcheck disable=SC2154,SC2016,SC2034
#
# tests/test_helper/fault.bash - what the fault tests (tests/fault-*.bats)
# share: the injection tools, built in setup_file, the probes of what this
# machine allows, and running the program under faults.  A file loads it
# alone:
#
#     load test_helper/fault
#
# The contracts (pass-genhelper(1), RANDOMNESS and EXIT STATUS): a
# failed or short write is exit 1 with a message; randomness comes only from
# getrandom(2); only ENOSYS and EPERM fall back to /dev/urandom, and only if
# it is the kernel's 1:9 character device; otherwise exit 1, a message and
# nothing on stdout; EINTR and short reads are retried; with dice, nothing is
# printed before the last roll is in.
#
# Faults are injected three ways:
#
#   strace             -e inject=getrandom:..., one system call at a time, on
#                      the unchanged program;
#   getrandom_shim.so  LD_PRELOAD interposer of getrandom(), open() and
#                      read(): every call or every other call fails (EIO,
#                      ENOSYS, EINTR), real bytes come one at a time, the
#                      /dev/urandom fallback cannot be opened or read.  Each
#                      intercepted call is logged, so a test proves the fault
#                      was really injected (a success is never vacuous);
#   seccomp_exec       runs the program under a seccomp filter that makes the
#                      getrandom system call fail with a chosen errno, as a
#                      container profile or an old kernel does; no ptrace;
#
# and biased_random.so, an LD_PRELOAD getrandom() whose bytes make the real
# program print alphabet[byte % 94], the classic bias, shows that the
# chi-square gate catches it.  The three tools are built from tests/fault/
# in setup_file.  An unusable /dev/urandom is made with a bind mount in a
# private mount namespace (unshare -m), so the real system is never touched.
#
# Every probabilistic check states its false-failure odds; nothing is
# retried.  The only check here that a correct program can fail by chance is
# the gate control (below 7e-8); the distinctness checks are below 1e-30.

load test_helper/common

# A program that loops on bad randomness must fail the test, not hang it:
# every run is killed after this many seconds (status 124, never accepted).
HANG_LIMIT=${HANG_LIMIT:-30}
export HANG_LIMIT

# The same significance level as the statistical gate (statistics.bats):
# STAT_ALPHA, from the false-failure budget of a whole CI run.
GATE_ALPHA=$STAT_ALPHA

# The three kinds of output every fault is tried on.
MODES=(chars words bytes)

# ---------------------------------------------------------------------------
# Building the tools, and probing what this machine allows

setup_file() {
	local src=${TESTS_SRCDIR:-$BATS_TEST_DIRNAME}/fault dir=$BATS_FILE_TMPDIR
	local -a cc

	SHIM=$dir/getrandom_shim.so
	BIASED=$dir/biased_random.so
	SECCOMP_EXEC=$dir/seccomp_exec
	WORDS=$dir/words.txt
	SHIM_ASAN_OPTIONS=verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}
	export SHIM BIASED SECCOMP_EXEC WORDS SHIM_ASAN_OPTIONS

	"$GEN" --words --print-alphabet >"$WORDS"

	read -r -a cc <<<"${CC:-cc}"
	if ! command -v "${cc[0]}" >/dev/null 2>&1; then
		echo "no C compiler (${cc[0]}) to build tests/fault/*.c; set CC" >"$dir/skip-shim"
		cp "$dir/skip-shim" "$dir/skip-seccomp"
		return 0
	fi
	# A compiler that cannot build these files is a failure, not a skip.
	"${cc[@]}" -shared -fPIC -O2 -Wall -Wextra -o "$SHIM" "$src/getrandom_shim.c" -ldl
	"${cc[@]}" -shared -fPIC -O2 -Wall -Wextra -o "$BIASED" "$src/biased_random.c" -ldl
	"${cc[@]}" -O2 -Wall -Wextra -o "$SECCOMP_EXEC" "$src/seccomp_exec.c"

	# LD_PRELOAD reaches the program only if it is dynamically linked and
	# calls glibc's getrandom() (HAVE_GETRANDOM).  An AddressSanitizer
	# build wants its runtime first in the library list; the shim only
	# forwards calls, so that check is turned off and the shims' tests run
	# under the sanitizer too.
	if ! GETRANDOM_SHIM=pass GETRANDOM_SHIM_LOG="$dir/probe.log" LD_PRELOAD="$SHIM" \
		ASAN_OPTIONS="$SHIM_ASAN_OPTIONS" \
		"$GEN" >/dev/null 2>"$dir/probe.err" || ! grep -q '^getrandom ' "$dir/probe.log"; then
		{
			printf 'the LD_PRELOAD shim does not reach %s ' "$GEN"
			printf '(a static build, or no call of glibc'"'"'s getrandom()): '
			head -c 300 "$dir/probe.err"
		} >"$dir/skip-shim"
	fi
	if ! "$SECCOMP_EXEC" --check ENOSYS >/dev/null 2>"$dir/seccomp.err"; then
		printf 'cannot install a seccomp filter here: %s' "$(head -c 300 "$dir/seccomp.err")" \
			>"$dir/skip-seccomp"
	fi
}

setup() {
	# The strace or shim log of the test's last run.
	LOG=$BATS_TEST_TMPDIR/run.log
}

require_strace() {
	command -v strace >/dev/null 2>&1 || skip "strace is not installed"
	strace -f -qq -o /dev/null -e trace=getrandom true >/dev/null 2>&1 ||
		skip "strace cannot trace here (ptrace not permitted?)"
	# Injection needs strace >= 4.16 and a kernel with seccomp-less ptrace
	# syscall tampering: prove it on a throw-away run.
	strace -f -qq -o "$BATS_TEST_TMPDIR/probe.log" -e trace=getrandom \
		-e inject=getrandom:error=EIO "$GEN" >/dev/null 2>&1 || true
	grep -q 'EIO.*(INJECTED)' "$BATS_TEST_TMPDIR/probe.log" ||
		skip "strace cannot inject syscall faults here"
}

require_shim() {
	[[ ! -e $BATS_FILE_TMPDIR/skip-shim ]] || skip "$(cat "$BATS_FILE_TMPDIR/skip-shim")"
}

require_seccomp() {
	[[ ! -e $BATS_FILE_TMPDIR/skip-seccomp ]] || skip "$(cat "$BATS_FILE_TMPDIR/skip-seccomp")"
}

shim_usable() {
	[[ ! -e $BATS_FILE_TMPDIR/skip-shim ]]
}

require_private_mounts() {
	[[ $(id -u) -eq 0 ]] || skip "bind-mounting over /dev/urandom needs root"
	command -v unshare >/dev/null 2>&1 || skip "unshare is not installed"
	unshare -m true >/dev/null 2>&1 || skip "unshare -m is not permitted here"
	unshare -m sh -c 'mount --bind /dev/null /dev/urandom' >/dev/null 2>&1 ||
		skip "cannot bind-mount over /dev/urandom in a private mount namespace here"
}

# ---------------------------------------------------------------------------
# Running the program under strace

# traced SPEC [ARGS...]: run the program under strace, injecting SPEC (an
# -e inject= argument) into getrandom; the trace of getrandom and openat
# calls goes to $LOG.  $status/$output/$stderr as with `run`.
traced() {
	local spec=$1
	shift
	run --separate-stderr timeout -k 5 "$HANG_LIMIT" strace -f -qq -o "$LOG" \
		-e trace=getrandom,openat -e "inject=getrandom:$spec" "$GEN" "$@"
}

# traced_with_device DEVICE SOURCE SPEC [ARGS...]: like traced, but inside
# a private mount namespace where SOURCE is bind-mounted on DEVICE; poll
# calls are traced too.
traced_with_device() {
	local device=$1 source=$2 spec=$3
	shift 3
	run --separate-stderr unshare -m sh -c \
		'device=$1 source=$2 log=$3 spec=$4; shift 4
		 mount --bind "$source" "$device" || exit 99
		 exec timeout -k 5 "$HANG_LIMIT" strace -f -qq -o "$log" \
			-e trace=getrandom,openat,poll -e "inject=getrandom:$spec" "$@"' \
		sh "$device" "$source" "$LOG" "$spec" "$GEN" "$@"
}

# traced_with_urandom SOURCE SPEC [ARGS...]: SOURCE on /dev/urandom.
traced_with_urandom() {
	traced_with_device /dev/urandom "$@"
}

# The log shows that the injection really happened.
assert_injected() {
	local errno=$1
	grep -q "getrandom(.*= -1 $errno .*(INJECTED)" "$LOG" ||
		fail "no injected $errno in the strace log: $(cat "$LOG")"
}

assert_opened_urandom() {
	grep -q 'openat(.*"/dev/urandom"' "$LOG" ||
		fail "/dev/urandom was not opened: $(cat "$LOG")"
}

# ---------------------------------------------------------------------------
# Running the program under faults

# mode_args MODE: the arguments of one kind of output, into ARGS.
mode_args() {
	case $1 in
	chars) ARGS=(--format graph --length 20) ;;
	words) ARGS=(--words) ;;
	bytes) ARGS=(--format base64 --bytes 18) ;;
	*) fail "mode_args: unknown mode '$1'" ;;
	esac
}

# launch [OPTION]... -- ARG...: run $GEN ARG... with `run --separate-stderr`.
#   --shim MODE       preload getrandom_shim.so, GETRANDOM_SHIM=MODE, log in $LOG
#   --urandom MODE    GETRANDOM_SHIM_URANDOM=MODE
#   --n N             GETRANDOM_SHIM_N=N
#   --seccomp ERRNO   under seccomp_exec ERRNO
#   --bind SOURCE     in a private mount namespace with SOURCE on /dev/urandom
launch() {
	local bind=""
	local -a envs=() pre=() cmd=()

	while [[ $1 != -- ]]; do
		case $1 in
		--shim) envs+=("LD_PRELOAD=$SHIM" "GETRANDOM_SHIM=$2" "GETRANDOM_SHIM_LOG=$LOG" "ASAN_OPTIONS=$SHIM_ASAN_OPTIONS") ;;
		--urandom) envs+=("GETRANDOM_SHIM_URANDOM=$2") ;;
		--n) envs+=("GETRANDOM_SHIM_N=$2") ;;
		--seccomp) pre+=("$SECCOMP_EXEC" "$2" --) ;;
		--bind) bind=$2 ;;
		*) fail "launch: unknown option '$1'" ;;
		esac
		shift 2
	done
	shift
	: >"$LOG"
	cmd=(timeout -k 5 "$HANG_LIMIT" "${pre[@]}" env "${envs[@]}" "$GEN" "$@")
	if [[ -n $bind ]]; then
		# Exit 99 (never accepted) if the mount fails.
		run --separate-stderr unshare -m sh -c \
			'mount --bind "$1" /dev/urandom || exit 99; shift; exec "$@"' sh "$bind" "${cmd[@]}"
	else
		run --separate-stderr "${cmd[@]}"
	fi
}

# assert_logged REGEX: the shim's log has a matching line.
assert_logged() {
	grep -Eq -- "$1" "$LOG" || fail "no line matching '$1' in the shim's log: $(head -c 600 "$LOG")"
}

refute_logged() {
	! grep -Eq -- "$1" "$LOG" || fail "unexpected line matching '$1' in the shim's log: $(grep -E -- "$1" "$LOG" | head -3)"
}

# assert_mode_output MODE COUNT: success, empty stderr, COUNT well-formed
# secrets of MODE on stdout, all distinct.
assert_mode_output() {
	local mode=$1 count=$2 distinct

	case $mode in
	chars) assert_secrets "$GRAPH" 20 "$count" ;;
	bytes) assert_secrets "$UPPER$LOWER$DIGITS+/" 24 "$count" ;;
	words)
		show_run
		[[ $status -eq 0 ]] || fail "expected exit status 0, got $status"
		[[ -z $stderr ]] || fail "stderr should be empty, got: '$stderr'"
		[[ ${#lines[@]} -eq $count ]] || fail "expected $count lines, got ${#lines[@]}"
		# Ten words of the list (129.2 bits), single spaces.
		printf '%s\n' "${lines[@]}" | awk 'NR == FNR { list[$0] = 1; next }
			NF != 10 || /^ | $|  |\t/ { bad = 1 }
			{ for (i = 1; i <= NF; i++) if (!($i in list)) bad = 1 }
			END { exit bad }' "$WORDS" - || fail "passphrases that are not 10 words of the list"
		;;
	esac
	distinct=$(printf '%s\n' "${lines[@]}" | sort -u | wc -l)
	[[ $distinct -eq $count ]] || fail "$mode: only $distinct distinct secrets of $count"
}

# The odds that 50 correct secrets are not all distinct (birthday bound,
# C(50, 2) = 1225 pairs): chars 1225 / 94^20 < 1e-36; words (10 of 7776)
# 1225 / 2^129.2 < 2e-36; bytes 1225 / 2^144 < 1e-40.

# A regular file full of plausible bytes: a reader that trusted it would
# succeed, so only the character-device check can refuse it.
fake_urandom() {
	head -c 65536 /dev/urandom >"$BATS_TEST_TMPDIR/fake-urandom"
	REPLY=$BATS_TEST_TMPDIR/fake-urandom
}
