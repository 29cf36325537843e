#!/usr/bin/env bats
# pass-with-gen with PASSWORD_STORE_SIGNING_KEY and a signed user extension
# in the store's .extensions: pass checks the signature (verify_file) and
# then sources the file by its name, so a second writer of the store that
# replaces the file between the two would have its own run.  The route
# hands pass a private copy of the extension and its signature.  The race
# is made deterministic: a gpg first on PATH that, right after the real
# gpg reports the valid signature (VALIDSIG), puts another file in the
# store's place.  With the real pass, gpg and git (test_helper/store.bash).

# status, output, stderr are set by bats' `run`; every @test runs in its
# own subshell, so its exports are meant to stay local.
# shellcheck disable=SC2154,SC2016,SC2030,SC2031

bats_require_minimum_version 1.5.0

load test_helper/common
load test_helper/store

setup_file() {
	store_setup_file
	# ROUTING_TEST_COMMAND: the same script run another way (tests/bash32/run
	# runs it with bash 3.2 as /bin/sh).
	ROUTE_COMMAND=${ROUTING_TEST_COMMAND:-$(cd "$TESTS_SRCDIR/../route" && pwd)/pass-with-gen}
	export ROUTE_COMMAND
}

setup() {
	[[ ${ROUTE_MODE:-build} == build ]] || skip "sets up a per-user extension"
	store_setup
	store_new git
	cd "$BATS_TEST_TMPDIR" || return 1
	unset PASSWORD_STORE_EXTENSIONS_DIR
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true PASSWORD_STORE_SIGNING_KEY=$KEY1
	store_sign "$PASSWORD_STORE_DIR/.gpg-id"
	EXT=$PASSWORD_STORE_DIR/.extensions
	mkdir -p "$EXT"
	# The user's own extension, signed: it leaves a mark and exits 3.
	printf '%s\n' "echo signed >>'$BATS_TEST_TMPDIR/ran'" 'exit 3' >"$EXT/gen.bash"
	chmod +x "$EXT/gen.bash"
	store_sign "$EXT/gen.bash"
	# The other writer's file, unsigned.
	printf '%s\n' "echo planted >>'$BATS_TEST_TMPDIR/ran'" 'exit 0' >"$BATS_TEST_TMPDIR/planted"
	swapping_gpg
}

# swapping_gpg: a gpg first on PATH that runs the real one and, when its
# status output has VALIDSIG, moves the planted file over the store's
# gen.bash before pass reads that output.
swapping_gpg() {
	local real
	real=$(command -v gpg)
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	cat >"$BATS_TEST_TMPDIR/bin/gpg" <<-WRAPPER
	#!/usr/bin/env bash
	out=\$("$real" "\$@"; echo "status \$?")
	if [[ \$out == *VALIDSIG* && -e '$BATS_TEST_TMPDIR/planted' ]]; then
		echo verified >>'$BATS_TEST_TMPDIR/swaps'
		cp '$BATS_TEST_TMPDIR/planted' '$EXT/gen.bash.new' && chmod +x '$EXT/gen.bash.new' &&
			mv '$EXT/gen.bash.new' '$EXT/gen.bash'
	fi
	printf '%s\n' "\${out%status *}" | sed '\$d'
	exit "\${out##*status }"
	WRAPPER
	chmod +x "$BATS_TEST_TMPDIR/bin/gpg"
	export PATH="$BATS_TEST_TMPDIR/bin:$PATH"
}

@test "pass-with-gen: the signed extension is run from the copy pass checked, never a file swapped in after" {
	local run signed
	signed=$(cat "$EXT/gen.bash")
	for run in 1 2 3; do
		run --separate-stderr "$ROUTE_COMMAND" generate web/new
		assert_equal "$(wc -l <"$BATS_TEST_TMPDIR/swaps")" "$run"
		grep -q planted "$EXT/gen.bash" || fail "run $run: the store's file was not swapped"
		[[ $status -eq 3 ]] || fail "run $run: status $status, ran: $(tr '\n' ' ' <"$BATS_TEST_TMPDIR/ran")"
		# The next run starts again from the signed file.
		printf '%s\n' "$signed" >"$EXT/gen.bash"
	done
	assert_equal "$(cat "$BATS_TEST_TMPDIR/ran")" $'signed\nsigned\nsigned'
}

# signed_extension SCRIPT...: the store's gen.bash made of the lines, signed.
signed_extension() {
	printf '%s\n' "$@" >"$EXT/gen.bash"
	store_sign "$EXT/gen.bash"
}

# assert_no_leftovers: no private folder of the route is left in TMPDIR;
# its watcher removes it within a second of the route's end.
assert_no_leftovers() {
	local waited left
	for ((waited = 0; waited < 100; waited++)); do
		left=$(find "$TMPDIR" -mindepth 1 -maxdepth 1 -name 'pass-with-gen.*')
		[[ -z $left ]] && return 0
		sleep 0.05
	done
	fail "the route's copy is left after 5 seconds: $left"
}

