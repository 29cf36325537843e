# shellcheck shell=bash
# status, output, lines and stderr are set by bats' `run`.
# shellcheck disable=SC2154
#
# tests/test_helper/store.bash - a temporary GnuPG home, two keys, the
# `pass gen` extension and throw-away password stores, for the tests of
# `pass gen` (through test_helper/extension.bash) and of the routing:
#
#     load test_helper/common
#     load test_helper/store
#
# which defines the bats hooks below (setup_file, teardown_file, and a
# setup that gives each test a fresh git store and cd's to its folder); a
# file may define its own after the load.
#
# Everything lives under $BATS_FILE_TMPDIR (keys, HOME, extension, store
# templates) and $BATS_TEST_TMPDIR (the store of one test).  Nothing touches
# the real HOME or GnuPG home.  Keys are made once per file: an ed25519
# primary key with a cv25519 encryption subkey and no passphrase, made by
# gpg itself ("future-default").
#
# Exported by store_setup_file:
#   KEY1, KEY2            primary-key fingerprints (40 upper-case hex)
#   KEY1_SUB, KEY2_SUB    long ids of their encryption subkeys
#   GEN_EXTENSION         the extension under test, as make builds it
#                         (extension/gen.bash; `make check` exports it)
#   STORE_TEMPLATES       folder holding the "git" and "plain" store templates
# Set by store_new for a test:
#   PASSWORD_STORE_DIR    $BATS_TEST_TMPDIR/store

# One key, no passphrase; prints its fingerprint and its encryption subkey id.
store_make_key() {
	local uid=$1
	gpg --batch --passphrase '' --quick-gen-key "$uid" future-default default never 2>/dev/null ||
		return 1
	gpg --batch --with-colons --list-keys "$uid" | awk -F: '
		$1 == "pub" { want_fpr = "pub" }
		$1 == "sub" && $12 ~ /e/ { sub_id = $5 }
		$1 == "fpr" && want_fpr == "pub" { fpr = $10; want_fpr = "" }
		END { print fpr, sub_id }'
}

