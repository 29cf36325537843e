/* test_policy.c - the policy reader: lines, the whitelist, --folder, the
 * bounds, printable UTF-8, the pin's syntax, and the checks that tie a
 * policy to its folder and its word list (src/pass/policy.c, store_path.c,
 * sha256.c) */
#include "config.h"

#include "request/options_table.h"
#include "pass/policy.h"
#include "tap.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static struct error err;

/* The SHA-256 of "abc" (FIPS 180-2, appendix B.1), the list used below. */
#define ABC_SHA256 "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

/* Parse len bytes of text (a copy the policy owns, as policy_load()'s). */
static bool parse_mem(const char *text, size_t len, struct policy *policy)
{
	char *copy = malloc(len + 1);

	memcpy(copy, text, len);
	copy[len] = '\0';
	error_clear(&err);
	return policy_parse(copy, len, "'p'", policy, &err);
}

static bool parse(const char *text, struct policy *policy)
{
	return parse_mem(text, strlen(text), policy);
}

/* The text is accepted; the policy is freed. */
static void accepted(const char *text, const char *name)
{
	struct policy policy;

	if (!ok(parse(text, &policy), "%s", name))
		printf("#   %s\n", err.text);
	policy_free(&policy);
}

/* The text is refused with a message holding `part`. */
static void refused_mem(const char *text, size_t len, const char *part, const char *name)
{
	struct policy policy;
	bool parsed = parse_mem(text, len, &policy);

	if (!ok(!parsed && strstr(err.text, part), "%s", name))
		printf("#   got: %s\n#   want a part: %s\n", parsed ? "(accepted)" : err.text, part);
	policy_free(&policy);
}

static void refused(const char *text, const char *part, const char *name)
{
	refused_mem(text, strlen(text), part, name);
}

static void test_lines(void)
{
	struct policy policy;

	ok(parse("# bank\n\n  \t\n--format digits\r\n--length 6\n--no-ambiguous", &policy) &&
	   policy.count == 3, "lines: comments, blank lines, CRLF and a last line without newline");
	ok(policy.options[0].option == 'f' && strcmp(policy.options[0].name, "format") == 0 &&
	   strcmp(policy.options[0].value, "digits") == 0 && policy.options[0].line == 4,
	   "lines: an option, its name, its value and its line number");
	ok(policy.options[1].option == 'l' && strcmp(policy.options[1].value, "6") == 0 &&
	   policy.options[1].line == 5, "lines: CR dropped from a value");
	ok(policy.options[2].option == 'A' && policy.options[2].value == NULL,
	   "lines: a flag has no value");
	policy_free(&policy);

	ok(parse("\t--separator \"- \"  \n--symbols '! '\n--exclude \"x'\n", &policy) &&
	   strcmp(policy.options[0].value, "- ") == 0 && strcmp(policy.options[1].value, "! ") == 0 &&
	   strcmp(policy.options[2].value, "\"x'") == 0,
	   "lines: quotes around a whole value keep its blanks; unmatched ones are kept");
	policy_free(&policy);
	ok(parse("--length\t \t20", &policy) && strcmp(policy.options[0].value, "20") == 0,
	   "lines: blanks between name and value");
	policy_free(&policy);
	ok(parse("", &policy) && policy.count == 0 && !policy.folder_line && !policy.pin_line,
	   "lines: an empty policy sets nothing");
	policy_free(&policy);

	refused("length 20", "expected \"--option\" or \"--option value\": 'length 20'",
		"bad line: no dashes, quoted in the message");
	refused("--", "expected \"--option\"", "bad line: dashes alone");
	refused("-l 20", "expected \"--option\"", "bad line: a short option");
	refused("--Length 20", "expected \"--option\"", "bad line: capitals in the name");
	refused("--length=20", "expected \"--option\"", "bad line: name=value");
	refused("# ok\n\n--length 20\n--bogus", "'p', line 4: --bogus cannot be set in a policy file",
		"bad line: the line number counts comments and blank lines");
	refused("--length", "line 1: --length needs a value", "bad line: a missing value");
	refused("--length   ", "--length needs a value", "bad line: trailing blanks are no value");
	refused("--no-ambiguous yes", "--no-ambiguous takes no value", "bad line: a value for a flag");
}

