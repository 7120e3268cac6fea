/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place that knows kernel versions.  dbgfs builds against Debian's
 * 6.1 and 6.12 kernels; everything that differs between them where a
 * filesystem meets the VFS is wrapped here.
 */
#ifndef _DBGFS_COMPAT_H_
#define _DBGFS_COMPAT_H_

#include <linux/fs.h>
#include <linux/version.h>

/* 6.3 replaced the user namespace of inode operations by an idmap. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 3, 0)
#define dbgfs_idmap mnt_idmap
#else
#define dbgfs_idmap user_namespace
#endif

/* 6.6 gave generic_fillattr() the request mask. */
static inline void dbgfs_fillattr(struct dbgfs_idmap *idmap, u32 request_mask,
				  struct inode *inode, struct kstat *stat)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 6, 0)
	generic_fillattr(idmap, request_mask, inode, stat);
#else
	generic_fillattr(idmap, inode, stat);
#endif
}

/* 6.6 and 6.7 moved the inode timestamps behind accessors. */
static inline void dbgfs_inode_init_times(struct inode *inode)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 7, 0)
	simple_inode_init_ts(inode);
#else
	inode->i_atime = inode->i_mtime = inode->i_ctime = current_time(inode);
#endif
}

#endif /* _DBGFS_COMPAT_H_ */
