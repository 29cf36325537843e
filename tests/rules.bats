#!/usr/bin/env bats
# Site password rules: --rules, --site, --entry, the embedded table, the
# exact figure and the uniformity of what is drawn under rules.
#
# Passwords are judged by tests/rules/check.awk, an awk program that shares
# no code with the helper.  The one probabilistic check (the chi-square over
# all valid strings) states its odds; nothing is retried.

# output, status and lines are set by bats' `run`.
# shellcheck disable=SC2154

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
