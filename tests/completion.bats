#!/usr/bin/env bats
# Shell completion (completion/) for pass-genhelper and for `pass gen`, run in
# the real shells with pass 1.7.4's own completion files (how each shell
# reaches `pass gen` is in the comment at the top of each completion/ file),
# each of our files put where it would be installed:
#
#   bash  pass-genhelper.bash -> a bash-completion completions folder as
#         "pass-genhelper", loaded lazily by command name (the user folder
#         BASH_COMPLETION_USER_DIR/completions stands in for completionsdir);
#         pass-gen.bash -> the folder bash-completion sources at startup
#         (BASH_COMPLETION_COMPAT_DIR stands in for /etc/bash_completion.d).
#   zsh   _pass-gen -> a folder of $fpath just before the
#         one holding pass's _pass (where vendor-functions or site-functions
#         are on Debian); an interactive zsh under zpty completes with a
#         recording compadd.
#   fish  pass-genhelper.fish -> DATA/fish/vendor_completions.d and
#         pass-gen.fish -> DATA/fish/vendor_conf.d, with XDG_DATA_DIRS=DATA,
#         which is how fish finds vendor folders; `complete -C` shows what
#         fish offers.
#
# The password store is a folder of empty *.gpg files: completion never
# decrypts anything, so no gpg key is needed.

# status, output, lines and stderr are set by bats' `run`; single-quoted
# `bash -c` scripts get their values as "$1".
# A test that sets STORE (a hostile store) does so for itself only.
# shellcheck disable=SC2154,SC2016,SC2030,SC2031

bats_require_minimum_version 1.5.0

load test_helper/common

setup_file() {
	local root=$BATS_FILE_TMPDIR src

	src=$(cd "$TESTS_SRCDIR/../completion" && pwd)
	COMPLETION_SRC=$src
	EXTENSION_SRC=$(cd "$TESTS_SRCDIR/../extension" && pwd)/gen.bash.in

	STORE=$root/store
	mkdir -p "$STORE/folder/sub" "$STORE/empty" "$STORE/.git" "$root/words" "$root/home"
	touch "$STORE/foo.gpg" "$STORE/bar.gpg" "$STORE/folder/site.gpg" \
		"$STORE/folder/sub/deep.gpg" "$STORE/.gpg-id" "$root/words/list.txt"
	TEST_HOME=$root/home

	# bash: the two install locations.
	mkdir -p "$root/bash-user/completions" "$root/bash-compat"
	cp "$src/pass-genhelper.bash" "$root/bash-user/completions/pass-genhelper"
	cp "$src/pass-gen.bash" "$root/bash-compat/pass-gen"

	# zsh: one file for pass-genhelper, pass and pass-with-gen.
	mkdir -p "$root/zsh-functions"
	cp "$src/_pass-gen" "$root/zsh-functions/"

	# fish: a vendor data folder, and pass-genhelper and pass-with-gen on
	# PATH (fish loads a command's completions only if the command exists;
	# every shell asks pass-genhelper for the sites of --site).
	mkdir -p "$root/share/fish/vendor_completions.d" "$root/share/fish/vendor_conf.d" "$root/bin"
	cp "$src/pass-genhelper.fish" "$root/share/fish/vendor_completions.d/"
	cp "$src/pass-gen.fish" "$root/share/fish/vendor_conf.d/"
	ln -s "$GEN" "$root/bin/pass-genhelper"
	ln -s "$(cd "$TESTS_SRCDIR/../route" && pwd)/pass-with-gen" "$root/bin/pass-with-gen"

	write_bash_driver "$root/complete.bash"
	write_bash_interactive "$root/interactive.bashrc" "$root/interactive.exp"
	write_zsh_driver "$root/zshrc" "$root/complete.zsh"

	export COMPLETION_SRC EXTENSION_SRC STORE TEST_HOME
}

# ---------------------------------------------------------------------------
# Drivers

