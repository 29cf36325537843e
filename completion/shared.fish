#% The parts that the two fish completions share, included by the templates
#% pass-genhelper.fish.in and pass-gen.fish.in (see tools/gen-completion);
#% each template defines @PREFIX@_program (the helper to ask for its site
#% table).
# The format names and aliases, from pass-genhelper --list-formats.
function @PREFIX@_formats
    printf '%s\t%s\n' \
        @FORMATS_FISH@
end

# The classes for --require, after the last comma of the list being typed,
# leaving out those already in it.
function @PREFIX@_require
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
function @PREFIX@_set
    set -l head (string match -r -- '^.*\]' (commandline -ct))
    # The typed text is data, never part of printf's format.
    printf '%s%s\t%s\n' \
        "$head" '[:alnum:]' "letters and digits" \
        "$head" '[:alpha:]' "letters" \
        "$head" '[:digit:]' "digits" \
        "$head" '[:lower:]' "lower-case letters" \
        "$head" '[:upper:]' "upper-case letters" \
        "$head" '[:punct:]' "punctuation" \
        "$head" '[:xdigit:]' "hexadecimal digits" \
        "$head" '[:graph:]' "letters, digits and punctuation"
end

function @PREFIX@_capitalize
    printf '%s\t%s\n' \
        none 'no capitals' \
        first 'first letter of each word' \
        all 'whole words' \
        random 'first letter of each word, at random'
end

# The domains of the table of site password rules, from the helper.
function @PREFIX@_sites
    set -l program (@PREFIX@_program)
    command -q $program; or return
    command $program --list-sites 2>/dev/null | string replace -r -- '\t.*' ''
end

# A password-rules text: rule names where a rule starts, class names in a
# value.
function @PREFIX@_rules
    set -l token (commandline -ct)
    string match -qr -- '^-' $token; and set token (string replace -r -- '^[^=]*=' '' $token)
    set -l head (string match -r -- '^.*[;:,] *' $token)
    if string match -qr -- '[:,] *$' "$head"
        for class in upper lower digit special ascii-printable unicode
            printf '%s%s\n' "$head" $class
        end
    else
        for rule in required allowed minlength maxlength max-consecutive max-repeating max-sequential
            printf '%s%s: \n' "$head" $rule
        end
    end
end
