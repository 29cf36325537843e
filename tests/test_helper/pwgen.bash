# shellcheck shell=bash
#
# tests/test_helper/pwgen.bash - the pwgen-compatible command under test:
#
#     load test_helper/pwgen
#     pwgen_setup_file     # in setup_file, after common is loaded
#
# exports PWGEN_COMPAT, the command that callers of pwgen are given:
# $PWGEN_COMPAT when set (the installed one, e.g.
# /usr/lib/pass-genhelper/pwgen), otherwise a link named pwgen to the
# built helper, made in $BATS_FILE_TMPDIR/pass-genhelper (the folder's
# name as installed, which the fish completion goes by), as `make install`
# makes one.
# REAL_PWGEN is Debian's pwgen 2.08, for side-by-side checks.

pwgen_setup_file() {
	if [[ -z ${PWGEN_COMPAT-} ]]; then
		mkdir -p "$BATS_FILE_TMPDIR/pass-genhelper"
		ln -sf "$GEN" "$BATS_FILE_TMPDIR/pass-genhelper/pwgen" || return 1
		PWGEN_COMPAT="$BATS_FILE_TMPDIR/pass-genhelper/pwgen"
		# Not installed: fish reads the completion from the source tree.
		PWGEN_FISH_SNIPPET="$TESTS_SRCDIR/../completion/pass-genhelper-pwgen.fish"
	fi
	REAL_PWGEN=${REAL_PWGEN:-/usr/bin/pwgen}
	export PWGEN_COMPAT REAL_PWGEN PWGEN_FISH_SNIPPET
}

# The distinct characters of the text on standard input, newlines left
# out, sorted in the C locale, on one line.
pwgen_chars_seen() {
	LC_ALL=C tr -d '\n' | LC_ALL=C fold -w1 | LC_ALL=C sort -u | tr -d '\n'
}
