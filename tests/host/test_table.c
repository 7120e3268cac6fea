// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host tests of the table of the types, DBGFS_TYPES() of
 * kernel/include/uapi/dbgfs_types.h: libdbgfs' numbers of the types are
 * the ABI they have always been, the library knows each type of the table,
 * and what cannot include the table says the same list: the semantic patch
 * of tools/port (its creators) and the tool's man page (its TYPED ENTRIES).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "libdbgfs.h"
#include "tap.h"

/*
 * The kinds of the table, as the preprocessor expands them, and "file", by
 * their numbers (0 is no kind).
 */
static const char *const kinds[] = {
#define KIND_NAME(kind, KIND, ...)					\
	[DBGFS_TYPE_##KIND] = #kind,
	DBGFS_TYPES(KIND_NAME)
#undef KIND_NAME
	[DBGFS_TYPE_FILE] = DBGFS_TYPE_FILE_NAME,
};
/* How many there are, "file" aside. */
#define NKINDS	(ARRAY_SIZE(kinds) - 2)

/* libdbgfs.so.0's numbers of the types (LIBDBGFS_0.3): never to change. */
static void test_abi(void)
{
	static const struct {
		enum dbgfs_type type;
		int abi;
	} abi[] = {
		{ DBGFS_TYPE_UNKNOWN, 0 }, { DBGFS_TYPE_U8, 1 },
		{ DBGFS_TYPE_U16, 2 }, { DBGFS_TYPE_U32, 3 },
		{ DBGFS_TYPE_U64, 4 }, { DBGFS_TYPE_X8, 5 },
		{ DBGFS_TYPE_X16, 6 }, { DBGFS_TYPE_X32, 7 },
		{ DBGFS_TYPE_X64, 8 }, { DBGFS_TYPE_ULONG, 9 },
		{ DBGFS_TYPE_SIZE_T, 10 }, { DBGFS_TYPE_ATOMIC_T, 11 },
		{ DBGFS_TYPE_BOOL, 12 }, { DBGFS_TYPE_STR, 13 },
		{ DBGFS_TYPE_BLOB, 14 }, { DBGFS_TYPE_U32_ARRAY, 15 },
		{ DBGFS_TYPE_REGSET32, 16 }, { DBGFS_TYPE_FILE, 17 },
	};
	size_t i, bad = 0;

	for (i = 0; i < ARRAY_SIZE(abi); i++)
		if ((int)abi[i].type != abi[i].abi) {
			diag("the type numbered %d is %d", abi[i].abi,
			     (int)abi[i].type);
			bad++;
		}
	ok(!bad, "table: the %zu numbers of enum dbgfs_type are LIBDBGFS_0.3's",
	   ARRAY_SIZE(abi));
}

/* Each kind of the table is a name of the library, of its own number. */
static void test_names(void)
{
	enum dbgfs_type t;
	size_t i, bad = 0;

	for (i = 1; i < ARRAY_SIZE(kinds); i++) {
		t = dbgfs_type_from_name(kinds[i]);
		if (!kinds[i] || t != i) {
			diag("%zu: %s is %d", i, kinds[i] ? kinds[i] : "none",
			     (int)t);
			bad++;
		}
	}
	ok(!bad, "table: libdbgfs knows its %zu kinds and file by number",
	   NKINDS);
}

/* Whether @name is a kind of the table (and not "file"). */
static bool is_kind(const char *name)
{
	size_t i;

	for (i = 1; i < ARRAY_SIZE(kinds); i++)
		if (i != DBGFS_TYPE_FILE && kinds[i] && !strcmp(name, kinds[i]))
			return true;
	return false;
}

/*
 * @names (@n of them, read from @what) are the kinds of the table, each
 * once, and besides them only those of @extra (NULL-terminated).
 */
static void same_list(const char *what, char names[][32], size_t n,
		      const char *const *extra)
{
	size_t i, j, bad = 0, want = NKINDS;
	const char *const *e;

	for (e = extra; *e; e++)
		want++;
	for (i = 0; i < n; i++) {
		for (e = extra; *e && strcmp(*e, names[i]); e++)
			;
		for (j = 0; j < i && strcmp(names[j], names[i]); j++)
			;
		if ((!*e && !is_kind(names[i])) || j < i) {
			diag("%s: \"%s\" is not a kind of the table, or twice",
			     what, names[i]);
			bad++;
		}
	}
	if (n != want) {
		diag("%s: %zu names, the table and its extras are %zu", what,
		     n, want);
		bad++;
	}
	ok(!bad, "table: %s names its %zu kinds", what, NKINDS);
}

/* The creators of the semantic patch: its loop over debugfs_create_*(). */
static size_t cocci_names(const char *text, char names[][32], size_t max)
{
	const char *p = strstr(text, "\nfor t in (");
	const char *end = p ? strstr(p, "):") : NULL;
	size_t n = 0, len;

	while (p && end && n < max && (p = strchr(p + 1, '"')) && p < end) {
		len = strcspn(p + 1, "\"");
		snprintf(names[n++], sizeof(names[0]), "%.*s", (int)len, p + 1);
		p += len + 1;
	}
	return n;
}

/*
 * The man page's TYPED ENTRIES: the names in bold from "naming its type:"
 * to "file" (the kinds, then "file").
 */
static size_t man_names(const char *text, char names[][32], size_t max)
{
	const char *p = strstr(text, "\n.SH TYPED ENTRIES\n");
	const char *end;
	size_t n = 0, len;

	p = p ? strstr(p, "naming its type:\n") : NULL;
	end = p ? strstr(p, "\n(a file with its client's own operations)") :
		  NULL;
	while (p && end && n < max && (p = strchr(p, '\n')) && p < end) {
		p++;
		if (strncmp(p, ".B ", 3) && strncmp(p, ".BR ", 4))
			continue;
		p = strchr(p, ' ') + 1;
		len = strcspn(p, "\n ");
		snprintf(names[n++], sizeof(names[0]), "%.*s", (int)len, p);
	}
	return n;
}

/* What @collect finds in the file @rel: the table's kinds and @extra. */
static void test_list(const char *top, const char *rel,
		      size_t (*collect)(const char *text, char names[][32],
					size_t max),
		      const char *const *extra)
{
	const char *path = path_in(top, rel);
	char names[64][32];
	size_t n, len;
	char *text;

	if (read_whole(path, &text, &len)) {
		ok(false, "table: %s is readable", path);
		return;
	}
	n = collect(text, names, ARRAY_SIZE(names));
	same_list(rel, names, n, extra);
	free(text);
}

void test_table(const char *fixtures)
{
	/* The repository's top, from tests/host/fixtures. */
	char *top = strdup(path_in(fixtures, "../../.."));

	test_abi();
	test_names();
	/* The semantic patch ports xul too, which is x32 or x64. */
	test_list(top, "tools/port/dbgfs-port.cocci", cocci_names,
		  (const char *const[]){ "xul", NULL });
	test_list(top, "tools/dbgfs.1.in", man_names,
		  (const char *const[]){ DBGFS_TYPE_FILE_NAME, NULL });
	free(top);
}
