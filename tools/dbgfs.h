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

/* Codes of the long options without a short one. */
enum { OPT_NO_VERIFY = 256, OPT_MAX };

/* Largest value read per file by dump and watch. */
#define VALUE_MAX (1024 * 1024)

struct tool {
	struct dbgfs_ctx *ctx;
	const char *mountinfo;
	unsigned int flags;
	bool verbose;		/* -v: say on stderr what the command does */
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
void json_add(struct json_object *o, const char *key,
	      struct json_object *val);
void json_error(struct json_object *o, int err);
bool is_utf8(const unsigned char *s, size_t len, bool text);

/* The subcommands, each in its file: 0 or an exit code. */
int cmd_where(struct tool *t, int argc, char **argv);
int cmd_ls(struct tool *t, int argc, char **argv);
int cmd_get(struct tool *t, int argc, char **argv);
int cmd_set(struct tool *t, int argc, char **argv);
int cmd_watch(struct tool *t, int argc, char **argv);
int cmd_dump(struct tool *t, int argc, char **argv);
int cmd_mount(struct tool *t, int argc, char **argv);

/*
 * The walk of ls and dump (walk.c).  DEPTH_MAX guards against bind-mount
 * loops within one filesystem.
 */
#define DEPTH_MAX 64

struct entry {
	const char *path;	/* absolute */
	const char *rel;	/* relative to the walk's root */
	struct stat st;
	int err;		/* lstat() (st is zeroed) or scandir() */
	bool xdev;		/* directory of another filesystem */
	bool too_deep;		/* directory not listed: DEPTH_MAX */
};

typedef void (*visit_fn)(void *data, const struct entry *e);

int walk(const char *root, const char *file_rel, bool recursive,
	 visit_fn visit, void *data);
bool no_read_bits(mode_t mode);
int walk_status(const char *shown, int ret);
int root_operand(struct tool *t, const char *cmd, int argc, char **argv,
		 char *buf, size_t size, const char **shown);
/* ls' line of an entry, also dump's for directories and links (ls.c). */
void ls_visit(void *data, const struct entry *e);

/* Their JSON document (walk_json.c); dump's values (dump.c). */
int walk_json(struct tool *t, const char *root, bool relative,
	      bool recursive, visit_fn visit);
void json_visit(void *data, const struct entry *e, bool values);
void json_file(struct json_object *o, const struct entry *e,
	       const char *type);

/*
 * Typed entries (type.c): the user.dbgfs.type of a regular file into
 * @buf; whether values of @type have a JSON form of their own; that form
 * of a file's text, or NULL when the text is not the kernel's text of a
 * value of @type.
 */
bool entry_type(const struct entry *e, char *buf, size_t size);
bool typed_kind(const char *type);
struct json_object *typed_json(const char *type, const char *buf,
			       size_t len);

/*
 * How watch follows a file (follow.c).  watch_mode() decides for a file on
 * a filesystem of statfs(2) f_type @f_type.  fs_name() names a filesystem
 * type, in @buf if the name must be made.  Its reads are read_all() of
 * <read_all.h>, which gives up with -EINTR once watch's stop is set.
 */
enum watch_mode {
	WATCH_INTERVAL,		/* reopen and reread every --interval */
	WATCH_NOTIFY,		/* open, read, poll(POLLPRI) it; again */
};

enum watch_mode watch_mode(unsigned long f_type);
const char *fs_name(unsigned long f_type, char *buf, size_t size);

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
