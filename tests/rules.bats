#!/usr/bin/env bats
# Site password rules: --rules, --site, --entry, the embedded table, the
# exact figure and the uniformity of what is drawn under rules.
#
# Passwords are judged by tests/rules/check.awk, an awk program that shares
# no code with the helper.  The probabilistic checks (chi-square over all
# valid strings, under rejection and under counting) state their odds;
# nothing is retried.

# output, status and lines are set by bats' `run`.
# shellcheck disable=SC2154

bats_require_minimum_version 1.5.0

load test_helper/common

CHECK=$TESTS_SRCDIR/rules/check.awk
DATA=$TESTS_SRCDIR/../data/site-rules.txt

# Every string of length $2 over the characters of $1, one a line.
all_strings() {
	awk -v chars="$1" -v len="$2" 'BEGIN {
		n = length(chars); total = n ^ len
		for (x = 0; x < total; x++) {
			s = ""; y = x
			for (i = 0; i < len; i++) { s = s substr(chars, y % n + 1, 1); y = int(y / n) }
			print s
		}
	}'
}

# The strings of all_strings $1 $2 that meet RULES $3, by the awk judge.
valid_strings() {
	all_strings "$1" "$2" | awk -v rules="$3" '{ print "enum\t" rules "\t" $0 }' |
		LC_ALL=C awk -F '\t' -v keep=1 -f "$CHECK" | LC_ALL=C sort
}

@test "--list-sites prints every entry of the data file" {
	run "$GEN" --list-sites
	assert_success
	assert_equal "${#lines[@]}" "$(grep -vc '^#' "$DATA")"
	assert_equal "$output" "$(grep -v '^#' "$DATA")"
}

