#!/usr/bin/env bats
# The lists in the documents against the programs' own tables: the formats
# of README.md, pass-genhelper(1) and pass-gen(1) against
# `pass-genhelper --list-formats`; the options of pass-genhelper(1) and
# `pass-genhelper --help` against
# `pass-genhelper --list-options`, and of pass-gen(1) and `pass gen --help`
# against `pass-genhelper --list-pass-gen-options` (both
# printed from the option table, src/request/options.def).  --help is printed from
# the same table, and pass gen's options and usage and the shell
# completions hold blocks written out from it by tools/gen-blocks, checked
# here against what it makes now; the man pages are prose, so they are
# checked instead: an option added, renamed or dropped in one place and not
# in the other, or given another letter or argument name, fails here.
#
# Each list is compared as sorted lines: for formats "NAME<TAB>FORMAT" (the
# format a name stands for: itself for a format, the format for an alias);
# for options "NAME<TAB>SHORT<TAB>ARGUMENT" (SHORT "-" for none, ARGUMENT
# the argument's name in lower case, "-" for none).

# output and status are set by bats' `run`.
# shellcheck disable=SC2154

load test_helper/common

setup() {
	TOP=$(cd "$TESTS_SRCDIR/.." && pwd)
}

# The helper's formats: "NAME<TAB>FORMAT", sorted.
helper_formats() {
	"$GEN" --list-formats | cut -f 1,2 | LC_ALL=C sort
}

# The formats of README.md's "Formats" table (a heading of any level): the
# first `name` of the first column is a format, the others its aliases.
readme_formats() {
	awk '
		/^#+ / { inside = ($0 ~ /^#+ Formats$/); next }
		inside && /^\| `/ {
			split($0, cell, "|")
			n = split(cell[2], part, "`")
			if (part[2] ~ /^-/)
				next  # the heading row
			for (i = 2; i <= n; i += 2)
				printf "%s\t%s\n", part[i], part[2]
		}
	' "$TOP/README.md" | LC_ALL=C sort
}

# pass-genhelper(1): the items of the list under --format (between .RS and
# .RE) are formats; ".B alias" lines just before "is an alias." or "are
# aliases." (with "and" between them) are aliases of that item's format.
man_helper_formats() {
	awk '
		/^\.BI \\-f .*\\-\\-format=/ { list = 1; next }
		list && /^\.RE/ { exit }
		list && /^\.TP/ { heading = 1; next }
		list && heading {
			heading = 0
			if (split($0, word, " ") >= 2 && word[1] == ".BR") {
				format = word[2]
				printf "%s\t%s\n", format, format
			}
			next
		}
		list && /^\.B [a-z0-9]+$/ { pending = pending " " $2; next }
		list && /^and$/ { next }
		list && /^(is an alias|are aliases)\.$/ {
			n = split(pending, word, " ")
			for (i = 1; i <= n; i++)
				printf "%s\t%s\n", word[i], format
		}
		list { pending = "" }
	' "$TOP/man/pass-genhelper.1" | LC_ALL=C sort
}

# pass-gen(1): the bold words of the list under -t, --format (up to the
# next .TP); the first of a line is a format, the others on that line its
# aliases.  Arguments of .B and .BR are words or "quoted"; .BR sets every
# other one in bold, starting with the first.
man_gen_formats() {
	awk '
		/^\.BR \\-t ", " \\-\\-format/ { list = 1; next }
		list && /^\.TP/ { exit }
		list && /^\.BR? / {
			line = substr($0, index($0, " ") + 1)
			n = 0
			while (line != "") {
				if (substr(line, 1, 1) == "\"") {
					end = index(substr(line, 2), "\"")
					arg[++n] = substr(line, 2, end - 1)
					line = substr(line, end + 2)
				} else {
					end = index(line, " ")
					if (end == 0) end = length(line) + 1
					arg[++n] = substr(line, 1, end - 1)
					line = substr(line, end)
				}
				sub(/^ +/, "", line)
			}
			format = ""
			for (i = 1; i <= n; i += 2) {
				if (arg[i] !~ /^[a-z0-9]+$/)
					continue
				if (format == "")
					format = arg[i]
				printf "%s\t%s\n", arg[i], format
			}
		}
	' "$TOP/man/pass-gen.1" | LC_ALL=C sort
}

