// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host tests of how dbgfs watch follows a file (tools/follow.c, built in
 * here): the mode it picks for a filesystem type and a file, the names of
 * filesystems in its -v line, and its reads (read_all() of <read_all.h>).  The host has no dbgfs: the
 * tool itself on dbgfs is the guest's to test (tests/guest/notify.c).
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
#include "read_all.h"
#include "tap.h"

static atomic_int no_stop;

static void test_mode(void)
{
	ok(watch_mode(DBGFS_MAGIC) == WATCH_NOTIFY,
	   "watch: a dbgfs file waits for notification");
	ok(watch_mode(TMPFS_MAGIC) == WATCH_INTERVAL &&
	   watch_mode(DEBUGFS_MAGIC) == WATCH_INTERVAL &&
	   watch_mode(TRACEFS_MAGIC) == WATCH_INTERVAL &&
	   watch_mode(SYSFS_MAGIC) == WATCH_INTERVAL,
	   "watch: tmpfs, debugfs, tracefs and sysfs files are reread every interval");
}

static void test_read(const char *tmp)
{
	const char *file = path_in(tmp, "follow.read");
	char *a = NULL, *b = NULL;
	size_t alen = 0, blen = 0;
	int fd, p[2];

	write_file(file, "12345\n", 6);
	fd = open(file, O_RDONLY);
	ok(!read_all(fd, 100, &no_stop, &a, &alen) && alen == 6 &&
	   !strcmp(a, "12345\n") &&
	   !read_all(fd, 100, &no_stop, &b, &blen) && blen == 0 && !*b,
	   "watch: a read to the end, and one more gives nothing");
	free(a);
	free(b);
	close(fd);

	fd = open(file, O_RDONLY);
	a = NULL;
	ok(!read_all(fd, 3, &no_stop, &a, &alen) && alen == 3 &&
	   !strcmp(a, "123"), "watch: a longer value cut at max, NUL-ended");
	free(a);
	close(fd);

	fd = open(file, O_WRONLY);
	a = NULL;
	ok(read_all(fd, 100, &no_stop, &a, &alen) == -EBADF && !a,
	   "watch: a read error is returned, nothing allocated");
	close(fd);

	if (pipe(p)) {
		ok(false, "watch: pipe: %s", strerror(errno));
		return;
	}
	if (write(p[1], "x", 1) != 1)
		diag("write to a pipe: %s", strerror(errno));
	close(p[1]);
	a = NULL;
	ok(!read_all(p[0], 100, &no_stop, &a, &alen) && alen == 1 &&
	   !strcmp(a, "x"), "watch: a pipe is read to its end");
	free(a);
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
	test_mode();
	test_read(tmp);
	test_fs_names();
}
