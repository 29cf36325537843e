#!/usr/bin/env bats
# `pass gen` against a hostile store: the attacker can write the store (it
# is shared through git) but cannot sign with PASSWORD_STORE_SIGNING_KEY.
# What the attacker plants is committed, as a `git pull` would bring it;
# then the victim runs `pass gen`, with the real pass, gpg and git
# (test_helper/store.bash).
#
# A refused attack (assert_refused) means: exit status 1, nothing on
# stdout, a message naming what was wrong, no raw control character on the
# terminal, the existing entry byte for byte unchanged, every file of the
# store unchanged, no temporary file left and no new commit.  Nothing here
# is probabilistic.

# status, output, stderr are set by bats' `run`; every @test runs in its
# own subshell, so its exports are meant to stay local.
# shellcheck disable=SC2154,SC2030,SC2031

bats_require_minimum_version 1.5.0

load test_helper/common
load test_helper/store
load test_helper/lookalike

# ---------------------------------------------------------------------------
# Helpers

# A 100-word list: 6.6 bits a word.
small_list() {
	printf 'zq%s\n' {a..j}{a..j} >"$1"
}

# plant: commit whatever the attacker put in the store, as a pull would.
plant() {
	git -C "$PASSWORD_STORE_DIR" add -A . >/dev/null
	git -C "$PASSWORD_STORE_DIR" commit -q --allow-empty -m "Planted." >/dev/null
}

# victim_entry NAME: an existing entry, then the store's state for
# assert_refused.
victim_entry() {
	VICTIM=$1
	store_insert "$VICTIM" $'old-password\nuser: alice\n'
	remember
}

remember() {
	BEFORE="$(store_snapshot)"
	HEAD_BEFORE="$(store_head)"
	ENTRY_BEFORE="$(sha256sum <"$(store_file "$VICTIM")")"
	CONTENT_BEFORE="$(store_decrypt "$VICTIM")"
}

# The signing key on, .gpg-id signed (pass checks it), and a signed PIN
# policy for bank/ bound to its folder.
signing_store() {
	export PASSWORD_STORE_SIGNING_KEY=$KEY1
	store_sign "$PASSWORD_STORE_DIR/.gpg-id"
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	printf '%s\n' '--folder /bank' '--format digits' '--length 6' >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	store_sign "$PASSWORD_STORE_DIR/bank/.pass-gen"
}

# pass gen ARGS..., stopped after 60 s (a read that blocks is a failure).
gen_pass() {
	run --separate-stderr timeout 60 pass gen "$@"
}

# Fails if TEXT holds a control character other than newline (ESC, BEL,
# CSI as C1, ...): nothing from the store reaches the terminal raw.
assert_no_raw_controls() {
	local stray
	stray="$(printf '%s' "$1" | LC_ALL=C tr -d '\n' | LC_ALL=C tr -dc '\000-\037\177' | od -An -tx1)"
	[[ -z $stray ]] || fail "raw control bytes on the terminal:$stray"
	[[ $1 != *$'\xc2'[$'\x80'-$'\x9f']* ]] || fail "a raw C1 control on the terminal"
}

# assert_refused TEXT...: see the top of the file.
assert_refused() {
	local text
	printf 'status: %s\nstdout: %s\nstderr: %s\n' "$status" "$output" "$stderr"
	[[ $status -eq 1 ]] || fail "expected exit status 1, got $status"
	[[ -z $output ]] || fail "stdout should be empty"
	[[ -n $stderr ]] || fail "no message"
	for text in "$@"; do
		[[ $stderr == *"$text"* ]] || fail "the message should hold '$text'"
	done
	assert_no_raw_controls "$stderr"
	assert_equal "$(sha256sum <"$(store_file "$VICTIM")")" "$ENTRY_BEFORE"
	assert_equal "$(store_decrypt "$VICTIM")" "$CONTENT_BEFORE"
	assert_equal "$(store_snapshot)" "$BEFORE"
	assert_equal "$(store_temp_files)" ""
	assert_equal "$(store_head)" "$HEAD_BEFORE"
}

# "'PATH'" as pass gen quotes a printable path.
q() {
	printf "'%s'" "$1"
}

# ---------------------------------------------------------------------------
# 1. Oversized and malformed policies

@test "oversized policy (100 KiB of comments): refused unread" {
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	yes '# padding padding padding padding padding padding padding padding' | head -c 102400 >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	plant
	victim_entry bank/x
	gen_pass -f bank/x
	assert_refused "the policy file $(q "$PASSWORD_STORE_DIR/bank/.pass-gen") is larger than 64 KiB"
}

@test "policy with NUL bytes: refused" {
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	printf -- '--format dig\0its\n--length 6\n' >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	plant
	victim_entry bank/x
	gen_pass -f bank/x
	assert_refused "$(q "$PASSWORD_STORE_DIR/bank/.pass-gen")" "NUL bytes"
}

@test "policy of binary junk: refused at its first line, shown escaped" {
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	printf '\x7fELF\x02\x01\x01\xff\xfe\n--length 6\n' >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	plant
	victim_entry bank/x
	gen_pass -f bank/x
	assert_refused "the policy file $(q "$PASSWORD_STORE_DIR/bank/.pass-gen"), line 1: control characters and invalid UTF-8 are not allowed: '\\x7fELF\\x02\\x01\\x01\\xff\\xfe'"
}

@test "policy that is a FIFO: refused at once, never read" {
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	mkfifo "$PASSWORD_STORE_DIR/bank/.pass-gen"
	victim_entry bank/x
	gen_pass -f bank/x
	assert_refused "the policy file $(q "$PASSWORD_STORE_DIR/bank/.pass-gen") is not a regular file"
}

