// SPDX-License-Identifier: GPL-2.0
/*
 * The node tree: nodes, their names and reference counts, insertion,
 * lookup and rename.  The VFS never sees this tree directly; it sees
 * dentries and inodes that inode.c makes from nodes on demand.  The API's
 * creators are in create.c, removal in removal.c.
 */
#include <linux/dcache.h>
#include <linux/namei.h>
#include <linux/slab.h>

#include <dbgfs.h>
#include "internal.h"

DECLARE_RWSEM(dbgfs_tree_rwsem);
struct dbgfs_node *dbgfs_root;

static struct kmem_cache *dbgfs_node_cache;
static atomic_long_t dbgfs_next_ino = ATOMIC_LONG_INIT(1);

int dbgfs_node_cache_init(void)
{
	dbgfs_node_cache = dbgfs_kmem_cache_create("dbgfs_node",
						   sizeof(struct dbgfs_node),
						   __alignof__(struct dbgfs_node),
						   SLAB_ACCOUNT, NULL);
	return dbgfs_node_cache ? 0 : -ENOMEM;
}

/* After dbgfs_inode_cache_exit(): the inodes' last puts have run. */
void dbgfs_node_cache_exit(void)
{
	kmem_cache_destroy(dbgfs_node_cache);
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
 * name in a module's rodata.  @name is either a kmalloc()ed copy the node
 * takes over (@owned) or the caller's.
 * Context: Caller holds dbgfs_tree_rwsem for writing once the node is in
 * the tree.
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

/*
 * A path walk in RCU mode reads a symlink's target through i_link without
 * a reference: it goes with the node, which an inode keeps until the
 * inode's own grace period is over (dbgfs_free_inode()), as debugfs frees
 * i_link in ->free_inode.
 */
static void dbgfs_node_destroy(struct dbgfs_node *node)
{
	if (S_ISLNK(node->mode))
		kfree(node->link.target);
	dbgfs_node_free(node);
}

/**
 * dbgfs_node_put - drop a reference to a node
 * @node: the node; NULL is ignored
 *
 * Drops a reference taken by dbgfs_lookup().  The memory goes with the
 * last reference.
 *
 * Context: Process context.  (dbgfs itself also puts the reference of an
 * inode from the RCU callback that frees it.  That is the last one only of
 * a removed node, whose proxy is retired already, or of the root after
 * dbgfs' exit: nothing on the way sleeps.)
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
		dbgfs_node_destroy(node);
		node = parent;	/* each child holds a reference to its parent */
	}
}
EXPORT_SYMBOL_GPL(dbgfs_node_put);

struct dbgfs_node *dbgfs_node_new_sized(const char *name, umode_t mode,
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
void dbgfs_unlink_child(struct dbgfs_node *node)
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

struct dbgfs_node *dbgfs_resolve_parent(struct dbgfs_node *parent)
{
	return parent ? parent : dbgfs_root;
}

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

bool dbgfs_is_ancestor(struct dbgfs_node *node, struct dbgfs_node *dir)
{
	for (; dir; dir = dir->parent)
		if (dir == node)
			return true;
	return false;
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
