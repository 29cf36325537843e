# shellcheck shell=bash
# shellcheck disable=SC2034 # the arrays are read by the tests that call these
# Word lists whose words look alike, or are one after NFKC, and ordinary
# lists in six languages: shared by hostile-input.bats (the helper) and
# hostile-store.bats (`pass gen` with a policy naming the list).

# utf8 VAR CODE_POINT: sets VAR to the UTF-8 bytes of CODE_POINT (3 or 4
# bytes, U+0800 and above), whatever the locale: bash's printf '\U...'
# writes the escape itself where the locale is not UTF-8 (env -i).
utf8() {
	local cp=$2 hex
	if ((cp < 0x10000)); then
		printf -v hex '\\x%02x\\x%02x\\x%02x' $((0xE0 | cp >> 12)) \
			$((0x80 | (cp >> 6 & 0x3F))) $((0x80 | (cp & 0x3F)))
	else
		printf -v hex '\\x%02x\\x%02x\\x%02x\\x%02x' $((0xF0 | cp >> 18)) \
			$((0x80 | (cp >> 12 & 0x3F))) $((0x80 | (cp >> 6 & 0x3F))) $((0x80 | (cp & 0x3F)))
	fi
	printf -v "$1" '%b' "$hex"
}

# lookalike_lists DIR: one file a kind of attack in DIR, named in
# LOOKALIKE_FILES; LOOKALIKE_MESSAGES holds, for each, what its refusal
# says (the line, the reason, the code point) after "word list 'PATH', ".
lookalike_lists() {
	local dir=$1 x y form letter letters=() forms=(0x1D41A 0x1D4EA 0xFF41 0x24D0)
	local i plain=({a..z})
	# Two-letter words, each letter plain or in one of 4 compatibility
	# forms (mathematical bold, bold script, fullwidth, circled), and the
	# modifier letters U+00AA, U+00BA, U+02B3: 17,689 "words" that NFKC
	# makes 676.
	for i in {0..25}; do
		letters+=("${plain[i]}")
		for form in "${forms[@]}"; do
			utf8 letter $((form + i))
			letters+=("$letter")
		done
	done
	letters+=($'\xc2\xaa' $'\xc2\xba' $'\xca\xb3')
	for x in "${letters[@]}"; do
		for y in "${letters[@]}"; do
			printf '%s%s\n' "$x" "$y"
		done
	done >"$dir/compatibility.txt"
	# "a" and up to three overlays U+0334, U+0335, U+0338, in every order:
	# 39 words of one glyph.
	x="{"$'\xcc\xb4'","$'\xcc\xb5'","$'\xcc\xb8'"}"
	eval "printf 'a%s\n' $x $x$x $x$x$x" >"$dir/overlay.txt"
	# "peaceox" with each of its letters Latin or Cyrillic (а е о р с х):
	# 128 spellings.
	eval "printf '%s\n' {p,$'\xd1\x80'}{e,$'\xd0\xb5'}{a,$'\xd0\xb0'}{c,$'\xd1\x81'}{e,$'\xd0\xb5'}{o,$'\xd0\xbe'}{x,$'\xd1\x85'}" >"$dir/peaceox.txt"
	# "fi" and the ligature U+FB01 in 6 places: 64 strings.
	eval "printf '%s\n' {fi,$'\xef\xac\x81'}{fi,$'\xef\xac\x81'}{fi,$'\xef\xac\x81'}{fi,$'\xef\xac\x81'}{fi,$'\xef\xac\x81'}{fi,$'\xef\xac\x81'}" >"$dir/ligature.txt"
	# "apples" plain, fullwidth and monospace.
	printf '%s\n' apples $'\xef\xbd\x81\xef\xbd\x90\xef\xbd\x90\xef\xbd\x8c\xef\xbd\x85\xef\xbd\x93' \
		$'\xf0\x9d\x9a\x8a\xf0\x9d\x9a\x99\xf0\x9d\x9a\x99\xf0\x9d\x9a\x95\xf0\x9d\x9a\x8e\xf0\x9d\x9a\x9c' >"$dir/apples.txt"
	# A word that starts with a mark (U+0301): after an empty separator it
	# joins the word before it.
	printf '%s\n' apple $'\xcc\x81pple' >"$dir/mark.txt"
	# Characters SASLprep (RFC 4013) maps to nothing or prohibits: 90
	# two-digit words, and each with U+1806 MONGOLIAN TODO SOFT HYPHEN
	# between its digits; "ab" and "a", U+FFFD, "b".
	utf8 letter 0x1806
	for x in {10..99}; do
		printf '%s\n' "$x" "${x:0:1}$letter${x:1}"
	done >"$dir/mongolian.txt"
	utf8 letter 0xFFFD
	printf '%s\n' ab "a${letter}b" >"$dir/replacement.txt"
	# Katakana and hiragana or Han that look alike, 64 spellings of one
	# word; the six dashes of "a-b" (U+002D, U+2010, U+2012, U+2013,
	# U+2212, U+2043): one skeleton each (UTS #39).
	eval "printf '%s\n' {ヘ,へ}{ロ,口}{エ,工}{カ,力}{ニ,二}{ハ,八}" >"$dir/kana.txt"
	printf 'a%sb\n' - ‐ ‒ – − ⁃ >"$dir/dashes.txt"
	LOOKALIKE_FILES=(compatibility overlay peaceox ligature apples mark mongolian replacement kana dashes)
	LOOKALIKE_MESSAGES=(
		"line 2: compatibility character that NFKC replaces (a fullwidth, mathematical, circled, superscript or modifier form, or a ligature) in the word 'a"$'\xf0\x9d\x90\x9a'"' (U+1D41A)"
		"line 1: overlay mark (combining class 1) in the word 'a"$'\xcc\xb4'"' (U+0334)"
		"line 2: mix of scripts that UTS #39 does not allow (highly restrictive) in the word 'peaceo"$'\xd1\x85'"' (U+0445)"
		"line 2: compatibility character that NFKC replaces (a fullwidth, mathematical, circled, superscript or modifier form, or a ligature) in the word 'fififififi"$'\xef\xac\x81'"' (U+FB01)"
		"line 2: compatibility character that NFKC replaces (a fullwidth, mathematical, circled, superscript or modifier form, or a ligature) in the word '"$'\xef\xbd\x81\xef\xbd\x90\xef\xbd\x90\xef\xbd\x8c\xef\xbd\x85\xef\xbd\x93'"' (U+FF41)"
		"line 2: combining mark at the start in the word '"$'\xcc\x81'"pple' (U+0301)"
		"line 2: character that SASLprep (RFC 4013) maps to nothing in the word '1᠆0' (U+1806)"
		"line 2: character that SASLprep (RFC 4013) prohibits in the word 'a�b' (U+FFFD)"
		"line 34: the word 'へロエカニ八' looks like the word 'へロエカニハ' of line 33 (one skeleton by UTS #39's confusables; they differ at U+516B)"
		"line 2: the word 'a‐b' looks like the word 'a-b' of line 1 (one skeleton by UTS #39's confusables; they differ at U+2010)"
	)
}

