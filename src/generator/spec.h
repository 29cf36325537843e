/* spec.h - what to generate, fully resolved and checked */
#ifndef PASS_GENHELPER_SPEC_H
#define PASS_GENHELPER_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "text/bounds.h"
#include "secret/charset.h"
#include "secret/count.h"
#include "request/request.h"
#include "secret/passphrase.h"
#include "secret/pronounceable.h"
#include "site_rules/site_rules.h"
#include "site_rules/site_rules_model.h"
#include "site_rules/site_rules_exact.h"
#include "secret/words.h"

/* Notices that a spec can call for (site rules: spec_site_rules.c), and their room. */
#define SPEC_NOTES 3
#define SPEC_NOTE_BYTES (2 * QUOTE_BYTES + 256)

/* The kinds of secret: one discriminator, and one part of the spec each. */
enum spec_kind {
	SPEC_CHARACTERS, /* characters of an alphabet, under class rules or site rules */
	SPEC_TOKEN,      /* random bytes in a byte encoding (--bytes) */
	SPEC_WORDS,      /* a passphrase */
	SPEC_PRONOUNCEABLE /* syllables (secret/pronounceable.h) */
};

/* Site rules (spec_site_rules.c): a constraint on the characters. */
struct site_rules_spec {
	struct site_rules rules;
	struct site_rules_model model;         /* owned */
	char source[QUOTE_BYTES + 16];    /* "site 'example.com'" or "--rules" */
	bool by_counting;                 /* too few candidates meet them to draw by
					     rejection (site_rules_size.c): */
	struct site_rules_exact exact;    /* owned; drawn by counting (site_rules_exact.c) */
	const char *domain;               /* the table's site (--site or --entry), or NULL */
	bool from_entry;                  /* found from --entry's name, not asked for */
};

struct characters_spec {
	struct alphabet alphabet;
	const char *alphabet_name; /* the format name, "rules" or "custom", */
	bool alphabet_narrowed;    /* with exclusions taken out of it */
	size_t length;
	class_mask required;      /* class rules (none under site rules) */
	bool has_site_rules;      /* site rules apply: spec->site holds them */
};

struct token_spec {
	struct alphabet alphabet; /* the encoding's digits (--print-alphabet) */
	enum encoding encoding;
	size_t bytes;             /* random bytes, encoded */
	size_t length;            /* characters of the encoding */
};

struct words_spec {
	struct passphrase passphrase;
	struct passphrase_bits bits;
	struct wordlist file_list;        /* --wordlist (owned), or the embedded list */
	struct wordlist capitalized_list; /* --capitalize first/all, owned */
	size_t capital_collisions;        /* words made identical by capitals */
};

struct spec {
	enum spec_kind kind;      /* which member of the union below is in use */
	const char *format_name;  /* "graph", ..., "custom" for --charset, "words", "rules" */
	size_t max_bytes;         /* bytes the longest secret takes */
	double bits;              /* exact entropy of each secret: log2 of outcomes,
				     on the side of every whole number that outcomes is;
				     set by spec_build() alone, once outcomes is made */
	unsigned long count;
	char terminator;          /* '\n', or '\0' with --null */
	bool verbose;
	unsigned long dice_sides; /* 0: kernel randomness */
	unsigned note_count;
	/* spec_build() clears the union, and no further: the two arrays
	 * after it are written as they fill and read only that far, and the
	 * site rules are spec_site_rules_build()'s. */
	union {
		struct characters_spec characters;
		struct token_spec token;
		struct words_spec words;
		struct pronounceable pronounceable;
	};
	struct count outcomes;    /* how many equally likely secrets there are */
	char notes[SPEC_NOTES][SPEC_NOTE_BYTES]; /* notices on standard error */
	/* The character kind's site rules, when characters.has_site_rules:
	 * set up whole by spec_site_rules_build(), and outside the union, so
	 * that a call without rules neither clears nor touches its 2.8 KiB
	 * (the union and the count's start then share a page of stack). */
	struct site_rules_spec site;
};

/* Does the spec reach `bits` bits: at least 2^bits equally likely secrets?
 * The exact test for every threshold (count_reaches). */
bool spec_reaches(const struct spec *spec, unsigned long bits);

/* Take what --exclude and --no-ambiguous leave out of set (the character
 * kind's, and the site rules' alphabet). */
bool narrow_set(const struct request *req, struct byteset *set, struct error *err);

/* Release what spec_build() allocated (word lists, the rules model). */
void spec_free(struct spec *spec);

#endif
