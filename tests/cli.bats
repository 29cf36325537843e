#!/usr/bin/env bats
# The command line of pass-genhelper: the default, formats, output, help
# and version, usage errors, and thresholds that compare exact counts
# (pass-genhelper(1), OPTIONS and EXIT STATUS); character sets and
# exclusions are in cli-charset.bats, lengths and class rules in
# cli-length.bats, the helpers they share in test_helper/cli.bash.
#
# Entropy figures are worked out by hand in the comments (log2 N to 5 places:
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

load test_helper/cli

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
