#% The parts that the two bash completions share, included by the templates
#% pass-genhelper.bash.in and pass-gen.bash.in (see tools/gen-completion).
#% They complete $cur, the word being completed, into COMPREPLY.
# The format names and aliases, from pass-genhelper --list-formats.
@PREFIX@_formats()
{
    mapfile -t COMPREPLY < <(compgen -W '@FORMAT_NAMES@' -- "$cur")
}

@PREFIX@_capitalize()
{
    mapfile -t COMPREPLY < <(compgen -W 'none first all random' -- "$cur")
}

# A comma list: complete the class after the last comma, and offer only the
# classes the list does not name yet.
@PREFIX@_require()
{
    local head=${cur%"${cur##*,}"} class
    local -a unused=()
    for class in lower upper digit punct; do
        [[ ,$head == *,$class,* ]] || unused+=("$class")
    done
    mapfile -t COMPREPLY < <(compgen -P "$head" -W "${unused[*]}" -- "${cur##*,}")
    compopt -o nospace
}

