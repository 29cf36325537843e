/*
 * spec.c - from options to a checked specification.
 *
 * Every impossible or contradictory request is refused here, before any
 * random byte is read: an alphabet of fewer than two characters, a required
 * class with no character left, a length shorter than the number of required
 * classes, an entropy target no length within the maximum reaches, --bytes
 * with an alphabet that is not a byte encoding.
 */
#include "config.h"

#include "spec.h"

#include "encode.h"

#include <stdio.h>
#include <string.h>

static bool build_alphabet(const struct request *req, struct spec *spec, char *err,
			   size_t errlen)
{
	const struct format *format = NULL;
	struct byteset set, excluded;
	const char *problem;

	if (req->charset) {
		problem = byteset_parse(req->charset, &set);
		spec->format_name = "custom";
	} else {
		format = format_by_name(req->format ? req->format : "graph");
		if (!format) {
			snprintf(err, errlen, "unknown format '%.40s' (see --help for the list)",
				 req->format);
			return false;
		}
		problem = byteset_parse(format->set, &set);
		spec->format_name = format->name;
		spec->encoding = format->encoding;
	}
	if (problem) {
		snprintf(err, errlen, "%s", problem);
		return false;
	}
	for (size_t i = 0; i < req->exclude_count; i++) {
		problem = byteset_parse(req->exclude[i], &excluded);
		if (problem) {
			snprintf(err, errlen, "--exclude: %s", problem);
			return false;
		}
		for (int c = 0; c < 256; c++)
			if (excluded.has[c])
				set.has[c] = false;
	}
	if (req->no_ambiguous)
		for (const char *p = ambiguous_chars; *p; p++)
			set.has[(unsigned char)*p] = false;
	if (alphabet_from_byteset(&set, &spec->alphabet, err, errlen))
		return false;
	if (spec->alphabet.size < 2) {
		snprintf(err, errlen, spec->alphabet.size == 0
			 ? "the character set is empty"
			 : "the character set has only one character: nothing would be random");
		return false;
	}
	/* Exclusions change the alphabet, so it no longer matches the encoding. */
	if (req->exclude_count || req->no_ambiguous) {
		spec->encoding = ENCODING_NONE;
		snprintf(spec->alphabet_name, sizeof spec->alphabet_name, "%s, less exclusions",
			 spec->format_name);
	} else {
		snprintf(spec->alphabet_name, sizeof spec->alphabet_name, "%s", spec->format_name);
	}
	return true;
}

static bool check_rules(const struct request *req, struct spec *spec, char *err,
			size_t errlen)
{
	spec->required = req->required;
	for (int k = 0; k < CLASS_COUNT; k++) {
		if ((req->required & (1u << k)) && spec->alphabet.class_size[k] == 0) {
			snprintf(err, errlen,
				 "--require %s is impossible: the alphabet has no %s characters",
				 char_class_name((enum char_class)k), char_class_name((enum char_class)k));
			return false;
		}
	}
	return true;
}

static bool resolve_length(const struct request *req, struct spec *spec, char *err,
			   size_t errlen)
{
	unsigned needed = class_mask_count(spec->required);
	double target = DEFAULT_ENTROPY_BITS;

	switch (req->length_kind) {
	case LENGTH_BYTES:
		if (spec->encoding == ENCODING_NONE) {
			snprintf(err, errlen,
				 "--bytes needs an unmodified byte encoding: --format hex, base32, base64 or base64url");
			return false;
		}
		if (spec->required) {
			snprintf(err, errlen, "--bytes cannot be combined with --require");
			return false;
		}
		spec->bytes = req->length_value;
		spec->length = encoded_length(spec->encoding, spec->bytes);
		spec->bits = 8.0 * (double)spec->bytes;
		return true;
	case LENGTH_CHARS:
		spec->length = req->length_value;
		if (spec->length < needed) {
			snprintf(err, errlen,
				 "a length of %zu cannot hold one character of each of the %u required classes",
				 spec->length, needed);
			return false;
		}
		break;
	case LENGTH_ENTROPY:
		target = (double)req->length_value;
		/* fall through */
	case LENGTH_DEFAULT:
		spec->length = length_for_entropy(&spec->alphabet, spec->required, target,
						  MAX_LENGTH);
		if (spec->length == 0) {
			snprintf(err, errlen,
				 "%g bits cannot be reached within %d characters of this alphabet",
				 target, MAX_LENGTH);
			return false;
		}
		break;
	}
	spec->encoding = ENCODING_NONE;
	spec->bits = entropy_of_string(&spec->alphabet, spec->length, spec->required);
	return true;
}

bool spec_build(const struct request *req, struct spec *spec, char *err, size_t errlen)
{
	memset(spec, 0, sizeof *spec);
	spec->count = req->count;
	spec->terminator = req->null_terminated ? '\0' : '\n';
	spec->verbose = req->verbose;
	return build_alphabet(req, spec, err, errlen) && check_rules(req, spec, err, errlen) &&
	       resolve_length(req, spec, err, errlen);
}