@test "policy that is a symbolic link (to a file outside the store, to /dev/tty): refused" {
	local target
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	printf '%s\n' '--format digits' '--length 6' >"$BATS_TEST_TMPDIR/outside-policy"
	for target in "$BATS_TEST_TMPDIR/outside-policy" /dev/tty; do
		ln -sfn "$target" "$PASSWORD_STORE_DIR/bank/.pass-gen"
		plant
		victim_entry bank/x
		gen_pass -f bank/x
		assert_refused "the policy file $(q "$PASSWORD_STORE_DIR/bank/.pass-gen") is a symbolic link"
	done
}

@test "policy in a folder that is a symbolic link to another folder: refused" {
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	printf '%s\n' '--format digits' '--length 6' >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	ln -s bank "$PASSWORD_STORE_DIR/email"
	plant
	victim_entry bank/x
	gen_pass email/root-account
	assert_refused "$(q "$PASSWORD_STORE_DIR/email") is a symbolic link; pass gen keeps entries inside the store"
	[[ ! -e $PASSWORD_STORE_DIR/bank/root-account.gpg ]]
}

# ---------------------------------------------------------------------------
# 2. Word lists: symbolic links, special files, outside the store

@test "word list that is a symbolic link to a private file: refused, the file never read" {
	printf 'secret-line-%s\n' {1..200} >"$BATS_TEST_TMPDIR/private"
	mkdir -p "$PASSWORD_STORE_DIR/work"
	ln -s "$BATS_TEST_TMPDIR/private" "$PASSWORD_STORE_DIR/work/words.txt"
	printf '%s\n' '--wordlist words.txt' '--length 4' >"$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	victim_entry work/x
	gen_pass -f work/x
	assert_refused "the policy file $(q "$PASSWORD_STORE_DIR/work/.pass-gen"), line 1: the word list $(q "$PASSWORD_STORE_DIR/work/words.txt") is reached through a symbolic link"
	[[ $stderr != *secret-line* ]] || fail "the private file was read"
}

@test "word list in a folder that is a symbolic link: refused" {
	mkdir -p "$PASSWORD_STORE_DIR/work" "$BATS_TEST_TMPDIR/lists"
	small_list "$BATS_TEST_TMPDIR/lists/words.txt"
	ln -s "$BATS_TEST_TMPDIR/lists" "$PASSWORD_STORE_DIR/work/lists"
	printf '%s\n' '--wordlist lists/words.txt' '--length 4' >"$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	victim_entry work/x
	gen_pass -f work/x
	assert_refused "is reached through a symbolic link, $(q "$PASSWORD_STORE_DIR/work/lists")"
}

@test "word list outside the store (absolute, or ../ above the top): refused" {
	local value
	mkdir -p "$PASSWORD_STORE_DIR/work"
	for value in /etc/passwd /dev/tty ../../outside.txt '../work/../../x'; do
		printf '%s\n' "--wordlist $value" '--length 4' >"$PASSWORD_STORE_DIR/work/.pass-gen"
		plant
		victim_entry work/x
		gen_pass -f work/x
		assert_refused "the policy file $(q "$PASSWORD_STORE_DIR/work/.pass-gen"), line 1: the word list $(q "$value") is outside the store"
	done
}

@test "word list in git's folder (.git, .GIT, .Git: file systems that ignore case): refused, never read" {
	local value
	mkdir -p "$PASSWORD_STORE_DIR/work"
	# A local, uncommitted file in .git: not the committer's to use.
	small_list "$PASSWORD_STORE_DIR/.git/words"
	for value in ../.git/words .GIT/x ../.Git/words ../work/../.git/words; do
		printf '%s\n' "--wordlist $value" '--length 4' >"$PASSWORD_STORE_DIR/work/.pass-gen"
		plant
		victim_entry work/x
		gen_pass -f work/x
		assert_refused "the policy file $(q "$PASSWORD_STORE_DIR/work/.pass-gen"), line 1: the word list $(q "$value") is in git's folder .git"
	done
	# The user's own --wordlist on the command line stays theirs to choose.
	rm "$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	run --separate-stderr "$PASS_GENHELPER" --wordlist "$PASSWORD_STORE_DIR/.git/words" --words 4
	assert_success
	[[ $output =~ ^zq..(\ zq..){3}$ ]] || fail "expected 4 words: $output"
}

@test "a policy's word list of one visible word in 65,536 invisible spellings: refused, not 128 bits" {
	# "hunter2" then 8 characters, each one of 4 zero-width ones: a list
	# that counted 16 bits a word, and every passphrase "hunter2 hunter2 ...".
	local a=$'\xe2\x80\x8b' b=$'\xe2\x80\x8c' c=$'\xe2\x80\x8d' d=$'\xe2\x81\xa0'
	local x="{$a,$b,$c,$d}"
	mkdir -p "$PASSWORD_STORE_DIR/work"
	eval "printf '%s\n' hunter2$x$x$x$x$x$x$x$x" >"$PASSWORD_STORE_DIR/work/words.txt"
	printf '%s\n' '--wordlist words.txt' '--length 8' >"$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	victim_entry work/x
	gen_pass -f work/x
	assert_refused "word list $(q "$PASSWORD_STORE_DIR/work/words.txt"), line 1: invisible or formatting character in the word 'hunter2\xe2\x80\x8b\xe2\x80\x8b" "(U+200B)"
	[[ $stderr != *"$a"* ]] || fail "U+200B reached the terminal raw"
}

