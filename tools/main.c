// SPDX-License-Identifier: GPL-2.0-only
/*
 * dbgfs - inspect dbgfs, debugfs and tracefs from the command line.
 *
 * Subcommands: where, ls, get, set, watch, dump, mount.  See dbgfs.1.
 * This file: the options every subcommand accepts, and the dispatch.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include <json.h>

#include "compiler.h"
#include "dbgfs.h"

/* Options every subcommand accepts, ahead of its own ones. */
#define COMMON_SHORT "t:m:hVjpv"
static const struct option common_long[] = {
	{ "type", required_argument, NULL, 't' },
	{ "json", no_argument, NULL, 'j' },
	{ "pretty", no_argument, NULL, 'p' },
	{ "mountinfo", required_argument, NULL, 'm' },
	{ "no-verify", no_argument, NULL, OPT_NO_VERIFY },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
};

static int new_ctx(struct tool *t, const char *type)
{
	struct dbgfs_ctx *ctx = dbgfs_new(type);

	if (!ctx) {
		err_path(type, errno);
		return EXIT_FAIL;
	}
	dbgfs_free(t->ctx);
	t->ctx = ctx;
	if (t->mountinfo)
		dbgfs_set_mountinfo(ctx, t->mountinfo);
	dbgfs_set_flags(ctx, t->flags);
	return EXIT_OK;
}

/*
 * Handle an option shared by all commands.  Returns -1 when @c is not one
 * of them, else an exit code (EXIT_OK: go on).
 */
int parse_common(struct tool *t, const char *cmd, int c, const char *arg)
{
	switch (c) {
	case 't':
		if (!*arg)
			return usage_error(cmd, "empty filesystem type%s", "");
		return new_ctx(t, arg);
	case 'm':
		t->mountinfo = arg;
		/* The user named the table to use: the canonical path is not. */
		t->flags |= DBGFS_NO_CANONICAL;
		dbgfs_set_mountinfo(t->ctx, arg);
		dbgfs_set_flags(t->ctx, t->flags);
		return EXIT_OK;
	case 'p':
		json_pretty = true;
		/* fall through */
	case 'j':
		json_mode = true;
		return EXIT_OK;
	case 'v':
		t->verbose = true;
		return EXIT_OK;
	case OPT_NO_VERIFY:
		t->flags |= DBGFS_NO_VERIFY;
		dbgfs_set_flags(t->ctx, t->flags);
		return EXIT_OK;
	case 'V':
		if (json_mode) {
			struct json_object *doc = json_object_new_object();

			json_str(doc, "version", dbgfs_version());
			print_json(doc);
			json_object_put(doc);
		} else {
			printf("dbgfs %s\n", dbgfs_version());
		}
		exit_tool(EXIT_OK);
	case 'h':
		help(cmd);
		exit_tool(EXIT_OK);
	case '?':
		return usage_error(cmd, "bad option '%s'", arg);
	case ':':
		return usage_error(cmd, "option '%s' needs an argument", arg);
	}
	return -1;
}

/* The bad option getopt stopped at, for a message of our own. */
static const char *bad_opt(char **argv)
{
	return argv[optind - 1] ? argv[optind - 1] : "?";
}

/*
 * Run getopt_long over a subcommand's arguments with the common options
 * added.  Calls @handle for the command's own options (@own); returns an exit code
 * (EXIT_OK when all went well) and leaves optind at the operands.
 */
int tool_getopt(struct tool *t, const char *cmd, int argc, char **argv,
		const char *shortopts, const struct option *own,
		int (*handle)(void *data, int c, const char *arg), void *data)
{
	struct option opts[16] = { { 0 } };
	size_t n = ARRAY_SIZE(common_long), i;
	char optstring[64];
	int c, ret;

	memcpy(opts, common_long, sizeof(common_long));
	for (i = 0; own && own[i].name && n < ARRAY_SIZE(opts) - 1; i++)
		opts[n++] = own[i];
	/*
	 * A leading '+' in @shortopts stops at the first operand: the
	 * global options end at the command, and `set x -1` must work.
	 */
	if (*shortopts == '+')
		snprintf(optstring, sizeof(optstring), "+:%s%s", COMMON_SHORT,
			 shortopts + 1);
	else
		snprintf(optstring, sizeof(optstring), ":%s%s", COMMON_SHORT,
			 shortopts);
	optind = 0;	/* glibc: start afresh on a new argv */
	opterr = 0;
	while ((c = getopt_long(argc, argv, optstring, opts, NULL)) != -1) {
		const char *arg = (c == '?' || c == ':') ? bad_opt(argv) : optarg;

		ret = parse_common(t, cmd, c, arg);
		if (ret < 0)
			ret = handle ? handle(data, c, optarg) : -1;
		if (ret < 0)
			ret = usage_error(cmd, "bad option '%s'", bad_opt(argv));
		if (ret != EXIT_OK)
			return ret;
	}
	return EXIT_OK;
}

static const struct {
	const char *name;
	int (*fn)(struct tool *t, int argc, char **argv);
} cmds[] = {
	{ "where", cmd_where },
	{ "ls", cmd_ls },
	{ "get", cmd_get },
	{ "set", cmd_set },
	{ "watch", cmd_watch },
	{ "dump", cmd_dump },
	{ "mount", cmd_mount },
};

static int run(struct tool *t, int argc, char **argv)
{
	const char *name = argv[0];
	size_t i;

	if (!strcmp(name, "help")) {
		if (argc > 2)
			return usage_error(NULL, "help: unexpected argument '%s'",
					   argv[2]);
		if (help(argc > 1 ? argv[1] : NULL))
			return usage_error(NULL, "help: unknown command '%s'",
					   argv[1]);
		return EXIT_OK;
	}
	for (i = 0; i < ARRAY_SIZE(cmds); i++)
		if (!strcmp(name, cmds[i].name))
			return cmds[i].fn(t, argc, argv);
	return usage_error(NULL, "unknown command '%s'", name);
}

int main(int argc, char **argv)
{
	struct tool t = { NULL, NULL, 0, false };
	int ret;

	ret = new_ctx(&t, "dbgfs");
	if (ret)
		return ret;
	ret = tool_getopt(&t, NULL, argc, argv, "+", NULL, NULL, NULL);
	if (ret)
		goto out;
	if (optind >= argc) {
		ret = usage_error(NULL, "no command given%s", "");
		goto out;
	}
	ret = run(&t, argc - optind, argv + optind);
out:
	dbgfs_free(t.ctx);
	return finish_stdout(ret);
}
