/* spec.h - what to generate, fully resolved and checked */
#ifndef PASS_GENHELPER_SPEC_H
#define PASS_GENHELPER_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "bounds.h"
#include "charset.h"
#include "options.h"
#include "passphrase.h"
#include "rules.h"
#include "rules_count.h"
#include "words.h"

/* Notices that site rules can call for (rules_spec.c), and their room. */
#define RULES_NOTES 3
#define RULES_NOTE_BYTES (2 * QUOTE_BYTES + 256)

struct spec {
	const char *format_name;  /* "graph", ..., or "custom" for --charset */
	char alphabet_name[48];   /* the format name, and whether it was changed */
	struct alphabet alphabet;
	class_mask required;
	enum encoding encoding;   /* != ENCODING_NONE: encode `bytes` random bytes */
	size_t bytes;
	size_t length;            /* characters in each secret (not passphrases) */
	size_t max_bytes;         /* bytes the longest secret takes: length, or
				     passphrase_max_bytes() for passphrases */
	double bits;              /* exact entropy of each secret */
	unsigned long count;
	char terminator;          /* '\n', or '\0' with --null */
	bool verbose;
	unsigned long dice_sides; /* 0: kernel randomness */
	/* Passphrases. */
	bool is_passphrase;
	struct passphrase passphrase;
	struct passphrase_bits word_bits;
	struct wordlist file_list;        /* --wordlist, owned */
	struct wordlist capitalized_list; /* --capitalize first/all, owned */
	size_t capital_collisions;        /* words made identical by capitals */
	/* Site password rules (rules_spec.c): a constraint on the characters. */
	bool has_rules;
	struct password_rules rules;
	struct rules_model rules_model;   /* owned */
	char rules_source[QUOTE_BYTES + 16]; /* "site 'example.com'" or "--rules" */
	double rules_acceptance;          /* the fraction of candidates that meet them */
	char rules_notes[RULES_NOTES][RULES_NOTE_BYTES]; /* notices on standard error */
	unsigned rules_note_count;
};

/*
 * Resolve a request: alphabet, exclusions, rules and length.  Returns true on
 * success; on a usage error false with the reason in err.
 */
bool spec_build(const struct request *req, struct spec *spec, char *err, size_t errlen);

/* Does the request ask for a passphrase (--words, --wordlist, a word
 * format)? */
bool request_wants_words(const struct request *req);

/* Release what spec_build() allocated (word lists). */
void spec_free(struct spec *spec);

#endif
