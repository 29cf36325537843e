# shellcheck shell=bash
#
# tests/test_helper/trset.bash - the comparison of pass-genhelper's
# --charset with what `LC_ALL=C tr -dc SET` keeps, for the tests of the
# command line (through test_helper/cli.bash) and tr-sweep.bats:
#
#     load test_helper/common
#     load test_helper/trset
#     setup_file() { trset_setup_file; }

# trset_setup_file: write every byte value once, in increasing order, to
# the file ALL_BYTES_FILE names (all_bytes, common.bash), for the file's
# tests.
trset_setup_file() {
	ALL_BYTES_FILE="$BATS_FILE_TMPDIR/all-bytes"
	all_bytes >"$ALL_BYTES_FILE"
	export ALL_BYTES_FILE
}

# hex_of FILE: the bytes of FILE as one line of hex pairs.
hex_of() {
	od -An -v -tx1 "$1" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'
}

# check_against_tr SET: compare `--charset SET --print-alphabet` with what
# `LC_ALL=C tr -dc SET` keeps of the 256 byte values.  The input holds each
# byte once in increasing order, so tr's output is already sorted and
# duplicate-free.  The contract:
#   - tr refuses SET                          -> we exit 2, nothing on stdout;
#   - tr keeps a byte outside 0x20-0x7e, or
#     fewer than two bytes                    -> we exit 2, nothing on stdout;
#   - otherwise                               -> we print exactly those bytes
#                                                and a newline, exit 0.
# Appends a line to $TR_REPORT for every difference.
check_against_tr() {
	local set=$1 dir="$BATS_TEST_TMPDIR" trst st kept ours ours_nul LC_ALL=${LC_ALL-}

	trst=0
	LC_ALL=C tr -dc -- "$set" <"$ALL_BYTES_FILE" >"$dir/kept" 2>"$dir/tr-err" || trst=$?
	st=0
	"$GEN" --charset "$set" --print-alphabet >"$dir/ours" 2>"$dir/ours-err" || st=$?
	if [[ $trst -ne 0 ]]; then
		[[ $st -eq 2 && ! -s $dir/ours ]] ||
			TR_REPORT+="SET '$set': tr refuses it ($(head -n1 "$dir/tr-err")) but we exit $st with stdout [$(hex_of "$dir/ours")]"$'\n'
		return 0
	fi
	# Read with builtins (no process a comparison: the differential check
	# makes hundreds).  A shell variable cannot hold NUL, and read stops at
	# one; the bytes are in increasing order, so a kept NUL comes first and
	# leaves kept empty, which is then judged unprintable, as it should be.
	# (read -d '' succeeds only when it meets a NUL.)
	IFS= read -r -d '' kept <"$dir/kept" || :
	ours_nul=false
	IFS= read -r -d '' ours <"$dir/ours" && ours_nul=true
	LC_ALL=C
	if [[ $kept == *[!\ -~]* || ${#kept} -lt 2 ]]; then
		[[ $st -eq 2 && ! -s $dir/ours ]] ||
			TR_REPORT+="SET '$set': tr keeps [$(hex_of "$dir/kept")] (unprintable or < 2 bytes), so exit 2 was expected; we exit $st with stdout [$(hex_of "$dir/ours")]"$'\n'
		return 0
	fi
	[[ $st -eq 0 && $ours_nul == false && $ours == "$kept"$'\n' ]] ||
		TR_REPORT+="SET '$set': tr keeps [$(hex_of "$dir/kept")], we exit $st with [$(hex_of "$dir/ours")] $(head -n1 "$dir/ours-err")"$'\n'
}

# assert_same_as_tr SET...: check_against_tr finds no difference.
assert_same_as_tr() {
	local set
	TR_REPORT=""
	for set in "$@"; do
		check_against_tr "$set"
	done
	[[ -z $TR_REPORT ]] || fail "differences from LC_ALL=C tr -dc:"$'\n'"$TR_REPORT"
}

