// SPDX-License-Identifier: GPL-2.0-only
/*
 * How watch follows a file: by dbgfs' change notification or by rereading
 * it every interval, and the name of a filesystem for its -v line.  Apart
 * from watch.c, and without the tool's output, so that the host tests
 * build it too.
 */
#include <stdio.h>

#include "compiler.h"
#include "dbgfs.h"
#include "fs_magic.h"

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
