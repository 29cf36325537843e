# bash completion for `pass gen`                           -*- shell-script -*-
# shellcheck shell=bash
#
# pass's own completion (completions/pass, pass 1.7.4) offers the commands in
# PASSWORD_STORE_EXTENSION_COMMANDS and completes an extension command CMD
# by calling __password_store_extension_complete_CMD.  bash-completion loads
# completions/pass lazily, by the command name "pass" only, so this part must
# be loaded eagerly: install it as /etc/bash_completion.d/pass-gen
# ($(pkg-config --variable=compatdir bash-completion)), a folder
# bash-completion sources at startup.  Sourcing it again changes nothing.
#
# If you set PASSWORD_STORE_EXTENSION_COMMANDS yourself (for example in
# ~/.bashrc, which runs after this file), add to it rather than replace it:
#     PASSWORD_STORE_EXTENSION_COMMANDS+=(otp)

if [[ " ${PASSWORD_STORE_EXTENSION_COMMANDS[*]-} " != *" gen "* ]]; then
    PASSWORD_STORE_EXTENSION_COMMANDS+=(gen)
fi

# Called by pass's _pass when COMP_WORDS[1] is "gen"; _pass_complete_entries
# comes from pass's completion, which is loaded by then.
__password_store_extension_complete_gen()
{
    local cur prev words cword split=false
    if declare -F _init_completion >/dev/null; then
        # bash-completion: "--format=b" becomes prev=--format, cur=b.
        _init_completion -s || return
    else
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD - 1]}
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
    fi

    # A cluster of short options that ends in one taking an argument ("-nt")
    # is that option.
    [[ $prev == -[nqcifhwAdyv]*[etrxsC] ]] && prev=-${prev: -1}

    case $prev in
        -h | --help)
            return
            ;;
        -t | --format)
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
            # pass completes with -o filenames, so directories get a slash.
            mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            return
            ;;
        -e | --entropy | --bytes | --charset | -x | --exclude | -s | \
            --separator | --separators | --symbols)
            return
            ;;
    esac

    $split && return

    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W '-n --no-symbols -q --qrcode
            -c --clip -i --in-place -f --force -h --help -e --entropy
            -t --format -w --words --charset -r --require -x --exclude
            -A --no-ambiguous --bytes -s --separator --separators
            -C --capitalize -d --digit -y --symbol --symbols --wordlist
            -v --show-entropy' -- "$cur")
        return
    fi

    # Operands: pass-name, then pass-length.  Count those before the cursor,
    # skipping options and their arguments; "--" ends the options.
    local i operands=0 options=true
    for ((i = 2; i < cword; i++)); do
        if $options; then
            case ${words[i]} in
                --) options=false; continue ;;
                -e | --entropy | -t | --format | --charset | -r | --require | \
                    -x | --exclude | --bytes | -s | --separator | --separators | \
                    -C | --capitalize | --symbols | --wordlist)
                    ((i++))
                    continue
                    ;;
                -[nqcifhwAdyv]*[etrxsC])
                    ((i++))
                    continue
                    ;;
                -?*) continue ;;
            esac
        fi
        ((operands++))
    done
    ((operands == 0)) && _pass_complete_entries
}

# ex: filetype=sh