@test "a policy's word list of one word composed and decomposed (32,768 spellings): refused, not 135 bits" {
	local p=$'\xc3\xa9' d=$'e\xcc\x81'
	local x="{$p,$d}"
	mkdir -p "$PASSWORD_STORE_DIR/work"
	eval "printf '%s\n' $x$x$x$x$x$x$x$x$x$x$x$x$x$x$x" >"$PASSWORD_STORE_DIR/work/words.txt"
	printf '%s\n' '--wordlist words.txt' '--length 9' >"$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	victim_entry work/x
	gen_pass -f work/x
	assert_refused "word list $(q "$PASSWORD_STORE_DIR/work/words.txt"), line 2: character that normalization (NFC) joins to the one before in the word" "(U+0301)"
}

@test "a policy's look-alike word list (NFKC, scripts, overlays, a leading mark) or separator: refused, not counted" {
	mkdir -p "$PASSWORD_STORE_DIR/work"
	lookalike_lists "$PASSWORD_STORE_DIR/work"
	local which
	for which in "${!LOOKALIKE_FILES[@]}"; do
		printf '%s\n' "--wordlist ${LOOKALIKE_FILES[which]}.txt" '--length 8' >"$PASSWORD_STORE_DIR/work/.pass-gen"
		plant
		victim_entry work/x
		gen_pass -f work/x
		assert_refused "word list $(q "$PASSWORD_STORE_DIR/work/${LOOKALIKE_FILES[which]}.txt"), ${LOOKALIKE_MESSAGES[which]}"
	done
	printf '%s\n' '--words' $'--separator -\xef\xbc\x8d' '--length 10' >"$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	remember
	gen_pass -f work/x
	assert_refused "compatibility character that NFKC replaces" "(U+FF0D)"
}

@test "a policy's word list in German, French, Russian, Greek, Japanese or Hindi: every word counted" {
	mkdir -p "$PASSWORD_STORE_DIR/work"
	language_lists "$PASSWORD_STORE_DIR/work"
	# Words of 3 to 4 bytes a letter: bcrypt's 72 bytes keep fewer of them.
	export PASSWORD_STORE_GEN_ALLOW_WEAK=/work:18
	local which
	for which in "${!LANGUAGE_FILES[@]}"; do
		printf '%s\n' "--wordlist ${LANGUAGE_FILES[which]}.txt" '--length 22' >"$PASSWORD_STORE_DIR/work/.pass-gen"
		plant
		gen_pass -f -v "work/${LANGUAGE_FILES[which]}"
		((status == 0)) || fail "${LANGUAGE_FILES[which]} was refused: $stderr"
		[[ $stderr == *"22 words of ${LANGUAGE_COUNTS[which]} ("* ]] || fail "${LANGUAGE_FILES[which]}: $stderr"
	done
}

@test "word list that is a FIFO: refused at once, not read" {
	mkdir -p "$PASSWORD_STORE_DIR/work"
	mkfifo "$PASSWORD_STORE_DIR/work/words.txt"
	printf '%s\n' '--wordlist words.txt' '--length 4' >"$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	victim_entry work/x
	gen_pass -f work/x
	assert_refused "word list $(q "$PASSWORD_STORE_DIR/work/words.txt") is a FIFO; a word list must be a regular file"
}

@test "word list that is a symbolic link to /dev/tty, or a device node: refused" {
	mkdir -p "$PASSWORD_STORE_DIR/work"
	ln -s /dev/tty "$PASSWORD_STORE_DIR/work/tty"
	printf '%s\n' '--wordlist tty' '--length 4' >"$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	victim_entry work/x
	gen_pass -f work/x
	assert_refused "the word list $(q "$PASSWORD_STORE_DIR/work/tty") is reached through a symbolic link"
	# A character device in the store itself (needs CAP_MKNOD).
	mknod "$PASSWORD_STORE_DIR/work/zero" c 1 5 2>/dev/null || skip "cannot make a device node here"
	printf '%s\n' '--wordlist zero' '--length 4' >"$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	remember
	gen_pass -f work/x
	assert_refused "word list $(q "$PASSWORD_STORE_DIR/work/zero") is a character device; a word list must be a regular file"
}

@test "word list that is a directory, or missing: refused" {
	mkdir -p "$PASSWORD_STORE_DIR/work/words.d"
	: >"$PASSWORD_STORE_DIR/work/words.d/keep"
	printf '%s\n' '--wordlist words.d' '--length 4' >"$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	victim_entry work/x
	gen_pass -f work/x
	assert_refused "word list $(q "$PASSWORD_STORE_DIR/work/words.d") is a directory; a word list must be a regular file"
	printf '%s\n' '--wordlist gone.txt' '--length 4' >"$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	remember
	gen_pass -f work/x
	assert_refused "the word list $(q "$PASSWORD_STORE_DIR/work/gone.txt") does not exist"
}

# ---------------------------------------------------------------------------
# 3. Signed policies copied, deleted or changed around

@test "signed PIN policy copied with its signature to the root: refused for email/root-account" {
	signing_store
	cp "$PASSWORD_STORE_DIR/bank/.pass-gen" "$PASSWORD_STORE_DIR/bank/.pass-gen.sig" "$PASSWORD_STORE_DIR/"
	plant
	victim_entry email/root-account
	gen_pass -f email/root-account
	assert_refused "$(q "$PASSWORD_STORE_DIR/.pass-gen") is for the folder '/bank' (line 1), not for '/' where it is"
	# The policy still works where it was signed.
	gen_pass bank/pin
	assert_success
	[[ $(store_password bank/pin) =~ ^[0-9]{6}$ ]] || fail "bank/pin: '$(store_password bank/pin)'"
}

