#!/usr/bin/env bats
# The steps that pass-gen(1), "Trust", gives for signing a policy, from a
# fresh store, with real pass 1.7.4, gpg and the extension (a user
# extension, signed, as test_helper/store installs it): with
# PASSWORD_STORE_SIGNING_KEY set, pass checks .gpg-id.sig on every command
# that encrypts, so `pass init` must run with the variable set (it then
# writes .gpg-id.sig); then the policy, with its --folder line, and its
# detached signature.

# status, output, lines and stderr are set by bats' `run`.
# shellcheck disable=SC2154,SC2030,SC2031

bats_require_minimum_version 1.5.0

load test_helper/common
load test_helper/store

setup() {
	store_setup
	export PASSWORD_STORE_DIR="$BATS_TEST_TMPDIR/fresh"
}

# The policy of the documents: a 6-digit PIN for the folder bank, signed.
write_signed_policy() {
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	printf '%s\n' '--folder /bank' '--format digits' '--length 6' >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	gpg --batch --yes --default-key "$PASSWORD_STORE_SIGNING_KEY" \
		--detach-sign "$PASSWORD_STORE_DIR/bank/.pass-gen" 2>/dev/null
}

@test "policy signing: the documented steps from a fresh store give a signed policy's password" {
	export PASSWORD_STORE_SIGNING_KEY=$KEY1
	run pass init "$KEY1"
	assert_success
	[[ -f $PASSWORD_STORE_DIR/.gpg-id.sig ]] || fail "pass init wrote no .gpg-id.sig"
	write_signed_policy
	run --separate-stderr pass gen bank/card
	assert_success
	[[ $stderr == *"allowed by its signature"* ]] || fail "$stderr"
	run pass show bank/card
	assert_success
	[[ $output =~ ^[0-9]{6}$ ]] || fail "not a 6-digit PIN: '$output'"
}

@test "policy signing: a store made by pass init without the signing key needs pass init again" {
	run pass init "$KEY1"
	assert_success
	[[ ! -e $PASSWORD_STORE_DIR/.gpg-id.sig ]] || fail ".gpg-id.sig without a signing key"
	export PASSWORD_STORE_SIGNING_KEY=$KEY1
	write_signed_policy
	run --separate-stderr pass gen bank/card
	assert_failure
	assert_equal "${stderr##*$'\n'}" "Signature for $PASSWORD_STORE_DIR/.gpg-id does not exist."
	[[ ! -e $PASSWORD_STORE_DIR/bank/card.gpg ]] || fail "an entry was written"
	# Again, with the variable set: .gpg-id.sig, and the policy counts.
	run pass init "$KEY1"
	assert_success
	run --separate-stderr pass gen bank/card
	assert_success
	run pass show bank/card
	[[ $output =~ ^[0-9]{6}$ ]] || fail "not a 6-digit PIN: '$output'"
}
