/* SPDX-License-Identifier: GPL-2.0 OR LGPL-2.1-or-later */
/*
 * dbgfs' statfs(2) f_type, the one definition that the module (its
 * superblock) and libdbgfs (which checks what it found) share, as the
 * kernel's <linux/magic.h> is shared by filesystems and user space.
 */
#ifndef _UAPI_DBGFS_MAGIC_H
#define _UAPI_DBGFS_MAGIC_H

#define DBGFS_MAGIC	0x64626766	/* "dbgf" */

#endif /* _UAPI_DBGFS_MAGIC_H */
