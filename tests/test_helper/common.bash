# shellcheck shell=bash
# status, output, lines, stderr and stderr_lines are set by bats' `run`.
# shellcheck disable=SC2154
#
# tests/test_helper/common.bash - loaded by every .bats file with
#
#     load test_helper/common
#
# It loads bats-support and bats-assert and names the program under test.
# `make check` exports PASS_GENHELPER (the built binary, absolute path),
# CHISQ (the statistics helper) and TESTS_SRCDIR (this folder's parent).
# To run a file by hand:
#
#     PASS_GENHELPER=$PWD/pass-genhelper TESTS_SRCDIR=$PWD/tests bats tests/cli.bats

# Find a bats helper library in BATS_LIB_PATH (colon-separated, as bats-core
# reads it), then in the usual system folders.
common_load_library() {
	local name=$1 dir
	local -a dirs=()

	IFS=: read -r -a dirs <<<"${BATS_LIB_PATH:-}"
	dirs+=(/usr/lib/bats /usr/local/lib/bats /usr/lib /usr/local/lib)
	for dir in "${dirs[@]}"; do
		if [[ -n $dir && -f $dir/$name/load.bash ]]; then
			# shellcheck source=/dev/null
			source "$dir/$name/load.bash"
			return 0
		fi
	done
	printf 'common.bash: cannot find %s (install it, or set BATS_LIB_PATH)\n' "$name" >&2
	return 1
}

common_load_library bats-support
common_load_library bats-assert

# The significance level of every chi-square check (tests/stat/chisq): a
# correct generator fails one with probability at most STAT_ALPHA.  The
# budget is 1e-6 for a whole .ci/run, which makes 329 such checks:
# tests/run-all 219 (passphrase.bats's 7 in make check, make distcheck and
# the sanitizer run; fault-gate.bats's 21 and statistics.bats's 74 in make
# check-slow and the sanitizer run; rules.bats's 8) and the bare-machine
# check's inner run 110 (make check and make check-slow once).  1e-6 / 330
# leaves room for one more: 329 x 3e-9 < 9.9e-7.
STAT_ALPHA=3e-9
export STAT_ALPHA

GEN="${PASS_GENHELPER:?set PASS_GENHELPER to the absolute path of the built pass-genhelper}"
PROG=pass-genhelper
TRY_HELP="Try '$PROG --help' for more information."
export GEN PROG

# Letters and digits spelled out, so expectations do not come from the
# program under test.
DIGITS=0123456789
UPPER=ABCDEFGHIJKLMNOPQRSTUVWXYZ
LOWER=abcdefghijklmnopqrstuvwxyz
# The 256 byte values 0..255, as a %b argument (\0ooo for each byte).
printf -v ALL_BYTES_ESCAPED '\\0%03o' {0..255}
# Printable ASCII without space, 0x21..0x7e: pass's [:punct:][:alnum:].
printf -v GRAPH_ESCAPED '\\0%03o' {33..126}
printf -v GRAPH '%b' "$GRAPH_ESCAPED"
# The 19 characters --no-ambiguous leaves out (README, man page, --help).
AMBIGUOUS="012568BDGIOQSZlo|'\`"
export DIGITS UPPER LOWER GRAPH AMBIGUOUS

# Every byte value once, in increasing order, on stdout.
all_bytes() {
	printf '%b' "$ALL_BYTES_ESCAPED"
}

# `run` with stdout in $output/$lines and stderr in $stderr/$stderr_lines.
# (Files that call it declare bats_require_minimum_version 1.5.0.)
gen() {
	run --separate-stderr "$GEN" "$@"
}

# Show what was captured; bats prints it only when the test fails.
show_run() {
	printf 'status: %s\nstdout: %s\nstderr: %s\n' "${status-}" "${output-}" "${stderr-}"
}

