#!/usr/bin/env bats
# The command line of pass-genhelper: every option, every error path with its
# exit status, and what goes to stdout and to stderr (pass-genhelper(1),
# OPTIONS and EXIT STATUS).
#
# Character sets are checked against the real `LC_ALL=C tr -dc SET`.  Entropy
# figures are worked out by hand in the comments (log2 N to 5 places:
# 94 -> 6.55459, 84 -> 6.39232, 75 -> 6.22882, 62 -> 5.95420, 52 -> 5.70044,
# 46 -> 5.52356, 26 -> 4.70044, 10 -> 3.32193, 3 -> 1.58496).
#
# Probabilistic checks state their false-failure odds; every one is below
# 1e-15.  Nothing is retried.

# status, output, lines, stderr and stderr_lines are set by bats' `run`;
# single-quoted `bash -c` scripts get their values as "$1"...; sets such as
# 'ab\' end in a backslash on purpose.
# shellcheck disable=SC2154,SC2016,SC1003

bats_require_minimum_version 1.5.0

load test_helper/common
load test_helper/trset

setup_file() { trset_setup_file; }

# ---------------------------------------------------------------------------
# Helpers

# expected_alphabet FORMAT: the format's alphabet (README, "Formats") in
# byte order, spelled out independently of the program.
expected_alphabet() {
	case $1 in
	graph | pass | default) printf '%s' "$GRAPH" ;;
	alnum) printf '%s' "$DIGITS$UPPER$LOWER" ;;
	alpha) printf '%s' "$UPPER$LOWER" ;;
	lower) printf '%s' "$LOWER" ;;
	upper) printf '%s' "$UPPER" ;;
	digits) printf '%s' "$DIGITS" ;;
	hex) printf '%s' "${DIGITS}abcdef" ;;
	base32) printf '%s' "234567$UPPER" ;;
	base64) printf '%s' "+/$DIGITS$UPPER$LOWER" ;;
	base64url) printf '%s' "-$DIGITS${UPPER}_$LOWER" ;;
	*) return 1 ;;
	esac
}

# assert_tr_keeps SET TEXT: tr itself keeps exactly TEXT (so the comparison
# above has a known-good reference, not just "whatever tr does").
assert_tr_keeps() {
	local kept
	kept=$(LC_ALL=C tr -dc -- "$1" <"$ALL_BYTES_FILE" 2>/dev/null)
	[[ $kept == "$2" ]] || fail "tr -dc '$1' keeps '$kept', the test expected '$2'"
}

# lines_not_matching LABEL REGEX FILE: the lines of FILE that the extended
# REGEX does not match, with their numbers and LABEL; fails only if grep
# does (status 2), not when every line matches.
lines_not_matching() {
	grep -n -v -E -- "$2" "$3" | sed "s/^/$1: /"
	((PIPESTATUS[0] <= 1))
}

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

# ---------------------------------------------------------------------------
# Default behaviour

@test "default: one line of 20 characters from pass's 94, nothing on stderr" {
	"$GEN" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err"
	[[ $(wc -c <"$BATS_TEST_TMPDIR/out") -eq 21 ]] || fail "expected 21 bytes: $(hex_of "$BATS_TEST_TMPDIR/out")"
	[[ $(wc -l <"$BATS_TEST_TMPDIR/out") -eq 1 ]] || fail "expected exactly one newline"
	[[ ! -s $BATS_TEST_TMPDIR/err ]] || fail "stderr not empty: $(cat "$BATS_TEST_TMPDIR/err")"
	gen
	assert_secrets "$GRAPH" 20 1
	# Every byte is in [:punct:][:alnum:] (a second, independent check).
	[[ $output =~ ^[[:punct:][:alnum:]]{20}$ ]] || fail "not 20 characters of [:punct:][:alnum:]: '$output'"
}

@test "--verbose: stderr ends in '131.1 bits', stdout still just the password" {
	# 20 * log2 94 = 20 * 6.55459 = 131.09; 19 characters would be 124.5.
	length_and_bits 131.1 20
	[[ $output =~ ^[[:punct:][:alnum:]]{20}$ ]] || fail "stdout is not just the password: '$output'"
	[[ ${stderr_lines[0]} =~ \ [0-9]+\.[0-9]\ bits$ ]] || fail "not one decimal: '${stderr_lines[0]}'"
}

