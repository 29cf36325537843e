#% The parts that the two bash completions share, included by the templates
#% pass-genhelper.bash.in and pass-gen.bash.in (see tools/gen-completion).
#% They complete $cur, the word being completed, into COMPREPLY; each
#% template defines @PREFIX@_program (the helper to ask) and @PREFIX@_files.
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


# The domains of the table of site password rules, from the helper itself.
@PREFIX@_sites()
{
    local program
    program=$(@PREFIX@_program)
    mapfile -t COMPREPLY < <(compgen -W "$(command "$program" --list-sites 2>/dev/null |
        cut -f 1)" -- "$cur")
}

# A password-rules text: rule names where a rule starts, class names in a
# value, after the text typed so far.
@PREFIX@_rules()
{
    local last=${cur##*[;:,]}
    local head=${cur%"$last"}
    local lead=${last%%[! ]*}
    if [[ $head == *[:,] ]]; then
        mapfile -t COMPREPLY < <(compgen -P "$head$lead" \
            -W 'upper lower digit special ascii-printable unicode' -- "${last#"$lead"}")
    else
        mapfile -t COMPREPLY < <(compgen -P "$head$lead" -S ': ' \
            -W 'required allowed minlength maxlength max-consecutive max-repeating max-sequential' \
            -- "${last#"$lead"}")
    fi
    compopt -o nospace
}
