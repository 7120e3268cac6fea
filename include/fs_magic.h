/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The statfs(2) f_type of every filesystem that libdbgfs and the dbgfs
 * command name, from one header: the kernel's <linux/magic.h>, dbgfs' own
 * <dbgfs_magic.h> (shared with the module) and configfs', which the kernel
 * keeps to fs/configfs/mount.c.  The public libdbgfs.h has its own copies
 * of DEBUGFS_MAGIC and TRACEFS_MAGIC, the kernel's values, for its users.
 */
#ifndef DBGFS_FS_MAGIC_H
#define DBGFS_FS_MAGIC_H

#include <linux/magic.h>

#include <dbgfs_magic.h>

#ifndef CONFIGFS_MAGIC
#define CONFIGFS_MAGIC		0x62656570
#endif

#endif /* DBGFS_FS_MAGIC_H */
