// SPDX-License-Identifier: GPL-2.0
/*
 * The node tree: names, reference counts, active references, insertion,
 * lookup, rename and removal.  The VFS never sees this tree directly; it
 * sees dentries and inodes that inode.c makes from nodes on demand.
 */
#include <linux/dcache.h>
#include <linux/namei.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/wait.h>

#include <dbgfs.h>
#include "internal.h"

DECLARE_RWSEM(dbgfs_tree_rwsem);
struct dbgfs_node *dbgfs_root;

static struct kmem_cache *dbgfs_node_cache;
static atomic_long_t dbgfs_next_ino = ATOMIC_LONG_INIT(1);
static DECLARE_WAIT_QUEUE_HEAD(dbgfs_drain_wq);

int dbgfs_node_cache_init(void)
{
	dbgfs_node_cache = dbgfs_kmem_cache_create("dbgfs_node",
						   sizeof(struct dbgfs_node),
						   __alignof__(struct dbgfs_node),
						   SLAB_ACCOUNT, NULL);
	return dbgfs_node_cache ? 0 : -ENOMEM;
}

void dbgfs_node_cache_exit(void)
{
	rcu_barrier();	/* nodes are freed after a grace period */
	kmem_cache_destroy(dbgfs_node_cache);
}

/*
 * The count alone, for an active reference taken without lockdep's view or
 * the module's reference: a pending notification's (notify.c).
 */
void dbgfs_active_dec(struct dbgfs_node *node)
{
	if (atomic_dec_return(&node->active) == DBGFS_DEACTIVATED_BIAS)
		wake_up_all(&dbgfs_drain_wq);
}

/* The active reference alone: see dbgfs_get_active(). */
void dbgfs_drop_active(struct dbgfs_node *node)
{
	if (dbgfs_node_lockdep(node))
		rwsem_release(&node->dep_map, _RET_IP_);
	dbgfs_active_dec(node);
}

void dbgfs_put_active(struct dbgfs_node *node)
{
	/* First: once the count drains, the module's memory may go. */
	module_put(dbgfs_node_module(node));
	dbgfs_drop_active(node);
}

static int dbgfs_check_name(const char *name)
{
	size_t len;

	if (!name)
		return -EINVAL;
	len = strlen(name);
	if (!len || strchr(name, '/') || !strcmp(name, ".") ||
	    !strcmp(name, ".."))
		return -EINVAL;
	if (len > NAME_MAX)
		return -ENAMETOOLONG;
	return 0;
}

void dbgfs_node_get(struct dbgfs_node *node)
{
	refcount_inc(&node->count);
}

static struct dbgfs_node *dbgfs_node_alloc(loff_t size)
{
	struct dbgfs_sized_node *sized;

	if (!size)
		return dbgfs_kmem_cache_zalloc(dbgfs_node_cache, GFP_KERNEL);
	sized = dbgfs_kzalloc(sizeof(*sized), GFP_KERNEL_ACCOUNT);
	if (!sized)
		return NULL;
	sized->size = size;
	sized->node.flags = DBGFS_NODE_SIZED;
	return &sized->node;
}

static void dbgfs_node_free(struct dbgfs_node *node)
{
	if (node->flags & DBGFS_NODE_SIZED)
		kfree(container_of(node, struct dbgfs_sized_node, node));
	else
		kmem_cache_free(dbgfs_node_cache, node);
}

/*
 * Names shorter than a pointer live in its place, with no allocation of
 * their own; longer ones are kstrdup_const()'s, which costs nothing for a
 * name in a module's rodata.  Under dbgfs_tree_rwsem for writing once the
 * node is in the tree.  @name is either a kmalloc()ed copy the node takes
 * over (@owned) or the caller's.
 */
static int dbgfs_node_set_name(struct dbgfs_node *node, const char *name,
			       bool owned)
{
	size_t len = strlen(name);

	if (len < sizeof(node->short_name)) {
		memcpy(node->short_name, name, len + 1);
		WRITE_ONCE(node->flags, node->flags | DBGFS_NODE_SHORT_NAME);
		if (owned)
			kfree(name);
		return 0;
	}
	node->name = owned ? name : dbgfs_kstrdup_const(name, GFP_KERNEL);
	if (!node->name)
		return -ENOMEM;
	WRITE_ONCE(node->flags, node->flags & ~DBGFS_NODE_SHORT_NAME);
	return 0;
}

static void dbgfs_node_free_name(struct dbgfs_node *node)
{
	if (!(node->flags & DBGFS_NODE_SHORT_NAME))
		kfree_const(node->name);
}

