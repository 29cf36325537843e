#% The parts that the two zsh completions share, included by the templates
#% _pass-genhelper.in and _pass-gen.in (see tools/gen-completion); each
#% template defines @PREFIX@_program (the helper to ask for its site table).
# The format names and aliases, from pass-genhelper --list-formats.
(( $+functions[@PREFIX@_formats] )) ||
@PREFIX@_formats() {
  local -a formats
  formats=(
@FORMATS_ZSH@
  )
  _describe -t formats 'format' formats
}

# A tr(1) SET: offer the character classes after any complete part.
(( $+functions[@PREFIX@_set] )) ||
@PREFIX@_set() {
  local -a classes
  classes=(
    '[\:alnum\:]:letters and digits'
    '[\:alpha\:]:letters'
    '[\:digit\:]:digits'
    '[\:lower\:]:lower-case letters'
    '[\:upper\:]:upper-case letters'
    '[\:punct\:]:punctuation'
    '[\:xdigit\:]:hexadecimal digits'
    '[\:graph\:]:letters, digits and punctuation'
  )
  compset -P '*\]'
  _describe -t classes 'character class' classes -S ''
}

# The classes for --require, a comma list.
(( $+functions[@PREFIX@_require] )) ||
@PREFIX@_require() {
  _values -s , class "lower[a lower-case letter]" "upper[an upper-case letter]" \
    "digit[a digit]" "punct[a punctuation character]"
}

(( $+functions[@PREFIX@_capitalize] )) ||
@PREFIX@_capitalize() {
  local -a modes
  modes=(
    'none:no capitals'
    'first:first letter of each word'
    'all:whole words'
    'random:first letter of each word, at random'
  )
  _describe -t modes 'mode' modes
}

# The domains of the table of site password rules, from the helper.
(( $+functions[@PREFIX@_sites] )) ||
@PREFIX@_sites() {
  local -a sites
  sites=(${(f)"$(_call_program sites ${(q)$(@PREFIX@_program)} --list-sites 2>/dev/null)"})
  sites=(${sites%%$'\t'*})
  compadd -a sites
}

# A password-rules text: rule names where a rule starts, class names in a
# value.
(( $+functions[@PREFIX@_rules] )) ||
@PREFIX@_rules() {
  local -a rules classes
  rules=(required allowed minlength maxlength max-consecutive max-repeating max-sequential)
  classes=(upper lower digit special ascii-printable unicode)
  if compset -P '*[:,][[:space:]]#'; then
    compadd -a classes
  else
    compset -P '*;[[:space:]]#'
    compadd -S ': ' -a rules
  fi
}
