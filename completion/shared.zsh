#% The parts that the two zsh completions share, included by the templates
#% _pass-genhelper.in and _pass-gen.in (see tools/gen-completion).
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
