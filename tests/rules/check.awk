# tests/rules/check.awk - an independent judge of passwords under password
# rules (Apple's language), sharing no code with the program.
#
# Usage: LC_ALL=C awk -F '\t' -f tests/rules/check.awk < LINES
#
# Each input line is NAME<TAB>RULES<TAB>PASSWORD; prints "FAIL NAME: why"
# for each password that breaks a rule as the program documents them, and
# exits 1 if any did.  With -v keep=1 it prints instead the passwords that
# meet every rule, one a line, and exits 0.  The rules: minlength and maxlength (largest minimum,
# smallest maximum); every character in the union of the allowed and
# required classes (all printable ASCII when there is none) and never a
# space; max-consecutive N: no N+1 identical characters and no N+1 that
# step by +1, or by -1, within a-z, A-Z or 0-9; max-repeating and
# max-sequential one of each; each required clause served by a position of
# its own (a matching, found by augmenting paths).
BEGIN {
	printable = ""
	for (i = 32; i < 127; i++)
		printable = printable sprintf("%c", i)
	failed = 0
}

function ord(c) { return index(printable, c) + 31 }

function run_of(c) {
	if (c ~ /^[a-z]$/) return 1
	if (c ~ /^[A-Z]$/) return 2
	if (c ~ /^[0-9]$/) return 3
	return 0
}

# Is c in the class item (a name or "[...]")?
function in_item(c, item,    name) {
	if (substr(item, 1, 1) == "[")
		return index(substr(item, 2, length(item) - 2), c) > 0
	name = tolower(item)
	if (name == "upper") return c ~ /^[A-Z]$/
	if (name == "lower") return c ~ /^[a-z]$/
	if (name == "digit") return c ~ /^[0-9]$/
	if (name == "special") return index(printable, c) > 0 && c !~ /^[A-Za-z0-9]$/
	if (name == "ascii-printable" || name == "unicode") return index(printable, c) > 0
	print "FAIL " who ": the checker does not know class " item
	failed = 1
	return 0
}

# Is c in clause k (a list of items)?
function in_clause(c, k,    i) {
	for (i = 1; i <= items[k]; i++)
		if (in_item(c, item[k, i]))
			return 1
	return 0
}

# Split the rules into clauses: rule[k] the name, items[k] and item[k, i]
# the classes of required and allowed, value[k] the number of the others.
function parse(text,    n, i, c, inside, name, cur, k) {
	k = 0; inside = 0; cur = ""
	text = text ";"
	n = length(text)
	for (i = 1; i <= n; i++) {
		c = substr(text, i, 1)
		if (inside) {
			cur = cur c
			if (c == "]") {
				if (substr(text, i + 1, 1) == "]") { cur = cur "]"; i++ }
				inside = 0
			}
			continue
		}
		if (c == "[") { inside = 1; cur = cur c; continue }
		if (c == ";" || c == ",") {
			gsub(/^[ \t]+|[ \t]+$/, "", cur)
			if (cur != "") {
				if (match(cur, /^[a-z-]+:/)) {
					k++
					rule[k] = substr(cur, 1, RLENGTH - 1)
					items[k] = 0
					cur = substr(cur, RLENGTH + 1)
					gsub(/^[ \t]+/, "", cur)
				}
				if (rule[k] == "required" || rule[k] == "allowed")
					item[k, ++items[k]] = cur
				else
					value[k] = cur + 0
			}
			cur = ""
			continue
		}
		cur = cur c
	}
	return k
}

function augment(k, pos, len,    p) {
	for (p = 1; p <= len; p++) {
		if (seen[p] || !in_clause(substr(pw, p, 1), req[k]))
			continue
		seen[p] = 1
		if (!(p in owner) || augment(owner[p], pos, len)) {
			owner[p] = k
			return 1
		}
	}
	return 0
}

function fail(why) {
	broken = 1
	if (keep)
		return
	print "FAIL " who ": " why " in '" pw "'"
	failed = 1
}

{
	who = $1; pw = $3; broken = 0
	split("", rule); split("", items); split("", item); split("", value)
	split("", req); split("", owner)
	clauses = parse($2)
	minl = 0; maxl = 0; rep = 0; seq = 0; nreq = 0; anyallowed = 0
	for (k = 1; k <= clauses; k++) {
		if (rule[k] == "minlength" && value[k] > minl) minl = value[k]
		if (rule[k] == "maxlength" && (maxl == 0 || value[k] < maxl)) maxl = value[k]
		if ((rule[k] == "max-consecutive" || rule[k] == "max-repeating") && (rep == 0 || value[k] < rep)) rep = value[k]
		if ((rule[k] == "max-consecutive" || rule[k] == "max-sequential") && (seq == 0 || value[k] < seq)) seq = value[k]
		if (rule[k] == "required") req[++nreq] = k
		if (rule[k] == "required" || rule[k] == "allowed") anyallowed = 1
	}
	len = length(pw)
	if (len < minl) fail("shorter than minlength " minl)
	if (maxl && len > maxl) fail("longer than maxlength " maxl)
	for (p = 1; p <= len; p++) {
		c = substr(pw, p, 1)
		if (c == " " || index(printable, c) == 0) { fail("a space or unprintable character"); break }
		ok = !anyallowed
		for (k = 1; k <= clauses && !ok; k++)
			if (rule[k] == "required" || rule[k] == "allowed")
				ok = in_clause(c, k)
		if (!ok) { fail("'" c "' not allowed"); break }
	}
	same = 1; up = 1; down = 1
	for (p = 2; p <= len; p++) {
		a = substr(pw, p - 1, 1); b = substr(pw, p, 1)
		same = a == b ? same + 1 : 1
		step = run_of(a) && run_of(a) == run_of(b)
		up = step && ord(b) == ord(a) + 1 ? up + 1 : 1
		down = step && ord(b) == ord(a) - 1 ? down + 1 : 1
		if (rep && same > rep) { fail(same " identical in a row"); break }
		if (seq && (up > seq || down > seq)) { fail("a sequence of " (up > down ? up : down)); break }
	}
	for (r = 1; r <= nreq; r++) {
		split("", seen)
		if (!augment(r, 0, len)) { fail("required clause " r " has no position of its own"); break }
	}
	checked++
	if (keep && !broken)
		print pw
}
END {
	if (!keep)
		print checked " passwords checked"
	exit failed
}