static void test_whitelist(void)
{
	/* Options that choose what a secret is may be set; those of one run,
	 * of the shell's glue or that read elsewhere may not. */
	static const char *const allowed[] = {
		"--format base64", "--charset abc", "--length 30", "--entropy 100", "--bytes 16",
		"--require digit", "--exclude x", "--no-ambiguous", "--words", "--wordlist w.txt",
		"--separator -", "--capitalize first", "--digit", "--symbol", "--rules minlength: 8;",
		"--site example.com",
	};
	static const char *const refused_lines[] = {
		"--count 5", "--null", "--verbose", "--print-alphabet", "--dice", "--dice-sides 6",
		"--help", "--version", "--entry x", "--no-site-rules", "--pass-gen",
		"--pass-no-symbols", "--pass-policy x", "--pass-policy-folder /", "--pass-policy-signed",
		"--pass-store /tmp", "--show-entropy", "--no-symbols", "--nonsense",
	};
	char text[64];

	for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++)
		accepted(allowed[i], allowed[i]);
	for (size_t i = 0; i < sizeof refused_lines / sizeof *refused_lines; i++) {
		snprintf(text, sizeof text, "%.*s cannot be set", (int)strcspn(refused_lines[i], " "),
			 refused_lines[i]);
		refused(refused_lines[i], text, refused_lines[i]);
	}
	/* Every option of the table is allowed exactly when its policy group
	 * says so. */
	{
		static const char *const names[] = { "format", "length", "count", "verbose", "words",
						     "rules", "help", "pass-store" };
		bool agree = true;

		for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
			struct policy policy;
			int value;
			bool has_arg, in_policy = option_policy_group(names[i], strlen(names[i]), &value,
								    &has_arg) != POLICY_NONE;

			snprintf(text, sizeof text, "--%s%s", names[i], has_arg ? " 1" : "");
			if (parse(text, &policy) != in_policy ||
			    (in_policy && (policy.count != 1 || policy.options[0].option != value)))
				agree = false;
			policy_free(&policy);
		}
		ok(agree, "whitelist: the option table's policy column decides");
	}
	refused("--wordlist a\n--wordlist b", "line 2: --wordlist is given twice", "whitelist: --wordlist once");
	{
		struct policy policy;

		ok(parse("--exclude a\n--exclude b", &policy) && policy.count == 2,
		   "whitelist: other options may repeat (their merge decides)");
		policy_free(&policy);
	}
}

static void test_bounds(void)
{
	struct policy policy;
	size_t len = POLICY_MAX_BYTES;
	char *text = malloc(len + 2);

	/* A comment line that fills the file to the byte. */
	memset(text, '#', len);
	text[len - 1] = '\n';
	ok(parse_mem(text, len, &policy), "bounds: a policy of exactly %d bytes", POLICY_MAX_BYTES);
	policy_free(&policy);
	text[len] = '\n';
	refused_mem(text, len + 1, "is larger than 64 KiB", "bounds: one byte more is refused");
	free(text);

	/* POLICY_MAX_OPTIONS lines, then one more. */
	text = malloc((POLICY_MAX_OPTIONS + 1) * 12 + 1);
	text[0] = '\0';
	for (int i = 0; i < POLICY_MAX_OPTIONS; i++)
		strcat(text, "--exclude x\n");
	ok(parse(text, &policy) && policy.count == POLICY_MAX_OPTIONS, "bounds: %d options",
	   POLICY_MAX_OPTIONS);
	policy_free(&policy);
	strcat(text, "--exclude x\n");
	refused(text, "more than 256 options", "bounds: one option more is refused");
	free(text);
}

