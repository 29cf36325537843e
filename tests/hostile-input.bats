#!/usr/bin/env bats
# Hostile input to pass-genhelper itself: what a shared store's policy file
# or a careless caller can put on its command line.  Each test is the
# regression test of a defect that was found and fixed: a stack overflow in
# the --verbose report, terminal escapes echoed in messages, word lists read
# from FIFOs and terminals, option errors that named the wrong option, an
# unchecked fstat(), C1 controls taken as printable, one visible word counted
# many times through invisible characters or spellings that NFC makes one,
# or through look-alikes: compatibility forms, scripts, stacked marks.

# shellcheck disable=SC2154 # $stderr and $stderr_lines come from run --separate-stderr
bats_require_minimum_version 1.5.0
load test_helper/common
load test_helper/lookalike

# A run must never hang: a FIFO with no writer blocked the old code forever.
HANG_LIMIT=${HANG_LIMIT:-20}

setup() {
	# 100 words "waa".."wdv": prefix-free, 6.6 bits a word.
	WORDS=$BATS_TEST_TMPDIR/w.txt
	local -a letters=({a..z})
	local i
	for ((i = 0; i < 100; i++)); do
		printf 'w%s%s\n' "${letters[i / 26]}" "${letters[i % 26]}"
	done >"$WORDS"
}

# No byte of the C0 or C1 control ranges, nor DEL, in $stderr.
refute_control_bytes() {
	local found
	found=$(printf '%s' "$stderr" | LC_ALL=C tr -d '\n' | LC_ALL=C grep -c -P '[\x00-\x1f\x7f]|\xc2[\x80-\x9f]' || true)
	((found == 0)) || fail "control bytes reached stderr: $(printf '%s' "$stderr" | od -c | head -5)"
}

