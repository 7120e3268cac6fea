/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dbgfs internals: the node tree the module owns, and what the VFS glue,
 * the file proxy and the owner cleanup share about it.
 *
 * Locking, outermost first.  "->" is "may be held while taking".  A
 * function that needs a lock held says so in a "Context:" line of its
 * comment, as kernel-doc does, and asserts it with lockdep.
 *
 * VFS locks (a directory's i_rwsem in lookup, the f_pos lock of reads)
 *   -> active references -> dbgfs_tree_rwsem -> the rest.
 *
 * Active references (active.c: node->active, dbgfs_get_active()).  Not a
 *   lock, but lockdep sees one (a rwsem per client fops: node->dep_map),
 *   because removal waits for them.  Every client method runs under one,
 *   and may create, remove and rename entries, so it may take
 *   dbgfs_tree_rwsem; hence nothing waits for active references
 *   (dbgfs_drain()) while holding dbgfs_tree_rwsem, an open lock or any
 *   lock a client method could take.  Removal drains in
 *   dbgfs_finish_removal(), with no lock.
 *
 * dbgfs_tree_rwsem (node.c): the tree.  For writing: a node's parent,
 *   name, hash, rev, mode, owner (ids.c), flags and place among its siblings;
 *   dir.children and nr_subdirs; the owner records (dbgfs_owners, their
 *   nodes lists, owner_link).  For reading: lookups, readdir (getattr
 *   reads nr_subdirs without it, READ_ONCE()).  Under it:
 *   allocations with GFP_KERNEL (the owner record, iget_locked()'s inode),
 *   which may reclaim dbgfs inodes, so the inode's free (dbgfs_free_inode()
 *   -> dbgfs_node_put(), an RCU callback) never takes it; nor does a node's
 *   free.  Never held across client code.
 *
 * dbgfs_removal_lock (spinlock, removal.c): the removals under way, the
 *   nodes each has queued and the one it is finishing, so that a second
 *   remover takes over its part of them (dbgfs_take_over()).  Taken alone
 *   or under dbgfs_tree_rwsem; under it nothing but the node's own ones.
 *
 * Open locks (open.c, dbgfs_open_lock(node): a hashed mutex, as kernfs'):
 *   the open files of the nodes hashed to it, and the fields of struct
 *   dbgfs_open but its pollers.  Taken by the file's methods under an
 *   active reference, by release and the vma methods also without one
 *   (the file they have keeps its record on the list), and by removal after
 *   draining; held over no client code and no sleep but its own.
 *
 * dbgfs_sb_mutex (notify.c): which super block is mounted, for the notify
 *   work's inode lookups.  Held over ilookup(), fsnotify and iput().
 *
 * of->pollers_lock (spinlock, open.c): of->pollers and of->poll_err.
 *   Taken under an open file's poll, with the client's wait queue lock
 *   never held (add_wait_queue() and remove_wait_queue() take it inside).
 *
 * dbgfs_proxy_mutex (proxy.c): additions to and removals from the proxy
 *   hash, whose lookups are RCU.  Innermost but for the two below.
 *
 * dbgfs_str_mutex and each attribute file's mutex (attr.c): a str file's
 *   pointer, an attribute file's text buffer.  Leaves: the client's get
 *   and set run outside them.
 *
 * dbgfs_notify_lock (raw spinlock, irqsave, notify.c): the list of nodes
 *   with a notification pending and their file.notify_next.  Taken in any
 *   context; under it only the workqueue's own (raw) lock.
 */
#ifndef _DBGFS_INTERNAL_H_
#define _DBGFS_INTERNAL_H_

#include <linux/atomic.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/module.h>
#include <linux/refcount.h>
#include <linux/rwsem.h>
#include <linux/stringhash.h>
#include <linux/types.h>
#include <linux/uidgid.h>
#include <linux/wait.h>

#include <uapi/dbgfs_magic.h>

#include "compat.h"
#include "fault.h"

#define DBGFS_DEFAULT_MODE	0700

/*
 * Not a count but a bias: removal adds it to node->active, which makes the
 * value negative (no new active reference) while keeping the number of
 * those in flight readable as active - BIAS; it is back to the bias alone
 * when they have drained.
 */
#define DBGFS_DEACTIVATED_BIAS	(INT_MIN + 1)
/* ... and once its removal is complete: drained, released, subtree done. */
#define DBGFS_REMOVAL_DONE	INT_MIN

/* node->flags, changed under dbgfs_tree_rwsem for writing */
#define DBGFS_NODE_REMOVED	0x1	/* unlinked: no new active refs */
#define DBGFS_NODE_SHORT_FOPS	0x2	/* a dbgfs_short_fops, not fops */
#define DBGFS_NODE_RM_TOP	0x4	/* counted in parent's dir.draining */
#define DBGFS_NODE_PUT_CREATOR	0x8	/* removal drops the creator's ref */
#define DBGFS_NODE_ORPHAN	0x10	/* its module has exited: none of its
					 * code may run for the node any more
					 */
#define DBGFS_NODE_SHORT_NAME	0x20	/* short_name, not name */
#define DBGFS_NODE_SIZED	0x40	/* a struct dbgfs_sized_node */
#define DBGFS_NODE_IDS		0x80	/* not root's: dbgfs_node_ids() */

struct dbgfs_proxy;
struct dbgfs_children;

struct dbgfs_dir {
	struct dbgfs_children	*children;	/* tree rwsem; children.c */
	unsigned int		nr_subdirs;	/* tree rwsem; stat reads it racily */
	atomic_t		draining;	/* children unlinked, not done */
	struct module		*module;	/* dbgfs_node_module() */
};

struct dbgfs_link {
	const char		*target;
	struct module		*module;	/* dbgfs_node_module() */
};

struct dbgfs_file {
	/* The inode's i_fop, and the client's operations: dbgfs_client_ops() */
	struct dbgfs_proxy	*proxy;
	void			*data;		/* inode->i_private */
	/* On the list of pending notifications: NULL if not (notify.c). */
	struct dbgfs_node	*notify_next;
};

/*
 * A node is one entry of the tree.  It is all that exists of an entry until
 * a lookup makes a dentry and an inode for it; those go again when the
 * dcache lets them, and the node stays.
 *
 * @count keeps the memory: one reference from the tree while linked, one
 * from each child, each inode, each held lookup, each open directory that
 * keeps the node as its readdir position, a devm seq file's entry (until
 * its action runs), and one for the module that created it (its handle)
 * while the node is on its owner's list: until that module removes the
 * node or a directory above it, or goes.  @active
 * counts the operations running on the entry, and a notification pending
 * for it (dbgfs_notify()); removal adds
 * DBGFS_DEACTIVATED_BIAS to it, which refuses new ones, waits for the count
 * to drain, and sets it to DBGFS_REMOVAL_DONE once the node and everything
 * that was below it are drained and released, which later removers of the
 * same node wait for.
 */
struct dbgfs_node {
	refcount_t		count;
	atomic_t		active;
	/* "tree rwsem": changed only under dbgfs_tree_rwsem for writing. */
	struct dbgfs_node	*parent;	/* tree rwsem */
	union {					/* tree rwsem */
		const char	*name;
		char		short_name[sizeof(char *)];
	};					/* dbgfs_node_name() */
	union {
		/* tree rwsem; next in its bucket of the parent's children */
		struct dbgfs_node *sibling;
		struct list_head rm_link;	/* being removed */
	};
	unsigned int		hash;		/* tree rwsem; readdir position */
	unsigned int		rev;		/* tree rwsem; bumped by rename */
	unsigned long		ino;		/* for good */
	umode_t			mode;		/* tree rwsem */
	unsigned short		flags;		/* tree rwsem (writes) */
	atomic_t		events;		/* files: dbgfs_notify() calls */
	/* On its owner's list while the creator holds its handle. */
	struct list_head	owner_link;	/* tree rwsem */
	union {
		struct dbgfs_dir	dir;
		struct dbgfs_file	file;
		struct dbgfs_link	link;		/* symlink */
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

/*
 * The children of a directory (children.c): @size buckets, each a list of
 * nodes through node->sibling in (hash, name) order, the buckets in order
 * of the hashes they take.
 */
struct dbgfs_children {
	unsigned int		nr;		/* children */
	unsigned int		size;		/* buckets: a power of 2, less 1 */
	struct dbgfs_node	*bucket[];
};

/*
 * The order of a directory's children, which is readdir's: readdir
 * positions are name hashes, as in kernfs, so they stay valid while
 * siblings come and go.  0 and 1 are "." and "..", INT_MAX is the end.
 */
static inline unsigned int dbgfs_name_hash(const char *name)
{
	unsigned int hash = full_name_hash(NULL, name, strlen(name));

	hash &= 0x7fffffffU;
	if (hash < 2)
		hash += 2;
	if (hash >= INT_MAX)
		hash = INT_MAX - 1;
	return hash;
}

/*
 * A file made with an inode size, by dbgfs_create_file_size(): few are, so
 * the size is not in every node but after these, which come from kmalloc.
 */
struct dbgfs_sized_node {
	struct dbgfs_node	node;
	loff_t			size;
};

/* The inode size of a file: 0 but for dbgfs_create_file_size()'s. */
static inline loff_t dbgfs_file_size(const struct dbgfs_node *node)
{
	if (!(node->flags & DBGFS_NODE_SIZED))
		return 0;
	return container_of(node, struct dbgfs_sized_node, node)->size;
}

/*
 * The operations of one client file_operations (or dbgfs_short_fops) for
 * the VFS: proxy.c's methods, each calling the client's under an active
 * reference.  Shared by the nodes with the same client operations.
 */
struct dbgfs_proxy {
	struct hlist_node	hash_link;
	const void		*real;		/* the client's operations */
	/*
	 * The module whose files these are, NULL for dbgfs': one proxy per
	 * module, since typed files' operations are dbgfs' for every module.
	 */
	struct module		*module;
	atomic_t		live;		/* nodes not removed yet */
	refcount_t		count;		/* nodes */
	struct rcu_head		rcu;
	struct file_operations	fops;
};

/*
 * A file's client operations: a file_operations, or a dbgfs_short_fops if
 * dbgfs_is_short().  The node keeps them only through its proxy.
 */
static inline const void *dbgfs_client_ops(const struct dbgfs_node *node)
{
	return node->file.proxy->real;
}

static inline const struct file_operations *
dbgfs_node_fops(const struct dbgfs_node *node)
{
	return dbgfs_client_ops(node);
}

static inline const struct dbgfs_short_fops *
dbgfs_node_sfops(const struct dbgfs_node *node)
{
	return dbgfs_client_ops(node);
}

/* The operations the VFS calls for the file: the proxy's. */
static inline const struct file_operations *
dbgfs_proxy_fops(const struct dbgfs_node *node)
{
	return &node->file.proxy->fops;
}

/* The module an entry made for @owner belongs to: none if dbgfs made it. */
static inline struct module *dbgfs_module_of(struct module *owner)
{
	return owner == THIS_MODULE ? NULL : owner;
}

/*
 * The module that created @node, for good; NULL for dbgfs' own.  A file
 * keeps it in its proxy, the others in their part of the node.
 */
static inline struct module *dbgfs_node_module(const struct dbgfs_node *node)
{
	if (S_ISREG(node->mode))
		return node->file.proxy->module;
	if (S_ISDIR(node->mode))
		return node->dir.module;
	return node->link.module;
}

/*
 * A removal under way (removal.c), on its remover's stack: the nodes it has
 * unlinked and not begun to finish, parents before children, and the one
 * it is finishing.  @origin is the remover of the removal whose part this
 * one took over (dbgfs_take_over()), else @remover: the code of either may
 * still run for these nodes while they are going (see
 * dbgfs_release_open_files()).  @lent counts the tops of this removal that
 * others took over and have not finished, which its end waits for; when
 * this one took over such a top, @lender is the removal it came from.
 */
struct dbgfs_removal {
	struct list_head	nodes;		/* by node->rm_link */
	struct list_head	link;		/* in removal.c's dbgfs_removals */
	struct dbgfs_node	*finishing;
	struct module		*remover;
	struct module		*origin;
	struct dbgfs_removal	*lender;
	atomic_t		lent;
};

/* Serialises every change of the tree; lookups and readdir share it. */
extern struct rw_semaphore dbgfs_tree_rwsem;
extern struct dbgfs_node *dbgfs_root;

static inline bool dbgfs_node_removed(const struct dbgfs_node *node)
{
	return READ_ONCE(node->flags) & DBGFS_NODE_REMOVED;
}

/* Under dbgfs_tree_rwsem, which keeps it from changing. */
static inline const char *dbgfs_node_name(const struct dbgfs_node *node)
{
	return node->flags & DBGFS_NODE_SHORT_NAME ? node->short_name :
						     node->name;
}

/* A file made with a struct dbgfs_short_fops: dbgfs_client_ops() is one. */
static inline bool dbgfs_is_short(const struct dbgfs_node *node)
{
	return node->flags & DBGFS_NODE_SHORT_FOPS;
}

/* Only files have active references, and lockdep maps. */
static inline bool dbgfs_node_lockdep(const struct dbgfs_node *node)
{
	return IS_ENABLED(CONFIG_DEBUG_LOCK_ALLOC) && S_ISREG(node->mode);
}

/* active.c */
extern struct wait_queue_head dbgfs_drain_wq;
void dbgfs_active_dec(struct dbgfs_node *node);
void dbgfs_deactivate(struct dbgfs_node *node);
void dbgfs_drain(struct dbgfs_node *node);

/* The active reference alone: see dbgfs_get_active(). */
static inline void dbgfs_drop_active(struct dbgfs_node *node)
{
	if (dbgfs_node_lockdep(node))
		rwsem_release(&node->dep_map, _RET_IP_);
	dbgfs_active_dec(node);
}

/*
 * An operation may start while the node is not removed, and it holds a
 * reference to the module that created the node while it runs.  That is
 * what makes the exit window safe: rmmod marks a module GOING, and runs its
 * exit(), only if no such reference is held, and none can be taken from
 * then on; so no operation of an entry the module forgot runs during or
 * after its exit().  rmmod during an operation answers EAGAIN.
 *
 * dbgfs_node_module() stays valid while the node is active: a module's entries are
 * all removed, drained, before its memory goes.
 */
static inline bool dbgfs_get_active(struct dbgfs_node *node)
{
	if (!atomic_inc_unless_negative(&node->active))
		return false;
	if (dbgfs_node_lockdep(node))
		rwsem_acquire_read(&node->dep_map, 0, 1, _RET_IP_);
	if (likely(try_module_get(dbgfs_node_module(node))))
		return true;
	dbgfs_drop_active(node);
	return false;
}

/* Ends an operation that dbgfs_get_active() let start. */
static inline void dbgfs_put_active(struct dbgfs_node *node)
{
	/* First: once the count drains, the module's memory may go. */
	module_put(dbgfs_node_module(node));
	dbgfs_drop_active(node);
}

/* node.c */
int dbgfs_node_cache_init(void);
void dbgfs_node_cache_exit(void);
struct dbgfs_node *dbgfs_node_new_sized(const char *name, umode_t mode,
					loff_t size);
struct dbgfs_node *dbgfs_node_new(const char *name, umode_t mode);
int dbgfs_node_add(struct dbgfs_node *node, struct dbgfs_node *parent,
		   struct module *owner);
void dbgfs_unlink_child(struct dbgfs_node *node);
struct dbgfs_node *dbgfs_resolve_parent(struct dbgfs_node *parent);
bool dbgfs_is_ancestor(struct dbgfs_node *node, struct dbgfs_node *dir);
void dbgfs_node_get(struct dbgfs_node *node);

/* removal.c */
void dbgfs_removal_init(struct dbgfs_removal *r, struct module *remover);
unsigned int dbgfs_unlink_subtree(struct dbgfs_node *top,
				  struct dbgfs_removal *r);
void dbgfs_take_over(struct dbgfs_node *top, struct dbgfs_removal *r);
void dbgfs_wait_removed(struct dbgfs_node *node);
bool dbgfs_removal_done(struct dbgfs_node *node);
void dbgfs_finish_removal(struct dbgfs_removal *r);
void dbgfs_remove_all(void);

/* children.c */
int dbgfs_children_reserve(struct dbgfs_node *dir);
int dbgfs_children_add(struct dbgfs_node *dir, struct dbgfs_node *node);
void dbgfs_children_del(struct dbgfs_node *dir, struct dbgfs_node *node);
void dbgfs_children_take_all(struct dbgfs_node *dir, struct list_head *list);
void dbgfs_children_free(struct dbgfs_node *dir);
struct dbgfs_node *dbgfs_find_child(struct dbgfs_node *dir, const char *name);
struct dbgfs_node *dbgfs_first_child_from(struct dbgfs_node *dir,
					  unsigned int hash);
struct dbgfs_node *dbgfs_next_child(struct dbgfs_node *node);

/* inode.c */
int dbgfs_inode_cache_init(void);
void dbgfs_inode_cache_exit(void);
struct inode *dbgfs_get_inode(struct super_block *sb, struct dbgfs_node *node);
struct dbgfs_node *dbgfs_inode_node(const struct inode *inode);
struct inode *dbgfs_alloc_inode(struct super_block *sb);
void dbgfs_free_inode(struct inode *inode);
void dbgfs_evict_inode(struct inode *inode);
extern const struct dentry_operations dbgfs_dentry_ops;

static inline struct dbgfs_node *dbgfs_file_node(const struct file *file)
{
	return dbgfs_inode_node(file_inode(file));
}

/* dir.c */
extern const struct file_operations dbgfs_dir_fops;

/* proxy.c */
int dbgfs_proxy_attach(struct dbgfs_node *node, const void *real,
		       struct module *mod);
void dbgfs_proxy_retire(struct dbgfs_node *node);
void dbgfs_proxy_put(struct dbgfs_node *node);

/* open.c: the proxy's methods that keep the record of an open file */
int dbgfs_proxy_open(struct inode *inode, struct file *file);
int dbgfs_proxy_release(struct inode *inode, struct file *file);
__poll_t dbgfs_proxy_poll(struct file *file, struct poll_table_struct *pt);
int dbgfs_proxy_fasync(int fd, struct file *file, int on);
void dbgfs_notify_rearm(struct file *file, struct dbgfs_node *node);
void dbgfs_release_open_files(struct dbgfs_node *node, struct module *remover,
			      struct module *origin);
void dbgfs_wake_open_files(struct dbgfs_node *node);
void dbgfs_open_locks_init(void);

/* mmap.c */
int dbgfs_proxy_mmap(struct file *file, struct vm_area_struct *vma);
#ifdef DBGFS_HAS_MMAP_PREPARE
int dbgfs_proxy_mmap_prepare(struct vm_area_desc *desc);
#endif

/* notify.c */
void dbgfs_notify_flush(void);
void dbgfs_notify_set_sb(struct super_block *sb);
void dbgfs_notify_clear_sb(struct super_block *sb);

/* owner.c */
int dbgfs_owner_link(struct dbgfs_node *node, struct module *mod);
bool dbgfs_owner_holds(const struct dbgfs_node *node);
void dbgfs_owner_unlink(struct dbgfs_node *node);
bool dbgfs_owner_is(struct dbgfs_node *node, struct module *mod);
int dbgfs_owner_init(void);
void dbgfs_owner_exit(void);

/* ids.c */
void dbgfs_node_ids(const struct dbgfs_node *node, kuid_t *uid, kgid_t *gid);
int dbgfs_node_set_ids(struct dbgfs_node *node, kuid_t uid, kgid_t gid);
void dbgfs_node_drop_ids(struct dbgfs_node *node);

/* access.c */
bool dbgfs_api_allowed(void);
bool dbgfs_mount_allowed(void);

/* attr.c */
const char *dbgfs_file_type(const struct dbgfs_node *node);

/* xattr.c */
struct xattr_handler;
extern const struct xattr_handler *dbgfs_xattr_handlers[];
ssize_t dbgfs_listxattr(struct dentry *dentry, char *buf, size_t size);

#endif /* _DBGFS_INTERNAL_H_ */
