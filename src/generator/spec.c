/*
 * spec.c - what every kind of specification shares: the exclusions that
 * narrow a character set, whether a spec reaches a figure, and its release.
 * The specification is built in spec_build.c.
 */
#include "config.h"

#include "generator/spec.h"

bool narrow_set(const struct request *req, struct byteset *set, struct error *err)
{
	struct byteset excluded;

	for (size_t i = 0; i < req->exclude_count; i++) {
		if (!byteset_parse(req->exclude[i], &excluded, err))
			return error_prefix(err, "--exclude: ");
		for (int c = 0; c < 256; c++)
			if (excluded.has[c])
				set->has[c] = false;
	}
	if (req->no_ambiguous)
		for (const char *p = ambiguous_chars; *p; p++)
			set->has[(unsigned char)*p] = false;
	return true;
}

bool spec_reaches(const struct spec *spec, unsigned long bits)
{
	return count_reaches(&spec->outcomes, bits);
}

void spec_free(struct spec *spec)
{
	switch (spec->kind) {
	case SPEC_CHARACTERS:
		/* Only site rules own memory here; without them the call
		 * does not enter their code, pages that it never ran. */
		if (spec->characters.has_site_rules) {
			site_rules_exact_free(&spec->site.exact);
			site_rules_model_free(&spec->site.model);
		}
		break;
	case SPEC_TOKEN:
	case SPEC_PRONOUNCEABLE:
		break;
	case SPEC_WORDS:
		wordlist_free(&spec->words.file_list);
		wordlist_free(&spec->words.capitalized_list);
		break;
	}
}