# long_dir N: a directory path of at least N bytes that names
# $BATS_TEST_TMPDIR (padded with "/."), into $REPLY.
long_dir() {
	REPLY=$BATS_TEST_TMPDIR
	while ((${#REPLY} < $1)); do
		REPLY+=/.
	done
}

@test "-v with a word list at a 481..2100-byte path: the report is whole, the count kept" {
	# The report's first part held the path in a 320-byte stack buffer;
	# past it the next parts were written beyond the buffer: a hang (the
	# count overwritten), SIGSEGV, or no output with exit 0.
	local size
	for size in 481 500 520 1000 2100; do
		long_dir "$size"
		# Bounded: with the count overwritten the old code printed
		# without end.
		# shellcheck disable=SC2016 # the script's "$1" is for the inner bash
		run --separate-stderr bash -c \
			'timeout -k 5 "$1" "${@:2}" | head -c 100000; exit "${PIPESTATUS[0]}"' _ \
			"$HANG_LIMIT" "$GEN" -v -w 3 --wordlist "$REPLY/w.txt" -S '-_' -n 2
		show_run
		((status == 0)) || fail "path of ${#REPLY} bytes: exit $status"
		((${#lines[@]} == 2)) || fail "path of ${#REPLY} bytes: ${#lines[@]} secrets, not 2"
		((${#stderr_lines[@]} == 1)) || fail "expected one report line: '$stderr'"
		assert_message_style "${stderr_lines[0]}"
		[[ ${stderr_lines[0]} == *"entropy: 3 words of 100 ('$BATS_TEST_TMPDIR/./"*"'...): 19.9, 2 separators of 2: 2.0; total 21.9 bits" ]] ||
			fail "report: '${stderr_lines[0]}'"
		((${#stderr_lines[0]} < 1024)) || fail "the report is ${#stderr_lines[0]} bytes long"
	done
}

@test "escape sequences in option values are shown escaped, never sent to the terminal" {
	gen --format $'\e]0;title\a\e[2J'
	assert_usage_error "unknown format '\\x1b]0;title\\x07\\x1b[2J'"
	refute_control_bytes
	gen --charset $'[:x\e[31m:]'
	assert_usage_error "invalid character class 'x\\x1b[31m'"
	refute_control_bytes
	gen -w --capitalize $'\xc2\x9b2J'
	assert_usage_error "invalid capitalization '\\xc2\\x9b2J'"
	refute_control_bytes
	gen --require $'lower,\e[1m'
	assert_usage_error "invalid class '\\x1b[1m' in --require"
	gen --length $'1\e[2J'
	assert_usage_error "invalid length '1\\x1b[2J': not a whole number"
	refute_control_bytes
	gen $'--\e[2J'
	assert_usage_error "unknown option '--\\x1b[2J'"
	refute_control_bytes
}

@test "escape sequences in a word list's name and words are shown escaped" {
	local name=$BATS_TEST_TMPDIR/$'\e[2Jlist'
	cp "$WORDS" "$name"
	printf 'bad\e[2Jword\n' >>"$name"
	gen -w --wordlist "$name"
	assert_usage_error "word list '$BATS_TEST_TMPDIR/\\x1b[2Jlist', line 101: control character in the word"
	refute_control_bytes
	gen -w --wordlist "$BATS_TEST_TMPDIR/$'\e'missing"
	assert_usage_error "cannot open word list" "No such file"
	refute_control_bytes
}

@test "a word list must be a regular file: FIFO, terminal, device, directory, socket refused" {
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	# With no writer, opening the FIFO used to block forever.
	run --separate-stderr timeout -k 5 "$HANG_LIMIT" "$GEN" -w --wordlist "$BATS_TEST_TMPDIR/fifo"
	assert_usage_error "word list '$BATS_TEST_TMPDIR/fifo' is a FIFO; a word list must be a regular file"
	gen -w --wordlist /dev/null
	assert_usage_error "word list '/dev/null' is a character device"
	gen -w --wordlist /dev/zero
	assert_usage_error "is a character device"
	gen -w --wordlist "$BATS_TEST_TMPDIR"
	assert_usage_error "is a directory"
	if command -v python3 >/dev/null 2>&1; then
		python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
			"$BATS_TEST_TMPDIR/sock"
		gen -w --wordlist "$BATS_TEST_TMPDIR/sock"
		assert_usage_error "cannot open word list"
	fi
	# A terminal: script(1) gives the program a real one on /dev/tty; a
	# list read from it would take the user's typing as words.
	if command -v script >/dev/null 2>&1; then
		run timeout -k 5 "$HANG_LIMIT" script -qec "$GEN -w --wordlist /dev/tty; echo status=\$?" /dev/null </dev/null
		show_run
		[[ $output == *"word list '/dev/tty' is a character device"* && $output == *status=2* ]] ||
			fail "/dev/tty was not refused: '$output'"
	fi
	# A symlink to a regular file is still a regular file to the helper
	# (pass gen confines policies to the store; see pass-gen(1)).
	ln -s "$WORDS" "$BATS_TEST_TMPDIR/link"
	gen -w 2 --wordlist "$BATS_TEST_TMPDIR/link"
	((status == 0)) || fail "a symlink to a list was refused: $stderr"
}

@test "fstat failing on the word list is reported, never read from garbage" {
	command -v strace >/dev/null 2>&1 || skip "strace is not installed"
	# -P limits the injection to calls on the list's descriptor.
	run --separate-stderr strace -qq -o /dev/null -P "$WORDS" \
		-e trace=fstat,newfstatat,statx -e inject=fstat,newfstatat,statx:error=EIO \
		"$GEN" -w --wordlist "$WORDS"
	show_run
	[[ $stderr != *"strace:"* ]] || skip "strace cannot inject here: $stderr"
	assert_usage_error "cannot read word list '$WORDS': Input/output error"
}

@test "option errors name the option at fault" {
	gen --verbose -qv
	assert_usage_error "unknown option '-q'"
	gen --verbose=1
	assert_usage_error "option '--verbose' doesn't allow an argument"
	gen --sep x
	assert_usage_error "option '--sep' is ambiguous; possibilities: '--separator' '--separators'"
	gen --verbose -vf
	assert_usage_error "option '-f' requires an argument"
	gen --form
	assert_usage_error "option '--format' requires an argument"
}

@test "C1 controls and bidi overrides are not printable: separators and word lists" {
	gen -w 2 -s $'\xc2\x9b'
	assert_usage_error "--separator must be printable"
	gen -w 2 -S $'-\xc2\x9b'
	assert_usage_error
	gen -w 2 -s $'\xe2\x80\xae'
	assert_usage_error "--separator must be printable"
	cp "$WORDS" "$BATS_TEST_TMPDIR/c1.txt"
	printf 'bad\xc2\x9bword\n' >>"$BATS_TEST_TMPDIR/c1.txt"
	gen -w --wordlist "$BATS_TEST_TMPDIR/c1.txt" --print-alphabet
	assert_usage_error "line 101: control character in the word"
	cp "$WORDS" "$BATS_TEST_TMPDIR/bidi.txt"
	printf 'bad\xe2\x80\xaeword\n' >>"$BATS_TEST_TMPDIR/bidi.txt"
	gen -w --wordlist "$BATS_TEST_TMPDIR/bidi.txt"
	assert_usage_error "line 101: invisible or formatting character in the word 'bad\\xe2\\x80\\xaeword' (U+202E)"
	# Printable non-ASCII stays allowed (control): U+00E9 and U+20AC.
	gen -w 2 -s $'\xc3\xa9\xe2\x82\xac' --wordlist "$WORDS"
	((status == 0)) || fail "a printable separator was refused: $stderr"
	[[ ${lines[0]} == w??$'\xc3\xa9\xe2\x82\xac'w?? ]] || fail "output: '${lines[0]}'"
}

@test "a second length argument with a C1 control is shown escaped" {
	gen 12 $'3\xc2\x9b'
	assert_usage_error "unexpected argument '3\\xc2\\x9b': at most one length"
	refute_control_bytes
}

@test "-v whose report cannot be written (2>/dev/full): exit 1, no secret" {
	# shellcheck disable=SC2016 # $1 is the inner shell's
	run --separate-stderr bash -c '"$1" -v 2>/dev/full' _ "$GEN"
	assert_failure 1
	assert_output ''
	# shellcheck disable=SC2016 # $1 is the inner shell's
	run --separate-stderr bash -c '"$1" -v --words 2>/dev/full' _ "$GEN"
	assert_failure 1
	assert_output ''
}

@test "a notice that cannot be written (2>/dev/full, or stderr closed): exit 1, as for -v; none to write: exit 0" {
	local list=$BATS_TEST_TMPDIR/words.txt sink notice
	printf 'w%s\n' {a..h}{a..h} aa ab >"$list"
	# A full stderr fails the write; a closed one is pointed at /dev/null
	# at start-up (so that no file takes its number), where a write
	# succeeds and nobody reads it: both are a lost notice.
	for sink in '2>/dev/full' '2>&-'; do
		for notice in '--site activision.com' '--entry web/accounts.google.com/alice' \
			"--wordlist $list" '--pass-gen --entry lib/bpl.bibliocommons.com' -v; do
			# The site's rules, the entry's site, repeated words, the
			# consent to a weak site under pass gen, the report.
			# shellcheck disable=SC2086 # split on purpose
			run --separate-stderr env PASSWORD_STORE_GEN_ALLOW_WEAK=site=bpl.bibliocommons.com:13 \
				bash -c "\"\$@\" $sink" _ "$GEN" $notice
			[[ $status -eq 1 && -z $output ]] || fail "$notice $sink: status $status, stdout '$output'"
		done
		# Dice rolls left over: the notice comes after the draws, before
		# the secret is written.
		run --separate-stderr bash -c "printf '1\n1\n1\n1\n1\n' | \"\$1\" --dice --format digits --length 1 $sink" _ "$GEN"
		assert_failure 1
		assert_output ''
		# Nothing to say: nothing lost.
		run --separate-stderr bash -c "\"\$1\" --length 12 $sink" _ "$GEN"
		assert_success
		assert_equal "${#output}" 12
	done
}

@test "one printable rule: pass gen keeps as itself only what the helper keeps (U+0000-U+FFFF, and every 4096th above)" {
	# gen_printable, as built into the extension, alone.
	local gen_printable
	gen_printable=$(sed -n '/^gen_printable() {/,/^}/p' "$GEN_EXTENSION")
	eval "$gen_printable"
	# shellcheck disable=SC2034 # GEN_HELPER is read by gen_printable
	local GEN_HELPER=$GEN GEN_PRINTABLE text kept delegated
	# Each code point as UTF-8, surrogates as their raw three bytes, NUL
	# separated (NUL itself is no argument a shell can hold).
	perl -e 'for (my $c = 1; $c < 0x110000; $c += $c < 0x10000 ? 1 : 4096) {
		if ($c < 0x80) { print chr($c) }
		elsif ($c < 0x800) { print chr(0xc0 | $c >> 6), chr(0x80 | $c & 0x3f) }
		elsif ($c < 0x10000) { print chr(0xe0 | $c >> 12), chr(0x80 | ($c >> 6) & 0x3f), chr(0x80 | $c & 0x3f) }
		else { print chr(0xf0 | $c >> 18), chr(0x80 | ($c >> 12) & 0x3f), chr(0x80 | ($c >> 6) & 0x3f), chr(0x80 | $c & 0x3f) }
		print "\0" }' >"$BATS_TEST_TMPDIR/points"
	# The shell's own part: which texts it shows as they are, without
	# asking the helper.  (gen_printable is run with the helper made
	# unreachable, so that any text it would delegate is marked.)  The
	# loop runs in a bash of its own, as the extension does: under bats'
	# trap, which runs before every command of a test, its 66 000 rounds
	# took a minute and a half.  It prints the texts kept, a NUL, then
	# the number delegated.
	# shellcheck disable=SC2016 # expanded by the inner bash
	bash -c '
		eval "$1"
		kept="" delegated=0
		while IFS= read -r -d "" text; do
			GEN_HELPER="" gen_printable "$text"
			if [[ $GEN_PRINTABLE == "$text" ]]; then
				kept+=$text
			else
				delegated=$((delegated + 1))
			fi
		done
		printf "%s\0%d" "$kept" "$delegated"
	' gen_printable "$gen_printable" <"$BATS_TEST_TMPDIR/points" >"$BATS_TEST_TMPDIR/result"
	{ IFS= read -r -d '' kept; IFS= read -r delegated || :; } <"$BATS_TEST_TMPDIR/result"
	# Exactly printable ASCII but the backslash; the helper shows each of
	# them as itself too.
	assert_equal "$kept" "$(printf '%s' ' !"#$%&'"'"'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~')"
	assert_equal "$("$GEN" --printable "$kept")" "$kept"
	assert_equal "$delegated" "$((65535 + 256 - 94))"
	# What it delegates, it shows as the helper does: a sample.
	for text in $'\t' "\\" $'\xc2\x9b' $'\xd8\x9c' $'\xef\xbb\xbf' é $'\xed\xa0\x80' $'\xf0\x9f\x98\x80'; do
		gen_printable "$text"
		assert_equal "$GEN_PRINTABLE" "$("$GEN" --printable "$text")"
	done
}

# The invisible characters of the finding, by their UTF-8 bytes: zero width
# space, non-joiner and joiner, word joiner, soft hyphen, variation
# selectors 16, 1 and 17, Mongolian vowel separator, combining grapheme
# joiner, a tag character and the language tag, the Hangul filler.
INVISIBLE=($'\xe2\x80\x8b' $'\xe2\x80\x8c' $'\xe2\x80\x8d' $'\xe2\x81\xa0' $'\xc2\xad'
	$'\xef\xb8\x8f' $'\xef\xb8\x80' $'\xf3\xa0\x84\x80' $'\xe1\xa0\x8e' $'\xcd\x8f'
	$'\xf3\xa0\x81\x81' $'\xf3\xa0\x80\x81' $'\xe3\x85\xa4')
INVISIBLE_CODES=(200B 200C 200D 2060 00AD FE0F FE00 E0100 180E 034F E0041 E0001 3164)

# The bytes of TEXT as quote() shows them: every byte of a non-ASCII
# character as \xhh.
escaped() {
	printf '%s' "$1" | od -An -tx1 -v | tr -d ' \n' | sed 's/../\\x&/g'
}

@test "a word list of one word behind invisible characters is refused, naming the line and code point" {
	# "hunter2" then 8 characters, each one of 4 invisible ones: 65,536
	# lines that all look like "hunter2", which counted 16 bits a word
	# (8 words, 128.0 bits).
	local a=$'\xe2\x80\x8b' b=$'\xe2\x80\x8c' c=$'\xe2\x80\x8d' d=$'\xe2\x81\xa0'
	local x="{$a,$b,$c,$d}"
	eval "printf '%s\n' hunter2$x$x$x$x$x$x$x$x" >"$BATS_TEST_TMPDIR/hunter.txt"
	(($(LC_ALL=C sort -u "$BATS_TEST_TMPDIR/hunter.txt" | wc -l) == 65536)) || fail "the list is not 65536 words"
	gen -v -w 8 --wordlist "$BATS_TEST_TMPDIR/hunter.txt"
	assert_usage_error "word list '$BATS_TEST_TMPDIR/hunter.txt', line 1: invisible or formatting character in the word 'hunter2$(escaped "$a$a$a$a$a$a$a$a")' (U+200B)"
	refute_control_bytes
}

# refused_in_word_and_separator CHAR CODE REASON: CHAR at the end of a
# word added to the test list, and in a separator, is a usage error that
# gives REASON, the text escaped and the code point U+CODE.
refused_in_word_and_separator() {
	cp "$WORDS" "$BATS_TEST_TMPDIR/flawed.txt"
	printf 'wzz%s\n' "$1" >>"$BATS_TEST_TMPDIR/flawed.txt"
	gen -w 3 --wordlist "$BATS_TEST_TMPDIR/flawed.txt"
	assert_usage_error "line 101: $3 in the word 'wzz$(escaped "$1")' (U+$2)"
	gen -w 3 --wordlist "$WORDS" -s "-$1"
	assert_usage_error "--separator must be printable UTF-8 text: $3 in '-$(escaped "$1")' (U+$2)"
}

@test "each invisible character is refused in a word, shown escaped, and in a separator" {
	# Not "i": bats' run uses that name.
	local which
	for which in "${!INVISIBLE[@]}"; do
		refused_in_word_and_separator "${INVISIBLE[which]}" "${INVISIBLE_CODES[which]}" \
			"invisible or formatting character"
	done
	# --printable, the rule of every message, escapes them too.
	run "$GEN" --printable "a${INVISIBLE[0]}b${INVISIBLE[10]}"
	assert_success
	assert_output "a$(escaped "${INVISIBLE[0]}")b$(escaped "${INVISIBLE[10]}")"
}

@test "spaces other than U+0020, the braille blank and private-use characters are refused in words and separators" {
	# 64 words "a" + two of U+00A0, U+2002..U+2008: one visible "a  ",
	# counted 6 bits a word.  Private-use characters all show as the
	# font's box.  Each is refused, named by its code point.
	local chars=($'\xc2\xa0' $'\xe2\x80\x82' $'\xe2\x80\x83' $'\xe2\x80\x84' $'\xe2\x80\x85' $'\xe2\x80\x86' $'\xe2\x80\x87' $'\xe2\x80\x88')
	local x y which
	for x in "${chars[@]}"; do
		for y in "${chars[@]}"; do
			printf 'a%s%s\n' "$x" "$y"
		done
	done >"$BATS_TEST_TMPDIR/blank.txt"
	gen -v -w 4 --wordlist "$BATS_TEST_TMPDIR/blank.txt"
	assert_usage_error "line 1: space or blank other than U+0020 in the word 'a$(escaped "${chars[0]}${chars[0]}")' (U+00A0)"
	local others=($'\xe3\x80\x80' $'\xe2\xa0\x80' $'\xee\x80\x80' $'\xf3\xb0\x80\x80')
	local codes=(3000 2800 E000 F0000) reasons=("space or blank other than U+0020" "space or blank other than U+0020" "private-use character" "private-use character")
	for which in "${!others[@]}"; do
		refused_in_word_and_separator "${others[which]}" "${codes[which]}" "${reasons[which]}"
	done
}

@test "a word list of one word composed and decomposed is refused: words must be in NFC" {
	# U+00E9 or e and U+0301 in each of 15 places: 32,768 spellings of one
	# word, which would count as 15 bits a word.
	local p=$'\xc3\xa9' d=$'e\xcc\x81'
	printf '%s\n' {"$p","$d"}{"$p","$d"}{"$p","$d"}{"$p","$d"}{"$p","$d"}{"$p","$d"}{"$p","$d"}{"$p","$d"}{"$p","$d"}{"$p","$d"}{"$p","$d"}{"$p","$d"}{"$p","$d"}{"$p","$d"}{"$p","$d"} >"$BATS_TEST_TMPDIR/e.txt"
	gen -v -w 9 --wordlist "$BATS_TEST_TMPDIR/e.txt"
	assert_usage_error "word list '$BATS_TEST_TMPDIR/e.txt', line 2: character that normalization (NFC) joins to the one before in the word '" \
		"$d' (U+0301)"
	# Other ways to spell one text twice: a character NFC replaces
	# (U+2126 OHM SIGN is U+03A9), marks out of canonical order.
	cp "$WORDS" "$BATS_TEST_TMPDIR/ohm.txt"
	printf '%s\n' $'\xe2\x84\xa6' >>"$BATS_TEST_TMPDIR/ohm.txt"
	gen -w 3 --wordlist "$BATS_TEST_TMPDIR/ohm.txt"
	assert_usage_error "line 101: character that normalization (NFC) replaces in the word" "(U+2126)"
	cp "$WORDS" "$BATS_TEST_TMPDIR/order.txt"
	printf '%s\n' $'x\xcc\x85\xcc\x96' >>"$BATS_TEST_TMPDIR/order.txt"
	gen -w 3 --wordlist "$BATS_TEST_TMPDIR/order.txt"
	assert_usage_error "line 101: combining mark out of canonical order in the word" "(U+0316)"
	gen -w 3 --wordlist "$WORDS" -s "$d"
	assert_usage_error "--separator must be printable UTF-8 text: character that normalization (NFC) joins to the one before in '$d' (U+0301)"
	# Composed words and separators stay allowed.
	printf "caf$p%s\n" {a..z}{a..c} >"$BATS_TEST_TMPDIR/cafe.txt"
	gen -w 3 --wordlist "$BATS_TEST_TMPDIR/cafe.txt" -s $'\xe2\x82\xac'
	((status == 0)) || fail "a composed list and separator were refused: $stderr"
	[[ ${lines[0]} == "caf$p"??$'\xe2\x82\xac'"caf$p"??$'\xe2\x82\xac'"caf$p"?? ]] || fail "output: '${lines[0]}'"
}

@test "look-alike word lists are refused, naming the line and code point: NFKC, SASLprep, skeletons, scripts, overlays, a leading mark" {
	lookalike_lists "$BATS_TEST_TMPDIR"
	local which file
	for which in "${!LOOKALIKE_FILES[@]}"; do
		file=$BATS_TEST_TMPDIR/${LOOKALIKE_FILES[which]}.txt
		gen -v -w 8 -s '' --wordlist "$file"
		assert_usage_error "word list '$file', ${LOOKALIKE_MESSAGES[which]}"
		refute_control_bytes
	done
	# Separators: a compatibility character, a leading mark, a script
	# that the list does not have.
	gen -w 3 --wordlist "$WORDS" -s $'-\xef\xbc\x8d'
	assert_usage_error "--separator must be printable UTF-8 text: compatibility character that NFKC replaces" "(U+FF0D)"
	gen -w 3 --wordlist "$WORDS" -s $'\xcc\x81-'
	assert_usage_error "--separator must be printable UTF-8 text: combining mark at the start in" "(U+0301)"
	gen -w 3 -s $'\xd0\xb6'
	assert_usage_error "--separator: mix of scripts that UTS #39 does not allow (highly restrictive) with the word list in" "(U+0436)"
	gen -w 3 --wordlist "$WORDS" -s $'-\xe1\xa0\x86'
	assert_usage_error "--separator must be printable UTF-8 text: character that SASLprep (RFC 4013) maps to nothing in" "(U+1806)"
}

@test "every character after 'a' in a word is one that SASLprep (Authen::SASL::SASLprep) keeps as it is" {
	local dump=${PASS_GENHELPER%/*}/tests/unit/test_text changed
	[[ -x $dump ]] || skip "needs the unit tests of a build (tests/unit/test_text)"
	perl -MAuthen::SASL::SASLprep -e 1 2>/dev/null || skip "needs libauthen-sasl-saslprep-perl"
	# Each alone: SASLprep's bidirectional rule, which is over a whole
	# password, is not what the words promise (pass-genhelper(1)).
	changed=$("$dump" --accepted-code-points | perl -MAuthen::SASL::SASLprep -ne '
		chomp; my $s = chr hex; $n++;
		my $r = eval { saslprep($s) };
		if (!defined $r || $r ne $s) { print "U+$_\n"; $seen++ }
		END { print "none of $n\n" if $n > 140000 && !$seen }' | head -n 5)
	[[ $changed == "none of "* ]] || fail "SASLprep changes or refuses: $changed"
}

@test "words that differ in case only are words; Hangul letters that NFC joins need an ASCII separator" {
	printf '%s\n' Apple apple APPLE >"$BATS_TEST_TMPDIR/case.txt"
	cat "$WORDS" >>"$BATS_TEST_TMPDIR/case.txt"
	gen -v -w 3 --wordlist "$BATS_TEST_TMPDIR/case.txt"
	assert_success
	[[ $stderr == *"3 words of 103 ("* ]] || fail "$stderr"
	# Leading consonants (U+1100..U+1112), syllables (U+AC00..U+AC27) and
	# vowels (U+1161..U+1175): with nothing between them, a consonant and
	# a vowel are one syllable after NFC, so two passphrases could be one.
	local c
	for ((c = 0x1100; c <= 0x1112; c++)); do utf8 REPLY "$c"; printf '%s\n' "$REPLY"; done >"$BATS_TEST_TMPDIR/hangul.txt"
	for ((c = 0xAC00; c < 0xAC28; c++)); do utf8 REPLY "$c"; printf '%s\n' "$REPLY"; done >>"$BATS_TEST_TMPDIR/hangul.txt"
	for ((c = 0x1161; c <= 0x1175; c++)); do utf8 REPLY "$c"; printf '%s\n' "$REPLY"; done >>"$BATS_TEST_TMPDIR/hangul.txt"
	gen -v -w 22 -s '' --wordlist "$BATS_TEST_TMPDIR/hangul.txt"
	assert_usage_error "word list '$BATS_TEST_TMPDIR/hangul.txt' has the word '"$'\xe1\x85\xa1'"', whose first character (U+1161) normalization (NFC) joins to the end of the word or separator before it; use an ASCII separator"
	gen -v -w 22 -s $'\xea\xb0\x80' --wordlist "$BATS_TEST_TMPDIR/hangul.txt"
	assert_usage_error "(U+1161) normalization (NFC) joins to the end of the word or separator before it"
	gen -v -w 22 -s $'\xe1\x85\xa1' --wordlist "$BATS_TEST_TMPDIR/hangul.txt"
	assert_usage_error "--separator '"$'\xe1\x85\xa1'"' starts with a character that normalization (NFC) joins to the end of the word before it (U+1161)"
	gen -v -w 22 -s - --wordlist "$BATS_TEST_TMPDIR/hangul.txt"
	assert_success
	[[ $stderr == *"22 words of 80 ("* ]] || fail "$stderr"
}

@test "word lists in German, French, Russian, Greek, Japanese (with Latin too) and Hindi count every word" {
	language_lists "$BATS_TEST_TMPDIR"
	local which file
	for which in "${!LANGUAGE_FILES[@]}"; do
		file=$BATS_TEST_TMPDIR/${LANGUAGE_FILES[which]}.txt
		gen -v -w 3 --wordlist "$file"
		((status == 0)) || fail "${LANGUAGE_FILES[which]} was refused: $stderr"
		[[ $stderr == *"3 words of ${LANGUAGE_COUNTS[which]} ("* ]] || fail "${LANGUAGE_FILES[which]}: $stderr"
		# Digits and symbols look like no character of theirs ("\u00d6"
		# is not "0"); the Latin words of japanese-latin take capitals.
		gen -v -w 3 --wordlist "$file" -d -y -S '-_.'
		((status == 0)) || fail "${LANGUAGE_FILES[which]} with extras was refused: $stderr"
	done
	gen -v -w 3 -C random --wordlist "$BATS_TEST_TMPDIR/german.txt"
	assert_usage_error "random capitals need every word to start with a letter a-z"
	# A Latin separator goes with a Japanese list, not with a Russian one.
	gen -w 3 --wordlist "$BATS_TEST_TMPDIR/japanese.txt" -s x
	((status == 0)) || fail "a Latin separator was refused: $stderr"
	gen -w 3 --wordlist "$BATS_TEST_TMPDIR/russian.txt" -S 'a-c'
	assert_usage_error "--separators: mix of scripts that UTS #39 does not allow (highly restrictive) with the word list in 'abc' (U+0061)"
}

# look_twice PATH SEPARATOR: the words of 1 to 6 letters "a" and "b",
# SEPARATOR between the letters, shortest first: 126 words.
look_twice() {
	local separator=$2 words=(a b) next word letter length
	for ((length = 1; length <= 6; length++)); do
		printf '%s\n' "${words[@]}"
		next=()
		for word in "${words[@]}"; do
			for letter in a b; do
				next+=("$word$separator$letter")
			done
		done
		words=("${next[@]}")
	done >"$1"
}

@test "a separator, digit or symbol that looks like a character of a word is refused, with the word, line and code points" {
	local dir=$BATS_TEST_TMPDIR hyphen=$'\xe2\x80\x90'
	# U+2010 HYPHEN in the words and "-" between them, and the mirror:
	# a reader sees 115.0 bits, not 132.6.
	look_twice "$dir/hyphen.txt" "$hyphen"
	gen -v -e 128 --wordlist "$dir/hyphen.txt" -s -
	assert_usage_error "word list '$dir/hyphen.txt', line 3: the separator and the word 'a${hyphen}a' share a look-alike character (U+2010 of the word looks like U+002D: one skeleton by UTS #39's confusables), so passphrases would not decode uniquely"
	gen -v -e 128 --wordlist "$dir/hyphen.txt" -S '-_'
	assert_usage_error "line 3: the separators and the word 'a${hyphen}a' share a look-alike character (U+2010 of the word looks like U+002D"
	look_twice "$dir/dash.txt" -
	gen -v -e 128 --wordlist "$dir/dash.txt" -s "$hyphen"
	assert_usage_error "word list '$dir/dash.txt', line 3: the separator and the word 'a-a' share a look-alike character (U+002D of the word looks like U+2010"
	gen -v -e 128 --wordlist "$dir/dash.txt" -s "_"
	assert_success
	[[ $stderr == *"19 words of 126 ("* ]] || fail "$stderr"
	# U+2223 DIVIDES looks like the digit 1; U+2010 like the symbol "-".
	{ printf '%s\n' $'a\xe2\x88\xa3b' "a${hyphen}b"; printf 'w%s\n' {a..z}{a..z}; } >"$dir/digit.txt"
	gen -w 3 -d --wordlist "$dir/digit.txt"
	assert_usage_error "word list '$dir/digit.txt', line 1: the digits and the word 'a"$'\xe2\x88\xa3'"b' share a look-alike character (U+2223 of the word looks like U+0031"
	gen -w 3 -y --symbols '-' --wordlist "$dir/digit.txt"
	assert_usage_error "word list '$dir/digit.txt', line 2: the symbols and the word 'a${hyphen}b' share a look-alike character (U+2010 of the word looks like U+002D"
	# The embedded list and a separator that looks like "l".
	gen -w 3 -s $'\xe2\x88\xa3'
	assert_usage_error "word list 'embedded list': the separator and the word"
}

@test "without a separator, a word that looks like the start of another is refused; random capitals are looked at too" {
	local dir=$BATS_TEST_TMPDIR alpha=$'\xc9\x91'
	# U+0251 LATIN SMALL LETTER ALPHA looks like "a": with "bk", it and
	# "abk" are two passphrases of one look.
	{ printf '%s\n' "$alpha" abk bk; printf '%s\n' {c..j}{c..j}q; } >"$dir/alpha.txt"
	gen -w 3 -s '' --wordlist "$dir/alpha.txt"
	assert_usage_error "word list '$dir/alpha.txt', line 1: the word '$alpha' looks like the start of the word 'abk' of line 2 (one skeleton by UTS #39's confusables; they differ at U+0251), so the list needs a separator"
	gen -v -w 3 --wordlist "$dir/alpha.txt"
	assert_success
	[[ $stderr == *"3 words of 67 ("* ]] || fail "$stderr"
	# "I" and "l" look alike: "i$alpha" with a random capital and "l$alpha".
	{ printf '%s\n' "i$alpha" "l$alpha"; printf '%s\n' {c..j}{c..j}; } >"$dir/capital.txt"
	gen -w 3 -C random --wordlist "$dir/capital.txt"
	assert_usage_error "word list '$dir/capital.txt', line 2: the word 'l$alpha' looks like 'I$alpha', the word of line 1 with a random capital (one skeleton by UTS #39's confusables; they differ at U+006C)"
	gen -v -w 3 -C first --wordlist "$dir/capital.txt"
	assert_success
	[[ $stderr == *"3 words of 66 ("* ]] || fail "$stderr"
}
