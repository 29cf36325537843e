#!/usr/bin/env bats
# The character sets of pass-genhelper (--charset, --exclude,
# --no-ambiguous): the same as the real `LC_ALL=C tr -dc SET`
# (pass-genhelper(1), OPTIONS); the 400-set sweep is tr-sweep.bats.
# Entropy figures are worked out by hand in the comments (log2 N to 5
# places: 94 -> 6.55459, 84 -> 6.39232, 75 -> 6.22882, 62 -> 5.95420,
# 46 -> 5.52356, 26 -> 4.70044, 10 -> 3.32193).
#
# Probabilistic checks state their false-failure odds; every one is below
# 1e-15.  Nothing is retried.

# status, output, lines, stderr and stderr_lines are set by bats' `run`;
# single-quoted `bash -c` scripts get their values as "$1"...; sets such as
# 'ab\' end in a backslash on purpose.
# shellcheck disable=SC2154,SC2016,SC1003

bats_require_minimum_version 1.5.0

load test_helper/cli

setup_file() { trset_setup_file; }

# assert_tr_keeps SET TEXT: tr itself keeps exactly TEXT (so the comparisons
# below have a known-good reference, not just "whatever tr does").
assert_tr_keeps() {
	local kept
	kept=$(LC_ALL=C tr -dc -- "$1" <"$ALL_BYTES_FILE" 2>/dev/null)
	[[ $kept == "$2" ]] || fail "tr -dc '$1' keeps '$kept', the test expected '$2'"
}


# ---------------------------------------------------------------------------
# Character sets: the same as LC_ALL=C tr -dc SET

@test "tr reference: the sets below mean what the tests assume" {
	# Guards the reference itself, so a change in tr cannot hide a bug.
	assert_tr_keeps '[:xdigit:]' "${DIGITS}ABCDEFabcdef"
	assert_tr_keeps 'a\-z' '-az'
	assert_tr_keeps '\400' ' 0'
	assert_tr_keeps '[abc]' '[]abc'
	assert_tr_keeps '[=a=]b' 'ab'
	assert_tr_keeps '\141\142c' 'abc'
	assert_tr_keeps '[a*3]bc' 'abc'
	assert_tr_keeps '[:alpha:' ':[ahlp'
	assert_tr_keeps 'a-c-e' '-abce'
}

@test "charset: POSIX classes equal tr's" {
	assert_same_as_tr '[:alnum:]' '[:punct:]' '[:xdigit:]' '[:print:]' '[:graph:]' \
		'[:alpha:]' '[:upper:]' '[:lower:]' '[:digit:]' '[:punct:][:alnum:]' \
		'[:upper:][:digit:]' '[:lower:]_' '[:alnum:]_-'
}

@test "charset: [:print:] includes space (95 characters)" {
	gen --charset '[:print:]' --print-alphabet
	assert_success
	[[ $output == " $GRAPH" ]] || fail "got '$output'"
}

@test "charset: ranges equal tr's" {
	assert_same_as_tr 'a-z' 'A-Fa-f0-9' '0-9a-f' ' -~' '!-/:-@[-`{-~' 'a-cx-z' \
		'a-c-e' '[-a' 'A-Z2-7' '+-/' '0-0a' 'a-ab'
}

@test "charset: escapes equal tr's" {
	assert_same_as_tr 'a\-z' '\-a-c' '\\ab' '\141\142c' '\141-\144' '\q\w' \
		'\400' '\0400' '\1011' '\101-\132' 'ab\' '\[:digit:]' '[:\141lnum:]' \
		'\]ab' 'a\]' '\-\-x'
}

@test "charset: brackets, dashes and ']' equal tr's" {
	assert_same_as_tr '[abc]' '[=a=]b' '[=-=]ab' ']ab' 'a]' '-ab' 'ab-' '-' '--a' \
		'[:alpha:' '[*]x' '[a*\]b' '[:digit:]-z' 'x[' '[' '[]' '[[:digit:]]' \
		'[=[=]a' 'a-]'
}

