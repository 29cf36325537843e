# shellcheck shell=bash
# The shape of a pronounceable password (pass-genhelper(1), PRONOUNCEABLE
# PASSWORDS), checked from its definition: shared by pronounceable.bats,
# pwgen-compat.bats and qtpass.bats.

PRONOUNCEABLE_CONSONANTS='bcdfghjklmnprstvwxz'
PRONOUNCEABLE_VOWELS='aeiouy'

# assert_pronounceable TEXT CAPITALS DIGITS SYMBOLS [GROUP SEPARATOR]: TEXT
# holds exactly CAPITALS upper-case letters, DIGITS digits and SYMBOLS
# punctuation characters (0 or 1 each), and, its separators (every GROUP
# drawn characters) taken out, letters in the pattern consonant, vowel,
# consonant once the digit and symbol are taken out and the capital made
# lower case.
assert_pronounceable() {
	local text=$1 capitals=$2 digits=$3 symbols=$4 group=${5:-0} separator=${6:-} drawn=
	local letters c v
	if ((group)); then
		# The separators stand after every GROUP characters.
		while ((${#text} > group)); do
			[[ ${text:group:${#separator}} == "$separator" ]] ||
				fail "'$1': no separator '$separator' after $group characters"
			drawn+=${text:0:group}
			text=${text:group+${#separator}}
		done
		text=$drawn$text
	fi
	[[ $(LC_ALL=C tr -cd '[:upper:]' <<<"$text") =~ ^.{$capitals}$ ]] ||
		fail "'$1': not $capitals capital letters"
	[[ $(LC_ALL=C tr -cd '[:digit:]' <<<"$text") =~ ^.{$digits}$ ]] ||
		fail "'$1': not $digits digits"
	[[ $(LC_ALL=C tr -cd '[:punct:]' <<<"$text") =~ ^.{$symbols}$ ]] ||
		fail "'$1': not $symbols symbols"
	letters=$(LC_ALL=C tr -d '[:digit:][:punct:]' <<<"$text" | LC_ALL=C tr '[:upper:]' '[:lower:]')
	c="[$PRONOUNCEABLE_CONSONANTS]" v="[$PRONOUNCEABLE_VOWELS]"
	[[ $letters =~ ^($c$v$c)*($c$v?)?$ ]] ||
		fail "'$1': the letters '$letters' are not consonant, vowel, consonant"
}
