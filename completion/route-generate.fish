# Route `pass generate` to `pass gen` in fish, command and completion.
#
# Opt-in: add one line to ~/.config/fish/config.fish:
#     source /usr/share/pass-genhelper/route-generate.fish
# (the folder is $(pkgdatadir) of the installation, or completion/ of the
# source tree).  Then `pass generate ARGS` runs `pass gen ARGS`, and
# completing `pass generate ` offers what `pass gen ` offers (pass's own
# generate options are among them, so they are offered once).  Every other
# pass command is left as it was.  Sourcing this file twice changes nothing.

# The command goes through pass-with-gen (on PATH wherever this file is
# installed), which refuses an extension committed to the store.
function pass --description 'pass, with "pass generate" served by "pass gen"'
    if test "$argv[1]" = generate
        command pass-with-gen generate $argv[2..-1]
    else
        command pass $argv
    end
end

# The pass gen completion (pass-gen.fish) completes the commands in this
# list as it completes gen.  It is read at start-up from fish's vendor
# conf.d folder when installed; from the source tree, it is beside this file.
contains -- generate $__pass_gen_routed_commands; or set -g __pass_gen_routed_commands $__pass_gen_routed_commands generate
if not functions -q __pass_gen_using
    set -l here (status dirname)
    test -f $here/pass-gen.fish; and source $here/pass-gen.fish
end
