// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host tests of how dbgfs watch follows a file (tools/follow.c, built in
 * here): the mode it picks for a filesystem type and a file, the names of
 * filesystems in its -v line, and its reads.  The host has no dbgfs, so
 * dbgfs' f_type is handed to watch_mode() with ordinary files and pipes;
 * the tool itself on dbgfs is the guest's to test.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/magic.h>

#include "common.h"
#include "dbgfs.h"
#include "tap.h"

static atomic_int no_stop;

/* @fd's offset is still 0, and a read from there gives @want. */
static bool unread(int fd, const char *want)
{
	char buf[64];
	ssize_t n;

	if (lseek(fd, 0, SEEK_CUR) > 0)
		return false;
	n = read(fd, buf, sizeof(buf) - 1);
	if (n < 0)
		return false;
	buf[n] = '\0';
	return !strcmp(buf, want);
}

/* A pipe in @p holding @s; false (reported) if there is none. */
static bool pipe_holding(int p[2], const char *s)
{
	if (pipe(p)) {
		ok(false, "watch: pipe: %s", strerror(errno));
		return false;
	}
	if (write(p[1], s, strlen(s)) != (ssize_t)strlen(s))
		diag("write to a pipe: %s", strerror(errno));
	return true;
}

static void test_mode(const char *tmp)
{
	const char *file = path_in(tmp, "follow");
	char *buf = NULL;
	size_t len = 0;
	int fd, p[2], err = 1;
	enum watch_mode m;

	write_file(file, "42\n", 3);
	fd = open(file, O_RDONLY);
	m = watch_mode(fd, TMPFS_MAGIC, &no_stop, &buf, &len, &err);
	ok(m == WATCH_INTERVAL && err == 1 && !buf && unread(fd, "42\n"),
	   "watch: a tmpfs file is reread every interval, not read to decide");
	close(fd);

	fd = open(file, O_RDONLY);
	m = watch_mode(fd, DEBUGFS_MAGIC, &no_stop, &buf, &len, &err);
	ok(m == WATCH_INTERVAL && err == 1 && !buf && unread(fd, "42\n"),
	   "watch: so is a debugfs file");
	close(fd);

	fd = open(file, O_RDONLY);
	m = watch_mode(fd, DBGFS_MAGIC, &no_stop, &buf, &len, &err);
	ok(m == WATCH_NOTIFY && !err && buf && len == 3 &&
	   !strcmp(buf, "42\n") && unread(fd, "42\n"),
	   "watch: a dbgfs file waits for notification, read with pread");
	free(buf);
	buf = NULL;
	close(fd);

	/* pread() of a pipe: ESPIPE before anything is read. */
	if (!pipe_holding(p, "7\n"))
		return;
	m = watch_mode(p[0], DBGFS_MAGIC, &no_stop, &buf, &len, &err);
	ok(m == WATCH_INTERVAL && err == -ESPIPE && !buf && unread(p[0], "7\n"),
	   "watch: a dbgfs stream (pread: ESPIPE) falls back, nothing read");
	if (write(p[1], "8\n", 2) != 2)
		diag("write to a pipe: %s", strerror(errno));
	err = 1;
	m = watch_mode(p[0], TRACEFS_MAGIC, &no_stop, &buf, &len, &err);
	ok(m == WATCH_INTERVAL && err == 1 && !buf && unread(p[0], "8\n"),
	   "watch: a tracefs pipe is not read to decide");
	close(p[0]);
	close(p[1]);

	/* A read error is the notify loop's to report. */
	fd = open(file, O_WRONLY);
	m = watch_mode(fd, DBGFS_MAGIC, &no_stop, &buf, &len, &err);
	ok(m == WATCH_NOTIFY && err == -EBADF && !buf,
	   "watch: a dbgfs file that fails to read: notify, with the error");
	close(fd);
	unlink(file);
}

static void test_read(const char *tmp)
{
	const char *file = path_in(tmp, "follow.read");
	char *a = NULL, *b = NULL, *c = NULL;
	size_t alen = 0, blen = 0, clen = 0;
	int fd, p[2];

	write_file(file, "12345\n", 6);
	fd = open(file, O_RDONLY);
	ok(!watch_read(fd, false, 100, &no_stop, &a, &alen) && alen == 6 &&
	   !strcmp(a, "12345\n") &&
	   !watch_read(fd, true, 100, &no_stop, &b, &blen) && blen == 6 &&
	   !strcmp(b, "12345\n"),
	   "watch: a reread from the start after the end gives it all again");
	write_file(file, "9\n", 2);
	ok(!watch_read(fd, true, 100, &no_stop, &c, &clen) && clen == 2 &&
	   !strcmp(c, "9\n"), "watch: the same open file shows a new value");
	free(a);
	free(b);
	free(c);
	close(fd);

	write_file(file, "12345\n", 6);
	fd = open(file, O_RDONLY);
	a = NULL;
	ok(!watch_read(fd, true, 3, &no_stop, &a, &alen) && alen == 3 &&
	   !strcmp(a, "123"), "watch: a longer value cut at max, NUL-ended");
	free(a);
	close(fd);

	if (!pipe_holding(p, "x"))
		return;
	close(p[1]);
	a = b = NULL;
	ok(watch_read(p[0], true, 100, &no_stop, &a, &alen) == -ESPIPE && !a &&
	   !watch_read(p[0], false, 100, &no_stop, &b, &blen) && blen == 1 &&
	   !strcmp(b, "x"), "watch: pread of a pipe: -ESPIPE; read works");
	free(b);
	close(p[0]);
	unlink(file);
}

static void test_fs_names(void)
{
	char buf[64];

	ok(!strcmp(fs_name(TMPFS_MAGIC, buf, sizeof(buf)), "tmpfs") &&
	   !strcmp(fs_name(DBGFS_MAGIC, buf, sizeof(buf)), "dbgfs") &&
	   !strcmp(fs_name(DEBUGFS_MAGIC, buf, sizeof(buf)), "debugfs") &&
	   !strcmp(fs_name(PROC_SUPER_MAGIC, buf, sizeof(buf)), "proc"),
	   "watch: filesystems by name");
	ok(!strcmp(fs_name(0x1234, buf, sizeof(buf)), "filesystem 0x1234"),
	   "watch: an unknown filesystem by its statfs type");
}

void test_watch_follow(const char *tmp)
{
	test_mode(tmp);
	test_read(tmp);
	test_fs_names();
}
