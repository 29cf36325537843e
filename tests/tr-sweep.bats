#!/usr/bin/env bats
# The character-set syntax against the real tr(1), swept: 400 sets made of
# the pieces where parsers go wrong, each compared with what
# `LC_ALL=C tr -dc SET` keeps (test_helper/trset.bash).  The hand-picked
# comparisons are in cli-charset.bats (fast tier); this sweep runs the helper and
# tr 400 times each, so it is in the slow tier.

# status, output and lines are set by bats' `run`; sets such as 'ab\' end
# in a backslash on purpose.
# shellcheck disable=SC2154,SC1003

bats_require_minimum_version 1.5.0

load test_helper/common
load test_helper/trset

setup_file() { trset_setup_file; }

@test "charset: differential check against tr over 400 generated sets" {
	# Deterministic: bash's RANDOM with a fixed seed, no probability involved.
	local -a atoms=('[' ']' ':' '=' '*' '-' '\' 'a' 'b' 'z' '3' '0' '7' '1' 'A' 'x' '9'
		'alpha' 'digit' 'punct' '\-' '\]' '\[' '\141' '\400' '\\' '[:' ':]' '[=' '=]')
	local -a sets=()
	local i j n set
	RANDOM=20240517
	for ((i = 0; i < 400; i++)); do
		n=$((RANDOM % 7 + 1))
		set=""
		for ((j = 0; j < n; j++)); do
			set+=${atoms[RANDOM % ${#atoms[@]}]}
		done
		sets+=("$set")
	done
	assert_same_as_tr "${sets[@]}"
}
