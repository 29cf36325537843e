#!/usr/bin/env bats
# The lengths of pass-genhelper (--length, a bare number, --entropy,
# --bytes, --count and their bounds) and its class rules (--require)
# (pass-genhelper(1), OPTIONS and EXIT STATUS).  Entropy figures are
# worked out by hand in the comments (log2 N to 5 places: 94 -> 6.55459,
# 62 -> 5.95420, 52 -> 5.70044, 26 -> 4.70044, 10 -> 3.32193,
# 3 -> 1.58496).
#
# Probabilistic checks state their false-failure odds; every one is below
# 1e-15.  Nothing is retried.

# status, output, lines, stderr and stderr_lines are set by bats' `run`;
# single-quoted `bash -c` scripts get their values as "$1"...; sets such as
# 'ab\' end in a backslash on purpose.
# shellcheck disable=SC2154,SC2016,SC1003

bats_require_minimum_version 1.5.0

load test_helper/cli

# lines_not_matching LABEL REGEX FILE: the lines of FILE that the extended
# REGEX does not match, with their numbers and LABEL; fails only if grep
# does (status 2), not when every line matches.
lines_not_matching() {
	grep -n -v -E -- "$2" "$3" | sed "s/^/$1: /"
	((PIPESTATUS[0] <= 1))
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
	local dir=$BATS_TEST_TMPDIR report="" format count pattern padding decoder
	# Each line's shape is checked with a pattern, then all lines of a file
	# are decoded in one run (GNU base64 -d and base32 -d read padded
	# chunks one after another): one process a file, not one a line.
	# base64 of 16 bytes: the 22nd character carries 2 data bits and 4 zero
	# bits, so it is one of A Q g w.  Holds for every output (not random).
	# base64url: the same with - and _ (made + and / to decode).  base32 of
	# 16 bytes: 26 characters, the last carries 3 data bits and 2 zero bits:
	# one of A E I M Q U Y 4.
	while read -r format count pattern padding decoder; do
		"$GEN" --format "$format" --bytes 16 --count "$count" >"$dir/$format"
		report+=$(lines_not_matching "$format" "$pattern" "$dir/$format")
		[[ $(sed "s/\$/$padding/" "$dir/$format" | tr -- '-_' '+/' | "$decoder" -d | wc -c) -eq $((count * 16)) ]] ||
			report+=$'\n'"$format: $count lines do not decode to $count x 16 bytes"
	done <<-'_EOF'
	base64 200 ^[A-Za-z0-9+/]{21}[AQgw]$ == base64
	base64url 100 ^[A-Za-z0-9_-]{21}[AQgw]$ == base64
	base32 100 ^[A-Z2-7]{25}[AEIMQUY4]$ ====== base32
	_EOF
	# hex of 3 bytes: 6 lower-case hex digits.
	"$GEN" --format hex --bytes 3 --count 100 >"$dir/hex"
	report+=$(lines_not_matching hex '^[0-9a-f]{6}$' "$dir/hex")
	[[ $(wc -l <"$dir/base64") -eq 200 && $(wc -l <"$dir/base64url") -eq 100 &&
		$(wc -l <"$dir/base32") -eq 100 && $(wc -l <"$dir/hex") -eq 100 ]] ||
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
