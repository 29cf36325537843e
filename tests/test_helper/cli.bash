# shellcheck shell=bash
# status, output, lines, stderr and stderr_lines are set by bats' `run`.
# shellcheck disable=SC2154
#
# tests/test_helper/cli.bash - what the tests of the command line
# (cli.bats, cli-charset.bats, cli-length.bats) share: the verbose
# figure and a secret's length beside it, and the comparisons with tr(1)
# (test_helper/trset.bash).  A file loads it alone:
#
#     load test_helper/cli

load test_helper/common
load test_helper/trset

# The verbose figure: one stderr line, the prefix, ending in " BITS bits".
assert_bits() {
	local bits=$1
	[[ ${#stderr_lines[@]} -eq 1 ]] || fail "expected one line on stderr, got: '$stderr'"
	assert_message_style "${stderr_lines[0]}"
	[[ ${stderr_lines[0]} == *" $bits bits" ]] ||
		fail "verbose line should end in '$bits bits': '${stderr_lines[0]}'"
}

# length_and_bits BITS LENGTH ARGS...: a single secret of LENGTH characters
# and the verbose figure BITS.
length_and_bits() {
	local bits=$1 length=$2
	shift 2
	gen --verbose "$@"
	show_run
	assert_success
	[[ ${#lines[@]} -eq 1 ]] || fail "expected one line on stdout, got ${#lines[@]}"
	[[ ${#output} -eq $length ]] || fail "expected $length characters, got ${#output}: '$output'"
	assert_bits "$bits"
}