# The options a man page's OPTIONS section describes: each .TP heading that
# names a long option, as "NAME<TAB>SHORT<TAB>ARGUMENT".
man_options() {
	awk '
		/^\.SH / { inside = ($2 == "OPTIONS"); next }
		inside && /^\.TP/ { heading = 1; next }
		inside && heading {
			heading = 0
			line = $0
			gsub(/\\-/, "-", line)
			gsub(/\\f[BIRP]/, " ", line)
			gsub(/"/, " ", line)
			if (!match(line, /--[a-z][a-z0-9-]*/))
				next
			name = substr(line, RSTART + 2, RLENGTH - 2)
			rest = substr(line, RSTART + RLENGTH)
			short = "-"
			if (match(line, /(^|[ ,])-[A-Za-z]([ ,]|$)/)) {
				short = substr(line, RSTART, RLENGTH)
				gsub(/[ ,-]/, "", short)
			}
			# The argument: the word after the long name.
			argument = "-"
			sub(/^[= ]+/, "", rest)
			if (match(rest, /^[a-z]+/))
				argument = substr(rest, RSTART, RLENGTH)
			printf "%s\t%s\t%s\n", name, short, argument
		}
	' "$1" | LC_ALL=C sort -u
}

# A program's option table as "NAME<TAB>SHORT<TAB>ARGUMENT".
option_names() {
	awk -F '\t' '{ printf "%s\t%s\t%s\n", $1, $2, tolower($5) }' | LC_ALL=C sort
}

# The options --help lists: "  -x, --name ARG  text" or "      --name ARG".
help_options() {
	"$GEN" --help | awk '
		match($0, /^  (-[A-Za-z], |    )--[a-z][a-z0-9-]*( [A-Z]+)?/) {
			n = split(substr($0, 3, RLENGTH - 2), word, " ")
			short = word[1] ~ /^-[A-Za-z],$/ ? substr(word[1], 2, 1) : "-"
			i = short == "-" ? 1 : 2
			printf "%s\t%s\t%s\n", substr(word[i], 3), short, (i < n ? tolower(word[i + 1]) : "-")
		}
	' | LC_ALL=C sort
}

# The options pass gen's usage lists: "[--name,-x arg]" or "[--name arg |
# --other]", from the usage of the extension as built.
gen_usage_options() {
	bash -c 'source <(sed -n "/^gen_usage_synopsis() {/,/^}/p" "$1") &&
		PROGRAM=pass COMMAND=gen gen_usage_synopsis' _ "$GEN_EXTENSION" |
		grep -o -E -e '--[a-z][a-z0-9-]*(,-[A-Za-z])?( [a-z]+)?' |
		awk '{
			split($1, part, ",")
			printf "%s\t%s\t%s\n", substr(part[1], 3), (part[2] != "" ? substr(part[2], 2) : "-"),
				(NF > 1 ? $2 : "-")
		}' | LC_ALL=C sort
}

@test "--list-formats: every format and alias, each resolving to a format" {
	run "$GEN" --list-formats
	assert_success
	local name format description
	while IFS=$'\t' read -r name format description; do
		[[ -n $description ]] || fail "no description for $name"
		# Each name is accepted and gives the alphabet of its format.
		[[ $("$GEN" --format "$name" --print-alphabet) == "$("$GEN" --format "$format" --print-alphabet)" ]] ||
			fail "--format $name differs from --format $format"
	done <<<"$output"
	# And a name not listed is refused.
	run "$GEN" --format nosuchformat --print-alphabet
	assert_failure 2
}