static void dbgfs_node_free_rcu(struct rcu_head *rcu)
{
	struct dbgfs_node *node = container_of(rcu, struct dbgfs_node, rcu);

	/*
	 * A path walk in RCU mode reads a symlink's target through i_link
	 * without a reference: it goes after the grace period too, as
	 * debugfs frees i_link in ->free_inode.
	 */
	if (S_ISLNK(node->mode))
		kfree(node->link.target);
	dbgfs_node_free(node);
}

/**
 * dbgfs_node_put - drop a reference to a node
 * @node: the node; NULL is ignored
 *
 * Drops a reference taken by dbgfs_lookup().  The memory goes with the
 * last reference, after an RCU grace period, since RCU path walks may
 * still look at it (and at a symlink's target) through a dying dentry.
 *
 * Context: Process context.
 */
void dbgfs_node_put(struct dbgfs_node *node)
{
	struct dbgfs_node *parent;

	while (node && refcount_dec_and_test(&node->count)) {
		parent = node->parent;
		if (S_ISREG(node->mode))
			dbgfs_proxy_put(node);
		if (S_ISDIR(node->mode))
			dbgfs_children_free(node);
		dbgfs_node_free_name(node);
		dbgfs_node_drop_ids(node);
		call_rcu(&node->rcu, dbgfs_node_free_rcu);
		node = parent;	/* each child holds a reference to its parent */
	}
}
EXPORT_SYMBOL_GPL(dbgfs_node_put);

static struct dbgfs_node *dbgfs_node_new_sized(const char *name, umode_t mode,
					       loff_t size)
{
	struct dbgfs_node *node;
	int err;

	err = dbgfs_check_name(name);
	if (err)
		return ERR_PTR(err);
	node = dbgfs_node_alloc(size);
	if (!node)
		return ERR_PTR(-ENOMEM);
	if (dbgfs_node_set_name(node, name, false)) {
		dbgfs_node_free(node);
		return ERR_PTR(-ENOMEM);
	}
	refcount_set(&node->count, 1);
	node->hash = dbgfs_name_hash(name);
	node->ino = atomic_long_inc_return(&dbgfs_next_ino);
	node->mode = mode;
	INIT_LIST_HEAD(&node->owner_link);
	return node;
}

/*
 * Allocates a node that is not in the tree yet; its one reference is the
 * caller's until dbgfs_node_add() hands it to the tree.
 */
struct dbgfs_node *dbgfs_node_new(const char *name, umode_t mode)
{
	return dbgfs_node_new_sized(name, mode, 0);
}

/* Links @node, in @parent's children already, to @parent. */
static void dbgfs_link_at(struct dbgfs_node *parent, struct dbgfs_node *node)
{
	lockdep_assert_held_write(&dbgfs_tree_rwsem);
	node->parent = parent;
	dbgfs_node_get(parent);
	if (S_ISDIR(node->mode))
		WRITE_ONCE(parent->dir.nr_subdirs, parent->dir.nr_subdirs + 1);
}

/*
 * Takes @node out of its parent's children; the parent reference stays
 * with @node.
 */
static void dbgfs_unlink_child(struct dbgfs_node *node)
{
	struct dbgfs_node *parent = node->parent;

	lockdep_assert_held_write(&dbgfs_tree_rwsem);
	dbgfs_children_del(parent, node);
	if (S_ISDIR(node->mode))
		WRITE_ONCE(parent->dir.nr_subdirs, parent->dir.nr_subdirs - 1);
}

static int dbgfs_check_parent(struct dbgfs_node *parent)
{
	if (dbgfs_node_removed(parent))
		return -ENOENT;
	if (!S_ISDIR(parent->mode))
		return -ENOTDIR;
	return 0;
}

/*
 * Links @node under @parent for @owner.  On success the tree has the
 * caller's reference, and a module owner one more, for its handle; on
 * failure nothing has changed and the caller still holds it.
 */
int dbgfs_node_add(struct dbgfs_node *node, struct dbgfs_node *parent,
		   struct module *owner)
{
	int err;

	down_write(&dbgfs_tree_rwsem);
	err = dbgfs_check_parent(parent);
	if (!err)
		err = dbgfs_children_add(parent, node);
	if (!err) {
		err = dbgfs_owner_link(node, owner);
		if (err)
			dbgfs_children_del(parent, node);
	}
	if (!err) {
		dbgfs_link_at(parent, node);
		/* The creator's handle: see dbgfs_unlink_subtree(). */
		if (dbgfs_owner_holds(node))
			dbgfs_node_get(node);
	}
	up_write(&dbgfs_tree_rwsem);
	return err;
}

static struct dbgfs_node *dbgfs_resolve_parent(struct dbgfs_node *parent)
{
	return parent ? parent : dbgfs_root;
}

