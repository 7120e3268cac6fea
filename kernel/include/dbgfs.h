/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dbgfs: a debug filesystem with safe removal.
 *
 * The API mirrors <linux/debugfs.h>: every dbgfs_* function does what the
 * debugfs_* function of the same suffix does, with an opaque node handle in
 * place of a dentry.  Creators return the node or an ERR_PTR(), never NULL;
 * a NULL parent is the root; an ERR_PTR() parent is handed back unchanged so
 * that callers need not check between calls.
 *
 * Unlike debugfs, removal is a barrier: once dbgfs_remove() returns, no file
 * operation of the removed entries runs or will run, files still open answer
 * -EIO, and entries a module forgot to remove are removed when it goes.
 */
#ifndef _DBGFS_H_
#define _DBGFS_H_

#include <linux/err.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/types.h>

struct dbgfs_node;

/**
 * struct dbgfs_short_fops - the few file operations most debug files need
 * @read: as &file_operations.read
 * @write: as &file_operations.write
 * @llseek: as &file_operations.llseek; NULL makes the file unseekable
 *
 * Accepted by dbgfs_create_file() in place of a full &struct
 * file_operations, as debugfs' &struct debugfs_short_fops is.
 */
struct dbgfs_short_fops {
	ssize_t (*read)(struct file *file, char __user *buf, size_t len,
			loff_t *ppos);
	ssize_t (*write)(struct file *file, const char __user *buf, size_t len,
			 loff_t *ppos);
	loff_t (*llseek)(struct file *file, loff_t offset, int whence);
};

struct dbgfs_node *__dbgfs_create_dir(const char *name,
				      struct dbgfs_node *parent,
				      struct module *owner);
struct dbgfs_node *__dbgfs_create_file(const char *name, umode_t mode,
				       struct dbgfs_node *parent, void *data,
				       const struct file_operations *fops,
				       loff_t size, struct module *owner);
struct dbgfs_node *__dbgfs_create_file_short(const char *name, umode_t mode,
					     struct dbgfs_node *parent,
					     void *data,
					     const struct dbgfs_short_fops *fops,
					     loff_t size, struct module *owner);
struct dbgfs_node *__dbgfs_create_symlink(const char *name,
					  struct dbgfs_node *parent,
					  const char *target,
					  struct module *owner);

/**
 * dbgfs_create_dir - create a directory
 * @name: name of the directory
 * @parent: directory to create it in, or NULL for the root
 *
 * Return: the new node, or an ERR_PTR(): -EINVAL or -ENAMETOOLONG for a bad
 * name, -EEXIST if @name is taken, -ENOENT if @parent was removed, -ENOMEM,
 * -EPERM when dbgfs is switched off (module parameter access=off).  The
 * directory belongs to the calling module and is removed when it goes.
 */
#define dbgfs_create_dir(name, parent) \
	__dbgfs_create_dir(name, parent, THIS_MODULE)

/* Picks the creator by the type of @fops, const or not; NULL is allowed. */
#define __dbgfs_file_creator(fops)					\
	_Generic((const typeof(*(fops)) *)(fops),			\
		 const struct dbgfs_short_fops * : __dbgfs_create_file_short, \
		 const struct file_operations * : __dbgfs_create_file,	\
		 const void * : __dbgfs_create_file)

/**
 * dbgfs_create_file - create a file with its own file operations
 * @name: name of the file
 * @mode: permission bits (S_IFREG is implied)
 * @parent: directory to create it in, or NULL for the root
 * @data: stored in inode->i_private, for the open method to find
 * @fops: a &struct file_operations or a &struct dbgfs_short_fops
 *
 * The file behaves as if @fops were its own: methods @fops lacks behave as
 * the VFS makes them behave when missing (no llseek: -ESPIPE; no poll: the
 * default mask; no mmap: -ENODEV).  Every method runs under an active
 * reference, so dbgfs_remove() waits for it; after removal, open files
 * answer -EIO (poll: EPOLLHUP) and @fops->release runs once for each of
 * them during removal.  The module owning @fops is not pinned by open files.
 *
 * Mappings made by @fops->mmap are the client's: dbgfs cannot revoke them.
 * A client that sleeps pollers on its own wait queue must wake them with
 * wake_up_pollfree() before freeing the queue.
 *
 * Return: the new node, or an ERR_PTR() as for dbgfs_create_dir().
 */
#define dbgfs_create_file(name, mode, parent, data, fops)		\
	__dbgfs_file_creator(fops)(name, mode, parent, data, fops, 0,	\
				   THIS_MODULE)

/**
 * dbgfs_create_file_size - create a file with an initial inode size
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @data: stored in inode->i_private
 * @fops: a &struct file_operations or a &struct dbgfs_short_fops
 * @file_size: the size stat() reports
 *
 * As dbgfs_create_file(), for files whose size is known.
 *
 * Return: the new node, or an ERR_PTR() as for dbgfs_create_dir().
 */
#define dbgfs_create_file_size(name, mode, parent, data, fops, file_size) \
	__dbgfs_file_creator(fops)(name, mode, parent, data, fops,	\
				   file_size, THIS_MODULE)

/**
 * dbgfs_create_symlink - create a symbolic link
 * @name: name of the link
 * @parent: directory to create it in, or NULL for the root
 * @target: what readlink() returns; copied
 *
 * Return: the new node, or an ERR_PTR() as for dbgfs_create_dir().
 */
#define dbgfs_create_symlink(name, parent, target) \
	__dbgfs_create_symlink(name, parent, target, THIS_MODULE)

struct dbgfs_node *dbgfs_lookup(const char *name, struct dbgfs_node *parent);
void dbgfs_node_put(struct dbgfs_node *node);
void dbgfs_remove(struct dbgfs_node *node);
void dbgfs_lookup_and_remove(const char *name, struct dbgfs_node *parent);
int dbgfs_rename(struct dbgfs_node *old_dir, struct dbgfs_node *node,
		 struct dbgfs_node *new_dir, const char *new_name);
__printf(2, 3)
int dbgfs_change_name(struct dbgfs_node *node, const char *fmt, ...);
bool dbgfs_initialized(void);

/**
 * dbgfs_remove_recursive - remove a node and everything under it
 * @node: the node, or NULL or an ERR_PTR() (nothing is done)
 *
 * The same as dbgfs_remove(), under debugfs' older name.
 */
static inline void dbgfs_remove_recursive(struct dbgfs_node *node)
{
	dbgfs_remove(node);
}

#endif /* _DBGFS_H_ */