store_setup_file() {
	local name line

	# A clean environment: nothing from the caller's pass, X or GnuPG setup.
	for name in $(compgen -v PASSWORD_STORE_); do
		unset "$name"
	done
	unset DISPLAY WAYLAND_DISPLAY GPG_AGENT_INFO GPG_TTY GIT_DIR GIT_WORK_TREE
	export GIT_CONFIG_NOSYSTEM=1

	export HOME="$BATS_FILE_TMPDIR/home"
	mkdir -p "$HOME"
	cat >"$HOME/.gitconfig" <<-'_EOF'
	[user]
		name = Extension Test
		email = test@example.org
	[init]
		defaultBranch = master
	[commit]
		gpgsign = false
	_EOF

	# gpg-agent's socket must fit in a sockaddr_un (108 bytes); use a short
	# folder when the bats one is long.
	GNUPGHOME="$BATS_FILE_TMPDIR/gnupg"
	if ((${#GNUPGHOME} > 70)); then
		GNUPGHOME="$(mktemp -d /tmp/pass-gen-test.XXXXXX)" || return 1
	fi
	export GNUPGHOME
	mkdir -p "$GNUPGHOME"
	chmod 700 "$GNUPGHOME"

	line="$(store_make_key "Test One <one@example.org>")" || return 1
	read -r KEY1 KEY1_SUB <<<"$line"
	line="$(store_make_key "Test Two <two@example.org>")" || return 1
	read -r KEY2 KEY2_SUB <<<"$line"
	[[ $KEY1 =~ ^[0-9A-F]{40}$ && $KEY2 =~ ^[0-9A-F]{40}$ && -n $KEY1_SUB && -n $KEY2_SUB ]] ||
		{ echo "store.bash: could not make the test keys" >&2; return 1; }
	export KEY1 KEY2 KEY1_SUB KEY2_SUB
	# With -i, pass (generate and gen alike) runs two gpg processes at once
	# on this keyring (gpg -d ... | gpg -e); both take its lock, and the race
	# sometimes prints "lockfile disappeared" on stderr, which the
	# side-by-side comparisons would read as a difference.  The keys are
	# made, so the keyring is only read from here on: no locking.
	echo lock-never >>"$GNUPGHOME/gpg.conf"

	# The extension, installed as a user extension (gen.bash, mode 0755)
	# and signed, for the tests that set PASSWORD_STORE_SIGNING_KEY (pass
	# then verifies the extension itself too).
	# make fills in what configure decides (the helper's folder, the
	# policy file's name and size limit): only the built file is whole.
	if [[ ! -f ${GEN_EXTENSION-} ]]; then
		echo "GEN_EXTENSION must name the built extension/gen.bash (make check exports it; see HACKING.md)" >&2
		return 1
	fi
	export GEN_EXTENSION
	export PASSWORD_STORE_EXTENSIONS_DIR="$BATS_FILE_TMPDIR/extensions"
	mkdir -p "$PASSWORD_STORE_EXTENSIONS_DIR"
	install -m 0755 "$GEN_EXTENSION" "$PASSWORD_STORE_EXTENSIONS_DIR/gen.bash" || return 1
	store_sign "$PASSWORD_STORE_EXTENSIONS_DIR/gen.bash" || return 1
	export PASSWORD_STORE_ENABLE_EXTENSIONS=true
	export PASSWORD_STORE_GENHELPER="$PASS_GENHELPER"

	# Store templates, made by pass itself: "plain" (pass init) and "git"
	# (pass init, then pass git init: .gitattributes, two commits).
	export STORE_TEMPLATES="$BATS_FILE_TMPDIR/templates"
	PASSWORD_STORE_DIR="$STORE_TEMPLATES/plain" pass init "$KEY1" >/dev/null || return 1
	PASSWORD_STORE_DIR="$STORE_TEMPLATES/git" pass init "$KEY1" >/dev/null || return 1
	PASSWORD_STORE_DIR="$STORE_TEMPLATES/git" pass git init >/dev/null 2>&1 || return 1
}

store_teardown_file() {
	[[ -n ${GNUPGHOME-} ]] || return 0
	gpgconf --kill all
	# A GnuPG home made outside $BATS_FILE_TMPDIR is ours to remove.
	if [[ $GNUPGHOME == /tmp/pass-gen-test.* ]]; then
		rm -rf "$GNUPGHOME"
	fi
}

# Per test: no variables left over from another test's `export`.
store_setup() {
	unset PASSWORD_STORE_KEY PASSWORD_STORE_SIGNING_KEY PASSWORD_STORE_GENERATED_LENGTH \
		PASSWORD_STORE_GENERATED_ENTROPY PASSWORD_STORE_CHARACTER_SET \
		PASSWORD_STORE_CHARACTER_SET_NO_SYMBOLS PASSWORD_STORE_CLIP_TIME \
		DISPLAY WAYLAND_DISPLAY
	export PASSWORD_STORE_GENHELPER="$PASS_GENHELPER"
}

# store_new [git|plain]: a fresh copy of a template store at
# $BATS_TEST_TMPDIR/store (always the same path, so outputs that name the
# store compare equal between two runs).
store_new() {
	local kind=${1:-git}
	export PASSWORD_STORE_DIR="$BATS_TEST_TMPDIR/store"
	rm -rf "$PASSWORD_STORE_DIR"
	cp -a "$STORE_TEMPLATES/$kind" "$PASSWORD_STORE_DIR"
}

store_file() {
	printf '%s\n' "$PASSWORD_STORE_DIR/$1.gpg"
}

# The decrypted entry, byte for byte (gpg directly, not pass show).
store_decrypt() {
	gpg --quiet --batch --decrypt "$(store_file "$1")"
}

# The first line of the entry.
store_password() {
	local content
	content="$(store_decrypt "$1")" || return 1
	printf '%s\n' "${content%%$'\n'*}"
}

# store_insert NAME TEXT: a multi-line entry made with pass insert -m.
store_insert() {
	printf '%s' "$2" | pass insert -m -- "$1" >/dev/null 2>&1
}

# store_sign FILE: FILE.sig, a detached signature by KEY1.
store_sign() {
	gpg --batch --yes --quiet --local-user "$KEY1" --detach-sign --output "$1.sig" "$1"
}

# The ids of the keys an entry is encrypted to, sorted, one a line (read
# from the packets, without decrypting).
store_recipients() {
	gpg --batch --list-packets --list-only "$(store_file "$1")" 2>/dev/null |
		sed -n 's/^:pubkey enc packet:.* keyid \([0-9A-F]*\).*/\1/p' | LC_ALL=C sort -u
}

store_head() {
	git -C "$PASSWORD_STORE_DIR" rev-parse HEAD
}

store_last_subject() {
	git -C "$PASSWORD_STORE_DIR" log -1 --format=%s
}

# Every file of the store with its checksum, the git HEAD and the
# work-tree status: equal snapshots mean nothing was written.
store_snapshot() {
	(
		cd "$PASSWORD_STORE_DIR" || exit 1
		find . -path ./.git -prune -o -print0 | LC_ALL=C sort -z |
			while IFS= read -r -d '' path; do
				if [[ -f $path ]]; then
					printf '%s %s\n' "$(sha256sum <"$path" | cut -d' ' -f1)" "$path"
				else
					printf 'dir %s\n' "$path"
				fi
			done
		if [[ -d .git ]]; then
			git rev-parse HEAD
			git status --porcelain
		fi
	)
}

# Temporary files pass or the extension could leave beside an entry.
store_temp_files() {
	find "$PASSWORD_STORE_DIR" -path "$PASSWORD_STORE_DIR/.git" -prune -o -name '*.tmp.*' -print
}

# The password as printed by pass generate / pass gen (the last line of
# $output, without its escape codes).
printed_password() {
	local line=${lines[${#lines[@]} - 1]}
	line=${line#$'\e[1m\e[93m'}
	printf '%s\n' "${line%$'\e[0m'}"
}

# `pass VERB ARGS...` under bats' run, stdout and stderr apart.
run_pass() {
	run --separate-stderr pass "$@"
}

# compare_verbs ENTRY ARGS...: run `pass generate ARGS...` and then
# `pass gen ARGS...`, each in a fresh store of kind $STORE_KIND (git by
# default) at the same path, after the function named by $STORE_PREPARE
# (if any) has filled it, and through the runner $STORE_RUNNER (run_pass by
# default).  For each, REF_* (generate) and NEW_* (gen) hold:
#   STATUS, OUT, ERR   exit status, stdout and stderr with the generated
#                      password replaced by <PASSWORD> (and its QR code by
#                      <QRCODE>) and git commit ids by <COMMIT>
#   ENTRY              the decrypted entry, first line as <PASSWORD>
#   PASSWORD           the first line of the stored entry
#   LOG                the git log subjects
#   FILES              the files of the store (without .git)
compare_verbs() {
	local entry=$1 verb prefix
	shift
	for verb in generate gen; do
		prefix=NEW
		[[ $verb == generate ]] && prefix=REF
		store_new "${STORE_KIND:-git}"
		if [[ -n ${STORE_PREPARE-} ]]; then
			"$STORE_PREPARE" || return 1
		fi
		"${STORE_RUNNER:-run_pass}" "$verb" "$@"
		store_record "$prefix" "$entry"
	done
}

store_normalize() {
	local text=$1 password=$2 qr
	if [[ -n $password ]]; then
		if [[ $text == *█* ]]; then
			qr="$(printf '%s' "$password" | qrencode -t utf8)"
			text=${text//"$qr"/<QRCODE>}
		fi
		text=${text//"$password"/<PASSWORD>}
	fi
	printf '%s' "$text" | sed -E 's/^\[master( \(root-commit\))? [0-9a-f]{7,}\]/[master <COMMIT>]/'
}

store_record() {
	local prefix=$1 entry=$2 password="" content="<missing>" log="" files
	if [[ -f $(store_file "$entry") ]]; then
		content="$(store_decrypt "$entry")"
		password=${content%%$'\n'*}
		content="<PASSWORD>${content:${#password}}"
	fi
	[[ -d $PASSWORD_STORE_DIR/.git ]] && log="$(git -C "$PASSWORD_STORE_DIR" log --format=%s)"
	files="$(cd "$PASSWORD_STORE_DIR" && find . -path ./.git -prune -o -print | LC_ALL=C sort)"
	printf -v "${prefix}_STATUS" '%s' "$status"
	printf -v "${prefix}_PASSWORD" '%s' "$password"
	printf -v "${prefix}_OUT" '%s' "$(store_normalize "$output" "$password")"
	printf -v "${prefix}_ERR" '%s' "$(store_normalize "$stderr" "$password")"
	printf -v "${prefix}_ENTRY" '%s' "$content"
	printf -v "${prefix}_LOG" '%s' "$log"
	printf -v "${prefix}_FILES" '%s' "$files"
}

# Show both sides (bats prints it when a test fails).
show_compare() {
	local prefix field var
	for prefix in REF NEW; do
		for field in STATUS OUT ERR ENTRY LOG FILES; do
			var="${prefix}_$field"
			printf '%s: %s\n' "$var" "${!var-}"
		done
	done
}

# The two runs agree on everything but the password.
assert_same_as_generate() {
	show_compare
	assert_equal "$NEW_STATUS" "$REF_STATUS"
	assert_equal "$NEW_OUT" "$REF_OUT"
	assert_equal "$NEW_ERR" "$REF_ERR"
	assert_equal "$NEW_ENTRY" "$REF_ENTRY"
	assert_equal "$NEW_LOG" "$REF_LOG"
	assert_equal "$NEW_FILES" "$REF_FILES"
}

# assert_chars_in TEXT SET: every character of TEXT is one tr(1) keeps
# for SET (LC_ALL=C tr -dc SET).
assert_chars_in() {
	local stray
	stray="$(printf '%s' "$1" | LC_ALL=C tr -d "$2")"
	[[ -z $stray ]] || fail "characters outside '$2' in '$1': '$stray'"
}

# The hooks of the files that load this one.
setup_file() {
	store_setup_file
}

teardown_file() {
	store_teardown_file
}

setup() {
	store_setup
	store_new git
	cd "$BATS_TEST_TMPDIR" || return 1
}

# system_extension: pass's system extension folder holds pass gen.  From
# the source tree, `pass` first in PATH is a copy of the pass on PATH with
# SYSTEM_EXTENSION_DIR set to a folder of this test holding the built
# extension (what an install under another prefix has).
system_extension() {
	[[ ${ROUTE_MODE:-build} == build ]] || return 0
	local dir=$BATS_TEST_TMPDIR/system bin=$BATS_TEST_TMPDIR/bin pass_program
	pass_program=$(command -v pass) || return 1
	mkdir -p "$dir" "$bin"
	install -m 0755 "$GEN_EXTENSION" "$dir/gen.bash"
	sed "s|^SYSTEM_EXTENSION_DIR=.*|SYSTEM_EXTENSION_DIR=\"$dir\"|" "$pass_program" >"$bin/pass"
	chmod +x "$bin/pass"
	grep -qx "SYSTEM_EXTENSION_DIR=\"$dir\"" "$bin/pass" || fail "no SYSTEM_EXTENSION_DIR line in $pass_program"
	export PATH=$bin:$PATH
}