/*
 * The common tail of every creator, after dbgfs_creator_check(): resolve
 * the parent, link the node, and free it on any failure (a removed or
 * non-directory parent, a name taken, no memory for the owner record) so
 * that nothing half-made stays behind.
 */
static struct dbgfs_node *dbgfs_add_or_free(struct dbgfs_node *node,
					    struct dbgfs_node *parent,
					    struct module *owner)
{
	int err;

	if (IS_ERR(node))
		return node;
	err = dbgfs_node_add(node, dbgfs_resolve_parent(parent), owner);
	if (err) {
		dbgfs_node_put(node);
		return ERR_PTR(err);
	}
	return node;
}

static int dbgfs_creator_check(struct dbgfs_node *parent)
{
	if (IS_ERR(parent))
		return PTR_ERR(parent);
	if (!dbgfs_api_allowed())
		return -EPERM;
	return 0;
}

/**
 * __dbgfs_create_dir - create a directory for a module
 * @name: name of the directory
 * @parent: directory to create it in, or NULL for the root
 * @owner: the module it belongs to
 *
 * Called through dbgfs_create_dir(), which passes THIS_MODULE.
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node or an ERR_PTR().
 */
struct dbgfs_node *__dbgfs_create_dir(const char *name,
				      struct dbgfs_node *parent,
				      struct module *owner)
{
	struct dbgfs_node *node;
	int err = dbgfs_creator_check(parent);

	if (err)
		return ERR_PTR(err);
	node = dbgfs_node_new(name, S_IFDIR | 0755);
	if (!IS_ERR(node))
		node->dir.module = dbgfs_module_of(owner);
	return dbgfs_add_or_free(node, parent, owner);
}
EXPORT_SYMBOL_GPL(__dbgfs_create_dir);

#ifdef CONFIG_DEBUG_LOCK_ALLOC
static struct lock_class_key dbgfs_no_fops_key;

/*
 * A lock class per file_operations, which is what tells files apart for
 * lockdep: one shared class would make a file whose write removes other
 * files (a control file) look like recursive locking.  Only the address
 * of a key counts, and the fops live in static storage of their module
 * (where lockdep drops the classes when the module goes), as sysfs keys
 * its attributes by the attribute.
 */
static void dbgfs_node_init_lockdep(struct dbgfs_node *node, const void *fops)
{
	lockdep_init_map(&node->dep_map, "dbgfs_active",
			 fops ? (struct lock_class_key *)fops :
				&dbgfs_no_fops_key, 0);
}
#else
static void dbgfs_node_init_lockdep(struct dbgfs_node *node, const void *fops)
{
}
#endif

static struct dbgfs_node *dbgfs_create_reg(const char *name, umode_t mode,
					   struct dbgfs_node *parent,
					   void *data, const void *fops,
					   bool short_fops, loff_t size,
					   struct module *owner)
{
	struct dbgfs_node *node;
	int err = dbgfs_creator_check(parent);

	if (err)
		return ERR_PTR(err);
	node = dbgfs_node_new_sized(name, S_IFREG | (mode & S_IALLUGO), size);
	if (IS_ERR(node))
		return node;
	dbgfs_node_init_lockdep(node, fops);
	if (short_fops)
		node->flags |= DBGFS_NODE_SHORT_FOPS;
	node->file.data = data;
	err = dbgfs_proxy_attach(node, fops, dbgfs_module_of(owner));
	if (err) {
		dbgfs_node_put(node);
		return ERR_PTR(err);
	}
	return dbgfs_add_or_free(node, parent, owner);
}

/**
 * __dbgfs_create_file - create a file with full file operations
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @data: stored in inode->i_private
 * @fops: the file's operations
 * @size: the initial inode size
 * @owner: the module it belongs to
 *
 * Called through dbgfs_create_file() and dbgfs_create_file_size().
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node or an ERR_PTR().
 */
struct dbgfs_node *__dbgfs_create_file(const char *name, umode_t mode,
				       struct dbgfs_node *parent, void *data,
				       const struct file_operations *fops,
				       loff_t size, struct module *owner)
{
	return dbgfs_create_reg(name, mode, parent, data, fops, false, size,
				owner);
}
EXPORT_SYMBOL_GPL(__dbgfs_create_file);

/**
 * __dbgfs_create_file_short - create a file with short file operations
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @data: stored in inode->i_private
 * @fops: the file's read, write and llseek
 * @size: the initial inode size
 * @owner: the module it belongs to
 *
 * Called through dbgfs_create_file() when given a &struct dbgfs_short_fops.
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node or an ERR_PTR().
 */
struct dbgfs_node *__dbgfs_create_file_short(const char *name, umode_t mode,
					     struct dbgfs_node *parent,
					     void *data,
					     const struct dbgfs_short_fops *fops,
					     loff_t size, struct module *owner)
{
	return dbgfs_create_reg(name, mode, parent, data, fops, true, size,
				owner);
}
EXPORT_SYMBOL_GPL(__dbgfs_create_file_short);