static void test_printable(void)
{
	static const struct { const char *text, *part, *name; } bad[] = {
		{ "--exclude \x1b[2J",
		  "line 1: control characters and invalid UTF-8 are not allowed: '--exclude \\x1b[2J'", "printable: ESC, shown escaped" },
		{ "# \x1b]0;title\a",
		  "control characters", "printable: a control in a comment too" },
		{ "--length 6\n--exclude \x7f",
		  "line 2: control characters", "printable: DEL" },
		{ "--separator \xc2\x9b",
		  "control characters", "printable: U+009B, a C1 control" },
		{ "--separator \xe2\x80\xae",
		  "control characters", "printable: U+202E, a bidi override" },
		{ "--separator \xff",
		  "invalid UTF-8", "printable: a byte that is no UTF-8" },
		{ "--separator \xc0\xaf",
		  "invalid UTF-8", "printable: an overlong form" },
		{ "--separator \xed\xa0\x80",
		  "invalid UTF-8", "printable: a surrogate" },
		{ "--length 6\r\r\n",
		  "control characters", "printable: a CR that does not end a line" },
	};

	accepted("--separator \xc3\xa9", "printable: UTF-8 in a value");
	accepted("--exclude \"a\tb\"", "printable: a tab in a value");
	accepted("# \xe2\x82\xac \xf0\x9f\x94\x91", "printable: UTF-8 in a comment");
	refused_mem("--length 6\n--exclude a\0b", 24, "holds NUL bytes; a policy is text",
		    "printable: a NUL byte anywhere");
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		refused(bad[i].text, bad[i].part, bad[i].name);
}

