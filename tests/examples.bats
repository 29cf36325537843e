#!/usr/bin/env bats
# The examples of README.md and the man pages, run for real and compared
# with what the documents show, so that they cannot drift from the program.
#
# Which blocks are examples:
#   README.md   every ```console fence; a line "$ COMMAND" is a command
#               and the lines after it, up to the next command or the end
#               of the fence, are its output (stdout and stderr together).
#   man pages   every .EX ... .EE block right after the comment line
#               '.\" checked example', read the same way once the roff
#               escapes are decoded.
# A command "cat FILE" (a policy file, say) writes its shown output to
# FILE first: the documents set up the files their later examples use.
#
# The commands of one document run in order, in one HOME with a git store
# (pass init and pass git init) and pass gen installed as a user
# extension, with a real gpg key made for the file (test_helper/store),
# through bash -c, from the folder the previous command left.
#
# What must match, line by line, once commit ids, the test's HOME (shown as
# /home/alice) and pass's colours are set aside:
#   - the number of lines and the exit status (a failure is expected when
#     the document shows an "Error: " or "Try '" line);
#   - every message line exactly: the helper's (the entropy figure
#     included), pass gen's and pass's, git's, mkdir's;
#   - a generated secret, which differs from run to run, by its shape:
#     the helper's alphabet for these options (--print-alphabet with the
#     arguments pass-genhelper was last run with, through a logging
#     wrapper): a password has the length shown and only characters of
#     the alphabet, in the document and in the run; a passphrase has the
#     number of words shown, each a word of the list, and as many other
#     characters (separators, digit, symbol).
# Nothing here is probabilistic: a shape either holds or not.
#
# To see the real output of every example (to update a document), set
# EXAMPLES_RECORD to a file: each command and its normalised output are
# appended to it, and nothing is checked (the tests then fail).

# status, output, lines and stderr are set by bats' `run`.
# shellcheck disable=SC2154

bats_require_minimum_version 1.5.0

load test_helper/common
load test_helper/store

DOCS="$TESTS_SRCDIR/.."

# Lines that are messages, compared exactly (never taken for a secret).
MESSAGE_RE="^(pass-genhelper: |pass-with-gen: |Warning: |Error: |mkdir: |Try '|\\[<commit>\\]| [0-9]+ files? changed| create mode |The generated password for )"

setup() {
	store_setup
	unset PASSWORD_STORE_DIR
	export HOME="$BATS_TEST_TMPDIR/home"
	mkdir -p "$HOME"
	cp "$BATS_FILE_TMPDIR/home/.gitconfig" "$HOME/"
	cp -a "$STORE_TEMPLATES/git" "$HOME/.password-store"
	# pass-genhelper and pass-with-gen by name, as the documents call
	# them; the helper through a wrapper that keeps its last arguments.
	EXAMPLES_BIN="$BATS_TEST_TMPDIR/bin"
	EXAMPLES_LOG="$BATS_TEST_TMPDIR/helper-args"
	mkdir -p "$EXAMPLES_BIN"
	cat >"$EXAMPLES_BIN/pass-genhelper" <<-_EOF
	#!/bin/sh
	# pass gen's --printable calls are not the run that made the secret.
	[ "\${1-}" = --printable ] && exec '$PASS_GENHELPER' "\$@"
	pwd >'$EXAMPLES_LOG.cwd'
	printf '%s' "\${PASSWORD_STORE_GEN_ALLOW_WEAK-}" >'$EXAMPLES_LOG.weak'
	: >'$EXAMPLES_LOG'
	# pass gen's private copy of a policy is gone when the run ends: keep one.
	prev=
	for a in "\$@"; do
		if [ "\$prev" = --pass-policy ]; then cp "\$a" '$EXAMPLES_LOG.policy'; a='$EXAMPLES_LOG.policy'; fi
		printf '%s\\0' "\$a" >>'$EXAMPLES_LOG'
		prev=\$a
	done
	exec '$PASS_GENHELPER' "\$@"
	_EOF
	chmod +x "$EXAMPLES_BIN/pass-genhelper"
	ln -s "$DOCS/route/pass-with-gen" "$EXAMPLES_BIN/pass-with-gen"
	export PATH="$EXAMPLES_BIN:$PATH" EXAMPLES_LOG
	export PASSWORD_STORE_GENHELPER="$EXAMPLES_BIN/pass-genhelper"
	cd "$HOME" || return 1
}

