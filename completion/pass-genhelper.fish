# fish completion for pass-genhelper.
#
# Install as pass-genhelper.fish in fish's vendor completions folder,
# $(pkg-config --variable=completionsdir fish) (on Debian
# /usr/share/fish/vendor_completions.d; for prefix /usr/local,
# /etc/fish/completions, since fish reads /usr/local/share/fish only when
# $XDG_DATA_DIRS names it): fish loads it the first time pass-genhelper's
# arguments are completed.

function __pass_genhelper_formats
    printf '%s\t%s\n' \
        graph "letters, digits and punctuation (94), the default" \
        alnum "letters and digits (62)" \
        alpha "letters (52)" \
        lower "lower-case letters (26)" \
        upper "upper-case letters (26)" \
        digits "decimal digits (10), for PINs" \
        hex "lower-case hexadecimal (16)" \
        base32 "RFC 4648 base32 (32), unpadded" \
        base64 "RFC 4648 base64 (64), unpadded" \
        base64url "RFC 4648 URL-safe base64 (64), unpadded" \
        words "a passphrase" \
        pass "same as graph" \
        default "same as graph" \
        digit "same as digits" \
        passphrase "same as words"
end

# The classes for --require, after the last comma of the list being typed,
# leaving out those already in it.
function __pass_genhelper_require
    set -l token (commandline -ct)
    string match -qr -- '^-' $token; and set token (string replace -r -- '^[^=]*=' '' $token)
    set -l head (string match -r -- '^.*,' $token)
    set -l named (string split , -- $head)
    for class in lower upper digit punct
        contains -- $class $named; and continue
        printf '%s%s\n' "$head" $class
    end
end

# A tr(1) SET: the character classes, after any complete part.
function __pass_genhelper_set
    set -l head (string match -r -- '^.*\]' (commandline -ct))
    printf "$head%s\t%s\n" \
        '[:alnum:]' "letters and digits" \
        '[:alpha:]' "letters" \
        '[:digit:]' "digits" \
        '[:lower:]' "lower-case letters" \
        '[:upper:]' "upper-case letters" \
        '[:punct:]' "punctuation" \
        '[:xdigit:]' "hexadecimal digits" \
        '[:graph:]' "letters, digits and punctuation"
end

complete -c pass-genhelper -f
complete -c pass-genhelper -s f -l format -x -a '(__pass_genhelper_formats)' -d 'Use a named alphabet'
complete -c pass-genhelper -s c -l charset -x -a '(__pass_genhelper_set)' -d 'Use the characters tr -dc SET keeps'
complete -c pass-genhelper -s x -l exclude -x -a '(__pass_genhelper_set)' -d 'Never use these characters'
complete -c pass-genhelper -s A -l no-ambiguous -d 'Leave out look-alike characters'
complete -c pass-genhelper -s r -l require -x -a '(__pass_genhelper_require)' -d 'Require a character of each class'
complete -c pass-genhelper -s l -l length -x -d 'Number of characters or words'
complete -c pass-genhelper -s e -l entropy -x -d 'Shortest length with at least BITS bits'
complete -c pass-genhelper -s b -l bytes -x -d 'Number of random bytes (byte encodings)'
complete -c pass-genhelper -s w -l words -d 'Generate a passphrase'
complete -c pass-genhelper -l wordlist -r -F -d 'Take words from a file'
complete -c pass-genhelper -s s -l separator -x -d 'Text between words'
complete -c pass-genhelper -s S -l separators -x -a '(__pass_genhelper_set)' -d 'One character of SET at random between words'
complete -c pass-genhelper -s C -l capitalize -x -a 'none\t"no capitals" first\t"first letter of each word" all\t"whole words" random\t"first letter of each word, at random"' -d 'Capitalize words'
complete -c pass-genhelper -s d -l digit -d 'Add a random digit after a random word'
complete -c pass-genhelper -s y -l symbol -d 'Add a random symbol after a random word'
complete -c pass-genhelper -l symbols -x -a '(__pass_genhelper_set)' -d 'Symbols for --symbol'
complete -c pass-genhelper -l dice -d 'Take every random choice from dice rolls on standard input'
complete -c pass-genhelper -l dice-sides -x -d 'Dice with N sides (implies --dice)'
complete -c pass-genhelper -s n -l count -x -d 'Print N secrets'
complete -c pass-genhelper -s z -l null -d 'End each secret with NUL'
complete -c pass-genhelper -s v -l verbose -d 'Report the exact entropy on standard error'
complete -c pass-genhelper -l print-alphabet -d 'Print the characters or words that can appear'
complete -c pass-genhelper -s h -l help -d 'Show help and exit'
complete -c pass-genhelper -s V -l version -d 'Show the version and exit'
