// SPDX-License-Identifier: GPL-2.0-only
/*
 * How watch follows a file: by dbgfs' change notification or by rereading
 * it every interval, the name of a filesystem for its -v line, and the
 * read of a value.  Apart from watch.c, and without the tool's output, so
 * that the host tests build it too.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <linux/magic.h>	/* TMPFS_MAGIC and the others */

#include "compiler.h"
#include "dbgfs.h"

/*
 * dbgfs' files notify: poll(POLLPRI) on an open file sleeps until
 * dbgfs_notify() after its last read.  Every other filesystem is taken as
 * one without notification (sysfs notifies too, but few of its attributes
 * ever do: watch would wait for good).
 */
enum watch_mode watch_mode(unsigned long f_type)
{
	return f_type == DBGFS_MAGIC ? WATCH_NOTIFY : WATCH_INTERVAL;
}

/* The filesystems a watched file is likeliest to be on. */
static const struct {
	unsigned long magic;
	const char *name;
} fs_names[] = {
	{ DBGFS_MAGIC, "dbgfs" },
	{ DEBUGFS_MAGIC, "debugfs" },
	{ TRACEFS_MAGIC, "tracefs" },
	{ SYSFS_MAGIC, "sysfs" },
	{ PROC_SUPER_MAGIC, "proc" },
	{ TMPFS_MAGIC, "tmpfs" },
	{ RAMFS_MAGIC, "ramfs" },
	{ SECURITYFS_MAGIC, "securityfs" },
	{ CGROUP_SUPER_MAGIC, "cgroup" },
	{ CGROUP2_SUPER_MAGIC, "cgroup2" },
	{ BPF_FS_MAGIC, "bpf" },
	{ EXT4_SUPER_MAGIC, "ext2/3/4" },
	{ XFS_SUPER_MAGIC, "xfs" },
	{ BTRFS_SUPER_MAGIC, "btrfs" },
	{ OVERLAYFS_SUPER_MAGIC, "overlay" },
	{ NFS_SUPER_MAGIC, "nfs" },
	{ FUSE_SUPER_MAGIC, "fuse" },
	{ V9FS_MAGIC, "9p" },
};

const char *fs_name(unsigned long f_type, char *buf, size_t size)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fs_names); i++)
		if (f_type == fs_names[i].magic)
			return fs_names[i].name;
	snprintf(buf, size, "filesystem 0x%lx", f_type);
	return buf;
}

/*
 * Unlike the library's reader it gives up on EINTR once a signal asked
 * to stop: a read that blocks (trace_pipe, a FIFO with an idle writer)
 * must not outlive Ctrl-C.
 */
int watch_read(int fd, size_t max, const atomic_int *stop, char **bufp,
	       size_t *lenp)
{
	size_t len = 0;
	char *buf;
	ssize_t n;
	int err = 0;

	buf = malloc(max + 1);
	if (!buf)
		return -ENOMEM;
	while (len < max) {
		n = read(fd, buf + len, max - len);
		if (n < 0 && errno == EINTR && !*stop)
			continue;
		if (n < 0) {
			err = -errno;
			break;
		}
		if (!n)
			break;
		len += n;
	}
	if (err) {
		free(buf);
		return err;
	}
	buf[len] = '\0';
	*bufp = buf;
	*lenp = len;
	return 0;
}
