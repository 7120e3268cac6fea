// SPDX-License-Identifier: GPL-2.0-only
/* Helpers shared by the host tests. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common.h"
#include "tap.h"

int drop_privileges(void)
{
	if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY))
		return -errno;
	return 0;
}

int child_status(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}

static int remove_one(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP)
		rmdir(path);
	else
		unlink(path);
	return 0;
}

void remove_tree(const char *dir)
{
	nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

int write_file(const char *path, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, buf, len);
	close(fd);
	return n == (ssize_t)len ? 0 : -EIO;
}

int read_whole(const char *path, char **buf, size_t *len)
{
	FILE *f = fopen(path, "r");
	char chunk[4096];
	FILE *m;
	size_t n;

	if (!f)
		return -errno;
	m = open_memstream(buf, len);
	if (!m) {
		fclose(f);
		return -ENOMEM;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		fwrite(chunk, 1, n, m);
	fclose(f);
	fclose(m);
	return 0;
}

char *path_in(const char *dir, const char *name)
{
	static char buf[8][4096];
	static int next;
	char *p = buf[next++ % 8];

	snprintf(p, sizeof(buf[0]), "%s/%s", dir, name);
	return p;
}

static double mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * The status of @pid, leader of its own process group; the group is killed
 * if @pid has not exited after RUN_TIMEOUT_S.
 */
static int status_within(pid_t pid, bool *timed_out)
{
	double deadline = mono_now() + RUN_TIMEOUT_S;
	struct timespec tick = { 0, 10 * 1000 * 1000 };
	int status;
	pid_t got;

	*timed_out = false;
	while ((got = waitpid(pid, &status, WNOHANG)) == 0) {
		if (mono_now() > deadline) {
			*timed_out = true;
			kill(-pid, SIGKILL);
			got = waitpid(pid, &status, 0);
			break;
		}
		nanosleep(&tick, NULL);
	}
	/* Nothing it left in the background outlives it. */
	kill(-pid, SIGKILL);
	if (got < 0)
		return -errno;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}

int run_cmd(const char *cmd, bool as_nobody, struct run *r)
{
	char out[] = "/tmp/dbgfs-out.XXXXXX", err[] = "/tmp/dbgfs-err.XXXXXX";
	int ofd = mkstemp(out), efd = mkstemp(err);
	size_t elen;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	if (ofd < 0 || efd < 0)
		return -errno;
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		dup2(ofd, 1);
		dup2(efd, 2);
		if (as_nobody && geteuid() == 0 && drop_privileges())
			_exit(127);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		setpgid(pid, pid);
	r->status = pid < 0 ? -errno : status_within(pid, &r->timed_out);
	if (r->timed_out)
		diag("timed out after %d s, killed: %s", RUN_TIMEOUT_S, cmd);
	close(ofd);
	close(efd);
	read_whole(out, &r->out, &r->out_len);
	read_whole(err, &r->err, &elen);
	unlink(out);
	unlink(err);
	return 0;
}

void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
}
