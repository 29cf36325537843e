#!/usr/bin/env bats
# tools/check-bash32, the lint rule for bash 4 constructs in what pass runs
# (make lint): it finds each construct of its list, one fixture a construct
# (tests/bash32/fixtures/*.bash), and nothing in bash 3.2 code that looks
# like them (clean.bash, which tests/bash32/run's bash 3.2 also runs).

# status, output and lines are set by bats' `run`.
# shellcheck disable=SC2154

bats_require_minimum_version 1.5.0

setup() {
	CHECK=$TESTS_SRCDIR/../tools/check-bash32
	FIXTURES=$TESTS_SRCDIR/bash32/fixtures
}

@test "check-bash32: each construct's fixture gives exactly one finding, on its line 2" {
	local fixture name report="" count=0

	for fixture in "$FIXTURES"/*.bash; do
		name=${fixture##*/}
		[[ $name != clean.bash ]] || continue
		count=$((count + 1))
		run "$CHECK" "$fixture"
		if [[ $status -ne 1 || ${#lines[@]} -ne 1 || ${lines[0]} != "$fixture:2: "*"(bash 4 or later): "* ]]; then
			report+="$name: status $status, output: $output"$'\n'
		fi
	done
	((count >= 17)) || fail "only $count fixtures"
	[[ -z $report ]] || fail "$report"
}

@test "check-bash32: the fixtures cover every construct of the list" {
	local name
	for name in declare-A declare-g declare-l declare-u local-n lower-case upper-case \
		negative-subscript mapfile readarray transform-Q test-v fall-through \
		fall-through-test pipe-both append-both fd-variable; do
		[[ -f $FIXTURES/$name.bash ]] || fail "no fixture $name.bash"
	done
}

@test "check-bash32: bash 3.2 code that looks like the constructs is not flagged" {
	run "$CHECK" "$FIXTURES/clean.bash"
	[[ $status -eq 0 && -z $output ]] || fail "status $status, output: $output"
	run bash "$FIXTURES/clean.bash"
	[[ $status -eq 0 ]] || fail "clean.bash does not run: $output"
}

@test "check-bash32: every file is checked, and a missing one is a usage error" {
	run "$CHECK" "$FIXTURES/clean.bash" "$FIXTURES/mapfile.bash" "$FIXTURES/pipe-both.bash"
	[[ $status -eq 1 && ${#lines[@]} -eq 2 ]] || fail "status $status, output: $output"
	run "$CHECK" "$FIXTURES/no-such-file.bash"
	[[ $status -eq 2 ]] || fail "status $status, output: $output"
	run "$CHECK"
	[[ $status -eq 2 ]] || fail "status $status, output: $output"
}