/**
 * __dbgfs_create_symlink - create a symbolic link for a module
 * @name: name of the link
 * @parent: directory to create it in, or NULL for the root
 * @target: the link's target, copied
 * @owner: the module it belongs to
 *
 * Called through dbgfs_create_symlink().
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node or an ERR_PTR().
 */
struct dbgfs_node *__dbgfs_create_symlink(const char *name,
					  struct dbgfs_node *parent,
					  const char *target,
					  struct module *owner)
{
	struct dbgfs_node *node;
	int err = dbgfs_creator_check(parent);

	if (err)
		return ERR_PTR(err);
	if (!target)
		return ERR_PTR(-EINVAL);
	node = dbgfs_node_new(name, S_IFLNK | 0777);
	if (IS_ERR(node))
		return node;
	node->link.module = dbgfs_module_of(owner);
	node->link.target = dbgfs_kstrdup(target, GFP_KERNEL);
	if (!node->link.target) {
		dbgfs_node_put(node);
		return ERR_PTR(-ENOMEM);
	}
	return dbgfs_add_or_free(node, parent, owner);
}
EXPORT_SYMBOL_GPL(__dbgfs_create_symlink);

/**
 * dbgfs_lookup - find a node by name
 * @name: the name to look for
 * @parent: the directory to look in, or NULL for the root
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the node with a reference the caller drops with dbgfs_node_put(),
 * or NULL if there is none (or @parent is an ERR_PTR()).
 */
struct dbgfs_node *dbgfs_lookup(const char *name, struct dbgfs_node *parent)
{
	struct dbgfs_node *node = NULL;

	if (IS_ERR(parent) || !name)
		return NULL;
	parent = dbgfs_resolve_parent(parent);
	down_read(&dbgfs_tree_rwsem);
	if (!dbgfs_check_parent(parent)) {
		node = dbgfs_find_child(parent, name);
		if (node)
			dbgfs_node_get(node);
	}
	up_read(&dbgfs_tree_rwsem);
	return node;
}
EXPORT_SYMBOL_GPL(dbgfs_lookup);

/* New active references fail from here on; those in flight are drained. */
static void dbgfs_deactivate(struct dbgfs_node *node)
{
	atomic_add(DBGFS_DEACTIVATED_BIAS, &node->active);
}

/*
 * The removals under way, each on its remover's stack, and the nodes each
 * has queued and not begun to finish (node->rm_link) or is finishing
 * (finishing).  Another remover of such a node takes over the part of the
 * removal below it that has not begun (dbgfs_take_over()) instead of
 * waiting for all of it: that may wait for the very operation it runs in.
 *
 * dbgfs_removal_lock protects the list of removals, what each is finishing and,
 * once the removal is registered, the membership of its list; the owner of
 * a removal adds to its list only with dbgfs_tree_rwsem held for writing
 * (dbgfs_unlink_subtree(), dbgfs_take_over()), and those who walk another
 * removal's list hold both, so that it neither grows nor shrinks under
 * them.  A node taken off a list is on none (list_del_init()): begun.
 */
static DEFINE_SPINLOCK(dbgfs_removal_lock);
static LIST_HEAD(dbgfs_removals);

/* Registers @r, empty, for @remover: others may find what it queues. */
void dbgfs_removal_init(struct dbgfs_removal *r, struct module *remover)
{
	INIT_LIST_HEAD(&r->nodes);
	r->finishing = NULL;
	r->remover = remover;
	r->origin = remover;
	r->lender = NULL;
	atomic_set(&r->lent, 0);
	spin_lock(&dbgfs_removal_lock);
	list_add(&r->link, &dbgfs_removals);
	spin_unlock(&dbgfs_removal_lock);
}

/* The removal whose list @pos heads, if any.  Under dbgfs_removal_lock. */
static struct dbgfs_removal *dbgfs_removal_of_head(struct list_head *pos)
{
	struct dbgfs_removal *r;

	lockdep_assert_held(&dbgfs_removal_lock);
	list_for_each_entry(r, &dbgfs_removals, link)
		if (pos == &r->nodes)
			return r;
	return NULL;
}

static bool dbgfs_is_ancestor(struct dbgfs_node *node, struct dbgfs_node *dir)
{
	for (; dir; dir = dir->parent)
		if (dir == node)
			return true;
	return false;
}

/*
 * Makes @node, which its removal has unlinked from @node->parent's
 * children, count in the parent's dir.draining, so that the parent is done
 * only once @node is, whoever finishes which.  Tree rwsem for writing.
 */
