/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dbgfs internals: the node tree the module owns, and what the VFS glue,
 * the file proxy and the owner cleanup share about it.
 */
#ifndef _DBGFS_INTERNAL_H_
#define _DBGFS_INTERNAL_H_

#include <linux/atomic.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/module.h>
#include <linux/rbtree.h>
#include <linux/rwsem.h>
#include <linux/types.h>
#include <linux/uidgid.h>

#include "compat.h"
#include "fault.h"

#define DBGFS_MAGIC		0x64626766	/* "dbgf" */
#define DBGFS_DEFAULT_MODE	0700

/* Active count of a node that is being or has been removed. */
#define DBGFS_DEACTIVATED_BIAS	(INT_MIN + 1)
/* ... and once its removal is complete: drained, released, subtree done. */
#define DBGFS_REMOVAL_DONE	INT_MIN

/* node->flags, changed under dbgfs_tree_rwsem for writing */
#define DBGFS_NODE_REMOVED	0x1	/* unlinked: no new active refs */
#define DBGFS_NODE_SHORT_FOPS	0x2	/* file.sfops, not file.fops */
#define DBGFS_NODE_RM_TOP	0x4	/* counted in parent's dir.draining */
#define DBGFS_NODE_PUT_CREATOR	0x8	/* removal drops the creator's ref */
#define DBGFS_NODE_ORPHAN	0x10	/* its module has exited: none of its
					 * code may run for the node any more
					 */

struct dbgfs_owner;
struct dbgfs_proxy;

struct dbgfs_dir {
	struct rb_root		children;	/* by (hash, name) */
	unsigned int		nr_subdirs;	/* for nlink */
	atomic_t		draining;	/* children unlinked, not done */
};

struct dbgfs_file {
	union {
		const struct file_operations	*fops;
		const struct dbgfs_short_fops	*sfops;
	};
	struct dbgfs_proxy	*proxy;		/* what the inode's i_fop is */
	void			*data;		/* inode->i_private */
	loff_t			size;
	struct list_head	open_files;	/* struct dbgfs_open */
};

/*
 * A node is one entry of the tree.  It is all that exists of an entry until
 * a lookup makes a dentry and an inode for it; those go again when the
 * dcache lets them, and the node stays.
 *
 * @count keeps the memory: one reference from the tree while linked, one
 * from each child, each inode and each held lookup, and one for the module
 * that created it (its handle) while the node is on its owner's list: until
 * that module removes the node or a directory above it, or goes.  @active
 * counts the operations running on the entry; removal adds
 * DBGFS_DEACTIVATED_BIAS to it, which refuses new ones, waits for the count
 * to drain, and sets it to DBGFS_REMOVAL_DONE once the node and everything
 * that was below it are drained and released, which later removers of the
 * same node wait for.
 */
struct dbgfs_node {
	refcount_t		count;
	atomic_t		active;
	struct dbgfs_node	*parent;
	const char		*name;
	union {
		struct rb_node	rb;		/* in parent's children */
		struct list_head rm_link;	/* being removed */
		struct rcu_head	rcu;		/* being freed */
	};
	unsigned int		hash;		/* readdir position */
	unsigned int		rev;		/* bumped by rename */
	unsigned long		ino;
	umode_t			mode;
	unsigned short		flags;
	kuid_t			uid;
	kgid_t			gid;
	struct dbgfs_owner	*owner;
	struct list_head	owner_link;
	struct module		*module;	/* its creator, for good */
	union {
		struct dbgfs_dir	dir;
		struct dbgfs_file	file;
		const char		*target;	/* symlink */
	};
#ifdef CONFIG_DEBUG_LOCK_ALLOC
	/*
	 * The active references of a file, as a read lock that removal takes
	 * for writing while it drains them (as kernfs does), so that lockdep
	 * sees a client lock held across dbgfs_remove() that the file's
	 * operations take too.  One class per file_operations (see
	 * dbgfs_node_init_lockdep()).
	 */
	struct lockdep_map	dep_map;
#endif
};

/* Serialises every change of the tree; lookups and readdir share it. */
extern struct rw_semaphore dbgfs_tree_rwsem;
extern struct dbgfs_node *dbgfs_root;