@test "charset: sets tr refuses are usage errors" {
	local set report=""
	for set in 'z-a' '9-0' '[:foo:]' '[::]' '[==]' '[=ab=]' '[a*]' '[a*0]bc' \
		'[:*]' '[=*]' '[a*99999999999999999999]bc' '[:Alpha:]' 'b-a[:digit:]'; do
		LC_ALL=C tr -dc -- "$set" <"$ALL_BYTES_FILE" >/dev/null 2>&1 &&
			report+="premise: tr accepts '$set'"$'\n'
		gen --charset "$set" --print-alphabet
		if [[ $status -ne 2 || -n $output || ${stderr_lines[1]-} != "$TRY_HELP" ]]; then
			report+="--charset '$set': expected exit 2, got $status, stdout '$output'"$'\n'
		fi
	done
	[[ -z $report ]] || fail "$report"
	gen --charset 'z-a'
	assert_usage_error "z-a"
	gen --charset '[:foo:]'
	assert_usage_error "foo"
}

@test "charset: [c*n] in SET1 is accepted by tr and means c" {
	# GNU tr (coreutils 9.1) refuses only [c*] and [c*0] in SET1; [c*n]
	# with a count stands for c (n times, duplicates collapse):
	# `LC_ALL=C tr -dc '[a*3]bc'` keeps "abc".  '[a*3]' alone keeps just
	# "a", which we must refuse as a one-character set.
	assert_same_as_tr '[a*3]bc' '[x*2]a-c' '[a*07]bc' '[a*3]'
}

@test "charset: a [c*...] that tr rejects as a bad repeat count is refused" {
	# tr reads '[c*' up to the next unescaped ']' as a repeat count and
	# refuses anything that is not a number: "invalid repeat count 'b'".
	assert_same_as_tr '[a*b]c' '[a*-]' '[3**]' '[9*adigit]'
}

@test "charset: control bytes are refused with a clear message" {
	gen --charset 'ab\n'
	assert_usage_error "newline"
	gen --charset 'ab\001'
	assert_usage_error '\001'
	gen --charset 'ab\0'
	assert_usage_error "NUL"
	gen --charset 'ab\t'
	assert_usage_error "tab"
	gen --charset '[:space:]'
	assert_usage_error "character set contains"
	gen --charset '[:cntrl:]'
	assert_usage_error "character set contains"
	gen --charset '[:alnum:]\177'
	assert_usage_error '\177'
}

@test "charset: bytes >= 0x80 are refused" {
	gen --charset 'ab\200'
	assert_usage_error '\200'
	gen --charset 'a-z\377'
	assert_usage_error '\377'
}

@test "charset: empty and one-character sets are refused" {
	gen --charset ''
	assert_usage_error "empty"
	gen --charset 'a'
	assert_usage_error "one character"
	gen --charset 'aaa'
	assert_usage_error "one character"
	gen --charset 'a-a[=a=]'
	assert_usage_error "one character"
	gen --charset '[a*3]'
	assert_usage_error
}

@test "charset: generated characters come from the set, and all of them appear" {
	# 400 secrets of 10 from 7 characters: n = 4000 draws, P(one missing)
	# <= 7 (6/7)^4000 < 1e-260.
	"$GEN" --charset '\-\\[=a=]x-z[' --length 10 --count 400 >"$BATS_TEST_TMPDIR/out"
	[[ $(distinct_bytes <"$BATS_TEST_TMPDIR/out") == "$(string_bytes '-[\axyz')" ]] ||
		fail "used: $(distinct_bytes <"$BATS_TEST_TMPDIR/out" | tr '\n' ' ')"
	[[ $(wc -l <"$BATS_TEST_TMPDIR/out") -eq 400 ]] || fail "expected 400 lines"
}

@test "charset: a SET starting with '-' is an argument, not an option" {
	gen --charset '-ab' --print-alphabet
	assert_success
	assert_output -- '-ab'
	gen --charset=-xy --print-alphabet
	assert_success
	assert_output -- '-xy'
}

@test "charset: verbose names the size of a custom alphabet" {
	# 3 characters, 10 of them: 10 * log2 3 = 15.85.
	length_and_bits 15.8 10 --charset 'a-c' --length 10
	[[ ${stderr_lines[0]} == *" 3 "* ]] || fail "alphabet size 3 not reported: '${stderr_lines[0]}'"
}

# ---------------------------------------------------------------------------
# Exclusions

