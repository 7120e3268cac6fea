/* SPDX-License-Identifier: GPL-2.0-only */
/* Shared declarations of the dbgfs command's source files. */
#ifndef DBGFS_TOOL_H
#define DBGFS_TOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "compiler.h"
#include "libdbgfs.h"

/* Exit codes, documented in dbgfs.1. */
enum {
	EXIT_OK = 0,
	EXIT_FAIL = 1,		/* the operation failed */
	EXIT_USAGE = 2,		/* bad command line */
	EXIT_NOMOUNT = 3,	/* no mount point found */
};

/* Largest value read per file by dump and watch. */
#define VALUE_MAX (1024 * 1024)

struct tool {
	struct dbgfs_ctx *ctx;
	const char *mountinfo;
	unsigned int flags;
};

void err_path(const char *path, int err);
int resolve(struct tool *t, const char *path, char *buf, size_t size);

struct json_object;
/* -j/--json and -p/--pretty: JSON output, errors as JSON on stdout. */
extern bool json_mode, json_pretty;
void print_json(struct json_object *doc);
void json_value(struct json_object *o, const char *buf, size_t len);
void json_name(struct json_object *o, const char *key, const char *s,
	       size_t len);
void json_str(struct json_object *o, const char *key, const char *s);

int cmd_ls(struct tool *t, int argc, char **argv);
int cmd_dump(struct tool *t, int argc, char **argv);

/* Option parsing shared by the subcommands. */
int parse_common(struct tool *t, const char *cmd, int c, const char *arg);
struct option;
int tool_getopt(struct tool *t, const char *cmd, int argc, char **argv,
		const char *shortopts, const struct option *own,
		int (*handle)(void *data, int c, const char *arg), void *data);
int usage_error(const char *cmd, const char *fmt, const char *arg);
int help(const char *cmd);
__printf(1, 2) void fail(const char *fmt, ...);
void out_failed(void);
int finish_stdout(int ret);
__noreturn void exit_tool(int ret);

#endif /* DBGFS_TOOL_H */