@test "every site of the table: a password that meets its rules, judged independently" {
	local domain rules
	while IFS=$'\t' read -r domain _ rules; do
		[[ $domain == \#* ]] && continue
		printf '%s\t%s\t%s\n' "$domain" "$rules" "$("$GEN" --site "$domain" 2>/dev/null)"
	done <"$DATA" >"$BATS_TEST_TMPDIR/passwords"
	run env LC_ALL=C awk -F '\t' -f "$CHECK" "$BATS_TEST_TMPDIR/passwords"
	assert_success
	assert_output "$(grep -vc '^#' "$DATA") passwords checked"
}

@test "the judge has power: it rejects passwords that break each kind of rule" {
	run env LC_ALL=C awk -F '\t' -f "$CHECK" <<-'EOF'
	short	minlength: 8	abc
	long	maxlength: 4	abcde
	alphabet	allowed: digit	12a4
	space	allowed: special, lower	ab cd
	repeat	max-consecutive: 2	xaaay
	sequence	max-consecutive: 2	x123y
	descending	max-sequential: 3	zDCBAz
	twice	required: digit; required: digit	abc1
	overlap	required: [ab]; required: [a]	xax
	EOF
	assert_failure
	# Each of the nine lines fails (some for more than one reason).
	assert_equal "$(grep '^FAIL' <<<"$output" | cut -d: -f1 | sort -u | wc -l)" 9
	run env LC_ALL=C awk -F '\t' -f "$CHECK" <<-'EOF'
	fine	required: [ab]; required: [a]; max-consecutive: 2	bab
	fine	max-repeating: 2	aabba
	fine	max-sequential: 2	abba
	EOF
	assert_success
}

@test "the figure is log2 of the count of valid strings, enumerated independently" {
	local rules='allowed: [abcd]; required: [ab]; required: [bc]; max-consecutive: 2;'
	local count
	count=$(valid_strings abcd 5 "$rules" | wc -l)
	run "$GEN" --rules "$rules" --length 5 -v
	assert_success
	assert_line --partial "$(awk -v n="$count" 'BEGIN { printf "%.1f bits", log(n) / log(2) }')"
	rules='allowed: [abc]; required: [12]; required: [12]; max-repeating: 1'
	run "$GEN" --rules "$rules" --length 4 -v
	count=$(valid_strings abc12 4 "$rules" | wc -l)
	assert_line --partial "$(awk -v n="$count" 'BEGIN { printf "%.1f bits", log(n) / log(2) }')"
}

@test "rules whose count is a power of two: the shortest length that reaches the target, and a whole figure" {
	# 16^32 = 2^128 strings meet `allowed: [0-9a-f];` at 32 characters.
	# The count in doubles is within 2^-25 bits of 128, too close to tell
	# whether it reaches 128: the whole-number count settles it.
	local rules='allowed: [0123456789abcdef];'
	gen --rules "$rules" -v
	assert_success
	assert_equal "${#output}" 32
	assert_equal "$stderr" "$PROG: entropy: 32 characters from 16 (--rules): 128.0 bits"
	gen --rules "$rules" --length 32 -v
	assert_equal "$stderr" "$PROG: entropy: 32 characters from 16 (--rules): 128.0 bits"
	gen --rules 'allowed: [AB];' -e 200 -v
	assert_equal "${#output}" 200
	assert_equal "$stderr" "$PROG: entropy: 200 characters from 2 (--rules): 200.0 bits"
	# Just short of a power of two: 4^33 - 2^33 strings hold a or b,
	# 66 - 1.7e-10 bits, as undecided in doubles; 33 characters do not
	# reach 66 bits, 34 do.
	gen --rules 'allowed: [abcd]; required: [ab];' -e 66 -v
	assert_equal "${#output}" 34
}

@test "every valid string is equally likely (chi-square over all of them)" {
	# 667 valid strings of 5 characters; 70,000 passwords give an expected
	# count of about 105 a string.  chisq --words checks the string as
	# position 1 and pooled: two checks, each at STAT_ALPHA
	# (test_helper/common.bash).  Coverage
	# (every valid string seen) fails with probability at most
	# 667 (1 - 1/667)^70000, below 1e-40.
	local rules='allowed: [abcd]; required: [ab]; required: [bc]; max-consecutive: 2;'
	valid_strings abcd 5 "$rules" >"$BATS_TEST_TMPDIR/valid"
	assert_equal "$(wc -l <"$BATS_TEST_TMPDIR/valid")" 667
	run bash -c '"$1" --rules "$2" --length 5 --count 70000 | "$CHISQ" --words "$3" "$STAT_ALPHA"' _ \
		"$GEN" "$rules" "$BATS_TEST_TMPDIR/valid"
	echo "$output"
	assert_success
	assert_output --partial "70000 passphrases of 1 words from 667"
}

# The number of strings over the characters of $1 with runs of at most $2
# (max-consecutive: identical, or stepping by +1 or by -1 within a-z, A-Z
# or 0-9), counted in whole numbers by python3 from that definition alone:
# prints the shortest length whose count reaches 2^$3 (default 128) and
# log2 of the count to a tenth, or "unreachable" within 4096 characters.
# With $4 and $5, only the strings that hold the character $4 at least $5
# times count ($5 rules "required: [$4];").
count_runs() {
	python3 - "$1" "$2" "${3:-128}" "${4:-}" "${5:-0}" <<'PY'
import math, sys
chars, limit, target = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
needed, need = sys.argv[4], int(sys.argv[5])
def run_of(c):
    for lo, hi in (("a", "z"), ("A", "Z"), ("0", "9")):
        if lo <= c <= hi:
            return lo
    return None
def step(a, b):
    d = ord(b) - ord(a)
    return d if d in (1, -1) and run_of(a) is not None and run_of(a) == run_of(b) else 0
# (last, identical run, direction, stepping run, times needed seen, at
# most need) -> strings ending so
counts = {(c, 1, 0, 1, min(need, int(c == needed))): 1 for c in chars}
for length in range(1, 4097):
    total = sum(n for key, n in counts.items() if key[4] == need)
    if total >= 2 ** target:
        print(length, "%.1f" % math.log2(total))
        sys.exit(0)
    after = {}
    for (c, same, direction, steps, seen), n in counts.items():
        for b in chars:
            if b == c:
                key = (b, same + 1, 0, 1)
                if same + 1 > limit:
                    continue
            elif step(c, b):
                d = step(c, b)
                key = (b, 1, d, steps + 1 if d == direction else 2)
                if key[3] > limit:
                    continue
            else:
                key = (b, 1, 0, 1)
            key += (min(need, seen + int(b == needed)),)
            after[key] = after.get(key, 0) + n
    counts = after
print("unreachable")
PY
}

@test "rules too few strings meet: the 36 small sets are drawn by counting, or refused because the count is short" {
	local chars limit expected length bits drawn=0 refused=0 set rules
	for set in AB ABC abcd a1 01 012 0123456789 abcdefghij lower; do
		for limit in 1 2 3 4; do
			if [[ $set == lower ]]; then
				chars=$LOWER rules="allowed: lower; max-consecutive: $limit;"
			else
				chars=$set rules="allowed: [$set]; max-consecutive: $limit;"
			fi
			expected=$(count_runs "$chars" "$limit")
			gen --rules "$rules" -v
			if [[ $expected == unreachable ]]; then
				assert_failure 2
				assert_equal "${stderr_lines[0]}" "$PROG: 128 bits cannot be reached within 4096 characters under the rules of --rules"
				refused=$((refused + 1))
				continue
			fi
			read -r length bits <<<"$expected"
			assert_success
			assert_equal "${#output}" "$length"
			[[ $stderr == *"entropy: $length characters from ${#chars} (--rules), runs of at most $limit: $bits bits"* ]] ||
				fail "$rules: expected $length characters and $bits bits: $stderr"
			printf 'set\t%s\t%s\n' "$rules" "$output" | LC_ALL=C awk -F '\t' -f "$CHECK"
			drawn=$((drawn + 1))
		done
	done
	# Refused: [AB], [ABC], [a1], [01] and [012] with 1 (0 or 2 strings
	# of each length).
	assert_equal "$drawn $refused" "31 5"
}

@test "rules too few strings meet, past the range of a double: the target is searched in whole numbers" {
	# At 826 characters only 2^-1077 of the 4^826 strings meet the rules:
	# the estimate in double precision is 0 there, the whole-number
	# count finds the length.
	local rules='allowed: [abcd]; max-consecutive: 1;' expected length bits
	expected=$(count_runs abcd 1 574)
	read -r length bits <<<"$expected"
	assert_equal "$length" 826
	gen --rules "$rules" -e 574 -v
	assert_success
	assert_equal "${#output}" "$length"
	[[ $stderr == *"entropy: $length characters from 4 (--rules), runs of at most 1: $bits bits"* ]] ||
		fail "expected $length characters and $bits bits: $stderr"
	# With a maxlength short of the target: the longest, and the notice.
	gen --rules "$rules maxlength: 1500;" -e 1100 -v
	assert_success
	assert_equal "${#output}" 1500
	assert_equal "${stderr_lines[0]}" "$PROG: --rules allows at most 1500 characters (maxlength: 1500): 1042.6 bits, below the 1100 asked"
	# Beyond what 4096 characters hold (2844.8 bits): refused as before.
	gen --rules "$rules" -e 2845
	assert_usage_error "2845 bits cannot be reached within 4096 characters under the rules of --rules"
}

@test "rules too few strings meet, with required characters: the shortest length that reaches the target" {
	# Eight b among [abcd] with no two neighbours equal or a step apart:
	# while strings short of eight b are left, the estimate in double
	# precision must not lose them (dropping them once they held less
	# than 2^-60 of the strings, it chose 121 characters for 84 bits and
	# said 83.7 was the most).
	local rules='allowed: [abcd]; max-consecutive: 1;' target expected length bits
	rules+=$(printf ' required: [b];%.0s' 1 2 3 4 5 6 7 8)
	for target in 84 128; do
		expected=$(count_runs abcd 1 "$target" b 8)
		read -r length bits <<<"$expected"
		gen --rules "$rules maxlength: $((length + 1));" -e "$target" -v
		assert_success
		assert_equal "${#output}" "$length"
		assert_equal "$stderr" "$PROG: entropy: $length characters from 4 (--rules), 8 required, runs of at most 1: $bits bits"
		printf 'set\t%s\t%s\n' "$rules" "$output" | LC_ALL=C awk -F '\t' -f "$CHECK"
	done
	assert_equal "$length $bits" "183 128.3"
	# A maxlength of the length found: reached, no notice.
	gen --rules "$rules maxlength: 183;" -v
	assert_success
	assert_equal "${#output}" 183
	assert_equal "${#stderr_lines[@]}" 1
}

@test "rules too few strings meet, at a length asked for: drawn by counting with the whole-number figure" {
	local rules='allowed: [AB]; max-consecutive: 3;' count
	# 40 characters: a fraction of about 2^-3.9 meet the rules, drawn by
	# rejection; 400: about 2^-48, drawn by counting.  The count by the
	# recurrence of runs of at most 3 (tribonacci), in python3's integers.
	for length in 40 400; do
		count=$(python3 -c 'import math, sys
n = int(sys.argv[1]); a = [2, 4, 8]
while len(a) < n: a.append(a[-1] + a[-2] + a[-3])
print("%.1f" % math.log2(a[n - 1]))' "$length")
		gen --rules "$rules" --length "$length" -v
		assert_success
		assert_equal "${#output}" "$length"
		[[ $stderr == *"entropy: $length characters from 2 (--rules), runs of at most 3: $count bits"* ]] ||
			fail "expected $count bits: $stderr"
		printf 'set\t%s\t%s\n' "$rules" "$output" | LC_ALL=C awk -F '\t' -f "$CHECK"
	done
}

@test "rules too few strings meet, too many characters to count: the memory bound and a length that works" {
	local rules='allowed: ascii-printable; max-consecutive: 1;'
	gen --rules "$rules" --length 4096
	assert_usage_error "too few passwords of 4096 characters meet the rules of --rules to draw one by rejection (fewer than 2^-16)" \
		"counting 1276 characters exactly needs more than 64 MiB: --length 1275 can be drawn (8312.7 bits)"
	gen --rules "$rules" --length 1275 -v
	assert_success
	assert_equal "${#output}" 1275
	printf 'set\t%s\t%s\n' "$rules" "$output" | LC_ALL=C awk -F '\t' -f "$CHECK"
}

@test "rules too few strings meet, too many characters to count: a longer length rejection draws is offered" {
	# Counting these exactly passes 64 MiB at 357 characters, but up to
	# some 2700 at least 2^-16 of the candidates meet the rules.
	local rules='allowed: lower; max-consecutive: 2; required: [a]; required: [b]; required: [c]; required: [d]; minlength: 400;'
	local offer='counting 357 characters exactly needs more than 64 MiB: --length ' length
	gen --rules "$rules" --length 4096
	assert_failure 2
	[[ ${stderr_lines[0]} == *"$offer"* ]] || fail "no length offered: $stderr"
	length=${stderr_lines[0]#*"$offer"}
	length=${length%% *}
	((length > 400)) || fail "offered $length, not above minlength: 400"
	gen --rules "$rules" --length "$length"
	assert_success
	assert_equal "${#output}" "$length"
	printf 'set\t%s\t%s\n' "$rules" "$output" | LC_ALL=C awk -F '\t' -f "$CHECK"
	# One more is neither counted nor drawn by rejection: the same offer.
	gen --rules "$rules" --length "$((length + 1))"
	assert_failure 2
	[[ ${stderr_lines[0]} == *"$offer$length "* ]] || fail "another offer: $stderr"
}

@test "drawn by counting: four required characters of 94 at 4 characters, each of the 24 orders as often" {
	# 24 of the 94^4 strings meet the rules (2^-21.6): drawn by counting.
	# 4,800 passwords, 200 expected a string; chisq --words checks the
	# string as position 1 and pooled, two checks at STAT_ALPHA
	# (test_helper/common.bash); coverage fails with probability below
	# 24 (23/24)^4800 < 1e-86.
	local rules='required: [A]; required: [B]; required: [C]; required: [D]; allowed: ascii-printable;'
	python3 -c 'import itertools
for p in sorted(itertools.permutations("ABCD")): print("".join(p))' >"$BATS_TEST_TMPDIR/orders"
	run bash -c '"$1" --rules "$2" --length 4 --count 4800 | "$CHISQ" --words "$3" "$STAT_ALPHA"' _ \
		"$GEN" "$rules" "$BATS_TEST_TMPDIR/orders"
	echo "$output"
	assert_success
	assert_output --partial "4800 passphrases of 1 words from 24"
}

@test "drawn by counting: no repeats over [aceg] at 40 characters, each of the 972 first and last sixes as often" {
	# 4 x 3^39 strings of 40 (2^-16.2 of them): drawn by counting.  Each
	# valid six has 3^34 completions, so the first six characters and the
	# last six are each uniform over the 4 x 3^5 = 972 valid sixes.
	# 48,600 passwords, 50 expected a six; four checks at STAT_ALPHA (two
	# for each six, as above); coverage fails with probability below 2 x 972 (971/972)^48600 < 1e-18.
	local rules='allowed: [aceg]; max-consecutive: 1;'
	python3 -c 'import itertools
for p in itertools.product("aceg", repeat=6):
    if all(a != b for a, b in zip(p, p[1:])): print("".join(p))' | LC_ALL=C sort >"$BATS_TEST_TMPDIR/sixes"
	assert_equal "$(wc -l <"$BATS_TEST_TMPDIR/sixes")" 972
	"$GEN" --rules "$rules" --length 40 --count 48600 >"$BATS_TEST_TMPDIR/drawn"
	run bash -c 'cut -c1-6 "$1" | "$CHISQ" --words "$2" "$STAT_ALPHA"' _ \
		"$BATS_TEST_TMPDIR/drawn" "$BATS_TEST_TMPDIR/sixes"
	echo "$output"
	assert_success
	assert_output --partial "48600 passphrases of 1 words from 972"
	run bash -c 'cut -c35-40 "$1" | "$CHISQ" --words "$2" "$STAT_ALPHA"' _ \
		"$BATS_TEST_TMPDIR/drawn" "$BATS_TEST_TMPDIR/sixes"
	echo "$output"
	assert_success
	assert_output --partial "48600 passphrases of 1 words from 972"
}

@test "--site: the domain, its subdomains, any case; an unknown one is a usage error" {
	run "$GEN" --site activision.com -v
	assert_success
	assert_line --index 0 "pass-genhelper: password rules of site 'activision.com': 'minlength: 8; maxlength: 20; max-consecutive: 2; required: lower, upper; required: digit;'"
	assert_line --partial "entropy: 20 characters from 62 (rules of site 'activision.com'), 2 required, runs of at most 2:"
	run "$GEN" --site WWW.Activision.COM.
	assert_success
	assert_line --index 0 --partial "site 'activision.com'"
	run "$GEN" --site no-such-site.example
	assert_failure 2
	assert_line --index 0 "pass-genhelper: no password rules for site 'no-such-site.example'"
	run "$GEN" --site xactivision.com
	assert_failure 2
}

@test "--entry: each path component and its parents; the longest domain wins; --no-site-rules" {
	run "$GEN" --entry web/accounts.google.com/alice
	assert_success
	assert_line --index 0 --partial "password rules of site 'google.com' for entry 'web/accounts.google.com/alice'"
	run "$GEN" --entry bankofamerica.com/prepaid.bankofamerica.com/me
	assert_line --index 0 --partial "site 'prepaid.bankofamerica.com'"
	run "$GEN" --entry personal/notes -v
	assert_success
	assert_line --partial "entropy: 20 characters from 94 (graph):"
	run "$GEN" --entry web/google.com --no-site-rules -v
	assert_success
	refute_line --partial "google.com"
	run "$GEN" --entry web/google.com --format words
	assert_failure 2
	assert_line --index 0 "pass-genhelper: --format words cannot meet the password rules of site 'google.com' (from entry 'web/google.com'): add --no-site-rules"
	run "$GEN" --entry web/google.com --format hex --no-site-rules
	assert_success
}

@test "rules: errors quote the place" {
	run "$GEN" --rules 'minlength: 8; maxlen: 20'
	assert_failure 2
	assert_line --index 0 "pass-genhelper: --rules: unknown rule 'maxlen' at character 15: 'maxlen: 20'"
	run "$GEN" --rules 'required: [a-z]'
	assert_line --index 0 "pass-genhelper: --rules: '-' may only come first in a custom class at character 13: '-z]'"
	run "$GEN" --rules $'required: \e[31m'
	assert_failure 2
	assert_line --index 0 --partial '\x1b'
}

@test "rules: length out of range is a usage error naming the rule; --pass-gen brings it in" {
	run "$GEN" --site activision.com --length 25
	assert_failure 2
	assert_line --index 0 "pass-genhelper: --length 25 is above maxlength: 20 of site 'activision.com'"
	run "$GEN" --rules 'minlength: 12' 8
	assert_failure 2
	assert_line --index 0 "pass-genhelper: --length 8 is below minlength: 12 of --rules"
	run "$GEN" --pass-gen --site activision.com 25
	assert_success
	assert_line --index 1 "pass-genhelper: a length of 25 breaks maxlength: 20 of site 'activision.com': using 20"
	assert_equal "${#lines[2]}" 20
}

@test "rules: maxlength short of the target is used and said" {
	run "$GEN" --site bpl.bibliocommons.com -v
	assert_success
	assert_line "pass-genhelper: site 'bpl.bibliocommons.com' allows at most 4 characters (maxlength: 4): 13.3 bits, below the 128 asked"
	assert_line --regexp '^[0-9]{4}$'
	run "$GEN" --rules 'minlength: 10' -e 256 -v
	assert_line --partial "entropy: 40 characters from 94 (--rules): 262.2 bits"
	# The last rule may go without its ';'.
	gen --rules 'allowed: [ab]; maxlength: 1' -v
	assert_success
	assert_equal "${stderr_lines[0]}" "$PROG: --rules allows at most 1 character (maxlength: 1): 1.0 bits, below the 128 asked"
}

@test "rules: two sources for one thing are usage errors" {
	local other
	for other in '--charset abc' '--format hex' '--bytes 16' '--words' '--site google.com' '--no-site-rules'; do
		# shellcheck disable=SC2086 # the option and its value
		run "$GEN" --rules 'minlength: 8' $other
		assert_failure 2
	done
	run "$GEN" --rules 'minlength: 8' --format graph
	assert_success
}

@test "rules with --exclude, --no-ambiguous and --require: the alphabet narrows, clauses add" {
	run "$GEN" --rules 'allowed: digit, [ab]' --exclude 0-4 --print-alphabet
	assert_output 56789ab
	run "$GEN" --rules 'allowed: digit, [ab]' --no-ambiguous --print-alphabet
	assert_output 3479ab
	run "$GEN" --rules 'required: digit; allowed: lower' --exclude 0-9
	assert_failure 2
	assert_line --index 0 "pass-genhelper: required rule 1 of --rules, '0123456789', has no character left to draw (the space is never drawn)"
	# --require upper adds a clause (and upper case to the alphabet); digit is implied.
	run "$GEN" --rules 'required: digit; allowed: lower' --require upper,digit -l 3 -v
	assert_success
	assert_line --partial "3 characters from 62 (--rules), 2 required:"
	assert_line --regexp '[A-Z]'
}

@test "rules: the space that special holds is never drawn" {
	run "$GEN" --rules 'allowed: special' --print-alphabet
	assert_output '!"#$%&'"'"'()*+,-./:;<=>?@[\]^_`{|}~'
}

@test "rules: the bench case (4096 characters, run limit, four classes) is counted" {
	run "$GEN" --rules 'max-consecutive: 2; required: lower; required: upper; required: digit; required: special;' --length 4096 -v
	assert_success
	assert_line --partial "entropy: 4096 characters from 94 (--rules), 4 required, runs of at most 2: 26846.1 bits"
	printf 'bench\tmax-consecutive: 2; required: lower; required: upper; required: digit; required: special;\t%s\n' \
		"${lines[1]}" | LC_ALL=C awk -F '\t' -f "$CHECK"
}

@test "rules: every site of the table is counted at its longest length, within the work bound" {
	local domain exact rules longest failed=
	while IFS=$'\t' read -r domain exact rules; do
		longest=$(printf '%s' "$rules" | sed -n 's/.*maxlength: *\([0-9]*\).*/\1/p')
		if [[ -z $longest || $longest -gt 4096 ]]; then
			longest=4096
		fi
		"$GEN" --site "$domain" --length "$longest" >/dev/null 2>"$BATS_TEST_TMPDIR/err" ||
			failed+="$domain ($longest, $exact): $(cat "$BATS_TEST_TMPDIR/err")"$'\n'
	done < <("$GEN" --list-sites)
	[[ -z $failed ]] || fail "refused: $failed"
}