static void dbgfs_count_in_parent(struct dbgfs_node *node)
{
	lockdep_assert_held_write(&dbgfs_tree_rwsem);
	if (node->flags & DBGFS_NODE_RM_TOP)
		return;
	atomic_inc(&node->parent->dir.draining);
	WRITE_ONCE(node->flags, node->flags | DBGFS_NODE_RM_TOP);
}

/*
 * Marks @top and everything below it removed, refuses new operations on
 * them and takes them out of the tree, queueing the nodes on @r (parents
 * before children) for dbgfs_finish_removal().  The creator's references
 * of the nodes that @r's remover made go with the removal: its handles of
 * them are spent.  Those of other modules stay, so that their handles stay
 * valid until they remove them too or go.  A node removed already is some
 * other removal's, which the caller takes over (dbgfs_take_over()).
 * Caller holds dbgfs_tree_rwsem for writing.
 * Return: the number of nodes queued.
 */
unsigned int dbgfs_unlink_subtree(struct dbgfs_node *top,
				  struct dbgfs_removal *r)
{
	struct list_head *removed = &r->nodes;
	struct dbgfs_node *node;
	struct list_head *pos;
	unsigned int count = 0;
	unsigned short flags;

	lockdep_assert_held_write(&dbgfs_tree_rwsem);

	if (dbgfs_node_removed(top))
		return 0;
	dbgfs_unlink_child(top);
	/* The parent is done only when this removal is. */
	dbgfs_count_in_parent(top);
	list_add_tail(&top->rm_link, removed);
	pos = &top->rm_link;
	/* Breadth first: the queue is walked while it grows. */
	for (; pos != removed; pos = pos->next) {
		node = list_entry(pos, struct dbgfs_node, rm_link);
		flags = node->flags | DBGFS_NODE_REMOVED;
		if (dbgfs_owner_is(node, r->remover)) {
			dbgfs_owner_unlink(node);
			flags |= DBGFS_NODE_PUT_CREATOR;
		}
		WRITE_ONCE(node->flags, flags);
		/* Here, not in a pass of its own: each pass is a miss per node. */
		dbgfs_deactivate(node);
		count++;
		if (!S_ISDIR(node->mode))
			continue;
		/* The whole set of children goes, with no unlinking one by one. */
		dbgfs_children_take_all(node, removed);
		WRITE_ONCE(node->dir.nr_subdirs, 0);
	}
	return count;
}

/*
 * For @top, which another removal has unlinked: moves the part of that
 * removal below @top (@top included) that it has not begun to @r, empty,
 * to be finished by @r's remover.  What that removal has begun (@top
 * itself, or a node below it that it is finishing) it finishes; the parent
 * of such a node waits for it through dir.draining, and the caller for
 * @top with dbgfs_wait_removed().  If @top is a top of that removal (the
 * node it unlinked, one of several of an owner cleanup, or one it took
 * over), nothing on its list waits for it: the end of that removal waits
 * for @r's instead (lent), so that its remover does not return before
 * the releases below @top have run.  So a remover waits only for the nodes
 * below @top and the operations on them, never for the rest of another
 * removal, which may be waiting for the operation it runs in (a release
 * that the other removal runs, a write that it drains).
 * Caller holds dbgfs_tree_rwsem for writing.
 */
void dbgfs_take_over(struct dbgfs_node *top, struct dbgfs_removal *r)
{
	struct list_head *pos, *next;
	struct dbgfs_removal *from;
	struct dbgfs_node *node;

	lockdep_assert_held_write(&dbgfs_tree_rwsem);
	spin_lock(&dbgfs_removal_lock);
	if (list_empty(&top->rm_link))
		goto out;	/* begun, or done */
	/* Parents before children: what is below @top comes after it. */
	for (pos = top->rm_link.next; !(from = dbgfs_removal_of_head(pos));
	     pos = next) {
		next = pos->next;
		node = list_entry(pos, struct dbgfs_node, rm_link);
		if (dbgfs_is_ancestor(top, node->parent))
			list_move_tail(pos, &r->nodes);
	}
	list_move(&top->rm_link, &r->nodes);
	if (top->flags & DBGFS_NODE_RM_TOP) {
		atomic_inc(&from->lent);
		r->lender = from;
	}
	dbgfs_count_in_parent(top);
	node = from->finishing;
	if (node && dbgfs_is_ancestor(top, node->parent))
		dbgfs_count_in_parent(node);
	/* Its remover's code may run for them: its removal is under way. */
	r->origin = from->origin;
out:
	spin_unlock(&dbgfs_removal_lock);
}

/*
 * Waits for the active references to go.  For lockdep this takes the
 * active "lock" for writing: a lock the caller holds that an operation of
 * the file takes too is reported as the deadlock it can be.
 */