@test "signed policy copied with its signature to another folder: refused" {
	signing_store
	mkdir -p "$PASSWORD_STORE_DIR/email"
	cp "$PASSWORD_STORE_DIR/bank/.pass-gen" "$PASSWORD_STORE_DIR/bank/.pass-gen.sig" "$PASSWORD_STORE_DIR/email/"
	plant
	victim_entry email/root-account
	gen_pass -f email/root-account
	assert_refused "$(q "$PASSWORD_STORE_DIR/email/.pass-gen") is for the folder '/bank' (line 1), not for '/email' where it is"
	# Or into a folder below it.
	mkdir -p "$PASSWORD_STORE_DIR/bank/eu"
	cp "$PASSWORD_STORE_DIR/bank/.pass-gen" "$PASSWORD_STORE_DIR/bank/.pass-gen.sig" "$PASSWORD_STORE_DIR/bank/eu/"
	plant
	remember
	gen_pass -f email/root-account
	assert_refused "not for '/email' where it is"
	gen_pass bank/eu/new
	[[ $stderr == *"is for the folder '/bank' (line 1), not for '/bank/eu' where it is"* ]] || fail "stderr: '$stderr'"
	[[ ! -e $PASSWORD_STORE_DIR/bank/eu/new.gpg ]]
}

@test "signed policy whose signature was deleted: refused, no fallback" {
	signing_store
	printf '%s\n' '--folder /' '--words' >"$PASSWORD_STORE_DIR/.pass-gen"
	store_sign "$PASSWORD_STORE_DIR/.pass-gen"
	rm "$PASSWORD_STORE_DIR/bank/.pass-gen.sig"
	plant
	victim_entry bank/x
	gen_pass -f bank/x
	assert_refused "Signature for $PASSWORD_STORE_DIR/bank/.pass-gen does not exist."
}

@test "signed policy without --folder: refused under the signing key" {
	export PASSWORD_STORE_SIGNING_KEY=$KEY1
	store_sign "$PASSWORD_STORE_DIR/.gpg-id"
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	printf '%s\n' '--format digits' '--length 6' >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	store_sign "$PASSWORD_STORE_DIR/bank/.pass-gen"
	plant
	victim_entry bank/x
	gen_pass -f bank/x
	assert_refused "$(q "$PASSWORD_STORE_DIR/bank/.pass-gen") has no --folder line" "--folder /bank"
}

@test "word list of a signed policy replaced by 64 words: refused by its pinned SHA-256" {
	signing_store
	local list="$PASSWORD_STORE_DIR/work/words.txt" sum
	mkdir -p "$PASSWORD_STORE_DIR/work"
	# 4096 words: 12 bits a word.
	printf 'w%04d\n' {0..4095} >"$list"
	sum="$(sha256sum <"$list")"
	printf '%s\n' '--folder /work' '--wordlist words.txt' "--wordlist-sha256 ${sum%% *}" '--length 8' >"$PASSWORD_STORE_DIR/work/.pass-gen"
	store_sign "$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	gen_pass work/before
	assert_success
	# The attacker's list: 64 words, 6 bits a word.
	printf 'w%04d\n' {0..63} >"$list"
	plant
	victim_entry work/x
	gen_pass -f work/x
	assert_refused "$(q "$PASSWORD_STORE_DIR/work/.pass-gen"), line 2: the word list $(q "$list") does not match its --wordlist-sha256 (line 3)"
}

@test "signed policy naming a word list without --wordlist-sha256: refused under the signing key" {
	signing_store
	mkdir -p "$PASSWORD_STORE_DIR/work"
	small_list "$PASSWORD_STORE_DIR/work/words.txt"
	printf '%s\n' '--folder /work' '--wordlist words.txt' '--length 8' >"$PASSWORD_STORE_DIR/work/.pass-gen"
	store_sign "$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	victim_entry work/x
	gen_pass -f work/x
	assert_refused "$(q "$PASSWORD_STORE_DIR/work/.pass-gen"), line 2: with PASSWORD_STORE_SIGNING_KEY set, a word list must be pinned with --wordlist-sha256"
}

@test "unsigned weak policy planted at the root: refused, named with its exact figure; nothing written" {
	printf '%s\n' '--format digits' '--length 6' >"$PASSWORD_STORE_DIR/.pass-gen"
	plant
	victim_entry email/root-account
	gen_pass -f email/root-account
	assert_refused "pass-genhelper: the policy file $(q "$PASSWORD_STORE_DIR/.pass-gen") gives 19.9 bits, less than 128 and less than the 163.9 bits without it; nothing was generated" \
		"add its folder and the fewest bits you accept to PASSWORD_STORE_GEN_ALLOW_WEAK, such as '/:19'"
}

@test "a policy 127.999 bits strong is weak: the figure shows the decimals that say so" {
	mkdir -p "$PASSWORD_STORE_DIR/web"
	printf '%s\n' '--charset a-k' '--length 37' >"$PASSWORD_STORE_DIR/web/.pass-gen"
	plant
	victim_entry web/site
	gen_pass -f web/site
	assert_refused "gives 127.999 bits, less than 128"
}

@test "a policy of 2^128 - 2^64 strings is weak: the exact count decides, not a figure rounded to 128" {
	mkdir -p "$PASSWORD_STORE_DIR/web"
	printf '%s\n' '--charset ab01' '--require digit' '--length 64' >"$PASSWORD_STORE_DIR/web/.pass-gen"
	plant
	victim_entry web/site
	gen_pass -f web/site
	assert_refused "gives 127.999999999 bits, less than 128"
}

