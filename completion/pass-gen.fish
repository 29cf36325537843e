# fish completion for `pass gen`, the pass-genhelper extension of pass(1).
#
# fish loads a command's completions from one file named after it, and
# "pass" is taken by pass's own pass.fish; a file named pass-gen.fish in a
# completions folder would only ever be used for a command "pass-gen".  So
# this is a configuration snippet, run by every fish at startup: install it
# as pass-gen.fish in $(pkg-config --variable=confdir fish) (on Debian
# /usr/share/fish/vendor_conf.d; for prefix /usr/local, /etc/fish/conf.d).  It only defines functions and
# completions; pass.fish is still loaded, as usual, the first time a pass
# command line is completed, and adds its own.

# True if the command line is "pass" and nothing else yet.
function __pass_gen_needs_command
    set -l cmd (commandline -opc)
    test (count $cmd) -eq 1
end

# True if the command is "pass gen" (or one that route-generate.fish routes
# to it, listed in $__pass_gen_routed_commands).  With an argument N, true
# only if N operands (pass-name, pass-length) come before the cursor.
function __pass_gen_using
    set -l cmd (commandline -opc)
    test (count $cmd) -ge 2; and contains -- "$cmd[2]" gen $__pass_gen_routed_commands; or return 1
    set -q argv[1]; or return 0
    set -l operands 0
    set -l skip 0
    set -l options 1
    for word in $cmd[3..-1]
        if test $skip -eq 1
            set skip 0
        else if test $options -eq 1; and test "$word" = --
            set options 0
        else if test $options -eq 1; and string match -qr -- '^(-[nqcifhwAdyv]*[etrxsC]|--(entropy|format|charset|require|exclude|bytes|separator|separators|capitalize|symbols|wordlist))$' $word
            set skip 1
        else if test $options -eq 1; and string match -q -- '-?*' $word
            continue
        else
            set operands (math $operands + 1)
        end
    end
    test $operands -eq $argv[1]
end

# Folders (with a slash) and entries of the store, like pass.fish lists them.
function __pass_gen_entries
    set -l store ~/.password-store
    set -q PASSWORD_STORE_DIR; and set store (realpath -- $PASSWORD_STORE_DIR)
    set -l folders $store/**/
    set -l entries $store/**.gpg
    string replace -- "$store/" '' $folders
    string replace -r -- '\.gpg$' '' (string replace -- "$store/" '' $entries)
end

function __pass_gen_formats
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
function __pass_gen_require
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
function __pass_gen_set
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

complete -c pass -f -n __pass_gen_needs_command -a gen -d 'Command: generate a password with pass-genhelper'

set -l gen -c pass -n __pass_gen_using
complete $gen -f
complete $gen -f -s n -l no-symbols -d 'Do not use symbols'
complete $gen -f -s q -l qrcode -d 'Show the password as a QR code'
complete $gen -f -s c -l clip -d 'Put the password in clipboard'
complete $gen -f -s i -l in-place -d 'Replace only the first line with the generated password'
complete $gen -f -s f -l force -d 'Do not prompt before overwriting'
complete $gen -f -s h -l help -d 'Show help'
complete $gen -x -s e -l entropy -d 'Shortest length with at least BITS bits'
complete $gen -x -s t -l format -a '(__pass_gen_formats)' -d 'Use a named alphabet'
complete $gen -f -s w -l words -d 'Generate a passphrase'
complete $gen -x -l charset -a '(__pass_gen_set)' -d 'Use the characters tr -dc SET keeps'
complete $gen -x -s r -l require -a '(__pass_gen_require)' -d 'Require a character of each class'
complete $gen -x -s x -l exclude -a '(__pass_gen_set)' -d 'Never use these characters'
complete $gen -f -s A -l no-ambiguous -d 'Leave out look-alike characters'
complete $gen -x -l bytes -d 'Number of random bytes (byte encodings)'
complete $gen -x -s s -l separator -d 'Text between words'
complete $gen -x -l separators -a '(__pass_gen_set)' -d 'One character of SET at random between words'
complete $gen -x -s C -l capitalize -a 'none\t"no capitals" first\t"first letter of each word" all\t"whole words" random\t"first letter of each word, at random"' -d 'Capitalize words'
complete $gen -f -s d -l digit -d 'Add a random digit after a random word'
complete $gen -f -s y -l symbol -d 'Add a random symbol after a random word'
complete $gen -x -l symbols -a '(__pass_gen_set)' -d 'Symbols for --symbol'
complete $gen -r -F -l wordlist -d 'Take words from a file'
complete $gen -f -s v -l show-entropy -d 'Report the exact entropy'
complete -c pass -f -n '__pass_gen_using 0' -a '(__pass_gen_entries)'