# complete.bash LINE: load bash-completion, complete LINE (cursor at the end,
# words split at spaces) by calling the completion function bash would call,
# and print COMPREPLY sorted, one per line.  If the command's completion was
# not loaded yet, first do what bash does: run the default completion
# (`complete -D`: bash-completion's _comp_complete_load, or
# _completion_loader before 2.12), which loads the file named after the
# command and returns 124; then print "loaded: " and the new spec on
# stderr.
write_bash_driver() {
	cat >"$1" <<'EOF'
source /usr/share/bash-completion/bash_completion || exit 1
compopt() { :; }  # no completion is in progress whose options could change
line=$1
read -ra COMP_WORDS <<<"$line"
[[ -z $line || $line == *' ' ]] && COMP_WORDS+=("")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMP_LINE=$line
COMP_POINT=${#line}
cmd=${COMP_WORDS[0]}
if ! spec=$(complete -p "$cmd" 2>/dev/null); then
	[[ $(complete -p -D) =~ -F\ ([^ ]+) ]] || { echo "no default completion"; exit 1; }
	loader=${BASH_REMATCH[1]}
	"$loader" "$cmd"
	status=$?
	[[ $status -eq 124 ]] || { echo "$loader returned $status"; exit 1; }
	spec=$(complete -p "$cmd") || exit 1
	echo "loaded: $spec" >&2
fi
[[ $spec =~ -F\ ([^ ]+) ]] || { echo "no function in: $spec"; exit 1; }
COMPREPLY=()
"${BASH_REMATCH[1]}" "$cmd" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
((${#COMPREPLY[@]} == 0)) || printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort
EOF
}

# An interactive bash under expect: for each LINE, type it, press TAB, then
# C-t, bound to print the edited line between << and >>.
write_bash_interactive() {
	cat >"$1" <<'EOF'
PS1='READY> '
source /usr/share/bash-completion/bash_completion
bind 'set bell-style none'
bind -x '"\C-t": printf "\n<<%s>>\n" "$READLINE_LINE"; READLINE_LINE=; READLINE_POINT=0'
EOF
	cat >"$2" <<'EOF'
set timeout 60
log_user 0
spawn -noecho bash --noprofile --rcfile $env(BASHRC_UNDER_TEST) -i
expect {
	"READY> " {}
	timeout { puts "TIMEOUT waiting for the prompt"; exit 1 }
}
foreach line $argv {
	send "$line\t\x14"
	expect {
		-re {<<([^\r\n]*)>>} { puts "$expect_out(1,string)" }
		timeout { puts "TIMEOUT after: $line"; exit 1 }
	}
}
send "exit\r"
expect eof
EOF
}

# complete.zsh LINE: an interactive `zsh -f` under zpty sources zshrc, then
# LINE is typed and TAB pressed.  TAB runs the completion system through
# complete-word; every compadd is first run with -O, which yields the matches
# it would add (after matching against the word), and those are appended to
# $ZT_OUT, then the edited line as "buffer: LINE".
write_zsh_driver() {
	cat >"$1" <<'EOF'
PS1='READY> '
unsetopt beep
integer i
for (( i = 1; i <= $#fpath; i++ )); do
  [[ -f $fpath[i]/_pass ]] && break
done
(( i <= $#fpath )) || { print -u2 "no _pass in fpath"; exit 1 }
if [[ $ZT_PLACE == after ]]; then
  fpath[i]=($fpath[i] $ZT_FUNCTIONS)
else
  fpath[i]=($ZT_FUNCTIONS $fpath[i])  # just before pass's own folder
fi
autoload -Uz compinit
compinit -u -D
compadd() {
  local arg
  for arg in "$@"; do
    [[ $arg == -- ]] && break
    [[ $arg == -[[:alpha:]]#[OAD]* ]] && { builtin compadd "$@"; return }
  done
  local -a zt_matches
  builtin compadd -O zt_matches "$@"
  (( $#zt_matches )) && print -rl -- $zt_matches >>$ZT_OUT
  builtin compadd "$@"
}
zle -C zt-complete complete-word _main_complete
zt-tab() {
  zle zt-complete
  print -r -- "buffer: $BUFFER" >>$ZT_OUT
  BUFFER=
  zle -M '<<DONE>>'
}
zle -N zt-tab
bindkey '^I' zt-tab
EOF
	cat >"$2" <<'EOF'
zmodload zsh/zpty || exit 3
zpty z zsh -f -i
zpty -w z "source ${(q)ZT_RC}"
zpty -r -m z out '*READY> *' || exit 4
zpty -w -n z "$1"$'\t'
zpty -r -m z out '*<<DONE>>*' || exit 5
zpty -d z
EOF
}

# ---------------------------------------------------------------------------
# Helpers

need_bash_completion() {
	[[ -f /usr/share/bash-completion/bash_completion ]] ||
		skip "bash-completion is not installed"
	[[ -f /usr/share/bash-completion/completions/pass ]] ||
		skip "pass's bash completion is not installed (/usr/share/bash-completion/completions/pass)"
}

need_zsh() {
	command -v zsh >/dev/null || skip "zsh is not installed"
	zsh -fc 'zmodload zsh/zpty' 2>/dev/null || skip "zsh has no zsh/zpty module"
	zsh -fc 'for d in $fpath; [[ -f $d/_pass ]] && exit 0; exit 1' ||
		skip "pass's zsh completion (_pass) is not in zsh's fpath"
}

need_fish() {
	command -v fish >/dev/null || skip "fish is not installed"
}

# The *_complete drivers below run the shell with a clean environment,
# plus the assignments in COMPLETE_ENV when a test sets it.

# bash_complete LINE: what bash's completion offers (see complete.bash), in
# $output; in $stderr, how the completion was loaded.
bash_complete() {
	need_bash_completion
	run --separate-stderr env -i ${COMPLETE_ENV[@]+"${COMPLETE_ENV[@]}"} HOME="$TEST_HOME" PATH="$BATS_FILE_TMPDIR/bin:$PATH" \
		BASH_COMPLETION_USER_DIR="$BATS_FILE_TMPDIR/bash-user" \
		BASH_COMPLETION_COMPAT_DIR="$BATS_FILE_TMPDIR/bash-compat" \
		PASSWORD_STORE_DIR="$STORE" \
		bash --norc --noprofile "$BATS_FILE_TMPDIR/complete.bash" "$1"
	printf 'bash completes: %s\n%s\nstderr: %s\n' "$1" "$output" "$stderr"
	[[ $status -eq 0 ]] || fail "the bash driver failed with status $status"
}

# zsh_complete LINE: the matches zsh adds for LINE<TAB>, sorted, one per
# line, then "buffer: " and the line as TAB left it.  With ZT_PLACE=after,
# our folder comes just after pass's in $fpath instead of before.
zsh_complete() {
	local out=$BATS_TEST_TMPDIR/zsh.out matches buffer

	need_zsh
	: >"$out"
	run env -i ${COMPLETE_ENV[@]+"${COMPLETE_ENV[@]}"} HOME="$TEST_HOME" PATH="$BATS_FILE_TMPDIR/bin:$PATH" TERM=xterm \
		ZT_RC="$BATS_FILE_TMPDIR/zshrc" ZT_FUNCTIONS="$BATS_FILE_TMPDIR/zsh-functions" \
		ZT_OUT="$out" ZT_PLACE="${ZT_PLACE-}" PASSWORD_STORE_DIR="$STORE" \
		timeout 120 zsh -f "$BATS_FILE_TMPDIR/complete.zsh" "$1"
	[[ $status -eq 0 ]] || fail "the zsh driver failed with status $status: $output"
	matches=$(grep -v '^buffer: ' "$out" | LC_ALL=C sort -u)
	buffer=$(grep '^buffer: ' "$out")
	if [[ -n $matches ]]; then
		run printf '%s\n%s\n' "$matches" "$buffer"
	else
		run printf '%s\n' "$buffer"
	fi
	printf 'zsh completes: %s\n%s\n' "$1" "$output"
}

# fish_complete LINE: the candidates of `complete -C LINE`, without their
# descriptions, sorted.
fish_complete() {
	need_fish
	run env -i ${COMPLETE_ENV[@]+"${COMPLETE_ENV[@]}"} HOME="$TEST_HOME" PATH="$BATS_FILE_TMPDIR/bin:$PATH" \
		XDG_DATA_DIRS="$BATS_FILE_TMPDIR/share" PASSWORD_STORE_DIR="$STORE" \
		timeout 120 fish -c "complete -C -- \$argv[1]" "$1"
	[[ $status -eq 0 ]] || fail "fish failed with status $status: $output"
	run bash -c 'printf "%s\n" "$1" | cut -f 1 | LC_ALL=C sort' _ "$output"
	printf 'fish completes: %s\n%s\n' "$1" "$output"
}

# The long options, sorted, one per line, from the source of truth:
# pass-genhelper --help, and the option table of the extension, from which
# its getopt call is made.
helper_long_options() {
	"$GEN" --help | sed -n -E 's/^ +(-[[:alnum:]], )?(--[a-z-]+).*/\2/p' | LC_ALL=C sort
}

gen_long_options() {
	"$GEN" --list-pass-gen-options | cut -f 1 | sed 's/^/--/' | LC_ALL=C sort
}

lines() {
	printf '%s\n' "$@"
}

# ---------------------------------------------------------------------------
# bash

@test "bash: the drivers load bash-completion without its compatibility names" {
	# bash-completion 2.12 and later (Debian 13 has 2.16) keep the names of
	# 2.11 (Debian 12) only in a compatibility file in
	# BASH_COMPLETION_COMPAT_DIR, which the drivers point elsewhere: a
	# completion that calls an old name fails the tests there, as on a
	# system without that file.  Where the new names are missing (2.11),
	# the old ones are the API and must be there.
	need_bash_completion
	run env -i PATH="$PATH" HOME="$TEST_HOME" BASH_COMPLETION_COMPAT_DIR="$BATS_FILE_TMPDIR/bash-compat" \
		bash --norc --noprofile -c 'source /usr/share/bash-completion/bash_completion || exit 1
			for name in _comp_initialize _comp_compgen _comp_load _init_completion _filedir \
				__load_completion _completion_loader; do
				if declare -F "$name" >/dev/null; then echo "$name"; fi
			done'
	assert_success
	if [[ $output == *_comp_load* ]]; then
		assert_output "$(lines _comp_initialize _comp_compgen _comp_load)"
	else
		assert_output "$(lines _init_completion _filedir __load_completion _completion_loader)"
	fi
}

@test "bash: pass-genhelper's completion is loaded lazily, by command name" {
	bash_complete 'pass-genhelper --for'
	assert_output --format
	assert_equal "$stderr" 'loaded: complete -F _pass_genhelper pass-genhelper'
}

@test "bash: pass's completion is loaded lazily; pass-gen was loaded at startup" {
	bash_complete 'pass gen --form'
	assert_output --format
	assert_equal "$stderr" 'loaded: complete -o filenames -F _pass pass'
}

@test "bash: pass-genhelper completes every long option of its --help" {
	bash_complete 'pass-genhelper --'
	assert_output "$(helper_long_options)"
}

@test "bash: pass-genhelper --format b offers the b formats" {
	bash_complete 'pass-genhelper --format b'
	assert_line base32
	assert_line base64
	assert_line base64url
	assert_equal "${#lines[@]}" 3
}

@test "bash: pass-genhelper --require completes the class after the last comma" {
	bash_complete 'pass-genhelper --require lower,u'
	assert_output lower,upper
	bash_complete 'pass-genhelper -r digit,'
	refute_line --partial digit,digit
	assert_line digit,lower
	assert_line digit,punct
	assert_line digit,upper
}

@test "bash: pass-genhelper --capitalize and --wordlist" {
	bash_complete 'pass-genhelper --capitalize '
	assert_output "$(lines all first none random)"
	bash_complete "pass-genhelper --wordlist $BATS_FILE_TMPDIR/words/li"
	assert_line "$BATS_FILE_TMPDIR/words/list.txt"
}

@test "bash: pass g offers gen next to generate" {
	bash_complete 'pass g'
	assert_output "$(lines gen generate git grep)"
}

@test "bash: pass gen -- offers every long option of the extension" {
	bash_complete 'pass gen --'
	assert_output "$(gen_long_options)"
	assert_line --entropy
	assert_line --format
	assert_line --no-symbols
}

@test "bash: pass gen --format and -t complete format names" {
	bash_complete 'pass gen --format '
	assert_output "$(lines alnum alpha base32 base64 base64url default digit digits graph hex lower pass passphrase pronounceable upper words)"
	bash_complete 'pass gen -nt ba'
	assert_output "$(lines base32 base64 base64url)"
	bash_complete 'pass gen --capitalize r'
	assert_output random
}

@test "bash: pass gen completes store entries, then nothing for pass-length" {
	bash_complete 'pass gen fo'
	assert_output "$(lines folder/ foo)"
	bash_complete 'pass gen folder/'
	assert_output "$(lines folder/site folder/sub/)"
	bash_complete 'pass gen -e 128 --format hex folder/s'
	assert_output "$(lines folder/site folder/sub/)"
	bash_complete 'pass gen -e 128 foo '
	assert_output ''
}

# A store whose writer chose names that would run or show something:
# command substitutions, a variable, control characters, and (for fish) a
# link out of the store.  Only "safe" and "folder/" are fit to offer.
make_hostile_store() {
	local store=$BATS_TEST_TMPDIR/hostile
	mkdir -p "$store/folder" "$store/x\$(touch pwned)" "$store/bell"$'\a'
	touch "$store/safe.gpg" "$store/folder/in.gpg" "$store/who\`whoami\`.gpg" \
		"$store/home\$HOME.gpg" "$store/x\$(touch pwned)/in.gpg" "$store/bell"$'\a/in.gpg' \
		"$store/esc"$'\e]0;title\a'".gpg"
	ln -s / "$store/out"
	printf '%s\n' "$store"
}

# complete_in_hostile_store DRIVER: `pass gen <TAB>` by DRIVER
# (bash_complete, fish_complete) in that store; fails if it ran a command.
complete_in_hostile_store() {
	local STORE
	STORE=$(make_hostile_store)
	"$1" 'pass gen '
	[[ ! -e $BATS_TEST_TMPDIR/pwned && ! -e pwned ]] || fail "completion ran a command"
}

@test "bash: pass gen offers no entry name that bash would insert other than it is" {
	complete_in_hostile_store bash_complete
	assert_output "$(lines folder/ out/ safe)"
}

@test "bash: pass's own commands still complete as before" {
	bash_complete 'pass generate --'
	assert_output "$(lines --clip --force --in-place --no-symbols)"
}

@test "bash: the pass-gen snippet can be sourced twice and keeps other extensions" {
	need_bash_completion
	run env -i PATH="$PATH" bash --norc --noprofile -c '
		PASSWORD_STORE_EXTENSION_COMMANDS=(otp)
		source "$1"; source "$1"
		printf "%s\n" "${PASSWORD_STORE_EXTENSION_COMMANDS[@]}"
		declare -F __password_store_extension_complete_gen' _ "$COMPLETION_SRC/pass-gen.bash"
	assert_success
	assert_output "$(lines otp gen __password_store_extension_complete_gen)"
}

@test "bash: TAB in an interactive bash (readline, --opt=value, lazy and eager loading)" {
	need_bash_completion
	command -v expect >/dev/null || skip "expect is not installed"
	run env -i HOME="$TEST_HOME" PATH="$PATH" TERM=xterm \
		BASHRC_UNDER_TEST="$BATS_FILE_TMPDIR/interactive.bashrc" \
		BASH_COMPLETION_USER_DIR="$BATS_FILE_TMPDIR/bash-user" \
		BASH_COMPLETION_COMPAT_DIR="$BATS_FILE_TMPDIR/bash-compat" \
		PASSWORD_STORE_DIR="$STORE" \
		timeout 120 expect "$BATS_FILE_TMPDIR/interactive.exp" \
		'pass-genhelper --form' 'pass-genhelper --require=lower,u' \
		'pass gen --form' 'pass gen --format=base3' 'pass gen -t hex fol' 'pass gen folder/si'
	assert_success
	assert_output "$(lines 'pass-genhelper --format ' 'pass-genhelper --require=lower,upper' \
		'pass gen --format ' 'pass gen --format=base32 ' 'pass gen -t hex folder/' 'pass gen folder/site ')"
}

# ---------------------------------------------------------------------------
# zsh

@test "zsh: pass-genhelper completes options, formats and capitalize modes" {
	zsh_complete 'pass-genhelper --for'
	assert_output "$(lines --format 'buffer: pass-genhelper --format=')"
	zsh_complete 'pass-genhelper --capitalize '
	assert_output "$(lines all first none random 'buffer: pass-genhelper --capitalize ')"
	zsh_complete 'pass-genhelper -f b'
	assert_output "$(lines base32 base64 base64url 'buffer: pass-genhelper -f base')"
}

@test "zsh: pass-genhelper completes every long option of its --help" {
	zsh_complete 'pass-genhelper --'
	assert_output "$(lines "$(helper_long_options)" 'buffer: pass-genhelper --')"
}

@test "zsh: pass-genhelper --require and character sets" {
	zsh_complete 'pass-genhelper --require lower,u'
	assert_output "$(lines upper 'buffer: pass-genhelper --require lower,upper,')"
	zsh_complete 'pass-genhelper --charset '
	assert_line '[:alnum:]'
	assert_line '[:punct:]'
	assert_line 'buffer: pass-genhelper --charset \[:'
}

@test "zsh: pass g offers gen next to generate" {
	zsh_complete 'pass g'
	assert_output "$(lines gen generate git grep 'buffer: pass g')"
}

@test "zsh: pass gen -- offers every long option of the extension" {
	zsh_complete 'pass gen --'
	assert_output "$(lines "$(gen_long_options)" 'buffer: pass gen --')"
}

@test "zsh: pass gen --format b and --capitalize" {
	zsh_complete 'pass gen --format b'
	assert_output "$(lines base32 base64 base64url 'buffer: pass gen --format base')"
	zsh_complete 'pass gen -n --capitalize r'
	assert_output "$(lines random 'buffer: pass gen -n --capitalize random ')"
}

@test "zsh: pass gen completes store entries, one folder at a time" {
	zsh_complete 'pass gen fo'
	assert_output "$(lines folder foo 'buffer: pass gen fo')"
	zsh_complete 'pass gen -e 128 folder/s'
	assert_output "$(lines folder/site folder/sub 'buffer: pass gen -e 128 folder/s')"
	zsh_complete 'pass gen ba'
	assert_output "$(lines bar 'buffer: pass gen bar ')"
}

@test "zsh: pass gen completes into a folder whose name is quoted on the line" {
	local STORE=$BATS_TEST_TMPDIR/quoted
	mkdir -p "$STORE/a b" "$STORE/c;\$d"
	touch "$STORE/a b/in.gpg" "$STORE/c;\$d/in.gpg"
	zsh_complete 'pass gen a\ b/'
	assert_output "$(lines 'a b/in' 'buffer: pass gen a\ b/in ')"
	zsh_complete 'pass gen c\;\$d/'
	assert_output "$(lines 'c;$d/in' 'buffer: pass gen c\;\$d/in ')"
}

@test "zsh: pass's own commands still complete through pass's _pass" {
	zsh_complete 'pass generate --'
	assert_output "$(lines --clip --force --in-place --no-symbols 'buffer: pass generate --')"
	zsh_complete 'pass show f'
	assert_output "$(lines folder/site folder/sub/deep foo 'buffer: pass show fo')"
}

@test "zsh: _pass-gen must come before pass's _pass in fpath (after it, it is ignored)" {
	ZT_PLACE=after zsh_complete 'pass g'
	assert_output "$(lines generate git grep 'buffer: pass g')"
	ZT_PLACE=after zsh_complete 'pass gen --f'
	assert_output 'buffer: pass gen --f'
}

@test "zsh: on Debian, the documented install folders come before vendor-completions" {
	need_zsh
	[[ -f /usr/share/zsh/vendor-completions/_pass ]] ||
		skip "not Debian's layout: pass's _pass is not in /usr/share/zsh/vendor-completions"
	run zsh -fc 'print -l $fpath'
	assert_success
	local -a dirs=("${lines[@]}")
	local site=-1 vendor_functions=-1 vendor_completions=-1 i
	for i in "${!dirs[@]}"; do
		case ${dirs[i]} in
		/usr/local/share/zsh/site-functions) site=$i ;;
		/usr/share/zsh/vendor-functions) vendor_functions=$i ;;
		/usr/share/zsh/vendor-completions) vendor_completions=$i ;;
		esac
	done
	((vendor_completions >= 0)) || fail "vendor-completions is not in fpath"
	((site >= 0 && site < vendor_completions)) ||
		fail "/usr/local/share/zsh/site-functions is not before vendor-completions"
	((vendor_functions >= 0 && vendor_functions < vendor_completions)) ||
		fail "/usr/share/zsh/vendor-functions is not before vendor-completions"
}

# ---------------------------------------------------------------------------
# fish

@test "fish: pass-genhelper completes options, formats and --require" {
	fish_complete 'pass-genhelper --for'
	assert_output --format
	fish_complete 'pass-genhelper --format b'
	assert_output "$(lines base32 base64 base64url)"
	fish_complete 'pass-genhelper --require lower,u'
	assert_output lower,upper
	fish_complete 'pass-genhelper --capitalize '
	assert_output "$(lines all first none random)"
}

@test "fish: pass-genhelper completes every long option of its --help" {
	fish_complete 'pass-genhelper --'
	assert_output "$(helper_long_options)"
}

@test "fish: pass g and pass offer gen next to pass's commands" {
	fish_complete 'pass g'
	assert_output "$(lines gen generate git grep)"
	fish_complete 'pass '
	assert_line gen
	assert_line generate
	assert_line show
}

@test "fish: pass gen -- offers every long option of the extension" {
	fish_complete 'pass gen --'
	assert_output "$(gen_long_options)"
	fish_complete 'pass gen --f'
	assert_output "$(lines --force --format)"
}

@test "fish: pass gen --format b, --require and --capitalize" {
	fish_complete 'pass gen --format b'
	assert_output "$(lines base32 base64 base64url)"
	fish_complete 'pass gen -r digit,'
	assert_output "$(lines digit,lower digit,punct digit,upper)"
	fish_complete 'pass gen --capitalize '
	assert_output "$(lines all first none random)"
}

@test "fish: pass gen completes store entries, then nothing for pass-length" {
	fish_complete 'pass gen fo'
	assert_output "$(lines folder/ folder/site folder/sub/ folder/sub/deep foo)"
	fish_complete 'pass gen -e 128 foo '
	assert_output ''
}

@test "fish: pass gen offers the store's names only, none with a control character" {
	complete_in_hostile_store fish_complete
	assert_output "$(lines 'folder/' 'folder/in' 'home$HOME' 'safe' 'who`whoami`' 'x$(touch pwned)/' 'x$(touch pwned)/in')"
}

@test "fish: pass's own commands still complete from pass.fish" {
	fish_complete 'pass generate --'
	assert_output "$(lines --clip --force --in-place --no-symbols)"
}

# ---------------------------------------------------------------------------
# Every shell, every command: what the option table says to complete

# assert_sites SHELL LINE: LINE ends in "--site sp", and SHELL offers the
# table's sites that start with "sp" (speedway.com among them).
assert_sites() {
	local expected
	expected=$("$GEN" --list-sites | cut -f 1 | grep '^sp' | LC_ALL=C sort)
	[[ $expected == *speedway.com* ]] || fail "speedway.com is not in the site table"
	case $1 in
	bash) bash_complete "$2"; assert_output "$expected" ;;
	zsh) zsh_complete "$2"; assert_output "$(lines "$expected" "buffer: $2")" ;;
	fish) fish_complete "$2"; assert_output "$expected" ;;
	esac
}

@test "every shell: --site sp offers the table's sites for pass-genhelper, pass gen and pass-with-gen generate" {
	local shell line
	for shell in bash zsh fish; do
		for line in 'pass-genhelper --site sp' 'pass gen --site sp' 'pass gen -n --site sp' \
			'pass-with-gen generate --site sp' 'pass-with-gen gen --site sp'; do
			assert_sites "$shell" "$line"
		done
	done
}

@test "every shell: an empty PASSWORD_STORE_GENHELPER counts as unset: --site still offers the sites" {
	local shell line
	COMPLETE_ENV=(PASSWORD_STORE_GENHELPER=)
	for shell in bash zsh fish; do
		for line in 'pass-genhelper --site sp' 'pass gen --site sp' 'pass-with-gen gen --site sp'; do
			assert_sites "$shell" "$line"
		done
	done
}

@test "every shell: pass-with-gen generate -- offers pass gen's options, other commands pass's" {
	bash_complete 'pass-with-gen generate --'
	assert_output "$(gen_long_options)"
	fish_complete 'pass-with-gen generate --'
	assert_output "$(gen_long_options)"
	zsh_complete 'pass-with-gen generate --'
	assert_output "$(lines "$(gen_long_options)" 'buffer: pass-with-gen generate --')"
	bash_complete 'pass-with-gen generate f'
	assert_output "$(lines folder/ foo)"
	fish_complete 'pass-with-gen sh'
	assert_output show
}

@test "every shell: --rules offers rule names for pass gen as for pass-genhelper" {
	local shell command
	for shell in bash zsh fish; do
		for command in pass-genhelper 'pass gen' 'pass-with-gen generate'; do
			"${shell}_complete" "$command --rules max-r"
			assert_output --partial max-repeating
		done
	done
}