@test "Emacs' length 25 with a planted two-letter alphabet: refused, not 25 bits stored" {
	mkdir -p "$PASSWORD_STORE_DIR/web"
	printf '%s\n' '--charset ab' >"$PASSWORD_STORE_DIR/web/.pass-gen"
	plant
	victim_entry web/site
	gen_pass --force web/site 25
	assert_refused "gives 25.0 bits, less than 128 and less than the 163.9 bits without it"
}

@test "a policy that costs at most 1 bit, or a user's own short length: made as asked" {
	mkdir -p "$PASSWORD_STORE_DIR/web"
	printf '%s\n' '--require digit' >"$PASSWORD_STORE_DIR/web/.pass-gen"
	plant
	gen_pass -v web/short 8
	assert_success
	assert_equal "$stderr" "pass-genhelper: entropy: 8 characters from 94 (graph), requiring digit: 51.7 bits"
	[[ $(store_decrypt web/short) =~ ^[^[:space:]]{8}$ ]]
}

@test "consent outside the store: PASSWORD_STORE_GEN_ALLOW_WEAK names the folder, and only that one" {
	mkdir -p "$PASSWORD_STORE_DIR/bank/sub"
	printf '%s\n' '--format digits' '--length 6' >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	plant
	PASSWORD_STORE_GEN_ALLOW_WEAK=/bank:19 gen_pass bank/pin
	assert_success
	assert_equal "$stderr" "pass-genhelper: the policy file $(q "$PASSWORD_STORE_DIR/bank/.pass-gen") gives 19.9 bits, less than 128 and less than the 163.9 bits without it; allowed by PASSWORD_STORE_GEN_ALLOW_WEAK"
	[[ $(store_decrypt bank/pin) =~ ^[0-9]{6}$ ]]
	# A policy in a folder below is another policy: not allowed by /bank.
	cp "$PASSWORD_STORE_DIR/bank/.pass-gen" "$PASSWORD_STORE_DIR/bank/sub/.pass-gen"
	plant
	victim_entry bank/sub/pin
	PASSWORD_STORE_GEN_ALLOW_WEAK=/other:0:/bank:19 gen_pass -f bank/sub/pin
	assert_refused "add its folder and the fewest bits you accept to PASSWORD_STORE_GEN_ALLOW_WEAK, such as '/bank/sub:19'"
}

@test "consent states a floor: a 1-bit policy is refused under a folder without one, or with a higher one" {
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	printf '%s\n' '--rules maxlength: 1; allowed: [01]' >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	plant
	victim_entry bank/pin
	local gives
	gives="the policy file $(q "$PASSWORD_STORE_DIR/bank/.pass-gen") gives 1.0 bits, less than 128 and less than the 163.9 bits without it; nothing was generated: "
	# The folder alone, as it used to be written: no consent below 128.
	PASSWORD_STORE_GEN_ALLOW_WEAK=/bank gen_pass -f bank/pin
	assert_refused "$gives""PASSWORD_STORE_GEN_ALLOW_WEAK names '/bank' without a floor, which allows nothing below 128 bits: write the fewest bits you accept after it, such as '/bank:1'"
	# A floor above the figure.
	PASSWORD_STORE_GEN_ALLOW_WEAK=/bank:40 gen_pass -f bank/pin
	assert_refused "$gives""PASSWORD_STORE_GEN_ALLOW_WEAK allows '/bank' down to 40 bits only"
	# A mistake in the variable is an error, whatever the policy.
	PASSWORD_STORE_GEN_ALLOW_WEAK=bank:1 gen_pass -f bank/pin
	assert_refused "pass-genhelper: PASSWORD_STORE_GEN_ALLOW_WEAK: field 1, 'bank', is neither a folder (/bank), a site (site=example.com) nor a number of bits"
	PASSWORD_STORE_GEN_ALLOW_WEAK=/bank:1.5 gen_pass -f bank/pin
	assert_refused "pass-genhelper: PASSWORD_STORE_GEN_ALLOW_WEAK: field 2: invalid floor '1.5': not a whole number"
	# At the floor: made, with the notice.
	PASSWORD_STORE_GEN_ALLOW_WEAK=/bank:1 gen_pass -f bank/pin
	assert_success
	assert_equal "${stderr_lines[0]}" "pass-genhelper: the policy file $(q "$PASSWORD_STORE_DIR/bank/.pass-gen") gives 1.0 bits, less than 128 and less than the 163.9 bits without it; allowed by PASSWORD_STORE_GEN_ALLOW_WEAK"
	[[ $(store_decrypt bank/pin) =~ ^[01]$ ]] || fail "not one bit"
}

@test "a word list whose words share a 45-byte start: judged on what bcrypt's 72 bytes keep, refused without -v" {
	mkdir -p "$PASSWORD_STORE_DIR/work"
	# 1000 words of 48 bytes: 10.0 bits a word, 14 words 139.5 bits; the
	# first 72 bytes hold one word whole, whatever is drawn.
	printf 'passwordpasswordpasswordpasswordpasswordpassw%s\n' {a..j}{a..j}{a..j} >"$PASSWORD_STORE_DIR/work/words.txt"
	printf '%s\n' '--wordlist words.txt' '--length 14' >"$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	victim_entry work/x
	gen_pass -f work/x
	assert_refused "pass-genhelper: the policy file $(q "$PASSWORD_STORE_DIR/work/.pass-gen") gives 139.5 bits, but a site that keeps only the first 72 bytes of a password (bcrypt) keeps at least 10.0 bits of it, less than 128 and less than the 163.9 bits without it; nothing was generated" \
		"such as '/work:9'"
	PASSWORD_STORE_GEN_ALLOW_WEAK=/work:11 gen_pass -f work/x
	assert_refused "PASSWORD_STORE_GEN_ALLOW_WEAK allows '/work' down to 11 bits only"
	PASSWORD_STORE_GEN_ALLOW_WEAK=/work:9 gen_pass -f work/x
	assert_success
	[[ $stderr == *"keeps at least 10.0 bits of it, less than 128 and less than the 163.9 bits without it; allowed by PASSWORD_STORE_GEN_ALLOW_WEAK" ]] || fail "stderr: $stderr"
}

