// SPDX-License-Identifier: GPL-2.0-only
/*
 * rmtest: removals that run client code of another module, or that a
 * client's own operation starts while a removal runs it (issue 32).  Each
 * subcommand drives one scenario of tests/kernel/cross_*.c or reenter.c,
 * which remove.sh has loaded, and prints TAP:
 *
 *   cross	cross/slow (cross_file.ko) is held open with O_ASYNC and
 *		cross_dir.ko is unloaded, whose removal of cross/ runs the slow
 *		release (or fasync) of cross_file; meanwhile rmmod cross_file
 *		must be refused, and the slow method must still find its data
 *		(remove.sh reads the kernel log for that).
 *   close	reenter/rel is opened and closed: its release removes S.
 *   release	reenter/rel is held open and reenter.ko unloaded: the removal
 *		of reenter/ runs rel's release, which removes S.
 *   ctl rm|lar	a write of "rm" or "lar" to reenter/ctl, in flight, while
 *		another process removes reenter/ (reenter-rm).
 *   takeover	takeover/f and takeover/G (takeover.ko) are held open; one
 *		process removes takeover/, whose removal runs G's slow
 *		release, and another removes it again meanwhile: the first
 *		remover's dbgfs_remove() must return only after f's release.
 *   unload MOD	rmmod MOD returns (a cleanup that waits for itself hangs).
 *   map	holes/map (holes.ko, whose file_operations have no .owner) is
 *		mapped and touched by a child; rmmod holes meanwhile must be
 *		refused, since the vma's vm_ops are the module's code.
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
#include <sys/mman.h>
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

/* A child that writes @s to @path and exits with the errno (0: written). */
static pid_t write_child(const char *path, const char *s)
{
	pid_t pid = fork();
	ssize_t n;
	int fd;

	if (pid)
		return pid;
	fd = open(path, O_WRONLY);
	if (fd < 0)
		_exit(errno);
	n = write(fd, s, strlen(s));
	_exit(n == (ssize_t)strlen(s) ? 0 : n < 0 ? errno : EIO);
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

/* S's path, from reenter's parameter. */
static bool sib_path(char *path, size_t len)
{
	char name[16];

	if (!param("reenter", "sib", name, sizeof(name)))
		return false;
	snprintf(path, len, M "/reenter/%s", name);
	return true;
}

static int reenter_close(void)
{
	char path[64];
	struct stat st;
	int fd;

	if (!ok(sib_path(path, sizeof(path)) && !stat(path, &st),
		"reenter/S exists (%s)", path))
		return tap_done();
	fd = open(M "/reenter/rel", O_RDONLY);
	ok(fd >= 0 && !close(fd), "open and close reenter/rel");
	ok(stat(path, &st) == -1 && errno == ENOENT,
	   "rel's release at close removed S");
	return tap_done();
}

static int reenter_release(void)
{
	int fd, st = -1;
	bool ret;
	pid_t pid;

	fd = open(M "/reenter/rel", O_RDONLY);
	if (!ok(fd >= 0, "open reenter/rel and hold it"))
		return tap_done();
	pid = unload_child("reenter");
	ret = child_returns(pid, TIMEOUT, &st);
	ok(ret && !st,
	   "rmmod reenter returns: its removal ran rel's release, which removed S (%s)",
	   !ret ? "hangs" : st ? strerror(st) : "unloaded");
	ok(!close(fd), "close reenter/rel");
	return tap_done();
}

static int reenter_ctl(const char *cmd)
{
	pid_t writer, remover;
	int ws = -1, rs = -1;
	bool wret, rret;
	char path[64];
	struct stat st;

	if (!ok(sib_path(path, sizeof(path)) && !stat(path, &st),
		"reenter/S exists (%s)", path))
		return tap_done();
	writer = write_child(M "/reenter/ctl", cmd);
	ok(param_reaches("reenter", "writers", 1, 10),
	   "a write of '%s' to reenter/ctl is in flight", cmd);
	remover = write_child(M "/reenter-rm", "1");
	wret = child_returns(writer, TIMEOUT, &ws);
	rret = child_returns(remover, 5, &rs);
	ok(wret && !ws,
	   "the write, removing S while reenter/ is removed, returns (%s)",
	   !wret ? "hangs" : ws ? strerror(ws) : "written");
	ok(rret && !rs, "the removal of reenter/, draining that write, returns (%s)",
	   !rret ? "hangs" : rs ? strerror(rs) : "removed");
	ok(stat(path, &st) == -1 && errno == ENOENT &&
	   stat(M "/reenter", &st) == -1 && errno == ENOENT,
	   "S and reenter/ are gone");
	return tap_done();
}

static int takeover_test(void)
{
	int ffd, gfd, s1 = -1, s2 = -1, saw;
	pid_t first, second;
	char g[16], path[64];
	bool r1, r2;

	if (!ok(param("takeover", "g", g, sizeof(g)), "G's name (%s)", g))
		return tap_done();
	snprintf(path, sizeof(path), M "/takeover/%s", g);
	ffd = open(M "/takeover/f", O_RDONLY);
	gfd = open(path, O_RDONLY);
	if (!ok(ffd >= 0 && gfd >= 0, "open takeover/f and takeover/%s, and hold them", g))
		return tap_done();
	first = write_child(M "/takeover-rm", "1");
	ok(param_reaches("takeover", "g_entered", 1, 10),
	   "a removal of takeover/ runs G's release, which waits");
	second = write_child(M "/takeover-rm", "2");
	r1 = child_returns(first, TIMEOUT, &s1);
	r2 = child_returns(second, 5, &s2);
	ok(r1 && !s1, "the first removal of takeover/ returns (%s)",
	   !r1 ? "hangs" : s1 ? strerror(s1) : "removed");
	ok(r2 && !s2, "the second removal of takeover/, meanwhile, returns (%s)",
	   !r2 ? "hangs" : s2 ? strerror(s2) : "removed");
	saw = param_int("takeover", "first_saw");
	ok(saw == 1,
	   "the first remover's dbgfs_remove() returned after f's release ran (f released=%d)",
	   saw);
	ok(param_int("takeover", "f_released") == 1, "f's release ran");
	ok(!close(ffd) && !close(gfd), "close both");
	return tap_done();
}

static int unload_test(const char *mod)
{
	int st = -1;
	bool ret;

	ret = child_returns(unload_child(mod), TIMEOUT, &st);
	ok(ret && !st, "rmmod %s returns, and succeeds (%s)", mod,
	   !ret ? "hangs" : st ? strerror(st) : "unloaded");
	return tap_done();
}

static int map_test(void)
{
	int p[2], fd, err, st;
	char c = 0;
	pid_t pid;
	void *m;

	if (!ok(!pipe(p), "a pipe"))
		return tap_done();
	pid = fork();
	if (!pid) {
		fd = open(M "/holes/map", O_RDWR);
		m = fd < 0 ? MAP_FAILED :
			mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
		if (m != MAP_FAILED)
			c = *(char *)m + 1;
		if (write(p[1], &c, 1) != 1)
			_exit(1);
		for (;;)
			pause();	/* holds the mapping until killed */
	}
	close(p[1]);
	if (!ok(read(p[0], &c, 1) == 1 && c == 1,
		"a child maps holes/map and touches its page"))
		return tap_done();
	err = unload("holes");
	if (!ok(err == EAGAIN || err == EBUSY,
		"rmmod holes while the mapping exists is refused: the vma pins the node's module, not its fops' .owner (%s)",
		err ? strerror(err) : "unloaded")) {
		/* Its vm_ops->close is freed text: leave the mapping be. */
		diag("holes is gone under a mapping; the child keeps it");
		return tap_done();
	}
	kill(pid, SIGKILL);
	ok(waitpid(pid, &st, 0) == pid, "the child exits: its munmap runs vm close");
	err = unload("holes");
	ok(!err, "rmmod holes now (%s)", err ? strerror(err) : "unloaded");
	return tap_done();
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_init();
	if (argc == 2 && !strcmp(argv[1], "cross"))
		return cross_test();
	if (argc == 2 && !strcmp(argv[1], "close"))
		return reenter_close();
	if (argc == 2 && !strcmp(argv[1], "release"))
		return reenter_release();
	if (argc == 3 && !strcmp(argv[1], "ctl"))
		return reenter_ctl(argv[2]);
	if (argc == 2 && !strcmp(argv[1], "takeover"))
		return takeover_test();
	if (argc == 2 && !strcmp(argv[1], "map"))
		return map_test();
	if (argc == 3 && !strcmp(argv[1], "unload"))
		return unload_test(argv[2]);
	fprintf(stderr,
		"usage: rmtest cross | close | release | ctl rm|lar | takeover | map | unload MOD\n");
	return 2;
}