static void test_pin_syntax(void)
{
	struct policy policy;
	unsigned char want[SHA256_BYTES] = { 0xba, 0x78, 0x16, 0xbf };

	ok(parse("--wordlist w\n--wordlist-sha256 " ABC_SHA256, &policy) && policy.pin_line == 2 &&
	   memcmp(policy.pin, want, 4) == 0 && policy.pin[31] == 0xad && policy.count == 1,
	   "pin: 64 hexadecimal digits, kept apart from the generator's options");
	policy_free(&policy);
	ok(parse("--wordlist-sha256 BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD",
		 &policy) && policy.pin[0] == 0xba, "pin: capitals");
	policy_free(&policy);
	refused("--wordlist-sha256 " ABC_SHA256 "0", "needs the 64 hexadecimal digits", "pin: 65 digits");
	refused("--wordlist-sha256 ba7816bf", "needs the 64 hexadecimal digits", "pin: 8 digits");
	refused("--wordlist-sha256 ga7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "needs the 64 hexadecimal digits", "pin: a letter past f");
	refused("--wordlist-sha256 \"" ABC_SHA256 " \"", "needs the 64 hexadecimal digits",
		"pin: a blank inside quotes");
	refused("--wordlist-sha256", "--wordlist-sha256 needs a value", "pin: no value");
	refused("--wordlist-sha256 " ABC_SHA256 "\n--wordlist-sha256 " ABC_SHA256,
		"line 2: --wordlist-sha256 is given twice", "pin: once");
}

static void test_folder_line(void)
{
	struct policy policy;

	ok(parse("--folder /bank\n--length 6", &policy) && policy.folder_line == 1 &&
	   strcmp(policy.folder, "/bank") == 0 && policy.count == 1,
	   "--folder: read by the policy, not passed on");
	policy_free(&policy);
	refused("--folder", "--folder needs a value", "--folder: no value");
	refused("--folder /a\n--folder /a", "line 2: --folder is given twice", "--folder: once");
}

/* policy_check() on the text, in the store `store`, for the folder
 * ("bank", "" for the top). */
static bool check(const char *text, const char *store, const char *folder, bool signed_policy)
{
	struct policy policy;
	bool checked;

	if (!parse(text, &policy)) {
		printf("#   not parsed: %s\n", err.text);
		policy_free(&policy);
		return false;
	}
	checked = policy_check(&policy, store, folder, signed_policy, &err);
	policy_free(&policy);
	return checked;
}

static void checked(const char *text, const char *store, const char *folder, bool signed_policy,
		    const char *name)
{
	if (!ok(check(text, store, folder, signed_policy), "%s", name))
		printf("#   %s\n", err.text);
}

static void check_refused(const char *text, const char *store, const char *folder,
			  bool signed_policy, const char *part, const char *name)
{
	bool passed = check(text, store, folder, signed_policy);

	if (!ok(!passed && strstr(err.text, part), "%s", name))
		printf("#   got: %s\n#   want a part: %s\n", passed ? "(accepted)" : err.text, part);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
}

static void test_check(const char *store)
{
	char path[512], outside[512];

	/* Refused, with a part of the message: the folder, then the word
	 * list, found below the store by the no-follow walk. */
	static const struct {
		const char *text, *folder;
		bool signed_policy;
		const char *part, *name;
	} bad[] = {
		{ "--folder /bank", "other", false,
		  "is for the folder '/bank' (line 1), not for '/other' where it is",
		  "--folder: another folder is refused, both quoted" },
		{ "--folder bank", "bank", false,
		  "line 1: --folder needs the folder's path in the store",
		  "--folder: a relative path is refused" },
		{ "--folder /../bank", "bank", false,
		  "--folder needs the folder's path in the store",
		  "--folder: above the store is refused" },
		{ "--length 6", "bank", true,
		  "has no --folder line",
		  "--folder: required under a signing key" },
		{ "--wordlist-sha256 " ABC_SHA256, "bank", false,
		  "line 1: --wordlist-sha256 without --wordlist",
		  "pin: without a word list" },
		{ "--wordlist abc.txt\n--wordlist-sha256 " ABC_SHA256, "other", false,
		  "does not exist",
		  "word list: a missing list" },
		{ "--folder /bank\n--wordlist abc.txt", "bank", true,
		  "line 2: with PASSWORD_STORE_SIGNING_KEY set, a word list must be pinned",
		  "word list: pinned under a signing key" },
		{ "--wordlist ../../outside.txt", "bank", false,
		  "line 1: the word list '../../outside.txt' is outside the store",
		  "word list: outside the store is refused" },
		{ "--wordlist ../.git/words", "bank", false,
		  "line 1: the word list '../.git/words' is in git's folder .git",
		  "word list: in .git is refused" },
		{ "--wordlist .GIT/x", "", false, "is in git's folder .git",
		  "word list: in .GIT is refused (file systems that ignore case)" },
		{ "--wordlist a/.Git/b/c", "bank", false, "is in git's folder .git",
		  "word list: in .Git further down is refused" },
		{ "--wordlist '../.git. /x'", "bank", false, "is in git's folder .git",
		  "word list: in .git with a trailing dot and space is refused (Windows)" },
		{ "--wordlist ../GIT~1/x", "bank", false, "is in git's folder .git",
		  "word list: in .git by its short name is refused (Windows)" },
		{ "--wordlist /etc/passwd", "bank", false,
		  "is outside the store",
		  "word list: an absolute path is refused" },
		{ "--wordlist ..", "bank", false,
		  "is outside the store",
		  "word list: the store's top is no list" },
		{ "--wordlist link", "bank", false,
		  "is reached through a symbolic link",
		  "word list: a symbolic link is refused" },
		{ "--wordlist ../linked/abc.txt", "bank", false,
		  "is reached through a symbolic link",
		  "word list: a linked folder is refused" },
		{ "--wordlist abc.txt/x", "bank", false,
		  "is not in a folder",
		  "word list: a file as a folder is refused" },
		{ "--wordlist .", "bank", false,
		  "is a directory",
		  "word list: a folder is no list" },
		{ "--wordlist abc.txt", "", false,
		  "does not exist",
		  "word list: the top's policy names lists from the top" },
	};

	/* store/bank/abc.txt holds "abc"; store/bank/link is a link to it,
	 * store/linked a link to the folder; ../outside.txt is outside. */
	snprintf(path, sizeof path, "%s/bank", store);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/bank/abc.txt", store);
	write_file(path, "abc");
	snprintf(path, sizeof path, "%s/bank/link", store);
	if (symlink("abc.txt", path) != 0)
		perror("symlink");
	snprintf(path, sizeof path, "%s/linked", store);
	if (symlink("bank", path) != 0)
		perror("symlink");
	snprintf(outside, sizeof outside, "%s/../outside.txt", store);
	write_file(outside, "abc");

	checked("--folder /bank", store, "bank", false, "--folder: the folder it is in");
	checked("--folder /bank/", store, "bank", true, "--folder: a trailing '/' is the same folder");
	checked("--folder /x/../bank", store, "bank", false, "--folder: '..' resolved inside the store");
	checked("--folder /", store, "", false, "--folder: / for the top");
	checked("--length 6", store, "bank", false, "--folder: not needed without a signing key");
	checked("--wordlist abc.txt", store, "bank", false, "word list: relative to the policy's folder");
	checked("--wordlist .git/../abc.txt", store, "bank", false,
		"word list: a .git that '..' leaves is not on the path read");
	snprintf(path, sizeof path, "%s/bank/.github", store);
	write_file(path, "abc");
	checked("--wordlist .github", store, "bank", false, "word list: a name that starts with .git");
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		check_refused(bad[i].text, store, bad[i].folder, bad[i].signed_policy, bad[i].part,
			      bad[i].name);
	checked("--wordlist abc.txt\n--wordlist-sha256 " ABC_SHA256, store, "bank", false,
		"pin: the list's SHA-256 matches");
	{
		char other[] = "--wordlist abc.txt\n--wordlist-sha256 " ABC_SHA256;

		other[sizeof "--wordlist abc.txt\n--wordlist-sha256 " - 1] = 'c';
		check_refused(other, store, "bank", false,
			      "line 1: the word list '", "pin: another digest is refused");
		ok(strstr(err.text, "does not match its --wordlist-sha256 (line 2)") != NULL,
		   "pin: the message names both lines");
	}
	unlink(outside);
}

static void test_resolve(void)
{
	char out[16], name[16];

	ok(store_path_resolve("", "a/./b//c/", out, sizeof out) && strcmp(out, "a/b/c") == 0,
	   "store path: '.', doubled and trailing '/' dropped");
	ok(store_path_resolve("a/b", "../c", out, sizeof out) && strcmp(out, "a/c") == 0,
	   "store path: relative to a folder, '..' resolved");
	ok(store_path_resolve("a", "..", out, sizeof out) && strcmp(out, "") == 0,
	   "store path: back to the top");
	ok(!store_path_resolve("a", "../..", out, sizeof out), "store path: above the top refused");
	ok(!store_path_resolve("", "/a", out, sizeof out), "store path: absolute refused");
	ok(store_path_resolve("", "abcdefghijklmno", out, sizeof out) &&
	   !store_path_resolve("", "abcdefghijklmnop", out, sizeof out),
	   "store path: what does not fit is refused");
	ok(store_folder_resolve("/a/../b/", out, sizeof out) && strcmp(out, "b") == 0 &&
	   store_folder_resolve("/", out, sizeof out) && strcmp(out, "") == 0,
	   "store folder: from the top, resolved");
	ok(!store_folder_resolve("b", out, sizeof out) && !store_folder_resolve("/..", out, sizeof out),
	   "store folder: not from the top, or above it, refused");
	store_path_name("/s//", "a/b", name, sizeof name);
	ok(strcmp(name, "/s/a/b") == 0, "store path name: the store's trailing '/' dropped");
	store_path_name("/", "a", name, sizeof name);
	ok(strcmp(name, "//a") == 0, "store path name: the top '/' stays");
}

int main(void)
{
	char store[] = "/tmp/test_policy.XXXXXX";
	char top[sizeof store + 8];

	test_lines();
	test_whitelist();
	test_bounds();
	test_printable();
	test_pin_syntax();
	test_folder_line();
	test_resolve();
	/* A store of its own, inside a folder of its own (for the file
	 * outside the store). */
	if (!mkdtemp(store)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(top, sizeof top, "%s/store", store);
	mkdir(top, 0700);
	test_check(top);
	{
		char command[sizeof store + 16];

		snprintf(command, sizeof command, "rm -rf '%s'", store);
		if (system(command) != 0)
			printf("# could not remove %s\n", store);
	}
	return done_testing();
}