# One message line: "pass-genhelper: " then a text that does not start with
# a capital letter and does not end with a period.
assert_message_style() {
	local line=$1 text

	[[ $line == "$PROG: "?* ]] ||
		fail "message does not start with '$PROG: ': '$line'"
	text=${line#"$PROG: "}
	[[ $text != [[:upper:]]* ]] ||
		fail "message is not lower-case after the prefix: '$line'"
	[[ $text != *. ]] || fail "message ends with a period: '$line'"
}

# assert_usage_error [TEXT]...: exit 2, nothing on stdout, and on stderr
# exactly a one-line reason (containing every TEXT) and the --help hint.
assert_usage_error() {
	local text

	show_run
	[[ $status -eq 2 ]] || fail "expected exit status 2 (usage error), got $status"
	[[ -z $output ]] || fail "stdout must be empty on a usage error, got: '$output'"
	[[ ${#stderr_lines[@]} -eq 2 ]] ||
		fail "expected 2 lines on stderr (reason, hint), got ${#stderr_lines[@]}: '$stderr'"
	assert_message_style "${stderr_lines[0]}"
	[[ ${stderr_lines[1]} == "$TRY_HELP" ]] ||
		fail "second stderr line should be \"$TRY_HELP\", got '${stderr_lines[1]}'"
	for text in "$@"; do
		[[ ${stderr_lines[0]} == *"$text"* ]] ||
			fail "the reason should mention '$text': '${stderr_lines[0]}'"
	done
}

# assert_runtime_error [TEXT]...: exit 1, nothing on stdout, one message
# line on stderr containing every TEXT.
assert_runtime_error() {
	local text

	show_run
	[[ $status -eq 1 ]] || fail "expected exit status 1 (runtime failure), got $status"
	[[ -z $output ]] || fail "stdout must be empty on this failure, got: '$output'"
	[[ ${#stderr_lines[@]} -eq 1 ]] ||
		fail "expected one message line on stderr, got ${#stderr_lines[@]}: '$stderr'"
	assert_message_style "${stderr_lines[0]}"
	for text in "$@"; do
		[[ ${stderr_lines[0]} == *"$text"* ]] ||
			fail "the message should mention '$text': '${stderr_lines[0]}'"
	done
}

# tr_literal_set TEXT: a tr(1) SET that stands for exactly the characters
# of TEXT (each written as a three-digit octal escape), into $REPLY.
tr_literal_set() {
	local text=$1 i
	local -a codes=()

	for ((i = 0; i < ${#text}; i++)); do
		codes+=("'${text:i:1}")
	done
	REPLY=""
	((${#codes[@]} == 0)) || printf -v REPLY '\\%03o' "${codes[@]}"
}

# assert_secrets ALPHABET LENGTH COUNT: $output is COUNT lines, each LENGTH
# characters, all from ALPHABET; stderr is empty; exit status 0.
assert_secrets() {
	local alphabet=$1 length=$2 count=$3 stray bad

	show_run
	[[ $status -eq 0 ]] || fail "expected exit status 0, got $status"
	[[ -z ${stderr-} ]] || fail "stderr should be empty, got: '$stderr'"
	[[ ${#lines[@]} -eq $count ]] || fail "expected $count lines, got ${#lines[@]}"
	tr_literal_set "$alphabet"
	stray=$(printf '%s\n' "$output" | LC_ALL=C tr -d "$REPLY\\n")
	[[ -z $stray ]] || fail "characters outside '$alphabet': '$stray'"
	bad=$(printf '%s\n' "$output" | LC_ALL=C awk -v n="$length" 'length($0) != n' | head -n 3)
	[[ -z $bad ]] || fail "lines that are not $length characters: '$bad'"
}

# The distinct bytes of stdin except newline, as sorted lower-case hex pairs
# one per line (LC_ALL=C sort: byte order).
distinct_bytes() {
	od -An -v -tx1 | tr -s ' ' '\n' | grep -v -e '^$' -e '^0a$' | LC_ALL=C sort -u
}

# The bytes of a string, as sorted hex pairs one per line.
string_bytes() {
	printf '%s' "$1" | distinct_bytes
}