@test "pass-with-gen: the copy goes however pass ends; pass's exit status and signals are its own" {
	export TMPDIR=$BATS_TEST_TMPDIR/tmp
	mkdir -p "$TMPDIR"
	rm -f "$BATS_TEST_TMPDIR/planted"
	signed_extension "echo \"\$PASSWORD_STORE_EXTENSIONS_DIR\" >'$BATS_TEST_TMPDIR/from'" 'exit 42'
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	assert_equal "$status" 42
	[[ $(cat "$BATS_TEST_TMPDIR/from") == "$TMPDIR"/pass-with-gen.* ]] || fail "run from $(cat "$BATS_TEST_TMPDIR/from")"
	assert_no_leftovers
	# A signature that does not match: pass's own refusal, its status.
	echo '# changed' >>"$EXT/gen.bash"
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	assert_failure 1
	[[ $stderr == *"Signature for $TMPDIR/pass-with-gen."*"/gen.bash is invalid."* ]] || fail "stderr: '$stderr'"
	assert_no_leftovers
	# No signature at all: refused before pass runs.
	rm "$EXT/gen.bash.sig"
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	assert_failure 1
	[[ $stderr == "pass-with-gen: refusing to run the pass gen extension '$EXT/gen.bash': PASSWORD_STORE_SIGNING_KEY asks pass to check its signature, and '$EXT/gen.bash.sig' does not exist; nothing was generated" ]] ||
		fail "stderr: '$stderr'"
	assert_no_leftovers
	# A FIFO as the signature: refused, not read (which would not end).
	mkfifo "$EXT/gen.bash.sig"
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	assert_failure 1
	[[ $stderr == *"'$EXT/gen.bash.sig' is not a regular file"* ]] || fail "stderr: '$stderr'"
	assert_no_leftovers
	rm "$EXT/gen.bash.sig"
	# SIGINT to the process group, as a terminal sends it; SIGTERM and
	# SIGKILL to the route's process alone, which pass has become: pass
	# ends by it, and the copy is gone.
	signed_extension "echo started >>'$BATS_TEST_TMPDIR/ran'" 'sleep 2' "echo done >>'$BATS_TEST_TMPDIR/ran'" 'exit 3'
	local signal pid waited
	for signal in INT TERM KILL; do
		rm -f "$BATS_TEST_TMPDIR/ran"
		# A job of a shell without job control ignores SIGINT: perl
		# gives it back its default, as a terminal's job has it.
		setsid perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die' \
			"$ROUTE_COMMAND" generate web/new >/dev/null 2>&1 &
		pid=$!
		for ((waited = 0; waited < 200; waited++)); do
			[[ -s $BATS_TEST_TMPDIR/ran ]] && break
			sleep 0.05
		done
		[[ -s $BATS_TEST_TMPDIR/ran ]] || fail "$signal: the extension did not start"
		if [[ $signal == INT ]]; then
			kill -s INT -- "-$pid"
		else
			kill -s "$signal" "$pid"
		fi
		status=0
		wait "$pid" || status=$?
		assert_equal "$status" "$((128 + $(kill -l "$signal")))"
		assert_no_leftovers
		# pass did not go on.
		assert_equal "$(cat "$BATS_TEST_TMPDIR/ran")" started
	done
}

@test "pass-with-gen: an extension put in the store after the route looked is not run" {
	# No gen.bash when the route looks; a sed first on PATH, which the
	# route runs next (to read pass's SYSTEM_EXTENSION_DIR), puts the
	# signed one and its signature back, and the gpg wrapper would swap in
	# the planted one after the check.  pass must not look in the store's
	# folder at all: its system extension, pass gen, makes the entry.
	local real_sed
	system_extension
	real_sed=$(command -v sed)
	mv "$EXT/gen.bash" "$BATS_TEST_TMPDIR/signed"
	mv "$EXT/gen.bash.sig" "$BATS_TEST_TMPDIR/signed.sig"
	cat >"$BATS_TEST_TMPDIR/bin/sed" <<-WRAPPER
	#!/bin/sh
	if ! [ -e '$EXT/gen.bash' ]; then
		cp '$BATS_TEST_TMPDIR/signed' '$EXT/gen.bash' && cp '$BATS_TEST_TMPDIR/signed.sig' '$EXT/gen.bash.sig'
		echo restored >>'$BATS_TEST_TMPDIR/restores'
	fi
	exec '$real_sed' "\$@"
	WRAPPER
	chmod +x "$BATS_TEST_TMPDIR/bin/sed"
	run --separate-stderr "$ROUTE_COMMAND" generate web/new
	assert_equal "$(cat "$BATS_TEST_TMPDIR/restores")" restored
	[[ ! -e $BATS_TEST_TMPDIR/ran ]] || fail "ran: $(cat "$BATS_TEST_TMPDIR/ran")"
	assert_success
	[[ -f $PASSWORD_STORE_DIR/web/new.gpg ]] || fail "no entry made; stderr: $stderr"
}