@test "--verbose with --count prints the figure once and N secrets" {
	gen --verbose --count 3
	assert_success
	[[ ${#lines[@]} -eq 3 ]] || fail "expected 3 secrets, got ${#lines[@]}"
	assert_bits 131.1
}

# ---------------------------------------------------------------------------
# Formats

@test "--format NAME --print-alphabet prints the exact alphabet for every format" {
	local f expected report=""
	for f in graph pass default alnum alpha lower upper digits hex base32 base64 base64url; do
		expected=$(expected_alphabet "$f")
		gen --format "$f" --print-alphabet
		if [[ $status -ne 0 || $output != "$expected" || -n $stderr || ${#lines[@]} -ne 1 ]]; then
			report+="--format $f: status $status, got '$output', expected '$expected', stderr '$stderr'"$'\n'
		fi
	done
	[[ -z $report ]] || fail "$report"
}

@test "--print-alphabet ends with exactly one newline" {
	"$GEN" --format hex --print-alphabet >"$BATS_TEST_TMPDIR/out"
	[[ $(hex_of "$BATS_TEST_TMPDIR/out") == "30 31 32 33 34 35 36 37 38 39 61 62 63 64 65 66 0a" ]] ||
		fail "got $(hex_of "$BATS_TEST_TMPDIR/out")"
}

@test "default length of every format reaches 128 bits, with the exact figure" {
	# Shortest L with L * log2 N >= 128, and the figure L * log2 N:
	#   graph   94: 20 * 6.55459 = 131.09   (19 -> 124.5)
	#   alnum   62: 22 * 5.95420 = 130.99   (21 -> 125.0)
	#   alpha   52: 23 * 5.70044 = 131.11   (22 -> 125.4)
	#   lower   26: 28 * 4.70044 = 131.61   (27 -> 126.9)
	#   digits  10: 39 * 3.32193 = 129.55   (38 -> 126.2)
	#   hex     16: 32 * 4       = 128.0
	#   base32  32: 26 * 5       = 130.0    (25 -> 125)
	#   base64  64: 22 * 6       = 132.0    (21 -> 126)
	local row f length bits report=""
	for row in graph:20:131.1 pass:20:131.1 default:20:131.1 alnum:22:131.0 \
		alpha:23:131.1 lower:28:131.6 upper:28:131.6 digits:39:129.6 \
		hex:32:128.0 base32:26:130.0 base64:22:132.0 base64url:22:132.0; do
		IFS=: read -r f length bits <<<"$row"
		gen --format "$f" --verbose
		if [[ $status -ne 0 || ${#output} -ne $length || ${#lines[@]} -ne 1 ||
			${stderr_lines[0]-} != "$PROG: "*" $bits bits" ]]; then
			report+="--format $f: status $status, ${#output} characters (want $length), stderr '$stderr' (want ... $bits bits)"$'\n'
		fi
	done
	[[ -z $report ]] || fail "$report"
}

@test "every format generates only characters of its alphabet, and all of them" {
	# 500 secrets of >= 20 characters: at least n = 10000 draws from N <= 94
	# characters.  P(some character never appears) <= N (1 - 1/N)^n
	# <= 94 * e^(-10000/94) < 1e-44 (and far less for smaller alphabets).
	local row f length expected used report=""
	for row in graph:20 alnum:22 alpha:23 lower:28 upper:28 digits:39 hex:32 \
		base32:26 base64:22 base64url:22; do
		IFS=: read -r f length <<<"$row"
		expected=$(expected_alphabet "$f")
		"$GEN" --format "$f" --count 500 >"$BATS_TEST_TMPDIR/out" || report+="--format $f failed"$'\n'
		used=$(distinct_bytes <"$BATS_TEST_TMPDIR/out")
		if [[ $used != "$(string_bytes "$expected")" ]]; then
			report+="--format $f: characters used differ from '$expected':"
			report+=" extra [$(comm -23 <(printf '%s\n' "$used") <(string_bytes "$expected") | tr '\n' ' ')]"
			report+=" missing [$(comm -13 <(printf '%s\n' "$used") <(string_bytes "$expected") | tr '\n' ' ')]"$'\n'
		fi
		if [[ $(wc -l <"$BATS_TEST_TMPDIR/out") -ne 500 ]]; then
			report+="--format $f: expected 500 lines"$'\n'
		fi
		if LC_ALL=C awk -v want="$length" 'length($0) != want { bad = 1 } END { exit !bad }' \
			"$BATS_TEST_TMPDIR/out"; then
			report+="--format $f: a line that is not $length characters"$'\n'
		fi
	done
	[[ -z $report ]] || fail "$report"
}

@test "unknown format is a usage error" {
	gen --format nope
	assert_usage_error "nope"
	gen --format ''
	assert_usage_error
	gen --format GRAPH
	assert_usage_error
}

@test "--format and --charset together are a usage error" {
	gen --format hex --charset a-z
	assert_usage_error "--format" "--charset"
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
# Lengths

@test "--length N and a bare N give N characters" {
	gen --length 7
	assert_secrets "$GRAPH" 7 1
	gen 32
	assert_secrets "$GRAPH" 32 1
	gen 32 --format hex
	assert_secrets "${DIGITS}abcdef" 32 1
	gen --format alnum -- 12
	assert_secrets "$DIGITS$UPPER$LOWER" 12 1
	gen --length=9 --format digits
	assert_secrets "$DIGITS" 9 1
	gen 1 --format alnum
	assert_secrets "$DIGITS$UPPER$LOWER" 1 1
}

@test "short options match the long ones" {
	gen -f hex -l 8 -n 3
	assert_secrets "${DIGITS}abcdef" 8 3
	length_and_bits 5.0 5 -c 'xy' -e 5
	length_and_bits 128.0 22 -f base64 -b 16
	gen -f alnum -x 'a-z' -A --print-alphabet
	assert_output "$(tr -d "$AMBIGUOUS" <<<"$DIGITS$UPPER")"
	gen -f alnum -l 4 -r lower,upper,digit,punct
	assert_usage_error "punct"
	gen -V
	assert_output "$PROG 0.2.0"
}

@test "--entropy BITS picks the shortest length that reaches BITS" {
	# digits: 6 * 3.32193 = 19.93 < 20 <= 7 * 3.32193 = 23.25
	length_and_bits 23.3 7 --format digits --entropy 20
	# graph: 9 * 6.55459 = 58.99 < 64 <= 10 * 6.55459 = 65.55
	length_and_bits 65.5 10 --entropy 64
	# alnum: one character already has 5.95 bits >= 1
	length_and_bits 6.0 1 --format alnum --entropy 1
	# hex: exactly 4 bits per character: 32 -> 128.0, 33 -> 132.0
	length_and_bits 128.0 32 --format hex --entropy 128
	length_and_bits 132.0 33 --format hex --entropy 129
	# lower: 21 * 4.70044 = 98.71 < 100 <= 22 * 4.70044 = 103.41
	length_and_bits 103.4 22 --format lower --entropy 100
	# base64 without --bytes counts characters: 22 * 6 = 132
	length_and_bits 132.0 22 --format base64 --entropy 128
	# two characters, one bit each: exactly BITS characters
	length_and_bits 37.0 37 --charset 'xy' --entropy 37
}

@test "--entropy maximum 4096 is accepted" {
	# graph: 624 * 6.55459 = 4090.06 < 4096 <= 625 * 6.55459 = 4096.62
	length_and_bits 4096.6 625 --entropy 4096
	# digits: 1233 * 3.32193 = 4095.94 < 4096 <= 1234 * 3.32193 = 4099.26
	length_and_bits 4099.3 1234 --format digits --entropy 4096
	# two characters: 4096 bits need all 4096 characters allowed
	length_and_bits 4096.0 4096 --charset 'xy' --entropy 4096
}

@test "--entropy that no length up to 4096 reaches is a usage error" {
	# 'a' and '1' with both classes required: 2^L - 2 valid strings, so 4096
	# bits would need 4097 characters.
	gen --charset 'a1' --require lower,digit --entropy 4096
	assert_usage_error "4096"
}

@test "--entropy counts class rules exactly when choosing the length" {
	# alnum, 4 characters: 62^4 = 14776336 strings, 23.82 bits >= 23.
	length_and_bits 23.8 4 --format alnum --entropy 23
	# With lower,upper,digit required, inclusion-exclusion over 4 characters:
	#   62^4 - 36^4 - 36^4 - 52^4 + 10^4 + 26^4 + 26^4 - 0^4 = 5029440,
	#   22.26 bits < 23, so 5 characters are needed:
	#   62^5 - 2*36^5 - 52^5 + 10^5 + 2*26^5 = 438859200, 28.71 bits.
	length_and_bits 28.7 5 --format alnum --require lower,upper,digit --entropy 23
	# 'a1' with both required: 2^L - 2 strings.  2^10 - 2 < 2^10, so 10
	# bits need 11 characters (log2 2046 = 10.9986), and 64 bits need 65.
	length_and_bits 11.0 11 --charset 'a1' --require lower,digit --entropy 10
	length_and_bits 65.0 65 --charset 'a1' --require lower,digit --entropy 64
}

@test "--bytes N with base64: 18 -> 24 characters (144.0 bits), 16 -> 22 (128.0)" {
	length_and_bits 144.0 24 --format base64 --bytes 18
	[[ ${stderr_lines[0]} == *18* ]] || fail "the byte count is not reported: '${stderr_lines[0]}'"
	length_and_bits 128.0 22 --format base64 --bytes 16
}

@test "--bytes with hex, base32, base64url" {
	# hex: 2 characters a byte; base32: ceil(8N/5); base64(url): ceil(8N/6).
	length_and_bits 128.0 32 --format hex --bytes 16
	length_and_bits 128.0 26 --format base32 --bytes 16
	length_and_bits 40.0 8 --format base32 --bytes 5
	length_and_bits 8.0 2 --format base32 --bytes 1
	length_and_bits 128.0 22 --format base64url --bytes 16
	length_and_bits 8.0 2 --format base64 --bytes 1
}

@test "--bytes output decodes to N bytes, with zero padding bits" {
	local dir=$BATS_TEST_TMPDIR report=""
	# Each line's shape is checked with a pattern, then all lines of a file
	# are decoded in one run (GNU base64 -d and base32 -d read padded
	# chunks one after another): one process a file, not one a line.
	# base64 of 16 bytes: the 22nd character carries 2 data bits and 4 zero
	# bits, so it is one of A Q g w.  Holds for every output (not random).
	"$GEN" --format base64 --bytes 16 --count 200 >"$dir/b64"
	report+=$(lines_not_matching base64 '^[A-Za-z0-9+/]{21}[AQgw]$' "$dir/b64")
	[[ $(sed 's/$/==/' "$dir/b64" | base64 -d | wc -c) -eq $((200 * 16)) ]] ||
		report+=$'\nbase64: 200 lines do not decode to 200 x 16 bytes'
	# base64url: same with - and _.
	"$GEN" --format base64url --bytes 16 --count 100 >"$dir/b64u"
	report+=$(lines_not_matching base64url '^[A-Za-z0-9_-]{21}[AQgw]$' "$dir/b64u")
	[[ $(sed 's/$/==/' "$dir/b64u" | tr -- '-_' '+/' | base64 -d | wc -c) -eq $((100 * 16)) ]] ||
		report+=$'\nbase64url: 100 lines do not decode to 100 x 16 bytes'
	# base32 of 16 bytes: 26 characters, the last carries 3 data bits and 2
	# zero bits: one of A E I M Q U Y 4.
	"$GEN" --format base32 --bytes 16 --count 100 >"$dir/b32"
	report+=$(lines_not_matching base32 '^[A-Z2-7]{25}[AEIMQUY4]$' "$dir/b32")
	[[ $(sed 's/$/======/' "$dir/b32" | base32 -d | wc -c) -eq $((100 * 16)) ]] ||
		report+=$'\nbase32: 100 lines do not decode to 100 x 16 bytes'
	# hex of 3 bytes: 6 lower-case hex digits.
	"$GEN" --format hex --bytes 3 --count 100 >"$dir/hex"
	report+=$(lines_not_matching hex '^[0-9a-f]{6}$' "$dir/hex")
	[[ $(wc -l <"$dir/b64") -eq 200 && $(wc -l <"$dir/b64u") -eq 100 &&
		$(wc -l <"$dir/b32") -eq 100 && $(wc -l <"$dir/hex") -eq 100 ]] ||
		report+=$'\nline counts are not 200, 100, 100, 100'
	[[ -z $report ]] || fail "$report"
}

@test "--bytes maximum 2048 is accepted; 2049 is not" {
	length_and_bits 16384.0 4096 --format hex --bytes 2048
	# base64: ceil(16384 / 6) = 2731
	length_and_bits 16384.0 2731 --format base64 --bytes 2048
	gen --format hex --bytes 2049
	assert_usage_error "2049" "2048"
}

@test "--bytes needs an unmodified byte encoding" {
	gen --bytes 16
	assert_usage_error "--bytes"
	gen --format alnum --bytes 16
	assert_usage_error "--bytes"
	gen --format digits --bytes 16
	assert_usage_error "--bytes"
	gen --charset '0-9a-f' --bytes 16
	assert_usage_error "--bytes"
	gen --format hex --exclude a --bytes 16
	assert_usage_error "--bytes"
	gen --format base32 --no-ambiguous --bytes 16
	assert_usage_error "--bytes"
	gen --format hex --require digit --bytes 16
	assert_usage_error "--bytes" "--require"
}

@test "two ways of giving the length conflict" {
	gen --length 8 --entropy 64
	assert_usage_error "--length" "--entropy"
	gen --entropy 64 --length 8
	assert_usage_error "--length" "--entropy"
	gen --format hex --bytes 16 --length 8
	assert_usage_error "--bytes" "--length"
	gen --format hex --length 8 --bytes 16
	assert_usage_error "--bytes" "--length"
	gen --entropy 64 --bytes 16 --format hex
	assert_usage_error "--bytes" "--entropy"
	gen --length 8 12
	assert_usage_error "--length"
	gen 12 --length 8
	assert_usage_error "--length"
	gen --entropy 64 12
	assert_usage_error "--entropy"
	gen --format hex --bytes 16 12
	assert_usage_error "--bytes"
	gen 8 12
	assert_usage_error "12"
	gen 8 12 16
	assert_usage_error
}

@test "length bounds: 1..4096, digits only" {
	gen --length 0
	assert_usage_error "length" "'0'" "1"
	gen --length 4097
	assert_usage_error "length" "4097" "4096"
	gen --length -1
	assert_usage_error "length" "'-1'"
	gen --length +1
	assert_usage_error "length" "'+1'"
	gen --length ' 1'
	assert_usage_error "length" "' 1'"
	gen --length '1 '
	assert_usage_error "length" "'1 '"
	gen --length 1x
	assert_usage_error "length" "'1x'"
	gen --length 0x10
	assert_usage_error "length"
	gen --length ''
	assert_usage_error "length" "''"
	gen --length 99999999999999999999999
	assert_usage_error "length" "99999999999999999999999" "4096"
	gen --length 18446744073709551617
	assert_usage_error "length" "4096"
	gen 0
	assert_usage_error "length" "'0'"
	gen 4097
	assert_usage_error "length" "4097"
	gen ''
	assert_usage_error "length" "''"
	gen 1x
	assert_usage_error "length" "'1x'"
	gen -- -5
	assert_usage_error "length" "'-5'"
	gen -1
	assert_usage_error "-1"
}

@test "a length above every bound names both: 4096 characters, 1024 words" {
	local args
	for args in "--length 4097" "4097" "-w 5000" "--length 5000 --words" "--words --length 99999999999999999999"; do
		# shellcheck disable=SC2086 # the options are split on purpose
		gen $args
		assert_usage_error
		assert_equal "${stderr_lines[0]}" \
			"$PROG: invalid length '${args//[!0-9]/}': the maximum is 4096 characters or 1024 words"
	done
	gen -w 1025
	assert_usage_error
	assert_equal "${stderr_lines[0]}" "$PROG: invalid length '1025': the maximum is 1024 words"
}

@test "one of a kind is singular in messages: 1 character, 1 random byte" {
	gen -v --format digits --length 1
	assert_success
	assert_equal "$stderr" "$PROG: entropy: 1 character from 10 (digits): 3.3 bits"
	gen -v --format hex --bytes 1
	assert_success
	assert_equal "$stderr" "$PROG: entropy: 1 random byte as 2 hex characters: 8.0 bits"
	gen -w --symbols ''
	assert_usage_error
	assert_equal "${stderr_lines[0]}" "$PROG: --symbols needs at least 1 character"
}

@test "length maximum 4096 is accepted, as option and as bare number" {
	gen --length 4096 --format alnum
	assert_secrets "$DIGITS$UPPER$LOWER" 4096 1
	gen 4096
	assert_success
	[[ ${#output} -eq 4096 ]] || fail "got ${#output} characters"
}

@test "entropy, byte count and count bounds" {
	gen --entropy 0
	assert_usage_error "entropy" "'0'"
	gen --entropy 4097
	assert_usage_error "entropy" "4097" "4096"
	gen --entropy 99999999999999999999999
	assert_usage_error "entropy" "4096"
	gen --entropy 12.5
	assert_usage_error "entropy" "'12.5'"
	gen --entropy -8
	assert_usage_error "entropy" "'-8'"
	gen --format hex --bytes 0
	assert_usage_error "byte" "'0'"
	gen --format hex --bytes 99999999999999999999999
	assert_usage_error "byte" "2048"
	gen --count 0
	assert_usage_error "count" "'0'"
	gen --count 1000000001
	assert_usage_error "count" "1000000001" "1000000000"
	gen --count 99999999999999999999999
	assert_usage_error "count" "1000000000"
	gen --count -1
	assert_usage_error "count" "'-1'"
	gen --count ''
	assert_usage_error "count" "''"
}

@test "--count maximum 1000000000 parses (output cut short by the reader)" {
	# The writer dies of SIGPIPE (or, where SIGPIPE is ignored, exits 1 with
	# a write error, hence 2>/dev/null) once head has its 105 bytes; timeout
	# only guards against a hang.
	run --separate-stderr timeout 30 bash -c '"$1" --count 1000000000 2>/dev/null | head -c 105' _ "$GEN"
	show_run
	[[ $status -eq 0 ]] || fail "the pipeline failed or hung: $status"
	assert_secrets "$GRAPH" 20 5
}

# ---------------------------------------------------------------------------
# Class rules

@test "--require: every secret holds each required class" {
	local f=$BATS_TEST_TMPDIR/out
	"$GEN" --format alnum --length 4 --require lower,upper,digit --count 2000 >"$f"
	[[ $(wc -l <"$f") -eq 2000 ]] || fail "expected 2000 lines"
	[[ $(LC_ALL=C grep -c -v '[a-z]' "$f") -eq 0 ]] || fail "a secret without lower: $(LC_ALL=C grep -v '[a-z]' "$f" | head -3)"
	[[ $(LC_ALL=C grep -c -v '[A-Z]' "$f") -eq 0 ]] || fail "a secret without upper: $(LC_ALL=C grep -v '[A-Z]' "$f" | head -3)"
	[[ $(LC_ALL=C grep -c -v '[0-9]' "$f") -eq 0 ]] || fail "a secret without digit: $(LC_ALL=C grep -v '[0-9]' "$f" | head -3)"
	[[ $(LC_ALL=C grep -c -v -x '[0-9A-Za-z]\{4\}' "$f") -eq 0 ]] || fail "a malformed secret"
}

@test "--require each single class, and punct" {
	local class pattern f=$BATS_TEST_TMPDIR/out
	for class in lower upper digit punct; do
		case $class in
		lower) pattern='[a-z]' ;;
		upper) pattern='[A-Z]' ;;
		digit) pattern='[0-9]' ;;
		punct) pattern='[[:punct:]]' ;;
		esac
		"$GEN" --length 2 --require "$class" --count 500 >"$f" || fail "--require $class failed"
		[[ $(wc -l <"$f") -eq 500 ]] || fail "--require $class: expected 500 lines"
		[[ $(LC_ALL=C grep -c -v "$pattern" "$f") -eq 0 ]] || fail "--require $class: a secret without it"
	done
}

@test "--require all four classes in 4 characters: one of each, in every order" {
	# Valid strings are uniform, so each of the 4! = 24 class orders has
	# probability 1/24.  P(some order missing from 1000) <= 24 (23/24)^1000
	# < 1e-17.  A generator that repairs fixed positions fails this.
	local f=$BATS_TEST_TMPDIR/out orders
	"$GEN" --format graph --length 4 --require lower,upper,digit,punct --count 1000 >"$f"
	[[ $(wc -l <"$f") -eq 1000 ]] || fail "expected 1000 lines"
	orders=$(LC_ALL=C tr -- 'a-zA-Z0-9!-/:-@[-`{-~' '[l*26][u*26][d*10][p*]' <"$f" | LC_ALL=C sort -u)
	[[ $(grep -c -v -x -e '' <<<"$orders") -eq 24 ]] || fail "class orders seen: $orders"
	while IFS= read -r line; do
		[[ $(printf '%s' "$line" | fold -w1 | sort | tr -d '\n') == dlpu ]] || fail "not one of each class: $line"
	done <<<"$orders"
}

@test "--require: verbose figure is exact (inclusion-exclusion)" {
	# 8 alnum characters with lower, upper, digit:
	#   62^8 - 2*36^8 - 52^8 + 10^8 + 2*26^8 - 0^8 = 159655911367680, 47.18 bits
	length_and_bits 47.2 8 --format alnum --length 8 --require lower,upper,digit
	[[ ${stderr_lines[0]} == *lower* && ${stderr_lines[0]} == *upper* && ${stderr_lines[0]} == *digit* ]] ||
		fail "the rules are not named: '${stderr_lines[0]}'"
	# 4 graph characters, all four classes: exactly one of each,
	# 4! * 26 * 26 * 10 * 32 = 5191680 strings, 22.31 bits.
	length_and_bits 22.3 4 --length 4 --require lower,upper,digit,punct
	# Without rules, 8 alnum characters: 8 * 5.95420 = 47.63.
	length_and_bits 47.6 8 --format alnum --length 8
}

@test "--require: duplicates and order do not matter" {
	length_and_bits 47.2 8 --format alnum --length 8 --require digit,upper,lower,digit
	length_and_bits 47.2 8 --format alnum --length 8 --require upper,digit,lower
	# Repeated --require options add up (man page).
	length_and_bits 47.2 8 --format alnum --length 8 --require upper --require lower,digit
}

@test "--require: invalid class names are usage errors" {
	gen --require bogus
	assert_usage_error "bogus"
	gen --require ''
	assert_usage_error "--require"
	gen --require lower,
	assert_usage_error "--require"
	gen --require lower,,upper
	assert_usage_error "--require"
	gen --require Lower
	assert_usage_error "Lower"
	gen --require 'lower upper'
	assert_usage_error
	gen --require alpha
	assert_usage_error "alpha"
}

@test "--require: a class missing from the alphabet is a usage error" {
	gen --format digits --require lower
	assert_usage_error "lower"
	gen --format alnum --require punct
	assert_usage_error "punct"
	gen --format hex --require upper
	assert_usage_error "upper"
	gen --charset 'a-z ' --require digit
	assert_usage_error "digit"
}

@test "--require: a length shorter than the number of classes is a usage error" {
	gen --length 3 --require lower,upper,digit,punct
	assert_usage_error "3" "4"
	gen --format alnum --length 1 --require lower,digit
	assert_usage_error
	gen --format alnum 2 --require lower,upper,digit
	assert_usage_error
	gen --length 4 --require lower,upper,digit,punct
	assert_secrets "$GRAPH" 4 1
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

# ---------------------------------------------------------------------------
# Output

@test "--count N prints N lines" {
	"$GEN" --count 5 >"$BATS_TEST_TMPDIR/out"
	[[ $(wc -c <"$BATS_TEST_TMPDIR/out") -eq 105 ]] || fail "expected 5 * 21 bytes"
	gen --count 5
	assert_secrets "$GRAPH" 20 5
	gen --count 1 --format digits --length 4
	assert_secrets "$DIGITS" 4 1
	gen --count 3000 --format hex --length 8
	assert_secrets "${DIGITS}abcdef" 8 3000
}

@test "--null: N NUL-terminated records and no newline" {
	local f=$BATS_TEST_TMPDIR/out
	"$GEN" --null --count 3 --format alnum --length 10 >"$f"
	[[ $(wc -c <"$f") -eq 33 ]] || fail "expected 3 * 11 bytes: $(hex_of "$f")"
	[[ $(tr -cd '\0' <"$f" | wc -c) -eq 3 ]] || fail "expected 3 NULs: $(hex_of "$f")"
	[[ $(tr -cd '\n' <"$f" | wc -c) -eq 0 ]] || fail "a newline in --null output: $(hex_of "$f")"
	[[ $(tail -c1 "$f" | od -An -tx1 | tr -d ' \n') == 00 ]] || fail "last byte is not NUL"
	run bash -c 'tr "\0" "\n" <"$1"' _ "$f"
	assert_secrets "$DIGITS$UPPER$LOWER" 10 3
	"$GEN" --null >"$f"
	[[ $(wc -c <"$f") -eq 21 && $(tr -cd '\0' <"$f" | wc -c) -eq 1 ]] || fail "default --null: $(hex_of "$f")"
	[[ $(tail -c1 "$f" | od -An -tx1 | tr -d ' \n') == 00 ]] || fail "last byte is not NUL"
	# --print-alphabet follows --null too.
	"$GEN" --null --format hex --print-alphabet >"$f"
	[[ $(hex_of "$f") == "30 31 32 33 34 35 36 37 38 39 61 62 63 64 65 66 00" ]] || fail "got $(hex_of "$f")"
}

@test "--help: stdout, exit 0, every long option mentioned" {
	local opt
	gen --help
	assert_success
	[[ -z $stderr ]] || fail "stderr: $stderr"
	[[ ${lines[0]} == Usage:* ]] || fail "first line: ${lines[0]}"
	for opt in --format --charset --length --entropy --bytes --require --exclude \
		--no-ambiguous --count --null --verbose --print-alphabet --help --version; do
		[[ $output == *"$opt"* ]] || fail "--help does not mention $opt"
	done
	for opt in graph alnum alpha lower upper digits hex base32 base64 base64url; do
		[[ $output =~ (^|$'\n')\ +$opt\  ]] || fail "--help does not list the format $opt"
	done
	gen -h
	assert_success
}

@test "--help: every format's description starts in one column, no line over 79 characters" {
	local line in_formats=false rows=0 column=
	gen --help
	assert_success
	for line in "${lines[@]}"; do
		((${#line} <= 79)) || fail "over 79 characters: '$line'"
		[[ $line == Formats: ]] && { in_formats=true; continue; }
		$in_formats && [[ $line =~ ^(\ \ [a-z0-9]+\ +)[^\ ] ]] || continue
		rows=$((rows + 1))
		: "${column:=${#BASH_REMATCH[1]}}"
		((${#BASH_REMATCH[1]} == column)) || fail "starts in column ${#BASH_REMATCH[1]}, not $column: '$line'"
	done
	((rows >= 12)) || fail "$rows format rows"
}

@test "--version: 'pass-genhelper 0.2.0' on stdout, exit 0" {
	gen --version
	assert_success
	assert_output "$PROG 0.2.0"
	[[ -z $stderr ]] || fail "stderr: $stderr"
	"$GEN" --version >"$BATS_TEST_TMPDIR/out"
	printf '%s\n' "$PROG 0.2.0" | cmp -s - "$BATS_TEST_TMPDIR/out" ||
		fail "not exactly one line: $(hex_of "$BATS_TEST_TMPDIR/out")"
}

@test "unknown options are usage errors" {
	gen --bogus
	assert_usage_error "--bogus"
	gen --bogus=3
	assert_usage_error "--bogus"
	gen -Q
	assert_usage_error "-Q"
	gen --count 2 --no-such-option --format hex
	assert_usage_error "--no-such-option"
	gen --verbose=yes
	assert_usage_error
}

@test "a missing option argument is a usage error" {
	local opt
	for opt in --format --charset --length --entropy --bytes --require --exclude --count; do
		gen "$opt"
		assert_usage_error "$opt"
	done
	gen -l
	assert_usage_error "-l"
	gen --format hex -n
	assert_usage_error "-n"
}

@test "usage errors: nothing on stdout, even with --count or --verbose" {
	gen --verbose --count 5 --length 0
	assert_usage_error
	gen --verbose --print-alphabet --charset 'z-a'
	assert_usage_error
}

# ---------------------------------------------------------------------------
# Thresholds compare exact counts, and figures stay on their side

@test "64 characters of ab01 with a digit are 2^128 - 2^64 strings: below 128 bits, shown so; -e 128 takes 65" {
	# log2(4^64 - 2^64) = 128 - 7.8e-20, which a double rounds to 128.
	gen -c ab01 -r digit -l 64 -v
	assert_success
	assert_equal "${stderr_lines[0]}" "pass-genhelper: entropy: 64 characters from 4 (custom), requiring digit: 127.999999999 bits"
	gen -c ab01 -r digit -e 128 -v
	assert_success
	assert_equal "${#output}" 65
}

@test "rules met by exactly two strings: one bit, drawn, not refused as one string" {
	# Length 1 over abc with a or b required: "a" and "b", 1 bit exactly
	# (log2 3 + log2 2/3 in floating point is 0.99999...).
	gen --rules 'allowed: [abc]; required: [ab];' -l 1 -v
	assert_success
	assert_output --regexp '^[ab]$'
	assert_equal "$stderr" "pass-genhelper: entropy: 1 character from 3 (--rules), 1 required: 1.0 bits"
}

@test "--entropy 1 under rules that two strings of one character meet: one character" {
	gen --rules 'allowed: [abc]; required: [ab];' --entropy 1
	assert_success
	assert_output --regexp '^[ab]$'
}

@test "a site's maxlength just short of the target: the notice shows 127.999, not 128.0" {
	# 37 characters of 11: 37 log2 11 = 127.99897 bits.
	gen --rules 'allowed: [abcdefghijk]; maxlength: 37;'
	assert_success
	assert_equal "$stderr" "pass-genhelper: --rules allows at most 37 characters (maxlength: 37): 127.999 bits, below the 128 asked"
}

@test "a passphrase just short of 128 bits: -v shows the decimals that say so" {
	# 8 words of 65535: 8 log2 65535 = 127.99978 bits.
	seq -f 'w%g' 65535 >"$BATS_TEST_TMPDIR/words"
	gen --wordlist "$BATS_TEST_TMPDIR/words" --words 8 -v
	assert_success
	assert_equal "$stderr" "pass-genhelper: entropy: 8 words of 65535 ('$BATS_TEST_TMPDIR/words'): 127.9998 bits"
}

@test "site rules whose count would take too long: a usage error within seconds, not a minute of work" {
	# 94 characters, runs of up to 3717 at 4096 characters: 2 x 94 x 11149
	# counters a character; the whole count would take more than a minute.
	run --separate-stderr timeout 20 "$GEN" --rules 'allowed: ascii-printable; max-consecutive: 3717; required: [a]' --length 4096
	assert_usage_error "too much work to count"
}
