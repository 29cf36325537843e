# shellcheck shell=bash
# status, output, lines and stderr are set by bats' `run`; single-quoted
# scripts get their values as "$1"...
# shellcheck disable=SC2154,SC2016
#
# tests/test_helper/extension.bash - what the tests of `pass gen`
# (tests/extension-*.bats) share: the store and its keys
# (test_helper/store.bash, whose hooks give each test a fresh git store;
# one GnuPG home per file with two ed25519 keys with cv25519 encryption
# subkeys and no passphrase, stores copied from templates made by
# `pass init` / `pass git init`), and the helpers below.  A file loads
# it alone:
#
#     load test_helper/extension

load test_helper/common
load test_helper/pronounceable
load test_helper/store


gen_pass() {
	run --separate-stderr pass gen "$@"
}

# The embedded word list (one word a line).
WORDLIST="$TESTS_SRCDIR/../data/wordlist.txt"

# assert_length TEXT N
assert_length() {
	[[ ${#1} -eq $2 ]] || fail "expected $2 characters, got ${#1}: '$1'"
}

# assert_zq_words N: PW is N words, each from the list zq{a..j}{a..j}.
assert_zq_words() {
	local -a words
	local stray
	read -r -a words <<<"$PW"
	[[ ${#words[@]} -eq $1 ]] || fail "expected $1 words: '$PW'"
	stray="$(printf '%s\n' "${words[@]}" | grep -vxE 'zq[a-j][a-j]')" || true
	assert_equal "$stray" ""
}

# assert_stored_equals_printed NAME: the entry holds exactly the printed
# password and a newline; sets PW.
assert_stored_equals_printed() {
	local content
	PW="$(printed_password)"
	content="$(store_decrypt "$1"; printf .)"
	assert_equal "$content" "$PW"$'\n.'
}

# assert_words TEXT N: N words from the embedded list, one space apart.
assert_words() {
	local -a words
	local stray
	read -r -a words <<<"$1"
	[[ ${#words[@]} -eq $2 ]] || fail "expected $2 words, got ${#words[@]}: '$1'"
	[[ $1 == "${words[*]}" ]] || fail "words not separated by single spaces: '$1'"
	stray="$(printf '%s\n' "${words[@]}" | grep -Fxv -f "$WORDLIST")" || true
	[[ -z $stray ]] || fail "words not in the embedded list: $stray"
}

# shortest_length BITS ALPHABET_SIZE: the shortest length whose entropy
# reaches BITS, worked out with awk.
shortest_length() {
	awk -v b="$1" -v k="$2" 'BEGIN { n = 1; while (n * log(k) / log(2) < b) n++; print n }'
}

# The helper's install location compiled into the extension under test.
installed_helper() {
	sed -n 's/^GEN_HELPER_INSTALLED="\(.*\)"$/\1/p' "$GEN_EXTENSION"
}

# write_policy FOLDER LINE...: FOLDER/.pass-gen in the store.
# The policies here test how options merge, not the strength rule
# (hostile-store.bats): each folder written is one the user allows to be
# weak, down to 0 bits, as PASSWORD_STORE_GEN_ALLOW_WEAK says, outside
# the store.
write_policy() {
	local folder=$PASSWORD_STORE_DIR/$1
	export PASSWORD_STORE_GEN_ALLOW_WEAK="${PASSWORD_STORE_GEN_ALLOW_WEAK:+$PASSWORD_STORE_GEN_ALLOW_WEAK:}/${1#.}:0"
	shift
	mkdir -p "$folder"
	printf '%s\n' "$@" >"$folder/.pass-gen"
}

# An existing one-line entry x.
prepare_x() {
	store_insert x $'old-password\n'
}

# An existing multi-line entry x.
prepare_multiline() {
	store_insert x $'old-password\nuser: alice\nurl: https://example.org/\n\nlast line\n'
}

# run_clip VERB ARGS...: `pass VERB ARGS...` on a fresh X server, then the
# clipboard into $BATS_TEST_TMPDIR/clipboard.VERB.  pass clears the
# clipboard after PASSWORD_STORE_CLIP_TIME seconds, and xclip, forked to
# hold it, may not have claimed it yet when pass returns: the read waits
# for a non-empty clipboard (up to 10 s), well inside a clear time of 45 s.
# Then pass's own way of ending its wait (the signal `pass -c` sends to an
# earlier one) lets it clear the clipboard before the server stops.
run_clip() {
	local clipboard="$BATS_TEST_TMPDIR/clipboard.$1"
	run --separate-stderr xvfb-run -a bash -c '
		out=$1; shift
		pass "$@"; rc=$?
		for _ in $(seq 50); do
			xclip -o -selection clipboard >"$out" 2>/dev/null && [ -s "$out" ] && break
			sleep 0.2
		done
		pkill -f "^password store sleep on display $DISPLAY\$" && sleep 0.5
		exit "$rc"' bash "$clipboard" "$@" 3>&-
	# xclip, still holding the selection, inherited pass's stderr and says so
	# when xvfb-run stops the server (its display number varies).
	stderr="$(grep -v '^X connection to :[0-9]* broken' <<<"$stderr")" || true
}

# answer_prompt ANSWER ARGS...: `pass ARGS...` on a terminal (expect),
# answering the overwrite question with ANSWER; the status is pass's.
answer_prompt() {
	local script="$BATS_TEST_TMPDIR/answer.exp"
	cat >"$script" <<-'_EOF'
	# The timeouts only stop a hang: a loaded machine is slow, not wrong.
	set timeout 120
	set answer [lindex $argv 0]
	spawn -noecho pass {*}[lrange $argv 1 end]
	expect {
		-exact "Overwrite it? \[y/N\] " { send -- "$answer\r" }
		timeout { puts "TIMEOUT waiting for the question"; exit 98 }
		eof { puts "EOF before the question"; exit 97 }
	}
	expect {
		eof {}
		timeout { puts "TIMEOUT waiting for pass to end"; exit 96 }
	}
	lassign [wait] pid spawnid os_error value
	exit $value
	_EOF
	run expect -f "$script" "$@"
}

# hex_escaped TEXT: TEXT as strace -xx writes it (\xhh for every byte).
hex_escaped() {
	printf '%s' "$1" | od -An -v -tx1 | tr -d ' \n' | sed 's/../\\x&/g'
}

# assert_not_in_argv LOG PASSWORD: strace -xx log LOG shows the helper ran
# and PASSWORD is in nobody's argv.
assert_not_in_argv() {
	local log=$1 password=$2
	[[ -n $password ]] || fail "no password to look for"
	grep -qF "$(hex_escaped pass-genhelper)" "$log" || fail "strace log does not show pass-genhelper running"
	grep -qF "$(hex_escaped gpg)" "$log" || fail "strace log does not show gpg running"
	! grep -F "$(hex_escaped "$password")" "$log" || fail "the password is in an execve argv (see above)"
}

# assert_usage_like_generate ARGS...: both verbs fail with status 1, one
# "Usage: pass VERB" line, pass gen's word for word pass generate's but for
# the helper's options in a word, the same other stderr lines, and write
# nothing.
assert_usage_like_generate() {
	local before ref_usage ref_rest new_usage new_rest
	before="$(store_snapshot)"
	run_pass generate "$@"
	printf 'generate: status %s\nstderr: %s\n' "$status" "$stderr"
	[[ $status -eq 1 ]] || fail "pass generate: expected status 1, got $status"
	[[ $stderr == *"Usage: pass generate "* ]] || fail "pass generate printed no usage line"
	ref_usage="$(grep '^Usage: ' <<<"$stderr")" || true
	ref_rest="$(grep -v '^Usage: ' <<<"$stderr")" || true
	run_pass gen "$@"
	printf 'gen: status %s\nstdout: %s\nstderr: %s\n' "$status" "$output" "$stderr"
	[[ $status -eq 1 ]] || fail "pass gen: expected status 1, got $status"
	[[ -z $output ]] || fail "pass gen: stdout should be empty"
	[[ $(grep -c '^Usage: pass gen ' <<<"$stderr") -eq 1 ]] || fail "pass gen: expected one 'Usage: pass gen' line"
	new_usage="$(grep '^Usage: ' <<<"$stderr")" || true
	new_usage=${new_usage/#Usage: pass gen /Usage: pass generate }
	assert_equal "${new_usage/ \[pass-genhelper options\]/}" "$ref_usage"
	new_rest="$(grep -v '^Usage: ' <<<"$stderr")" || true
	assert_equal "$new_rest" "$ref_rest"
	assert_equal "$(store_snapshot)" "$before"
}