# extract_examples FILE: the examples of FILE into $BATS_TEST_TMPDIR/ex/,
# N.cmd (the command) and N.out (the output shown), N from 1 in order;
# sets EXAMPLE_COUNT.
extract_examples() {
	local file=$1 dir="$BATS_TEST_TMPDIR/ex"
	rm -rf "$dir"
	mkdir -p "$dir"
	if [[ $file == *.md ]]; then
		awk '
			/^```/ { inside = ($0 == "```console" && !inside); next }
			inside { print }
		' "$file"
	else
		# Decode the escapes the examples use; \e last, through \001,
		# so that "\e" before another escape stays a backslash.
		awk '
			$0 == ".\\\" checked example" { armed = 1; next }
			armed && $0 == ".EX" { inside = 1; armed = 0; next }
			inside && $0 == ".EE" { inside = 0; next }
			inside { print }
		' "$file" | sed -e 's/\\e/\x01/g' -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" \
			-e 's/\\(ga/`/g' -e 's/\\(ti/~/g' -e 's/\\(dq/"/g' -e 's/\\(ha/^/g' \
			-e 's/\\&//g' -e 's/\\%//g' -e 's/\\f[BIRP]//g' -e 's/\x01/\\/g'
	fi | awk -v dir="$dir" '
		/^\$ / { n++; print substr($0, 3) > (dir "/" n ".cmd"); printf "" > (dir "/" n ".out"); next }
		n { print >> (dir "/" n ".out") }
		END { print n + 0 > (dir "/count") }
	'
	EXAMPLE_COUNT=$(<"$dir/count")
}

# The output of a run as the documents show it: no colours, the test's
# HOME as /home/alice.
normalize() {
	sed -e $'s/\e\\[[0-9;]*m//g' -e "s|$HOME|/home/alice|g"
}

# A commit's branch and id as <commit>, on both sides (the test's git
# names its branch master, and ids differ from run to run).
mask_commits() {
	sed -e 's/^\[[^ ]* [0-9a-f]\{7,\}\]/[<commit>]/'
}

# The alphabet (one line) or word list (one word a line) of the helper's
# last run, into ALPHABET; WORDS=1 for a word list.
last_alphabet() {
	local -a args=( ) kept=( )
	local arg
	mapfile -d '' -t args <"$EXAMPLES_LOG"
	for arg in "${args[@]}"; do
		[[ $arg == --null || $arg == -z ]] || kept+=( "$arg" )
	done
	ALPHABET="$(cd "$(<"$EXAMPLES_LOG.cwd")" && PASSWORD_STORE_GEN_ALLOW_WEAK=$(<"$EXAMPLES_LOG.weak") "$PASS_GENHELPER" "${kept[@]}" --print-alphabet)" ||
		fail "--print-alphabet failed for: ${kept[*]}"
	WORDS=0
	[[ $ALPHABET == *$'\n'* ]] && WORDS=1
	return 0
}

# assert_in_alphabet TEXT: every character of TEXT is in ALPHABET.
assert_in_alphabet() {
	tr_literal_set "$ALPHABET"
	[[ -z "$(printf '%s' "$1" | LC_ALL=C tr -d "$REPLY")" ]] ||
		fail "'$1' has characters outside the alphabet '$ALPHABET'"
}

# passphrase_shape TEXT: SHAPE="WORDS OTHERS" (the number of words and of
# other characters), failing when a word is not one of the list in ALPHABET.
passphrase_shape() {
	local text=$1 word letters others
	local -a words
	# The characters words are made of, in both cases.
	tr_literal_set "$(printf '%s' "$ALPHABET" | sed 'p; s/.*/\U&/' | fold -w 1 | LC_ALL=C sort -u | tr -d '\n')"
	read -r -a words <<<"$(printf '%s' "$text" | LC_ALL=C tr -c "$REPLY" ' ')"
	letters=0
	for word in "${words[@]}"; do
		grep -Fxiq -e "$word" <<<"$ALPHABET" || fail "'$word' in '$text' is not a word of the list"
		letters=$((letters + ${#word}))
	done
	others=$((${#text} - letters))
	SHAPE="${#words[@]} $others"
}

# run_examples FILE MINIMUM: run every example of FILE (at least MINIMUM of
# them) and check it.
run_examples() {
	local file=$1 minimum=$2 dir="$BATS_TEST_TMPDIR/ex" i cmd cwd="$HOME" target
	local -a shown got
	local expect_failure j expected
	extract_examples "$file"
	((EXAMPLE_COUNT >= minimum)) ||
		fail "$file: expected at least $minimum examples, found $EXAMPLE_COUNT"
	for ((i = 1; i <= EXAMPLE_COUNT; i++)); do
		cmd=$(<"$dir/$i.cmd")
		mapfile -t shown < <(mask_commits <"$dir/$i.out")
		if [[ $cmd =~ ^cat\ ([^ ]+)$ ]]; then
			target=${BASH_REMATCH[1]}
			target=${target/#\~/$HOME}
			mkdir -p "$(dirname "$target")"
			cp "$dir/$i.out" "$target"
		fi
		rm -f "$EXAMPLES_LOG"
		run bash -c 'cd "$1" || exit 99; eval "$2"; s=$?; pwd >"$3"; exit $s' \
			example "$cwd" "$cmd" "$BATS_TEST_TMPDIR/cwd"
		cwd=$(<"$BATS_TEST_TMPDIR/cwd")
		if [[ -n ${EXAMPLES_RECORD-} ]]; then
			printf '%s: $ %s\n' "${file##*/}" "$cmd" >>"$EXAMPLES_RECORD"
			printf '%s' "$output" | normalize >>"$EXAMPLES_RECORD"
			[[ -z $output ]] || echo >>"$EXAMPLES_RECORD"
			continue
		fi
		mapfile -t got < <(printf '%s' "$output" | normalize | mask_commits)
		echo "example $i of $file: \$ $cmd (status $status)"
		printf '  shown: %s\n' "${shown[@]}"
		printf '  run:   %s\n' "${got[@]}"
		expect_failure=0
		printf '%s\n' "${shown[@]}" | grep -Eq "^(Error: |Try ')" && expect_failure=1
		if ((expect_failure)); then
			[[ $status -ne 0 ]] || fail "$file: '\$ $cmd' should fail, as shown"
		else
			[[ $status -eq 0 ]] || fail "$file: '\$ $cmd' failed with status $status"
		fi
		[[ ${#got[@]} -eq ${#shown[@]} ]] ||
			fail "$file: '\$ $cmd' shows ${#shown[@]} lines, the run printed ${#got[@]}"
		for ((j = 0; j < ${#shown[@]}; j++)); do
			[[ ${got[j]} == "${shown[j]}" ]] && continue
			[[ ! ${shown[j]} =~ $MESSAGE_RE && ! ${got[j]} =~ $MESSAGE_RE ]] ||
				fail "$file: '\$ $cmd', line $((j + 1)): shown '${shown[j]}', got '${got[j]}'"
			[[ -f $EXAMPLES_LOG ]] || fail "$file: '\$ $cmd', line $((j + 1)) differs and no helper ran"
			last_alphabet
			if ((WORDS)); then
				passphrase_shape "${shown[j]}"
				expected=$SHAPE
				passphrase_shape "${got[j]}"
				assert_equal "$SHAPE" "$expected"
			else
				assert_equal "${#got[j]}" "${#shown[j]}"
				assert_in_alphabet "${shown[j]}"
				assert_in_alphabet "${got[j]}"
			fi
		done
	done
	[[ -z ${EXAMPLES_RECORD-} ]] || fail "recorded in $EXAMPLES_RECORD; nothing was checked"
}

@test "README.md: every console example, as shown" {
	run_examples "$DOCS/README.md" 20
}

@test "pass-genhelper(1): every checked example, as shown" {
	run_examples "$DOCS/man/pass-genhelper.1" 8
}

@test "pass-gen(1): every checked example, as shown" {
	run_examples "$DOCS/man/pass-gen.1" 8
}

@test "pass-with-gen(1): every checked example, as shown" {
	run_examples "$DOCS/man/pass-with-gen.1" 1
}