static void dbgfs_drain(struct dbgfs_node *node)
{
	bool lockdep = dbgfs_node_lockdep(node);

	if (lockdep) {
		rwsem_acquire(&node->dep_map, 0, 0, _RET_IP_);
		if (atomic_read(&node->active) != DBGFS_DEACTIVATED_BIAS)
			lock_contended(&node->dep_map, _RET_IP_);
	}
	wait_event(dbgfs_drain_wq,
		   atomic_read(&node->active) == DBGFS_DEACTIVATED_BIAS);
	if (lockdep) {
		lock_acquired(&node->dep_map, _RET_IP_);
		rwsem_release(&node->dep_map, _RET_IP_);
	}
}

/* Whether the removal of @node is complete, subtree and all. */
bool dbgfs_removal_done(struct dbgfs_node *node)
{
	return atomic_read_acquire(&node->active) == DBGFS_REMOVAL_DONE;
}

/*
 * For a node that a removal has unlinked: waits until that removal of it
 * is complete, subtree and all.  The caller holds a reference to @node and
 * has taken over what it could (dbgfs_take_over()) and finished it.
 */
void dbgfs_wait_removed(struct dbgfs_node *node)
{
	wait_event(dbgfs_drain_wq, dbgfs_removal_done(node));
}

static void dbgfs_wake_removers(void)
{
	/* Pairs with the barrier of wait_event()'s prepare_to_wait(). */
	if (wq_has_sleeper(&dbgfs_drain_wq))
		wake_up_all(&dbgfs_drain_wq);
}

/*
 * Finishes @node, which no removal's list holds any more: waits for its
 * operations in flight, releases its files still open, and for a directory
 * waits until every child counted in dir.draining is done.
 */
static void dbgfs_finish_node(struct dbgfs_node *node, struct dbgfs_removal *r)
{
	dbgfs_drain(node);
	if (S_ISREG(node->mode)) {
		dbgfs_release_open_files(node, r->remover, r->origin);
		dbgfs_proxy_retire(node);
	} else if (S_ISDIR(node->mode)) {
		wait_event(dbgfs_drain_wq, !atomic_read(&node->dir.draining));
	}
	atomic_set_release(&node->active, DBGFS_REMOVAL_DONE);
}

/*
 * After dbgfs_finish_node(), with @flags read once no other removal could
 * change them: the parent's count, the waiters, the tree's references.
 */
static void dbgfs_node_done(struct dbgfs_node *node, unsigned short flags)
{
	if (flags & DBGFS_NODE_RM_TOP) {
		smp_mb__before_atomic();	/* after the subtree's DONE */
		atomic_dec(&node->parent->dir.draining);
	}
	dbgfs_wake_removers();
	if (flags & DBGFS_NODE_PUT_CREATOR)
		dbgfs_node_put(node);
	/* @node keeps its parent's memory until this put. */
	dbgfs_node_put(node);
}

/*
 * The end of @r, whose list is empty: its tops that others took over are
 * done before its remover returns, and then so is the top it took over.
 */
static void dbgfs_removal_end(struct dbgfs_removal *r)
{
	wait_event(dbgfs_drain_wq, !atomic_read(&r->lent));
	if (r->lender) {
		/* Its remover may return at once: @r->lender is not ours. */
		atomic_dec(&r->lender->lent);
		dbgfs_wake_removers();
	}
}

/*
 * The sleeping half of removal, without the tree lock: wait for the
 * operations in flight on every removed node, release the files still
 * open, wait for the removals of children that others do, and drop the
 * tree's references.  Children before parents, so that a node is done only
 * when everything that was below it is.  Each node comes off the list when
 * it is begun, so that another remover can take over those not begun yet.
 * Unregisters @r when its list is empty, and waits for the tops others
 * took over from it.
 */
void dbgfs_finish_removal(struct dbgfs_removal *r)
{
	struct dbgfs_node *node, *done = NULL;
	unsigned short flags = 0;

	for (;;) {
		spin_lock(&dbgfs_removal_lock);
		/* No dbgfs_take_over() counts it in its parent from now on. */
		if (done)
			flags = READ_ONCE(done->flags);
		node = NULL;
		if (!list_empty(&r->nodes)) {
			node = list_last_entry(&r->nodes, struct dbgfs_node,
					       rm_link);
			list_del_init(&node->rm_link);
		} else {
			list_del(&r->link);
		}
		r->finishing = node;
		spin_unlock(&dbgfs_removal_lock);
		if (done)
			dbgfs_node_done(done, flags);
		if (!node)
			break;
		dbgfs_finish_node(node, r);
		done = node;
	}
	dbgfs_removal_end(r);
}