@test "site rules that the entry's name picks from the table: below 128 bits only with the site's consent" {
	victim_entry lib/bpl.bibliocommons.com
	local gives="the password rules of site 'bpl.bibliocommons.com' for entry 'lib/bpl.bibliocommons.com' give 13.3 bits, less than 128 and less than the"
	# Emacs' call: 4 digits, 13.3 bits, instead of 25 of pass's 94.
	gen_pass --force lib/bpl.bibliocommons.com 25
	assert_refused "pass-genhelper: $gives 163.9 bits without them; nothing was generated: the site rules that an entry's name picks may not weaken a password unless you allow it: give --no-site-rules, or add the site and the fewest bits you accept to PASSWORD_STORE_GEN_ALLOW_WEAK, such as 'site=bpl.bibliocommons.com:13'"
	# An explicit length of 30 is not made 4 behind the user's back.
	gen_pass -f lib/bpl.bibliocommons.com 30
	assert_refused "$gives 196.6 bits without them; nothing was generated"
	# A floor above the figure, or a consent for a folder: still refused.
	PASSWORD_STORE_GEN_ALLOW_WEAK=site=bpl.bibliocommons.com:14:/lib:0 gen_pass -f lib/bpl.bibliocommons.com
	assert_refused "PASSWORD_STORE_GEN_ALLOW_WEAK allows 'site=bpl.bibliocommons.com' down to 14 bits only"
	# A site of 119.0 bits too (20 characters at most).
	gen_pass web/activision.com
	assert_failure 1
	[[ $stderr == *"site 'activision.com' for entry 'web/activision.com' give 119.0 bits, less than 128"*"such as 'site=activision.com:119'"* ]] || fail "stderr: $stderr"
	[[ ! -e $PASSWORD_STORE_DIR/web/activision.com.gpg ]] || fail "stored"
	# With the site's consent: its 4 digits, with a notice.
	PASSWORD_STORE_GEN_ALLOW_WEAK=site=BPL.bibliocommons.com:13 gen_pass -f lib/bpl.bibliocommons.com
	assert_success
	[[ ${stderr_lines[0]} == "pass-genhelper: $gives 163.9 bits without them; allowed by PASSWORD_STORE_GEN_ALLOW_WEAK" ]] || fail "stderr: $stderr"
	[[ $(store_decrypt lib/bpl.bibliocommons.com) =~ ^[0-9]{4}$ ]] || fail "not the site's 4 digits"
	# --no-site-rules, or the site asked for on the command line: the
	# user's own choice, made as asked.
	gen_pass -f --no-site-rules lib/bpl.bibliocommons.com
	assert_success
	[[ $(store_decrypt lib/bpl.bibliocommons.com) =~ ^[^[:space:]]{25}$ ]] || fail "not 25 characters"
	gen_pass -f --site bpl.bibliocommons.com lib/bpl.bibliocommons.com
	assert_success
	[[ $(store_decrypt lib/bpl.bibliocommons.com) =~ ^[0-9]{4}$ ]] || fail "not the site's 4 digits"
}

@test "a planted policy that names its entry's weak site (or its rules) is weighed against the command without site rules" {
	# The entry's name picks bpl.bibliocommons.com (4 digits); a policy
	# that asks for the same site, or the same rules, takes them over, so
	# the entry's own check does not run: the policy is weighed against
	# the command without any site rules, not against the entry's 13.3 bits.
	mkdir -p "$PASSWORD_STORE_DIR/lib"
	local policy
	for policy in '--site bpl.bibliocommons.com' '--rules minlength: 4; maxlength: 4; required: digit;'; do
		printf '%s\n' "$policy" >"$PASSWORD_STORE_DIR/lib/.pass-gen"
		plant
		victim_entry lib/bpl.bibliocommons.com
		gen_pass --force lib/bpl.bibliocommons.com 25
		assert_refused "pass-genhelper: the policy file $(q "$PASSWORD_STORE_DIR/lib/.pass-gen") gives 13.3 bits, less than 128 and less than the 163.9 bits without it; nothing was generated"
	done
	# A policy that copies the site's weakness (digits only, its length)
	# leaves the site's rules in place: the site is weighed against the
	# command with neither, not against the policy's 4 digits, and the
	# policy against the site's, so each needs its own consent.
	printf '%s\n' '--exclude [:alpha:][:punct:]' '--length 4' >"$PASSWORD_STORE_DIR/lib/.pass-gen"
	plant
	remember
	gen_pass --force lib/bpl.bibliocommons.com
	assert_refused "pass-genhelper: the password rules of site 'bpl.bibliocommons.com' for entry 'lib/bpl.bibliocommons.com' give 13.3 bits, less than 128 and less than the 163.9 bits without them; nothing was generated"
	PASSWORD_STORE_GENERATED_LENGTH=30 gen_pass --force lib/bpl.bibliocommons.com
	assert_refused "give 13.3 bits, less than 128 and less than the 196.6 bits without them; nothing was generated"
	# A policy that leaves the entry's site alone is weighed with it, and
	# the site is judged on its own: its consent is what counts.
	printf '%s\n' '--require digit' >"$PASSWORD_STORE_DIR/lib/.pass-gen"
	plant
	PASSWORD_STORE_GEN_ALLOW_WEAK=site=bpl.bibliocommons.com:13 gen_pass -f lib/bpl.bibliocommons.com 25
	assert_success
	[[ $(store_decrypt lib/bpl.bibliocommons.com) =~ ^[0-9]{4}$ ]] || fail "not the site's 4 digits"
}