static inline bool dbgfs_node_removed(const struct dbgfs_node *node)
{
	return READ_ONCE(node->flags) & DBGFS_NODE_REMOVED;
}

/* Only files have active references, and lockdep maps. */
static inline bool dbgfs_node_lockdep(const struct dbgfs_node *node)
{
	return IS_ENABLED(CONFIG_DEBUG_LOCK_ALLOC) && S_ISREG(node->mode);
}

void dbgfs_drop_active(struct dbgfs_node *node);
void dbgfs_put_active(struct dbgfs_node *node);

/*
 * An operation may start while the node is not removed, and it holds a
 * reference to the module that created the node while it runs.  That is
 * what makes the exit window safe: rmmod marks a module GOING, and runs its
 * exit(), only if no such reference is held, and none can be taken from
 * then on; so no operation of an entry the module forgot runs during or
 * after its exit().  rmmod during an operation answers EAGAIN.
 *
 * node->module stays valid while the node is active: a module's entries are
 * all removed, drained, before its memory goes.
 */
static inline bool dbgfs_get_active(struct dbgfs_node *node)
{
	if (!atomic_inc_unless_negative(&node->active))
		return false;
	if (dbgfs_node_lockdep(node))
		rwsem_acquire_read(&node->dep_map, 0, 1, _RET_IP_);
	if (likely(try_module_get(node->module)))
		return true;
	dbgfs_drop_active(node);
	return false;
}

/* node.c */
int dbgfs_node_cache_init(void);
void dbgfs_node_cache_exit(void);
struct dbgfs_node *dbgfs_node_new(const char *name, umode_t mode);
int dbgfs_node_add(struct dbgfs_node *node, struct dbgfs_node *parent,
		   struct module *owner);
struct dbgfs_node *dbgfs_node_create(const char *name, umode_t mode,
				     struct dbgfs_node *parent,
				     struct module *owner);
void dbgfs_node_get(struct dbgfs_node *node);
struct dbgfs_node *dbgfs_find_child(struct dbgfs_node *dir, const char *name);
struct dbgfs_node *dbgfs_first_child_from(struct dbgfs_node *dir,
					  unsigned int hash);
struct dbgfs_node *dbgfs_next_child(struct dbgfs_node *node);
unsigned int dbgfs_unlink_subtree(struct dbgfs_node *top,
				  struct list_head *removed,
				  struct module *remover);
void dbgfs_wait_removed(struct dbgfs_node *node);
bool dbgfs_removal_done(struct dbgfs_node *node);
void dbgfs_finish_removal(struct list_head *removed);
void dbgfs_remove_all(void);

/* inode.c */
int dbgfs_inode_cache_init(void);
void dbgfs_inode_cache_exit(void);
struct inode *dbgfs_get_inode(struct super_block *sb, struct dbgfs_node *node);
struct dbgfs_node *dbgfs_inode_node(const struct inode *inode);
extern const struct super_operations dbgfs_super_ops;
extern const struct dentry_operations dbgfs_dentry_ops;

int dbgfs_show_options(struct seq_file *m, struct dentry *root);

/* dir.c */
extern const struct file_operations dbgfs_dir_fops;

/* file.c */
int dbgfs_proxy_attach(struct dbgfs_node *node);
void dbgfs_proxy_retire(struct dbgfs_node *node);
void dbgfs_proxy_put(struct dbgfs_node *node);
const struct file_operations *dbgfs_proxy_fops(struct dbgfs_node *node);
void dbgfs_release_open_files(struct dbgfs_node *node);
void dbgfs_open_locks_init(void);

/* owner.c */
int dbgfs_owner_link(struct dbgfs_node *node, struct module *mod);
void dbgfs_owner_unlink(struct dbgfs_node *node);
bool dbgfs_owner_is(struct dbgfs_node *node, struct module *mod);
int dbgfs_owner_init(void);
void dbgfs_owner_exit(void);

/* mount.c */
bool dbgfs_api_allowed(void);
extern bool dbgfs_registered;

#endif /* _DBGFS_INTERNAL_H_ */