/*
 * A remover that finds @node removed already takes over what it can and
 * waits for the rest, holding a reference of its own; if the node is
 * @remover's, the creator's reference goes too.  Caller holds
 * dbgfs_tree_rwsem for writing.
 * Return: the references to drop after dbgfs_wait_removed().
 */
static unsigned int dbgfs_remove_again(struct dbgfs_node *node,
				       struct dbgfs_removal *r)
{
	lockdep_assert_held_write(&dbgfs_tree_rwsem);
	dbgfs_node_get(node);
	dbgfs_take_over(node, r);
	if (!dbgfs_owner_is(node, r->remover))
		return 1;
	dbgfs_owner_unlink(node);
	return 2;
}

/**
 * __dbgfs_remove - remove a node and everything under it, for a module
 * @node: the node; NULL or an ERR_PTR() does nothing
 * @remover: the module removing it
 *
 * Called through dbgfs_remove() and dbgfs_remove_recursive(), which pass
 * THIS_MODULE; see there.
 *
 * Context: Process context; sleeps until the removal is complete.
 * Not from an operation (release included) of a file being removed
 * by this call, which would wait for itself.
 */
void __dbgfs_remove(struct dbgfs_node *node, struct module *remover)
{
	struct dbgfs_removal r;
	unsigned int puts = 0;

	if (IS_ERR_OR_NULL(node) || node == dbgfs_root)
		return;
	dbgfs_removal_init(&r, remover);
	down_write(&dbgfs_tree_rwsem);
	if (dbgfs_node_removed(node))
		puts = dbgfs_remove_again(node, &r);
	else
		dbgfs_unlink_subtree(node, &r);
	up_write(&dbgfs_tree_rwsem);
	dbgfs_finish_removal(&r);
	if (!puts)
		return;
	dbgfs_wait_removed(node);
	while (puts--)
		dbgfs_node_put(node);
}
EXPORT_SYMBOL_GPL(__dbgfs_remove);

/*
 * The child @name of @dir, a removed directory, with a reference: queued
 * by a removal under way or being finished by one; NULL if neither (done,
 * or never there).  Names of removed nodes no longer change.  Caller holds
 * dbgfs_tree_rwsem for writing.
 */
static struct dbgfs_node *dbgfs_find_removed_child(struct dbgfs_node *dir,
						   const char *name)
{
	struct dbgfs_node *node, *found = NULL;
	struct dbgfs_removal *r;

	lockdep_assert_held_write(&dbgfs_tree_rwsem);
	spin_lock(&dbgfs_removal_lock);
	list_for_each_entry(r, &dbgfs_removals, link) {
		node = r->finishing;
		if (node && node->parent == dir &&
		    !strcmp(dbgfs_node_name(node), name)) {
			found = node;
			break;
		}
		list_for_each_entry(node, &r->nodes, rm_link) {
			if (node->parent == dir &&
			    !strcmp(dbgfs_node_name(node), name)) {
				found = node;
				goto out;
			}
		}
	}
out:
	if (found)
		dbgfs_node_get(found);
	spin_unlock(&dbgfs_removal_lock);
	return found;
}

/**
 * __dbgfs_lookup_and_remove - remove a node found by name, for a module
 * @name: the name of the node
 * @parent: the directory it is in, or NULL for the root
 * @remover: the module removing it
 *
 * Called through dbgfs_lookup_and_remove(), which passes THIS_MODULE; see
 * there.
 *
 * Context: Process context; sleeps until the removal is complete.
 * Not from an operation (release included) of a file being removed
 * by this call, which would wait for itself.
 */
void __dbgfs_lookup_and_remove(const char *name, struct dbgfs_node *parent,
			       struct module *remover)
{
	struct dbgfs_node *node = NULL;
	struct dbgfs_removal r;

	if (IS_ERR(parent) || !name)
		return;
	parent = dbgfs_resolve_parent(parent);
	dbgfs_removal_init(&r, remover);
	down_write(&dbgfs_tree_rwsem);
	if (dbgfs_node_removed(parent)) {
		/* A name in a removed directory goes with it: that part. */
		node = dbgfs_find_removed_child(parent, name);
		if (node)
			dbgfs_take_over(node, &r);
	} else if (S_ISDIR(parent->mode)) {
		node = dbgfs_find_child(parent, name);
		if (node)
			dbgfs_unlink_subtree(node, &r);
		node = NULL;
	}
	up_write(&dbgfs_tree_rwsem);
	dbgfs_finish_removal(&r);
	if (node) {
		dbgfs_wait_removed(node);
		dbgfs_node_put(node);
	}
}
EXPORT_SYMBOL_GPL(__dbgfs_lookup_and_remove);