@test "--list-options: every option is accepted under both names" {
	run "$GEN" --list-options
	assert_success
	local name short argument rest count=0
	while IFS=$'\t' read -r name short argument rest; do
		count=$((count + 1))
		[[ $argument == required || $argument == none ]] || fail "bad line: $name $short $argument"
		# --help and --version print and exit; every other option is
		# refused with a message that names it when misused, so asking
		# for its argument shows that the parser knows it.
		run "$GEN" "--$name=" x y z
		refute_output --partial "unknown option '--$name'"
		if [[ $short != - ]]; then
			run "$GEN" "-$short"
			refute_output --partial "unknown option '-$short'"
		fi
	done <<<"$output"
	((count >= 20)) || fail "only $count options"
}

@test "README's Formats table lists the helper's formats and aliases" {
	diff -u <(helper_formats) <(readme_formats)
}

@test "pass-genhelper(1) lists the helper's formats and aliases under --format" {
	diff -u <(helper_formats) <(man_helper_formats)
}

@test "pass-gen(1) lists the helper's formats and aliases under --format" {
	diff -u <(helper_formats) <(man_gen_formats)
}

@test "pass-genhelper(1) describes every option of --list-options, and no other" {
	diff -u <("$GEN" --list-options | option_names) <(man_options "$TOP/man/pass-genhelper.1")
}

@test "pass-gen(1) describes every option of --list-pass-gen-options, and no other" {
	diff -u <("$GEN" --list-pass-gen-options | option_names) <(man_options "$TOP/man/pass-gen.1")
}

@test "pass-genhelper --help lists every option of --list-options, with its letter and argument, and no other" {
	diff -u <("$GEN" --list-options | option_names) <(help_options)
}

@test "pass gen --help lists every option of --list-pass-gen-options, with its letter and argument, and no other" {
	[[ -f $GEN_EXTENSION ]] || fail "the extension is not built: $GEN_EXTENSION"
	diff -u <("$GEN" --list-pass-gen-options | option_names) <(gen_usage_options)
}

# The abbreviations of pass generate's long options (as /usr/bin/pass
# gives them to getopt) that getopt(1) refuses as ambiguous under pass
# gen's, one a line, sorted.
ambiguous_abbreviations() {
	local pass_long gen_short gen_long option i
	pass_long=$(sed -n 's/^[[:space:]]*opts=.*-o nqcif -l \([a-z,-]*\) .*/\1/p' "$1")
	[[ -n $pass_long ]] || fail "pass generate's getopt line not found in $1"
	eval "$(grep -E '^GEN_GETOPT_(SHORT|LONG)=' "$GEN_EXTENSION" | sed 's/^GEN_GETOPT_/gen_/; s/_SHORT=/_short=/; s/_LONG=/_long=/')"
	for option in ${pass_long//,/ }; do
		for ((i = 1; i <= ${#option}; i++)); do
			getopt -q -o "$gen_short" -l "$gen_long" -- "--${option:0:i}" >/dev/null ||
				printf -- '--%s\n' "${option:0:i}"
		done
	done | LC_ALL=C sort -u
}

@test "pass-gen(1) names each abbreviation of pass generate's options that pass gen refuses as ambiguous" {
	local pass
	pass=$(command -v pass) || skip "pass is not installed"
	[[ -f $GEN_EXTENSION ]] || fail "the extension is not built: $GEN_EXTENSION"
	diff -u <(ambiguous_abbreviations "$pass") \
		<(sed -n '/to a prefix of one option only:/,/are ambiguous here/p' "$TOP/man/pass-gen.1" |
			tr '\n' ' ' | sed 's/.*only://; s/which.*//; s/\\-/-/g' | grep -o -- '--[a-z-]*' | LC_ALL=C sort -u)
}

@test "every option of the table has a summary and, unless hidden, --help text" {
	local name summary help
	help=$(help_options)
	while IFS=$'\t' read -r name _ _ _ _ _ _ _ summary; do
		[[ -n $summary ]] || fail "--$name: no summary"
		[[ $'\n'$help == *$'\n'"$name"$'\t'* ]] || fail "--$name: not in --help"
	done < <("$GEN" --list-options)
}

@test "the generated blocks of the extension and the completions are what tools/gen-blocks makes (make update-generated)" {
	local file count=0
	cd "$TOP"
	while IFS= read -r file; do
		count=$((count + 1))
		awk -f tools/gen-blocks -v helper="$GEN" "$file" | diff -u "$file" - ||
			fail "$file: the generated blocks differ from the helper's tables; run make update-generated"
	done < <(grep -l '^# BEGIN generated by tools/gen-blocks' \
		extension/*.in completion/*.bash completion/_* completion/*.fish)
	# The extension, two bash, one zsh and two fish files.
	assert_equal "$count" 6
}

@test "make fills in the extension's three configure values, and changes nothing else" {
	local changed
	[[ -f $GEN_EXTENSION ]] || fail "the extension is not built: $GEN_EXTENSION"
	run grep -n '@[A-Za-z_]*@' "$GEN_EXTENSION"
	assert_failure 1
	changed=$(diff "$TOP/extension/gen.bash.in" "$GEN_EXTENSION" | grep '^>')
	assert_equal "$(printf '%s\n' "$changed" | wc -l)" 3
	assert_regex "$changed" $'^> GEN_HELPER_INSTALLED="/[^"]*/pass-genhelper"\n> GEN_POLICY_NAME="\\.pass-gen"\n> GEN_POLICY_MAX_BYTES=[0-9]+$'
}

# The command that takes WORD where the completions offer it for KIND
# (a kind of --list-values), printed as arguments one a line.
value_command() {
	case $1 in
	capitalize) printf '%s\n' --words --capitalize "$2" ;;
	classes) printf '%s\n' --require "lower,$2" ;;
	rules-name) printf '%s\n' --rules "$2: 1" ;;
	rules-class) printf '%s\n' --rules "allowed: $2" ;;
	*) fail "no command for the kind $1" ;;
	esac
}

