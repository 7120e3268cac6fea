/* SPDX-License-Identifier: GPL-2.0-only */
/* Helpers shared by the host tests. */
#ifndef DBGFS_TEST_COMMON_H
#define DBGFS_TEST_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The uid and gid tests drop to, so that file modes apply to root too. */
#define NOBODY 65534

int drop_privileges(void);
int child_status(pid_t pid);
void remove_tree(const char *dir);
int write_file(const char *path, const void *buf, size_t len);
int read_whole(const char *path, char **buf, size_t *len);
char *path_in(const char *dir, const char *name);

/* A command still running after this long is killed (and fails). */
#define RUN_TIMEOUT_S	20

struct run {
	int status;		/* exit status, or 128 + signal */
	bool timed_out;		/* killed after RUN_TIMEOUT_S */
	char *out;		/* stdout, NUL-terminated */
	size_t out_len;
	char *err;		/* stderr, NUL-terminated */
};

/*
 * Run @cmd with sh -c, as nobody if @as_nobody; fills @r.  The command and
 * whatever it starts in the background are killed after RUN_TIMEOUT_S.
 */
int run_cmd(const char *cmd, bool as_nobody, struct run *r);
void run_free(struct run *r);

void test_values(const char *tmp);
void test_watch_follow(const char *tmp);
void test_tool(const char *tool, const char *fixtures, const char *tmp);
void test_table(const char *fixtures);

#endif /* DBGFS_TEST_COMMON_H */