@test "entry names with a leading or trailing slash: refused, so no policy is skipped and no '.gpg' is made" {
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	printf '%s\n' '--folder /bank' '--format digits' '--length 6' >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	plant
	victim_entry bank/b
	gen_pass -f /bank/b
	assert_refused "Error: the entry name '/bank/b' starts or ends with '/'"
	gen_pass fin/
	assert_refused "Error: the entry name 'fin/' starts or ends with '/'"
	[[ ! -e $PASSWORD_STORE_DIR/fin/.gpg ]]
}

@test "an entry file that is a symbolic link (to another folder's entry, or outside): refused, -i too" {
	mkdir -p "$PASSWORD_STORE_DIR/private" "$PASSWORD_STORE_DIR/team"
	store_insert private/bank $'bankpw\nrecovery: 1111-2222-3333\n'
	ln -s ../private/bank.gpg "$PASSWORD_STORE_DIR/team/x.gpg"
	plant
	VICTIM=private/bank
	remember
	gen_pass -i team/x
	assert_refused "Error: $(q "$PASSWORD_STORE_DIR/team/x.gpg") is a symbolic link; pass gen keeps entries inside the store."
	gen_pass -f team/x
	assert_refused "is a symbolic link; pass gen keeps entries inside the store."
}

@test "one 64 KiB policy line: refused at once, with a message of bounded size" {
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	{ printf -- '--format '; head -c 65000 /dev/zero | tr '\0' '\033'; printf '\n'; } >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	plant
	victim_entry bank/x
	local start=$SECONDS
	gen_pass -f bank/x
	assert_refused "line 1: control characters and invalid UTF-8 are not allowed: '--format \\x1b\\x1b"
	((SECONDS - start < 30)) || fail "took $((SECONDS - start)) s"
	((${#stderr} < 4096)) || fail "the message has ${#stderr} bytes"
}

@test "invisible and reordering characters in a policy (U+061C, U+FEFF, U+FFF9-FFFB, U+202E): refused, shown escaped" {
	local char
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	victim_entry bank/x
	for char in $'\xd8\x9c' $'\xef\xbb\xbf' $'\xef\xbf\xb9' $'\xef\xbf\xbb' $'\xe2\x80\xae'; do
		printf '%s\n' '--words' "--separator a${char}b" >"$PASSWORD_STORE_DIR/bank/.pass-gen"
		plant
		remember
		gen_pass -f bank/x
		assert_refused "line 2: control characters and invalid UTF-8 are not allowed: '--separator a\\x"
		[[ $stderr != *"$char"* ]] || fail "the character reached the terminal raw"
	done
}

@test "a pinned word list is opened once, by the helper, without following links, and hashed there" {
	command -v strace >/dev/null || skip "strace is not installed"
	mkdir -p "$PASSWORD_STORE_DIR/work"
	small_list "$PASSWORD_STORE_DIR/work/words.txt"
	local hash
	hash=$(sha256sum <"$PASSWORD_STORE_DIR/work/words.txt")
	printf '%s\n' '--wordlist words.txt' "--wordlist-sha256 ${hash%% *}" '--length 20' >"$PASSWORD_STORE_DIR/work/.pass-gen"
	plant
	# 20 words of 4 bytes are 132.9 bits, but the first 72 bytes keep 14
	# of them, 93.0 bits: the user allows it.
	PASSWORD_STORE_GEN_ALLOW_WEAK=/work:93 run --separate-stderr strace -f -qq -s 4096 -e trace=openat,open,execve -o "$BATS_TEST_TMPDIR/trace" pass gen work/x
	assert_success
	# The list: one open by the helper, with O_NOFOLLOW, relative to the
	# folder the walk opened (a descriptor, not a path from the top).  (git
	# reads the work tree afterwards, when it commits.)
	local helper opens
	helper=$(awk '/execve\("[^"]*pass-genhelper", \["[^"]*", "--pass-gen"/ { print $1; exit }' "$BATS_TEST_TMPDIR/trace")
	[[ -n $helper ]] || fail "no run of the helper in the trace"
	opens=$(grep -E "^$helper +open(at)?\\(.*words\\.txt\"" "$BATS_TEST_TMPDIR/trace")
	assert_equal "$(printf '%s\n' "$opens" | wc -l)" 1
	[[ $opens == *'openat('[0-9]*', "words.txt", '*O_NOFOLLOW* ]] || fail "$opens"
	! grep -q 'execve("[^"]*sha256sum' "$BATS_TEST_TMPDIR/trace" || fail "sha256sum was run"
	# A list changed after it was pinned is refused on the bytes read.
	printf 'zqzz\n' >>"$PASSWORD_STORE_DIR/work/words.txt"
	plant
	victim_entry work/y
	gen_pass -f work/y
	assert_refused "the word list $(q "$PASSWORD_STORE_DIR/work/words.txt") does not match its --wordlist-sha256 (line 2)"
}

# ---------------------------------------------------------------------------
# 4. Escape sequences

@test "escape sequences in a policy value (OSC title, clear screen, C1 CSI): refused, shown escaped" {
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	printf '%s\n' $'--format \e]0;pwned\a\e[2J' >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	plant
	victim_entry bank/x
	gen_pass -f bank/x
	assert_refused "line 1: control characters and invalid UTF-8 are not allowed: '--format \\x1b]0;pwned\\x07\\x1b[2J'"
	printf '%s\n' '--words' $'--separator \xc2\x9b' >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	plant
	remember
	gen_pass -f bank/x
	assert_refused "line 2: control characters and invalid UTF-8 are not allowed: '--separator \\xc2\\x9b'"
}

@test "escape sequences in a folder name: the policy's message shows them escaped" {
	local folder=$'\e[2J\e]0;pwned\a'
	mkdir -p "$PASSWORD_STORE_DIR/$folder"
	printf '%s\n' '--length' >"$PASSWORD_STORE_DIR/$folder/.pass-gen"
	plant
	victim_entry "$folder/x"
	gen_pass -f "$folder/x"
	assert_refused "pass-genhelper: the policy file '$PASSWORD_STORE_DIR/\\x1b[2J\\x1b]0;pwned\\x07/.pass-gen', line 1: --length needs a value"
}

@test "a value the helper refuses: its message shown printable" {
	mkdir -p "$PASSWORD_STORE_DIR/bank"
	printf '%s\n' "--format d'igits" >"$PASSWORD_STORE_DIR/bank/.pass-gen"
	plant
	victim_entry bank/x
	gen_pass -f bank/x
	assert_refused "pass-genhelper: with the options of the policy file $(q "$PASSWORD_STORE_DIR/bank/.pass-gen"): unknown format 'd\\'igits'" "Error: no password generated; nothing was changed."
}

# ---------------------------------------------------------------------------
# 5. Entries that are directories, names with newlines and leading dashes

@test "an entry NAME.gpg that is a directory: refused with or without -f, -i; nothing committed" {
	mkdir -p "$PASSWORD_STORE_DIR/dirent.gpg"
	printf 'keep\n' >"$PASSWORD_STORE_DIR/dirent.gpg/file"
	plant
	victim_entry x
	local opt
	for opt in -f -i --force; do
		gen_pass "$opt" dirent
		assert_refused "Error: $(q "$PASSWORD_STORE_DIR/dirent.gpg") is a directory, not an entry; nothing was changed."
	done
	gen_pass dirent 8
	assert_refused "is a directory"
	# A symbolic link to a folder is one too.
	ln -s dirent.gpg "$PASSWORD_STORE_DIR/other.gpg"
	plant
	remember
	gen_pass -f other
	assert_refused "$(q "$PASSWORD_STORE_DIR/other.gpg") is a symbolic link; pass gen keeps entries inside the store."
}

@test "an entry that is a FIFO: refused, never opened" {
	mkfifo "$PASSWORD_STORE_DIR/fifo.gpg"
	victim_entry x
	gen_pass -i fifo
	assert_refused "$(q "$PASSWORD_STORE_DIR/fifo.gpg") is not a regular file"
}

@test "entry names with a newline: messages stay one line each" {
	local name=$'new\nline'
	mkdir -p "$PASSWORD_STORE_DIR/$name.gpg"
	plant
	victim_entry x
	gen_pass -f "$name"
	assert_refused "Error: '$PASSWORD_STORE_DIR/new\\x0aline.gpg' is a directory, not an entry; nothing was changed."
	assert_equal "${#stderr_lines[@]}" 1
	# In a folder with a weak policy the user allowed: the notice names it
	# on one line.
	local folder=$'team\nb'
	mkdir -p "$PASSWORD_STORE_DIR/$folder"
	printf '%s\n' '--format digits' '--length 6' >"$PASSWORD_STORE_DIR/$folder/.pass-gen"
	plant
	PASSWORD_STORE_GEN_ALLOW_WEAK="/$folder:19" gen_pass "$folder/pin"
	assert_success
	assert_equal "$stderr" "pass-genhelper: the policy file '$PASSWORD_STORE_DIR/team\\x0ab/.pass-gen' gives 19.9 bits, less than 128 and less than the 163.9 bits without it; allowed by PASSWORD_STORE_GEN_ALLOW_WEAK"
	[[ $(store_password "$folder/pin") =~ ^[0-9]{6}$ ]] || fail "not a PIN"
}

@test "entry names with leading dashes are names, not options" {
	# 300 digits: 996.6 bits, no weaker than the command line without it.
	printf '%s\n' '--format digits' '--length 300' >"$PASSWORD_STORE_DIR/.pass-gen"
	mkdir -p "$PASSWORD_STORE_DIR/--force"
	plant
	# "-x" exists; "--force/-rf" is new: both are made as named.
	victim_entry -x
	gen_pass -f -- -x
	assert_success
	[[ $(store_password -x) =~ ^[0-9]{300}$ ]] || fail "-x: '$(store_password -x)'"
	gen_pass -- --force/-rf
	assert_success
	[[ $(store_password --force/-rf) =~ ^[0-9]{300}$ ]] || fail "--force/-rf"
	assert_equal "$(store_last_subject)" "Add generated password for --force/-rf."
	assert_equal "$(store_temp_files)" ""
	# A refusal leaves "-x" as it was.
	printf '%s\n' '--bogus' >"$PASSWORD_STORE_DIR/.pass-gen"
	plant
	remember
	gen_pass -f -- -x
	assert_refused "the policy file $(q "$PASSWORD_STORE_DIR/.pass-gen"), line 1: --bogus cannot be set in a policy file"
}
