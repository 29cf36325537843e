# bash completion for pass-genhelper                       -*- shell-script -*-
# shellcheck shell=bash
#
# Install as "pass-genhelper" in bash-completion's completionsdir
# ($(pkg-config --variable=completionsdir bash-completion), on Debian
# /usr/share/bash-completion/completions, or
# /usr/local/share/bash-completion/completions): bash-completion loads it the
# first time pass-genhelper's arguments are completed.

_pass_genhelper()
{
    # shellcheck disable=SC2034 # words and cword are set for _init_completion
    local cur prev words cword split
    _init_completion -s || return

    # A cluster of short options that ends in one taking an argument ("-Ae")
    # is that option.
    [[ $prev == -[AzvwdyhV]*[fclebrxnsSC] ]] && prev=-${prev: -1}

    case $prev in
        -h | --help | -V | --version)
            return
            ;;
        -f | --format)
            mapfile -t COMPREPLY < <(compgen -W 'graph alnum alpha lower upper
                digits hex base32 base64 base64url words pass default digit
                passphrase' -- "$cur")
            return
            ;;
        -C | --capitalize)
            mapfile -t COMPREPLY < <(compgen -W 'none first all random' -- "$cur")
            return
            ;;
        -r | --require)
            # A comma list: complete the class after the last comma, and
            # offer only the classes the list does not name yet.
            local head=${cur%"${cur##*,}"} class
            local -a unused=()
            for class in lower upper digit punct; do
                [[ ,$head == *,$class,* ]] || unused+=("$class")
            done
            mapfile -t COMPREPLY < <(compgen -P "$head" -W "${unused[*]}" -- "${cur##*,}")
            compopt -o nospace
            return
            ;;
        --wordlist)
            _filedir
            return
            ;;
        -c | --charset | -x | --exclude | -S | --separators | --symbols | \
            -s | --separator | -l | --length | -e | --entropy | -b | --bytes | \
            -n | --count | --dice-sides)
            # A tr(1) SET, a text or a number: nothing to offer.  (Class
            # names such as [:alnum:] are left out on purpose: unquoted on
            # the command line they are glob patterns.)
            return
            ;;
    esac

    $split && return

    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W '--format --charset --length
            --entropy --bytes --require --exclude --no-ambiguous --count --null
            --verbose --print-alphabet --words --wordlist --separator
            --separators --capitalize --digit --symbol --symbols --dice
            --dice-sides --help --version' -- "$cur")
    fi
    # A bare LENGTH is the only operand: nothing to offer for it.
} &&
    complete -F _pass_genhelper pass-genhelper

# ex: filetype=sh
