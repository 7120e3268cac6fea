// SPDX-License-Identifier: GPL-2.0-only
/*
 * rmtest: removals that run client code of another module (issue 32).
 * Each subcommand drives one scenario of tests/kernel/cross_*.c, which
 * remove.sh has loaded, and prints TAP:
 *
 *   cross	cross/slow (cross_file.ko) is held open with O_ASYNC and
 *		cross_dir.ko is unloaded, whose removal of cross/ runs the slow
 *		release (or fasync) of cross_file; meanwhile rmmod cross_file
 *		must be refused, and the slow method must still find its data
 *		(remove.sh reads the kernel log for that).
 *
 * What may hang for good runs in a child process, which the test waits for
 * with a timeout and reports "not ok" if it does not return: a process
 * stuck in the kernel cannot be killed, and a thread of ours would keep
 * this program from exiting.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tap.h"

#define M	"/sys/kernel/dbgfs"
#define PARAM	"/sys/module/%s/parameters/%s"
#define TIMEOUT	15	/* seconds: the slow method waits 5 at most */

static int unload(const char *name)
{
	return syscall(SYS_delete_module, name, O_NONBLOCK) ? errno : 0;
}

/* A parameter of a loaded module, as text without the newline. */
static bool param(const char *mod, const char *name, char *buf, size_t len)
{
	char path[128];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), PARAM, mod, name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return false;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = 0;
	buf[strcspn(buf, "\n")] = 0;
	return true;
}

static int param_int(const char *mod, const char *name)
{
	char buf[32];

	return param(mod, name, buf, sizeof(buf)) ? atoi(buf) : -1;
}

static bool write_file(const char *path, const char *s)
{
	ssize_t n;
	int fd;

	fd = open(path, O_WRONLY);
	if (fd < 0)
		return false;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s);
}

/* Waits up to @secs for @mod's parameter @name to reach @want. */
static bool param_reaches(const char *mod, const char *name, int want, int secs)
{
	int i;

	for (i = 0; i < secs * 100; i++) {
		if (param_int(mod, name) >= want)
			return true;
		usleep(10000);
	}
	return false;
}

/*
 * Waits up to @secs for child @pid; *status is its exit status.  False if
 * it is still running: it hangs in the kernel, and is left there.
 */
static bool child_returns(pid_t pid, int secs, int *status)
{
	int i, st;

	for (i = 0; i < secs * 100; i++) {
		if (waitpid(pid, &st, WNOHANG) == pid) {
			*status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
			return true;
		}
		usleep(10000);
	}
	return false;
}

/* A child that unloads @name and exits with the errno (0: unloaded). */
static pid_t unload_child(const char *name)
{
	pid_t pid = fork();

	if (!pid)
		_exit(unload(name));
	return pid;
}

static int cross_test(void)
{
	char buf[16];
	pid_t pid;
	int fd, err, st = -1;
	bool ret;

	fd = open(M "/cross/slow", O_RDONLY);
	if (!ok(fd >= 0, "open cross/slow (cross_file's, in cross_dir's cross/)"))
		return tap_done();
	signal(SIGIO, SIG_IGN);
	ok(!fcntl(fd, F_SETOWN, getpid()) && !fcntl(fd, F_SETFL, O_ASYNC),
	   "O_ASYNC on it (it is on cross_file's fasync list)");
	pid = unload_child("cross_dir");
	ok(param_reaches("cross_file", "inside", 1, 10),
	   "rmmod cross_dir: its removal of cross/ runs cross_file's slow method");
	err = unload("cross_file");
	ok(err == EAGAIN || err == EBUSY,
	   "rmmod cross_file meanwhile is refused: the removal holds it (%s)",
	   err ? strerror(err) : "unloaded");
	ok(write_file("/sys/module/cross_file/parameters/go", "1"),
	   "let the slow method go on (cross_file is loaded)");
	ret = child_returns(pid, TIMEOUT, &st);
	ok(ret && !st, "rmmod cross_dir returns, and succeeds (%s)",
	   !ret ? "still running" : st ? strerror(st) : "unloaded");
	errno = 0;
	err = read(fd, buf, sizeof(buf)) == -1 ? errno : 0;
	ok(err == EIO, "the held cross/slow answers EIO (%s)", strerror(err));
	err = unload("cross_file");
	ok(!err || err == ENOENT, "rmmod cross_file now (%s)",
	   err ? strerror(err) : "unloaded");
	ok(!close(fd), "close cross/slow");
	return tap_done();
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_init();
	if (argc == 2 && !strcmp(argv[1], "cross"))
		return cross_test();
	fprintf(stderr, "usage: rmtest cross\n");
	return 2;
}
