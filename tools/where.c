// SPDX-License-Identifier: GPL-2.0-only
/* dbgfs where, and the paths of the other commands relative to its answer. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json.h>

#include "compiler.h"
#include "dbgfs.h"

/* Report why the mount point was not found; returns EXIT_NOMOUNT. */
static int err_where(struct tool *t, int err)
{
	const char *env = dbgfs_env_name(t->ctx);
	const char *val = env && !(t->flags & DBGFS_NO_ENV) ? getenv(env) : NULL;
	const char *table = t->mountinfo ? t->mountinfo : "/proc/self/mountinfo";
	char dir[PATH_MAX];
	int id = 0;

	if (val && *val) {
		fail("%s (from %s): %s", val, env, strerror(-err));
	} else if (err != -ENOENT) {
		fail("%s: %s", table, strerror(-err));
	} else if (access(table, R_OK)) {
		/* The library's -ENOENT is also that of a missing table. */
		fail("%s: %s", table, strerror(errno));
	} else if (!dbgfs_where_rejected(t->ctx, dir, sizeof(dir), &id)) {
		char idstr[32] = "";

		if (id)
			snprintf(idstr, sizeof(idstr), "mount ID %d at ", id);
		fail("%s: %s%s is not %s by statfs(2) (try --no-verify to trust the table)",
		     table, idstr, dir, dbgfs_fstype(t->ctx));
	} else {
		fail("no %s mount found", dbgfs_fstype(t->ctx));
	}
	return EXIT_NOMOUNT;
}

/* Resolve a user's path; prints the error and returns an exit code. */
int resolve(struct tool *t, const char *path, char *buf, size_t size)
{
	char dir[PATH_MAX];
	int ret;

	if (*path == '/')
		return dbgfs_join(NULL, path, buf, size) ?
			(err_path(path, ENAMETOOLONG), EXIT_FAIL) : EXIT_OK;
	ret = dbgfs_where(t->ctx, dir, sizeof(dir));
	if (ret)
		return err_where(t, ret);
	if (dbgfs_join(dir, path, buf, size)) {
		err_path(path, ENAMETOOLONG);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

/*
 * A mount point alone on a line that cannot be taken for two: a newline
 * is printed as \012 and a backslash as \134, the octal escapes of
 * /proc/self/mountinfo; anything else (a space, a tab) as it is.
 */
static void print_dir_line(const char *dir)
{
	for (; *dir; dir++) {
		if (*dir == '\n')
			fputs("\\012", stdout);
		else if (*dir == '\\')
			fputs("\\134", stdout);
		else
			putchar(*dir);
	}
	putchar('\n');
}

static int where_opt(void *data, int c, const char *arg)
{
	(void)arg;
	if (c != '0')
		return -1;
	*(bool *)data = true;
	return EXIT_OK;
}

int cmd_where(struct tool *t, int argc, char **argv)
{
	static const struct option own[] = {
		{ "null", no_argument, NULL, '0' },
		{ NULL, 0, NULL, 0 }
	};
	char dir[PATH_MAX];
	bool null = false;
	int ret;

	ret = tool_getopt(t, "where", argc, argv, "0", own, where_opt, &null);
	if (ret)
		return ret;
	if (optind < argc)
		return usage_error("where", "unexpected argument '%s'",
				   argv[optind]);
	ret = dbgfs_where(t->ctx, dir, sizeof(dir));
	if (ret)
		return err_where(t, ret);
	if (json_mode) {
		static const char *const sources[] = {
			[DBGFS_SRC_NONE] = "none",
			[DBGFS_SRC_EXPLICIT] = "explicit",
			[DBGFS_SRC_ENV] = "environment",
			[DBGFS_SRC_CANONICAL] = "canonical",
			[DBGFS_SRC_TABLE] = "table",
			[DBGFS_SRC_MOUNTED] = "mounted",
		};
		enum dbgfs_source src = dbgfs_where_source(t->ctx);
		struct json_object *doc = json_object_new_object();

		json_str(doc, "fstype", dbgfs_fstype(t->ctx));
		json_str(doc, "mount", dir);
		if ((size_t)src < ARRAY_SIZE(sources) && sources[src])
			json_str(doc, "source", sources[src]);
		print_json(doc);
		json_object_put(doc);
	} else if (null) {
		fwrite(dir, 1, strlen(dir) + 1, stdout);
	} else {
		print_dir_line(dir);
	}
	return EXIT_OK;
}
