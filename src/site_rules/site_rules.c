/*
 * site_rules.c - a parser of Apple's password-rules language (the HTML
 * `passwordrules` attribute and the table of password-manager-resources).
 *
 *   rules    := ws [ rule ws { ";" ws [ rule ws ] } ]
 *   rule     := ( "required" | "allowed" ) ":" ws class ws { "," ws class ws }
 *             | ( "minlength" | "maxlength" | "max-consecutive"
 *               | "max-repeating" | "max-sequential" ) ":" ws number
 *   class    := "upper" | "lower" | "digit" | "special" | "ascii-printable"
 *             | "unicode" | "[" characters "]"
 *   ws       := { space, tab, newline, carriage return, form feed }
 *
 * Class names are matched without regard to case, as Apple's parser does;
 * rule names exactly.  In a custom class "-" may only come first, and a
 * literal "]" is written "]]" at its end.
 *
 * Where Apple's parser drops something silently (an unknown rule or class
 * name, an empty or non-numeric value, a misplaced "-", an empty class),
 * this one refuses the text and says where: a person typing rules wants to
 * know.  Non-ASCII characters in a custom class are left out (we draw
 * printable ASCII only, and "unicode" counts as printable ASCII); control
 * characters and malformed UTF-8 there are errors.  Only parsing happens
 * here: what the rules allow at which length is counted in site_rules_count.c.
 */
#include "config.h"

#include "site_rules/site_rules.h"

#include <stdio.h>
#include <string.h>

enum rule_name {
	RULE_REQUIRED, RULE_ALLOWED, RULE_MINLENGTH, RULE_MAXLENGTH, RULE_MAX_CONSECUTIVE,
	RULE_MAX_REPEATING, RULE_MAX_SEQUENTIAL, RULE_COUNT
};

/* The rule names, keywords of the language. */
static const char *const rules_rule_names[] = {
	"required", "allowed", "minlength", "maxlength", "max-consecutive",
	"max-repeating", "max-sequential", NULL
};
_Static_assert(sizeof rules_rule_names / sizeof rules_rule_names[0] == RULE_COUNT + 1,
	       "a name for every rule");

struct parser {
	const char *text;
	size_t pos, len;
	struct error *err;
};

/* "WHAT at character N: 'the text from there'" (or "at the end"). */
static bool fail_at(struct parser *p, size_t at, const char *what)
{
	if (at >= p->len)
		return error_set(p->err, "%s at the end of the rules", what);
	return error_set(p->err, "%s at character %zu: %s", what, at + 1,
			 error_quote(p->err, p->text + at));
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

static bool is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-';
}

static void skip_space(struct parser *p)
{
	while (p->pos < p->len && is_space(p->text[p->pos]))
		p->pos++;
}

static char peek(const struct parser *p)
{
	return p->pos < p->len ? p->text[p->pos] : '\0';
}

static void add_range(struct rules_set *set, char from, char to)
{
	for (int c = from; c <= to; c++)
		set->has[c] = true;
}

/* The named classes, keywords of the language, and the characters each
 * holds: pairs of first and last. */
static const struct {
	const char *name;
	const char *ranges;
} named_classes[] = {
	{ "upper", "AZ" },
	{ "lower", "az" },
	{ "digit", "09" },
	{ "special", " /:@[`{~" },
	{ "ascii-printable", " ~" },
	{ "unicode", " ~" }, /* printable ASCII: we draw nothing else */
};

const char *site_rules_rule_name(size_t i)
{
	return i < RULE_COUNT ? rules_rule_names[i] : NULL;
}

const char *site_rules_class_name(size_t i)
{
	return i < sizeof named_classes / sizeof *named_classes ? named_classes[i].name : NULL;
}

/* A named class into set, matched without regard to case; false when the
 * name is not one. */
static bool add_named_class(struct rules_set *set, const char *name, size_t len)
{
	for (size_t k = 0; k < sizeof named_classes / sizeof *named_classes; k++) {
		const char *known = named_classes[k].name;
		size_t i = 0;

		while (i < len && known[i] &&
		       (name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]) == known[i])
			i++;
		if (i != len || known[i])
			continue;
		for (const char *r = named_classes[k].ranges; *r; r += 2)
			add_range(set, r[0], r[1]);
		return true;
	}
	return false;
}

/* "[...]" at p->pos into set. */
static bool parse_custom_class(struct parser *p, struct rules_set *set)
{
	size_t start = p->pos, count = 0;

	p->pos++; /* '[' */
	for (;;) {
		unsigned char c = (unsigned char)peek(p);
		unsigned long code_point;
		size_t n;

		if (p->pos >= p->len)
			return fail_at(p, start, "custom class without its closing ']'");
		if (c == ']') {
			p->pos++;
			if (peek(p) == ']') { /* "]]": a literal ']' that ends the class */
				set->has[']'] = true;
				count++;
				p->pos++;
			}
			break;
		}
		if (c >= 0x80) {
			/* Not drawn: we draw printable ASCII only. */
			n = utf8_decode((const unsigned char *)p->text + p->pos, p->len - p->pos,
					&code_point);
			if (n == 0 || !code_point_printable(code_point))
				return fail_at(p, p->pos, "a character that is not printable in a custom class");
			p->pos += n;
			continue;
		}
		if (c < 0x20 || c == 0x7f)
			return fail_at(p, p->pos, "a control character in a custom class");
		if (c == '-' && p->pos != start + 1)
			return fail_at(p, p->pos, "'-' may only come first in a custom class");
		set->has[c] = true;
		count++;
		p->pos++;
	}
	if (count == 0)
		return fail_at(p, start, "an empty custom class");
	return true;
}