@test "--exclude SET removes characters (tr syntax)" {
	gen --format alnum --exclude 'a-z' --print-alphabet
	assert_success
	assert_output "$DIGITS$UPPER"
	gen --format graph --exclude '[:punct:]' --print-alphabet
	assert_success
	assert_output "$DIGITS$UPPER$LOWER"
	gen --format hex --exclude '\141-c' --print-alphabet
	assert_success
	assert_output "${DIGITS}def"
	# Control bytes may be excluded: [:print:] minus [:space:] is graph.
	gen --charset '[:print:]' --exclude '[:space:]' --print-alphabet
	assert_success
	assert_output "$GRAPH"
	gen --charset '[:alnum:]\n' --exclude '\n' --print-alphabet
	assert_success
	assert_output "$DIGITS$UPPER$LOWER"
}

@test "--exclude options add up" {
	gen --format alnum --exclude 'a-m' --exclude 'n-z' --exclude '[:upper:]' --print-alphabet
	assert_success
	assert_output "$DIGITS"
}

@test "--exclude changes the alphabet size, the length and the figure" {
	# graph without digits: 84 characters, log2 84 = 6.39232;
	# 20 * 6.39232 = 127.85 < 128, so 21 characters, 134.24 bits.
	length_and_bits 134.2 21 --exclude 0-9
	[[ ${stderr_lines[0]} == *" 84 "* ]] || fail "size 84 not reported: '${stderr_lines[0]}'"
	gen --exclude 0-9 --count 300
	assert_secrets "$(tr -d 0-9 <<<"$GRAPH")" 21 300
}

@test "--exclude with an invalid SET is a usage error" {
	gen --exclude '[:foo:]'
	assert_usage_error "foo"
	gen --exclude 'z-a'
	assert_usage_error "z-a"
}

@test "--exclude emptying a required class is a usage error" {
	gen --format alnum --exclude 0-9 --require digit
	assert_usage_error "digit"
	gen --exclude '[:punct:]' --require punct
	assert_usage_error "punct"
	gen --format alnum --no-ambiguous --exclude 3-47-9 --require digit
	assert_usage_error "digit"
}

@test "--exclude leaving one or no character is a usage error" {
	gen --format digits --exclude 1-9
	assert_usage_error "one character"
	gen --charset ab --exclude a
	assert_usage_error "one character"
	gen --format digits --exclude '[:digit:]'
	assert_usage_error "empty"
	gen --charset 0-3 --no-ambiguous
	assert_usage_error "one character"
	gen --charset 0-2 --no-ambiguous
	assert_usage_error "empty"
}

@test "--no-ambiguous leaves out 012568BDGIOQSZlo|' and backtick" {
	local expected c
	expected=$(tr -d "$AMBIGUOUS" <<<"$GRAPH")
	[[ ${#expected} -eq 75 ]] || fail "test premise: 94 - 19 = 75, got ${#expected}"
	gen --no-ambiguous --print-alphabet
	assert_success
	assert_output "$expected"
	for ((c = 0; c < ${#AMBIGUOUS}; c++)); do
		[[ $output != *"${AMBIGUOUS:c:1}"* ]] || fail "'${AMBIGUOUS:c:1}' is still there"
	done
	gen --format alnum --no-ambiguous --print-alphabet
	assert_success
	assert_output "$(tr -d "$AMBIGUOUS" <<<"$DIGITS$UPPER$LOWER")"
	[[ ${#output} -eq 46 ]] || fail "alnum minus 16 look-alikes should be 46, got ${#output}"
	gen --format hex --no-ambiguous --print-alphabet
	assert_success
	assert_output "3479abcdef"
}

@test "--no-ambiguous shrinks the alphabet: sizes, lengths and figures" {
	# graph: 75 characters, log2 75 = 6.22882; 20 -> 124.58, 21 -> 130.81.
	length_and_bits 130.8 21 --no-ambiguous
	[[ ${stderr_lines[0]} == *" 75 "* ]] || fail "size 75 not reported: '${stderr_lines[0]}'"
	# alnum: 46 characters, log2 46 = 5.52356; 23 -> 127.04, 24 -> 132.57.
	length_and_bits 132.6 24 --format alnum --no-ambiguous
	[[ ${stderr_lines[0]} == *" 46 "* ]] || fail "size 46 not reported: '${stderr_lines[0]}'"
	# hex: 10 characters (3 4 7 9 a-f), log2 10 = 3.32193; 38 -> 126.23,
	# 39 -> 129.55.
	length_and_bits 129.6 39 --format hex --no-ambiguous
	gen --no-ambiguous --count 200
	assert_secrets "$(tr -d "$AMBIGUOUS" <<<"$GRAPH")" 21 200
}