# language_lists DIR: a list of 64 words (8 starts times 8 ends) in each of
# German, French, Russian, Greek, Japanese (kanji and kana), Japanese with
# two Latin words (66), and Hindi, named in LANGUAGE_FILES, with their
# counts in LANGUAGE_COUNTS.
language_lists() {
	local dir=$1
	product() {
		local file=$1 start end
		shift
		for start in $1; do
			for end in $2; do
				printf '%s%s\n' "$start" "$end"
			done
		done >"$dir/$file.txt"
	}
	product german "Äp fel Stra ße mü grö schö Üb" "ung en ßer er lich bär tür öl"
	product french "é lè ve gar çon ê tre no" "ël où fo rêt ca fé pâ te"
	product russian "мир дом лес сад кот сон чай лук" "ок ка ня ёж щи ый ша ря"
	product greek "άλ βή γά δέ ζω θη κα λύ" "φα μα σα ρο νη ψι χο ξε"
	product japanese "東 京 日 本 山 川 花 雪" "さくら かな ひと カタ ナミ もの こと ソラ"
	cp "$dir/japanese.txt" "$dir/japanese-latin.txt"
	printf '%s\n' tokyo kyoto >>"$dir/japanese-latin.txt"
	product hindi "है नम भा कि पा घ मे रो" "र ता ब नी स्ते ल गा हैं"
	unset -f product
	LANGUAGE_FILES=(german french russian greek japanese japanese-latin hindi)
	LANGUAGE_COUNTS=(64 64 64 64 64 66 64)
}
