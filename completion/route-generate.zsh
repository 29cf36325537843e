# Route `pass generate` to `pass gen` in zsh, command and completion.
#
# Opt-in: add one line to ~/.zshrc (before or after compinit):
#     source /usr/share/pass-genhelper/route-generate.zsh
# (the folder is $(pkgdatadir) of the installation, or completion/ of the
# source tree).  Then `pass generate ARGS` runs `pass gen ARGS`, and
# completing `pass generate ` offers what `pass gen ` offers.  Every other
# pass command is left as it was.  Sourcing this file twice changes nothing.

# The command goes through pass-with-gen (on PATH wherever this file is
# installed), which refuses an extension committed to the store.
pass() {
  [[ ${1-} == generate ]] && { shift; command pass-with-gen generate "$@"; return }
  command pass "$@"
}

# The pass gen completion is the function _pass-gen, installed in $fpath;
# from the source tree, it is beside this file.
() {
  local dir=${${(%):-%x}:A:h} d
  for d in $fpath; do
    [[ -f $d/_pass-gen ]] && return
  done
  [[ -f $dir/_pass-gen ]] && fpath=($dir $fpath)
}

# Complete "pass generate ..." as "pass gen ...", and everything else as
# _pass-gen does (which hands all but gen to pass's own _pass).
_pass_route_generate() {
  (( $+functions[_pass-gen] )) || autoload -Uz _pass-gen
  (( CURRENT > 2 )) && [[ $words[2] == generate ]] && words[2]=gen
  _pass-gen "$@"
}

# compdef exists once compinit has run: now, or else at the first prompt.
_pass_route_generate_register() {
  (( $+functions[compdef] )) || return 0
  compdef _pass_route_generate pass
  # pass-with-gen too, when compinit ran before _pass-gen's folder was added.
  (( $+functions[_pass-gen] )) || autoload -Uz _pass-gen
  compdef _pass-gen pass-with-gen
  add-zsh-hook -d precmd _pass_route_generate_register
}
autoload -Uz add-zsh-hook
add-zsh-hook precmd _pass_route_generate_register
_pass_route_generate_register
