#!/usr/bin/env bats
# Routing `pass generate` to `pass gen` with code committed to the store:
# plain `pass generate` runs no extension, so the route (the command
# pass-with-gen and the shell snippets) must not run one from inside the
# store that pass's signature check has not covered, however the path to
# it is made (links, newlines, relative paths, a store that changes while
# the route runs, bind mounts).  With real pass 1.7.4, gpg and git; the
# two modes and the shell drivers are in test_helper/routing.bash.

# status, output, lines and stderr are set by bats' `run`.
# Each @test runs in its own subshell, so its exports are meant to stay local.
# shellcheck disable=SC2154,SC2016,SC2030,SC2031

bats_require_minimum_version 1.5.0

load test_helper/routing

# ---------------------------------------------------------------------------
# Code committed to the store: plain `pass generate` runs no extension, so
# the route must not run one from inside the store that pass's signature
# check has not covered.

# plant_extension DIR: an executable gen.bash in DIR that leaves a mark, a
# line for each run.
plant_extension() {
	mkdir -p "$1"
	printf '%s\n' '#!/usr/bin/env bash' "echo ran >>'$BATS_TEST_TMPDIR/planted-ran'" >"$1/gen.bash"
	chmod +x "$1/gen.bash"
}

# assert_snippets_refuse: `pass generate web/new` in bash, zsh and fish
# with the routing line is refused by pass-with-gen, and runs nothing planted.
assert_snippets_refuse() {
	local shell
	for shell in bash zsh fish; do
		shell_run "$shell" "pass generate web/new"
		assert_failure 1
		[[ $stderr == *"pass-with-gen: refusing to run"* ]] || fail "$shell: '$stderr'"
		[[ ! -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "$shell: the planted extension ran"
	done
}

@test "route: an extension committed to the store's .extensions is refused, through the command and the snippets" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	plant_extension "$PASSWORD_STORE_DIR/.extensions"
	unset PASSWORD_STORE_EXTENSIONS_DIR
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	assert_failure 1
	assert_output ''
	[[ $stderr == "pass-with-gen: refusing to run the pass gen extension '$PASSWORD_STORE_DIR/.extensions/gen.bash': it is inside the password store"* ]] ||
		fail "stderr: '$stderr'"
	[[ ! -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the planted extension ran"
	assert_snippets_refuse
	[[ ! -e $PASSWORD_STORE_DIR/web/new.gpg ]]
}

@test "route: an extension folder outside the store that links into it is refused too" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	plant_extension "$PASSWORD_STORE_DIR/.hidden"
	mkdir -p "$BATS_TEST_TMPDIR/outside"
	ln -s "$PASSWORD_STORE_DIR/.hidden/gen.bash" "$BATS_TEST_TMPDIR/outside/gen.bash"
	export PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/outside PASSWORD_STORE_ENABLE_EXTENSIONS=true
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	assert_failure 1
	[[ $stderr == *"is inside the password store"* ]] || fail "stderr: '$stderr'"
	[[ ! -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the planted extension ran"
	# A folder that is a link into the store, likewise.
	ln -s "$PASSWORD_STORE_DIR/.hidden" "$BATS_TEST_TMPDIR/linked"
	PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/linked run --separate-stderr "$ROUTE_COMMAND" generate web/new
	assert_failure 1
	[[ ! -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the planted extension ran"
}

@test "route: with PASSWORD_STORE_SIGNING_KEY, the store's extension needs its signature, and a signed one runs" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	plant_extension "$PASSWORD_STORE_DIR/.extensions"
	unset PASSWORD_STORE_EXTENSIONS_DIR
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true PASSWORD_STORE_SIGNING_KEY=$KEY1
	store_sign "$PASSWORD_STORE_DIR/.gpg-id"
	# Unsigned: pass's own check refuses it.
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	assert_failure 1
	[[ $stderr == *"'$PASSWORD_STORE_DIR/.extensions/gen.bash.sig' does not exist; nothing was generated" ]] ||
		fail "stderr: '$stderr'"
	[[ ! -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "an unsigned extension ran"
	# Signed by the user's key: the user's own, so pass runs it.
	store_sign "$PASSWORD_STORE_DIR/.extensions/gen.bash"
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	[[ -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the signed extension did not run: '$stderr'"
}

# Every check of a path fails closed: when where the extension lies cannot
# be made sure, it is not run.

# plant_commit: the planted files committed, as a push to the shared
# store brings them.
plant_commit() {
	git -C "$PASSWORD_STORE_DIR" add -A . &&
		git -C "$PASSWORD_STORE_DIR" commit -q -m "Planted extension"
}

# assert_route_refused REASON [WRAPPER...]: pass-with-gen generate web/new
# (run by WRAPPER) refuses the user extension because REASON (a glob),
# exit 1: nothing on stdout, nothing planted run, the store as before.
assert_route_refused() {
	local before reason=$1
	shift
	before=$(route_store_snapshot)
	run --separate-stderr "$@" "$ROUTE_COMMAND" generate web/new
	printf 'status %s\nstdout: %s\nstderr: %s\n' "$status" "$output" "$stderr"
	assert_failure 1
	assert_output ''
	[[ $stderr == 'pass-with-gen: refusing to run the pass gen extension '*': '$reason'; nothing was generated' ]] ||
		fail "not refused for: $reason"
	[[ ! -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the planted extension ran"
	assert_equal "$(route_store_snapshot)" "$before"
}

# store_snapshot of a store named by a relative path too ("-" included).
route_store_snapshot() {
	[[ $PASSWORD_STORE_DIR == /* ]] || local PASSWORD_STORE_DIR=$PWD/$PASSWORD_STORE_DIR
	store_snapshot
}

# extensions_from_store: the user enables extensions and leaves their
# folder at its default, the store's .extensions (a per-user set-up, which
# the installed package's run does not make).
extensions_from_store() {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	unset PASSWORD_STORE_EXTENSIONS_DIR
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
}

INSIDE="it is inside the password store '*', or reached through a symbolic link there, *"
UNSURE="so it cannot be made sure that it is outside the password store *"

@test "pass-with-gen: a link in the store longer than PATH_MAX is refused, through the command and the snippets" {
	extensions_from_store
	plant_extension "$PASSWORD_STORE_DIR/.extensions/real"
	# 4093 bytes: the kernel follows it, a path built from it is too long.
	local target
	target=$(printf './%.0s' {1..2040})real/gen.bash
	ln -s "$target" "$PASSWORD_STORE_DIR/.extensions/gen.bash"
	plant_commit
	[[ -x $PASSWORD_STORE_DIR/.extensions/gen.bash ]] || fail "the kernel does not follow the link"
	assert_route_refused "$INSIDE"
	assert_snippets_refuse
	[[ ! -e $PASSWORD_STORE_DIR/web/new.gpg ]]
}

@test "pass-with-gen: a link in the store to a folder whose name ends in a newline is refused" {
	extensions_from_store
	plant_extension "$PASSWORD_STORE_DIR/.extensions/real"$'\n'
	ln -s "real"$'\n'"/gen.bash" "$PASSWORD_STORE_DIR/.extensions/gen.bash"
	plant_commit
	assert_route_refused "$INSIDE"
	[[ $stderr == *"extension '$PASSWORD_STORE_DIR/.extensions/gen.bash'"* ]] || fail "path not shown"
}

@test "pass-with-gen: a link in the store that leads out of it, to a link or a file, is refused" {
	extensions_from_store
	# Another clone of the store, outside it, holds the attacker's file.
	plant_extension "$BATS_TEST_TMPDIR/clone/.hidden"
	ln -s "$BATS_TEST_TMPDIR/clone/.hidden/gen.bash" "$BATS_TEST_TMPDIR/clone/hop"
	mkdir -p "$PASSWORD_STORE_DIR/.extensions"
	# Through .., to a link outside, to the file.
	ln -s ../../clone/hop "$PASSWORD_STORE_DIR/.extensions/gen.bash"
	plant_commit
	assert_route_refused "$INSIDE"
	# An absolute link, through a link in the store to another.
	rm "$PASSWORD_STORE_DIR/.extensions/gen.bash"
	ln -s "$BATS_TEST_TMPDIR/clone/.hidden/gen.bash" "$PASSWORD_STORE_DIR/.extensions/next"
	ln -s next "$PASSWORD_STORE_DIR/.extensions/gen.bash"
	plant_commit
	assert_route_refused "$INSIDE"
	# The store's .extensions folder itself a link out of the store.
	rm -r "$PASSWORD_STORE_DIR/.extensions"
	ln -s ../clone/.hidden "$PASSWORD_STORE_DIR/.extensions"
	plant_commit
	assert_route_refused "$INSIDE"
}

@test "pass-with-gen: a store path or extensions folder that ends in a newline is refused" {
	extensions_from_store
	local store=$PASSWORD_STORE_DIR
	mv "$store" "$store"$'\n'
	export PASSWORD_STORE_DIR=$store$'\n'
	plant_extension "$PASSWORD_STORE_DIR/.extensions"
	assert_route_refused "a path has a newline in it, $UNSURE"
	# The store as it was, and an extensions folder in it named with a
	# newline at the end.
	rm -r "$PASSWORD_STORE_DIR/.extensions"
	mv "$PASSWORD_STORE_DIR" "$store"
	export PASSWORD_STORE_DIR=$store
	plant_extension "$PASSWORD_STORE_DIR/.ext"$'\n'
	export PASSWORD_STORE_EXTENSIONS_DIR=$PASSWORD_STORE_DIR/.ext$'\n'
	assert_route_refused "a path has a newline in it, $UNSURE"
	# The newline is shown as the helper shows it.
	[[ $stderr == *"extension '$PASSWORD_STORE_DIR/.ext\\x0a/gen.bash'"* ]] || fail "path not shown"
}

@test "pass-with-gen: a relative store path or extensions folder is refused" {
	extensions_from_store
	cd "$BATS_TEST_TMPDIR" || return 1
	# "-" is a folder here, and to cd it is the previous folder.
	mv -- store -
	plant_extension "$BATS_TEST_TMPDIR/-/.extensions"
	OLDPWD=/ PASSWORD_STORE_DIR=- assert_route_refused "the path of the password store (PASSWORD_STORE_DIR) is relative, $UNSURE"
	mv -- - store
	PASSWORD_STORE_DIR=store assert_route_refused "the path of the password store (PASSWORD_STORE_DIR) is relative, $UNSURE"
	# An extensions folder named relative to where the command runs.
	rm -r store/.extensions
	plant_extension "$BATS_TEST_TMPDIR/store/.extensions"
	mkdir -p elsewhere
	cd elsewhere || return 1
	PASSWORD_STORE_EXTENSIONS_DIR=../store/.extensions assert_route_refused "PASSWORD_STORE_EXTENSIONS_DIR is a relative path, $UNSURE"
}

# without_dac COMMAND...: COMMAND where permissions hold, for root too.
without_dac() {
	if [[ $(id -u) == 0 ]]; then
		setpriv --bounding-set=-dac_override,-dac_read_search \
			--inh-caps=-dac_override,-dac_read_search -- "$@"
	else
		"$@"
	fi
}

@test "pass-with-gen: a store that cannot be entered is refused" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	[[ $(id -u) != 0 ]] || command -v setpriv >/dev/null || skip "setpriv is not installed"
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
	plant_extension "$BATS_TEST_TMPDIR/outside"
	export PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/outside
	chmod 000 "$PASSWORD_STORE_DIR"
	assert_route_refused "the password store is not a folder that can be entered, $UNSURE" without_dac
}

@test "pass-with-gen: a store reached through a link is the store" {
	extensions_from_store
	plant_extension "$PASSWORD_STORE_DIR/.extensions"
	ln -s store "$BATS_TEST_TMPDIR/store-link"
	PASSWORD_STORE_DIR=$BATS_TEST_TMPDIR/store-link assert_route_refused "$INSIDE"
	# The extensions folder named through the link, the store by its path.
	PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/store-link/.extensions assert_route_refused "$INSIDE"
}

@test "pass-with-gen: .. after a link goes up from where the link leads, as the kernel goes" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
	# As text, deep/../ext is $BATS_TEST_TMPDIR/ext, which holds nothing;
	# the kernel goes up from store/a/b, to the planted store/a/ext.
	plant_extension "$PASSWORD_STORE_DIR/a/ext"
	mkdir -p "$PASSWORD_STORE_DIR/a/b"
	ln -s "$PASSWORD_STORE_DIR/a/b" "$BATS_TEST_TMPDIR/deep"
	export PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/deep/../ext
	assert_route_refused "$INSIDE"
}

@test "pass-with-gen: odd extensions outside the store are refused too, and a plain one runs" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
	local dir=$BATS_TEST_TMPDIR/mine i
	mkdir -p "$dir"
	export PASSWORD_STORE_EXTENSIONS_DIR=$dir
	# A chain of 41 links: more than the kernel follows.
	plant_extension "$BATS_TEST_TMPDIR/target"
	ln -s "$BATS_TEST_TMPDIR/target/gen.bash" "$dir/link0"
	for i in {1..39}; do
		ln -s "link$((i - 1))" "$dir/link$i"
	done
	ln -s link39 "$dir/gen.bash"
	assert_route_refused "it is reached through more than 40 symbolic links, $UNSURE"
	# A link that leads nowhere.
	rm "$dir/gen.bash"
	ln -s nowhere "$dir/gen.bash"
	assert_route_refused "it is not a regular file, $UNSURE"
	# A chain of 40 links, outside the store: run.
	rm "$dir/gen.bash"
	ln -s link38 "$dir/gen.bash"
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	[[ -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the extension outside the store did not run: '$stderr'"
	rm "$BATS_TEST_TMPDIR/planted-ran"
	# A folder named through /proc: its links name what the process that
	# reads them has (here, its current folder).
	[[ -d /proc/self/cwd ]] || skip "no /proc"
	cd "$BATS_TEST_TMPDIR/target" || return 1
	PASSWORD_STORE_EXTENSIONS_DIR=/proc/self/cwd assert_route_refused "a symbolic link on its way is in /proc, *, $UNSURE"
}

# A store that changes while the route runs (a sync tool, an automatic
# git pull): pass must run the extension that was checked, not look again.

# swap_in_background PATH A B: rename A to PATH and B to PATH by turns,
# every 20 to 30 ms, until teardown stops it (at most 3000 swaps, 150
# seconds).  A or B may be missing: PATH is then there and gone by turns.
swap_in_background() {
	local path=$1 a=$2 b=$3
	(
		i=0 start=$SECONDS
		while ((i < 3000 && SECONDS - start < 150)); do
			[[ -e $a || -L $a ]] && mv -T -- "$a" "$path"
			sleep 0.02
			[[ -e $path || -L $path ]] && mv -T -- "$path" "$a"
			[[ -e $b || -L $b ]] && mv -T -- "$b" "$path"
			sleep 0.0$((RANDOM % 2 + 2))
			[[ -e $path || -L $path ]] && mv -T -- "$path" "$b"
			i=$((i + 1))
		done
	) 3>&- >/dev/null 2>&1 &
	echo $! >"$BATS_TEST_TMPDIR/swap.pid"
}

# routed_while_swapping N: N routed `pass generate` calls, each exit 0 or a
# refusal (exit 1); none runs the planted extension.
routed_while_swapping() {
	local call refused=0 made=0
	for ((call = 1; call <= $1; call++)); do
		run --separate-stderr "$ROUTE_COMMAND" generate -f web/race 20
		if ((status == 0)); then
			made=$((made + 1))
		else
			assert_failure 1
			[[ $stderr == *"pass-with-gen: refusing to run"* ]] || fail "call $call: '$stderr'"
			refused=$((refused + 1))
		fi
	done
	printf '%s calls: %s made a password, %s refused; the planted extension ran %s times\n' \
		"$1" "$made" "$refused" "$(planted_runs)"
	assert_equal "$(planted_runs)" 0
}

planted_runs() {
	if [[ -e $BATS_TEST_TMPDIR/planted-ran ]]; then
		wc -l <"$BATS_TEST_TMPDIR/planted-ran"
	else
		echo 0
	fi
}

@test "pass-with-gen: a store whose .extensions comes and goes: pass never runs the store's extension" {
	system_extension
	unset PASSWORD_STORE_EXTENSIONS_DIR
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
	# The committed extension, renamed in and out of .extensions.  Where it
	# was absent, pass 1.7.4 looked again and found it: in 40 calls before
	# this was fixed, it ran in about 14.
	plant_extension "$PASSWORD_STORE_DIR/.away"
	swap_in_background "$PASSWORD_STORE_DIR/.extensions" "$PASSWORD_STORE_DIR/.away" "$PASSWORD_STORE_DIR/.none"
	routed_while_swapping 40
}

# in_private_mounts SOURCE TARGET COMMAND...: COMMAND with SOURCE
# bind-mounted at TARGET, in a mount namespace of its own (nothing is seen
# outside it, nothing stays after it).
in_private_mounts() {
	unshare --mount --propagation private sh -c 'mount --bind -- "$0" "$1" && shift && exec "$@"' "$@"
}

@test "pass-with-gen: a folder of the store bind-mounted outside it is the store" {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	local why=
	if [[ $(id -u) != 0 ]]; then
		why="bind mounts need root (uid $(id -u))"
	elif ! command -v unshare >/dev/null; then
		why="unshare is not installed"
	elif ! in_private_mounts "$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR" true 2>/dev/null; then
		why="a bind mount in a private mount namespace (unshare --mount) is not allowed here"
	fi
	[[ -z $why ]] || skip "$why"
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
	plant_extension "$PASSWORD_STORE_DIR/.extensions"
	mkdir -p "$PASSWORD_STORE_DIR/links" "$BATS_TEST_TMPDIR/mnt" "$BATS_TEST_TMPDIR/mine"
	plant_commit
	# The store's .extensions at a folder outside: the walk up from it
	# never meets the store.
	PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/mnt assert_route_refused "$INSIDE" \
		in_private_mounts "$PASSWORD_STORE_DIR/.extensions" "$BATS_TEST_TMPDIR/mnt"
	# The folder above it, and a link there to an extension outside the
	# store: the store chose the link.
	PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/mnt/.extensions assert_route_refused "$INSIDE" \
		in_private_mounts "$PASSWORD_STORE_DIR" "$BATS_TEST_TMPDIR/mnt"
	plant_extension "$BATS_TEST_TMPDIR/mine"
	ln -s "$BATS_TEST_TMPDIR/mine" "$PASSWORD_STORE_DIR/links/ext"
	PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/mnt/ext assert_route_refused "$INSIDE" \
		in_private_mounts "$PASSWORD_STORE_DIR/links" "$BATS_TEST_TMPDIR/mnt"
	# A bind mount of a folder outside the store is no store.
	PASSWORD_STORE_EXTENSIONS_DIR=$BATS_TEST_TMPDIR/mnt run --separate-stderr \
		in_private_mounts "$BATS_TEST_TMPDIR/mine" "$BATS_TEST_TMPDIR/mnt" "$ROUTE_COMMAND" generate web/new
	[[ -e $BATS_TEST_TMPDIR/planted-ran ]] || fail "the extension outside the store did not run: '$stderr'"
}
