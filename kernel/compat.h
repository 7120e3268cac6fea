/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place that knows kernel versions.  dbgfs builds against Debian's
 * 6.1, 6.12 and 7.x kernels; everything that differs between them where a
 * filesystem meets the VFS is wrapped here.
 */
#ifndef _DBGFS_COMPAT_H_
#define _DBGFS_COMPAT_H_

#include <linux/fs.h>
#include <linux/hrtimer.h>
#include <linux/mm.h>
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

/* 6.13 replaced hrtimer_init() and the function's assignment by one call. */
static inline void
dbgfs_hrtimer_setup(struct hrtimer *timer,
		    enum hrtimer_restart (*function)(struct hrtimer *),
		    clockid_t clock_id, enum hrtimer_mode mode)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
	hrtimer_setup(timer, function, clock_id, mode);
#else
	hrtimer_init(timer, clock_id, mode);
	timer->function = function;
#endif
}

/*
 * 6.14 gave ->d_revalidate() the parent's inode and the name it was looked
 * up by: DBGFS_D_REVALIDATE(name) declares one with the kernel's parameters,
 * of which @dentry and @flags are always there.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 14, 0)
#define DBGFS_D_REVALIDATE(name)					\
	int name(struct inode *dir, const struct qstr *qname,		\
		 struct dentry *dentry, unsigned int flags)
#else
#define DBGFS_D_REVALIDATE(name)					\
	int name(struct dentry *dentry, unsigned int flags)
#endif

/* 6.17 made sb->s_d_op private to the VFS. */
static inline void dbgfs_set_d_op(struct super_block *sb,
				  const struct dentry_operations *ops)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 17, 0)
	set_default_d_op(sb, ops);
#else
	sb->s_d_op = ops;
#endif
}

/* 6.18 renamed generic_delete_inode(). */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
#define dbgfs_drop_inode inode_just_drop
#else
#define dbgfs_drop_inode generic_delete_inode
#endif

/* 6.19 put i_state behind accessors. */
static inline bool dbgfs_inode_is_new(struct inode *inode)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 19, 0)
	return inode_state_read_once(inode) & I_NEW;
#else
	return inode->i_state & I_NEW;
#endif
}

/*
 * Whether @ops has ->find_special_page(), which dbgfs' vma wrapper does not
 * pass on (mmap.c): 6.18 renamed it ->find_normal_page(), there only with
 * CONFIG_FIND_NORMAL_PAGE.
 */
static inline bool dbgfs_vm_ops_finds_page(const struct vm_operations_struct *ops)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
#ifdef CONFIG_FIND_NORMAL_PAGE
	return ops->find_normal_page;
#else
	return false;
#endif
#else
	return ops->find_special_page;
#endif
}

/*
 * 6.17 added f_op->mmap_prepare(), which describes a mapping before its vma
 * exists (struct vm_area_desc): DBGFS_HAS_MMAP_PREPARE says the kernel has
 * it, and the file proxy forwards it then (mmap.c).
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 17, 0)
#define DBGFS_HAS_MMAP_PREPARE 1
#endif

/* Whether @fops can map a file: by ->mmap(), or by ->mmap_prepare(). */
static inline bool dbgfs_fops_maps(const struct file_operations *fops)
{
#ifdef DBGFS_HAS_MMAP_PREPARE
	if (fops->mmap_prepare)
		return true;
#endif
	return fops->mmap;
}

/*
 * Whether @ops has ->mapped(), which the vma wrapper does not pass on: 7.1
 * added it, for the vmas of ->mmap_prepare() only.
 */
static inline bool dbgfs_vm_ops_has_mapped(const struct vm_operations_struct *ops)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 1, 0)
	return ops->mapped;
#else
	return false;
#endif
}

#endif /* _DBGFS_COMPAT_H_ */