/* The value of required or allowed: a comma list of classes. */
static bool parse_classes(struct parser *p, struct rules_set *set)
{
	for (;;) {
		size_t start = p->pos;

		if (peek(p) == '[') {
			if (!parse_custom_class(p, set))
				return false;
		} else if (is_name_char(peek(p))) {
			while (p->pos < p->len && is_name_char(p->text[p->pos]))
				p->pos++;
			if (!add_named_class(set, p->text + start, p->pos - start)) {
				char what[QUOTE_BYTES + 64];

				snprintf(what, sizeof what, "unknown class %s",
					 error_quote_mem(p->err, p->text + start, p->pos - start));
				return fail_at(p, start, what);
			}
		} else {
			return fail_at(p, start,
				       "a class (upper, lower, digit, special, ascii-printable, unicode or [...]) expected");
		}
		skip_space(p);
		if (peek(p) != ',')
			return true;
		p->pos++;
		skip_space(p);
	}
}

static bool parse_number(struct parser *p, unsigned long min, unsigned long *value)
{
	size_t start = p->pos;
	unsigned long result = 0;

	if (peek(p) < '0' || peek(p) > '9')
		return fail_at(p, start, "a number expected");
	while (peek(p) >= '0' && peek(p) <= '9') {
		result = result * 10 + (unsigned long)(peek(p) - '0');
		if (result > RULES_MAX_NUMBER) {
			char what[64];

			snprintf(what, sizeof what, "a number above %lu", RULES_MAX_NUMBER);
			return fail_at(p, start, what);
		}
		p->pos++;
	}
	if (result < min) {
		char what[64];

		snprintf(what, sizeof what, "a number below %lu", min);
		return fail_at(p, start, what);
	}
	*value = result;
	return true;
}

/* The smaller of two limits, 0 standing for none. */
static unsigned long tighter(unsigned long limit, unsigned long value)
{
	return limit == 0 || value < limit ? value : limit;
}

static bool parse_rule(struct parser *p, struct site_rules *rules, bool *any_allowed)
{
	size_t start = p->pos, len;
	enum rule_name rule = RULE_COUNT;
	unsigned long value;

	while (p->pos < p->len && is_name_char(p->text[p->pos]))
		p->pos++;
	len = p->pos - start;
	for (int r = 0; r < RULE_COUNT; r++)
		if (strlen(rules_rule_names[r]) == len &&
		    memcmp(rules_rule_names[r], p->text + start, len) == 0)
			rule = (enum rule_name)r;
	if (rule == RULE_COUNT) {
		char what[QUOTE_BYTES + 64];

		if (len == 0)
			return fail_at(p, start, "a rule name expected");
		snprintf(what, sizeof what, "unknown rule %s", error_quote_mem(p->err, p->text + start, len));
		return fail_at(p, start, what);
	}
	if (peek(p) != ':')
		return fail_at(p, p->pos, "':' expected after the rule name");
	p->pos++;
	skip_space(p);
	switch (rule) {
	case RULE_REQUIRED:
		if (rules->required_count == RULES_MAX_REQUIRED) {
			char what[64];

			snprintf(what, sizeof what, "more than %d required rules", RULES_MAX_REQUIRED);
			return fail_at(p, start, what);
		}
		if (!parse_classes(p, &rules->required[rules->required_count]))
			return false;
		for (int c = 0; c < 128; c++)
			if (rules->required[rules->required_count].has[c])
				rules->allowed.has[c] = true;
		rules->required_count++;
		*any_allowed = true;
		return true;
	case RULE_ALLOWED:
		*any_allowed = true;
		return parse_classes(p, &rules->allowed);
	case RULE_MINLENGTH:
		if (!parse_number(p, 0, &value))
			return false;
		if (value > rules->minlength)
			rules->minlength = value;
		return true;
	case RULE_MAXLENGTH:
		if (!parse_number(p, 1, &value))
			return false;
		rules->maxlength = tighter(rules->maxlength, value);
		return true;
	case RULE_MAX_CONSECUTIVE:
	case RULE_MAX_REPEATING:
	case RULE_MAX_SEQUENTIAL:
		if (!parse_number(p, 1, &value))
			return false;
		if (rule != RULE_MAX_SEQUENTIAL)
			rules->max_repeating = tighter(rules->max_repeating, value);
		if (rule != RULE_MAX_REPEATING)
			rules->max_sequential = tighter(rules->max_sequential, value);
		return true;
	case RULE_COUNT:
		break;
	}
	return false;
}

bool site_rules_parse(const char *text, struct site_rules *rules, struct error *err)
{
	struct parser p = { text, 0, strlen(text), err };
	bool any_allowed = false;

	error_clear(err);
	memset(rules, 0, sizeof *rules);
	if (p.len > RULES_MAX_TEXT) {
		error_set(err, "the rules are longer than %d bytes", RULES_MAX_TEXT);
		return false;
	}
	skip_space(&p);
	while (p.pos < p.len) {
		if (!parse_rule(&p, rules, &any_allowed))
			return false;
		skip_space(&p);
		if (p.pos < p.len && p.text[p.pos] != ';')
			return fail_at(&p, p.pos, "';' expected");
		if (p.pos < p.len)
			p.pos++;
		skip_space(&p);
	}
	if (!any_allowed)
		add_range(&rules->allowed, ' ', '~');
	return true;
}
