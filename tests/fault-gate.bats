#!/usr/bin/env bats
# The statistical gate (tests/stat/chisq, statistics.bats) has power: the
# classic byte % 94 bias, made by biased_random.so in the unchanged
# program, fails it.  The one check here that a correct program can fail
# by chance is the gate control (below 7e-8).
#
# The injection tools, the probes of what this machine allows and the
# helpers are in test_helper/fault.bash.  Every probabilistic check states
# its false-failure odds; nothing is retried.

# status, output, lines, stderr and stderr_lines are set by bats' `run`;
# single-quoted `bash -c` and `sh -c` scripts get their values as "$1"...
# shellcheck disable=SC2154,SC2016

bats_require_minimum_version 1.5.0

load test_helper/fault

# ---------------------------------------------------------------------------
# The statistical gate has power
#
# (a) The real program with the real getrandom passes the gate: that is
#     statistics.bats ("94 characters (pass's set), 20 positions: uniform").
# (b) Here the program's words come from biased_random.so, which makes the
#     unchanged program print alphabet[u % 94] for uniform bytes u (see the
#     comment in tests/fault/biased_random.c), and the gate, at its own
#     significance level STAT_ALPHA, must fail.

# gate_with_bias MODE LINES: LINES 20-character passwords from the biased
# source, through the gate.
gate_with_bias() {
	local alphabet
	alphabet=$("$GEN" --format graph --print-alphabet)
	run bash -c 'BIASED_RANDOM=$1 LD_PRELOAD=$2 ASAN_OPTIONS=$SHIM_ASAN_OPTIONS "$3" --format graph --length 20 --count "$4" |
		"$5" "$6" "$7"' _ "$1" "$BIASED" "$GEN" "$2" "$CHISQ" "$alphabet" "$GATE_ALPHA"
	show_run
}

require_gate() {
	require_shim
	[[ -x ${CHISQ:-} ]] || skip "CHISQ (tests/stat/chisq, built by make) is not set"
}

@test "bias shim: its bytes make the real program print exactly byte % 94" {
	# Deterministic: with BIASED_RANDOM_COUNTER=1 the "uniform" bytes are
	# 0, 1, ..., 255, so the mod94 shim must give alphabet[u % 94] for u in
	# 0..255, the control shim u / 2 for u < 188 (each character twice, in
	# order), and the skip255 shim the same but character 93 once.
	# Were the program's mapping to change, this fails first, instead of the
	# power tests below passing or failing for the wrong reason.
	local alphabet expected doubled i
	require_shim
	alphabet=$("$GEN" --format graph --print-alphabet)
	expected=$alphabet$alphabet${alphabet:0:68}
	run env BIASED_RANDOM=mod94 BIASED_RANDOM_COUNTER=1 LD_PRELOAD="$BIASED" ASAN_OPTIONS="$SHIM_ASAN_OPTIONS" "$GEN" --length 256
	assert_success
	assert_output "$expected"
	doubled=""
	for ((i = 0; i < 94; i++)); do
		doubled+=${alphabet:i:1}${alphabet:i:1}
	done
	run env BIASED_RANDOM=none BIASED_RANDOM_COUNTER=1 LD_PRELOAD="$BIASED" ASAN_OPTIONS="$SHIM_ASAN_OPTIONS" "$GEN" --length 188
	assert_success
	assert_output "$doubled"
	run env BIASED_RANDOM=skip255 BIASED_RANDOM_COUNTER=1 LD_PRELOAD="$BIASED" ASAN_OPTIONS="$SHIM_ASAN_OPTIONS" "$GEN" --length 187
	assert_success
	assert_output "${doubled:0:187}"
}

@test "the gate has power: byte % 94 bias through the real program fails it" {
	# Weights 3/256 for characters 0-67 and 2/256 for 68-93.  Per character
	# the expected Pearson statistic grows by N sum p_i^2 - 1
	# = 94 (68 x 9 + 26 x 4) / 65536 - 1 = 0.02698, so 5000 lines (100000
	# pooled characters) give E[chi2] = 93 + 2698 = 2791, against the
	# critical value 195.3 (df 93, alpha STAT_ALPHA = 3e-9).
	# Probability of missing it, rigorously: merging cells never raises
	# Pearson's statistic, and the 2-cell merge {0-67} / {68-93} gives
	# chi2 >= (S - n q)^2 / (n q (1 - q)), where S counts characters 68-93,
	# q = 26/94 and n = 100000.  chi2 < 195.3 needs S > n q - 1977 = 25683,
	# while S ~ Binomial(n, 52/256) has mean 20312.5: by Hoeffding,
	# P <= exp(-2 x 5370^2 / 100000) = exp(-576) < 1e-250.  Far below 1e-6.
	require_gate
	gate_with_bias mod94 5000
	assert_failure 1
	assert_output --partial "FAIL pooled (100000 samples)"
	assert_output --partial "5000 secrets of 20 characters"
}

@test "the gate has power at its own sample size: one byte value missing fails it" {
	# The byte map over bytes uniform on [0, 255): 255 never comes, and its
	# character (93) gets weight 1/187 against 2/187 for the others.  Per character the
	# expected statistic grows by 94 (93 x 4 + 1) / 187^2 - 1 = 0.00266, ten
	# times less than byte % 94.  At the gate's 60000 lines (1200000 pooled
	# characters) E[chi2] = 93 + 3191 = 3284 against 195.3.
	# Miss probability: the 2-cell merge {93} / rest needs S > n q - 1571
	# = 11195 (q = 1/94, n q = 12766) for chi2 < 195.3, while S ~
	# Binomial(n, 1/187) has mean 6417: by Hoeffding P <= exp(-2 x 4778^2
	# / 1200000) = exp(-38.0) < 4e-17.  Below 1e-6.
	require_gate
	gate_with_bias skip255 60000
	assert_failure 1
	assert_output --partial "FAIL pooled (1200000 samples)"
}

@test "the gate passes the bias shim with the bias turned off (control)" {
	# Uniform kernel bytes through the same shim: the failures above come
	# from the bias, not from the shim.  False failure: 21 checks at
	# STAT_ALPHA each, at most 21 x 3e-9 < 7e-8 (Bonferroni); the
	# coverage check adds 94 (93/94)^100000 < 1e-400.
	require_gate
	gate_with_bias none 5000
	assert_success
	assert_output --partial "21 checks"
	assert_output --partial ": 0 failed"
}