/* Everything below the root, at module exit. */
void dbgfs_remove_all(void)
{
	struct dbgfs_node *child;
	struct dbgfs_removal r;

	dbgfs_removal_init(&r, NULL);
	down_write(&dbgfs_tree_rwsem);
	while ((child = dbgfs_first_child_from(dbgfs_root, 0)))
		dbgfs_unlink_subtree(child, &r);
	up_write(&dbgfs_tree_rwsem);
	dbgfs_finish_removal(&r);
}

/*
 * Moves @node from @old_dir (any, if NULL) to @new_dir (the same, if NULL)
 * as @new_name.  Consumes @new_name: the node keeps it or it is freed.
 */
static int dbgfs_move(struct dbgfs_node *node, struct dbgfs_node *old_dir,
		      struct dbgfs_node *new_dir, char *new_name)
{
	struct dbgfs_node *parent;
	int err;

	err = dbgfs_check_name(new_name);
	if (err)
		goto out_free;
	down_write(&dbgfs_tree_rwsem);
	err = -ENOENT;
	if (dbgfs_node_removed(node))
		goto out_unlock;
	parent = node->parent;
	err = -EINVAL;
	if (old_dir && old_dir != parent)
		goto out_unlock;
	old_dir = parent;
	if (!new_dir)
		new_dir = old_dir;
	err = dbgfs_check_parent(new_dir);
	if (err)
		goto out_unlock;
	err = -EINVAL;
	if (dbgfs_is_ancestor(node, new_dir))
		goto out_unlock;
	err = 0;
	if (old_dir == new_dir && !strcmp(dbgfs_node_name(node), new_name))
		goto out_unlock;
	err = -EEXIST;
	if (dbgfs_find_child(new_dir, new_name))
		goto out_unlock;
	/* From here on nothing fails: the node is not lost between places. */
	err = dbgfs_children_reserve(new_dir);
	if (err)
		goto out_unlock;
	dbgfs_unlink_child(node);
	dbgfs_node_free_name(node);
	dbgfs_node_set_name(node, new_name, true);
	node->hash = dbgfs_name_hash(dbgfs_node_name(node));
	WARN_ON_ONCE(dbgfs_children_add(new_dir, node));
	dbgfs_link_at(new_dir, node);
	/* Stale dentries of the old name and place go at their next lookup. */
	WRITE_ONCE(node->rev, node->rev + 1);
	up_write(&dbgfs_tree_rwsem);
	/* The tree still holds old_dir; this was the reference of @node. */
	dbgfs_node_put(old_dir);
	return 0;

out_unlock:
	up_write(&dbgfs_tree_rwsem);
out_free:
	kfree(new_name);
	return err;
}

/**
 * dbgfs_rename - move and/or rename a node
 * @old_dir: the directory @node is in (NULL for the root)
 * @node: the node to move
 * @new_dir: the directory to move it to (NULL for the root)
 * @new_name: its new name
 *
 * Dentries of the old name go stale at once; files that are open stay open.
 * As in kernfs, a directory's dentry is not moved here but by the next
 * lookup of its new name, which answers -ESTALE when it cannot take the
 * VFS's rename locks at once (the VFS retries the walk once first).
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: 0, -EEXIST if @new_name is taken in @new_dir, -ENOENT if @node or
 * @new_dir was removed, -EINVAL for a bad name, a wrong @old_dir or a move
 * of a directory into itself, -ENOMEM.
 */
int dbgfs_rename(struct dbgfs_node *old_dir, struct dbgfs_node *node,
		 struct dbgfs_node *new_dir, const char *new_name)
{
	char *name;

	if (IS_ERR_OR_NULL(node) || IS_ERR(old_dir) || IS_ERR(new_dir) ||
	    node == dbgfs_root || !new_name)
		return -EINVAL;
	name = dbgfs_kstrdup(new_name, GFP_KERNEL);
	if (!name)
		return -ENOMEM;
	return dbgfs_move(node, dbgfs_resolve_parent(old_dir),
			  dbgfs_resolve_parent(new_dir), name);
}
EXPORT_SYMBOL_GPL(dbgfs_rename);

/**
 * dbgfs_change_name - rename a node within its directory
 * @node: the node
 * @fmt: printf-style format of the new name
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: 0, or an error as for dbgfs_rename().
 */
int dbgfs_change_name(struct dbgfs_node *node, const char *fmt, ...)
{
	va_list args;
	char *name;

	if (IS_ERR_OR_NULL(node) || node == dbgfs_root)
		return -EINVAL;
	va_start(args, fmt);
	name = dbgfs_kvasprintf(GFP_KERNEL, fmt, args);
	va_end(args);
	if (!name)
		return -ENOMEM;
	return dbgfs_move(node, NULL, NULL, name);
}
EXPORT_SYMBOL_GPL(dbgfs_change_name);
