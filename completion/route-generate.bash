# shellcheck shell=bash
# Route `pass generate` to `pass gen` in bash, command and completion.
#
# Opt-in: add one line to ~/.bashrc (after bash-completion is loaded, if
# your ~/.bashrc loads it; either order works):
#     source /usr/share/pass-genhelper/route-generate.bash
# (the folder is $(pkgdatadir) of the installation, or completion/ of the
# source tree).  Then `pass generate ARGS` runs `pass gen ARGS`, and
# completing `pass generate ` offers what `pass gen ` offers.  Every other
# pass command is left as it was.  Sourcing this file twice changes nothing.
# The command goes through pass-with-gen (on PATH wherever this file is
# installed), which refuses an extension committed to the store; the
# command part runs under bash 3.2 too (completion needs bash 4).

pass() {
    if [[ ${1-} == generate ]]; then
        shift
        command pass-with-gen generate "$@"
    else
        command pass "$@"
    fi
}

# Where this file is, as an absolute path taken now: pass-gen.bash may be
# beside it (the source tree), and the current folder at the first TAB is
# another one.
__pass_route_generate_dir=${BASH_SOURCE[0]}
[[ $__pass_route_generate_dir == */* ]] || __pass_route_generate_dir=./$__pass_route_generate_dir
__pass_route_generate_dir=$(CDPATH='' cd -P -- "${__pass_route_generate_dir%/*}" && pwd)

# The completion of "pass": pass's own _pass, except that the arguments of
# "generate" are completed by the pass gen completion, as for pass-with-gen
# (__pass_gen_routed_complete, which loads pass's completion on first use
# and keeps this function registered for pass).
__pass_route_generate_complete()
{
    # The pass gen completion is loaded at start-up from bash-completion's
    # compat folder when installed, and pass-genhelper's (the completers of
    # option values) by its name; from the source tree, load them here.
    if ! declare -F __pass_gen_routed_complete >/dev/null &&
        [[ -f $__pass_route_generate_dir/pass-gen.bash ]]; then
        # shellcheck source=/dev/null
        source "$__pass_route_generate_dir/pass-gen.bash"
    fi
    if ! declare -F _pass_genhelper_value >/dev/null &&
        [[ -f $__pass_route_generate_dir/pass-genhelper.bash ]]; then
        # shellcheck source=/dev/null
        source "$__pass_route_generate_dir/pass-genhelper.bash"
    fi
    if declare -F __pass_gen_routed_complete >/dev/null; then
        __pass_gen_routed_complete "$@"
    elif declare -F _pass >/dev/null; then
        _pass "$@"
    fi
}
complete -o filenames -F __pass_route_generate_complete pass