@test "--list-values: every word is one the helper takes there, and a word not listed is refused" {
	local kind word summary list arg kinds=() args=()
	run "$GEN" --list-values
	assert_success
	list=$output
	# A word is taken when the helper finds no fault with that word (a
	# rule may still want another value: "required: 1").
	while IFS=$'\t' read -r kind word summary; do
		[[ -n $summary ]] || fail "no summary column for $kind $word"
		[[ " ${kinds[*]} " == *" $kind "* ]] || kinds+=("$kind")
		args=()
		while IFS= read -r arg; do args+=("$arg"); done < <(value_command "$kind" "$word")
		run "$GEN" "${args[@]}" --print-alphabet
		refute_output --partial "'$word'"
	done <<<"$list"
	assert_equal "${kinds[*]}" "capitalize classes rules-name rules-class"
	for kind in "${kinds[@]}"; do
		args=()
		while IFS= read -r arg; do args+=("$arg"); done < <(value_command "$kind" nosuchword)
		run "$GEN" "${args[@]}" --print-alphabet
		assert_failure 2
		assert_output --partial "'nosuchword'"
	done
}

@test "every completion of option values takes its words from --list-values, and types none of them out" {
	local file
	cd "$TOP"
	for file in completion/pass-genhelper.bash completion/_pass-gen completion/pass-gen.fish; do
		grep -q '^# BEGIN generated by tools/gen-blocks from pass-genhelper --list-values ' "$file" ||
			fail "$file: no block from --list-values"
		# Outside the generated blocks, no line names three words of one
		# kind (a list typed out again).
		"$GEN" --list-values | awk -F '\t' -v file="$file" '
			FNR == NR { words[$1] = words[$1] " " $2; next }
			/^[ \t]*# BEGIN generated/ { inside = 1; next }
			/^[ \t]*# END generated/ { inside = 0; next }
			inside { next }
			{
				line = " " $0 " "
				gsub(/[^a-z-]+/, " ", line)
				for (kind in words) {
					n = split(words[kind], word, " ")
					found = 0
					for (i = 1; i <= n; i++)
						if (index(line, " " word[i] " "))
							found++
					if (found >= 3) {
						printf "%s:%d: words of %s typed out: %s\n", file, FNR, kind, $0
						bad = 1
					}
				}
			}
			END { exit bad }
		' - "$file" || fail "$file types out words the helper lists"
	done
}
