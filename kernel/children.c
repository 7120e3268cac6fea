// SPDX-License-Identifier: GPL-2.0
/*
 * A directory's children: a hash table whose buckets cut the range of name
 * hashes into consecutive slices, each bucket's nodes kept in (hash, name)
 * order.  Walking the buckets one after another is readdir's order by hash
 * position (see dbgfs_name_hash()), so the table serves both: a lookup or
 * an insertion touches one bucket and the node or two in it, not the
 * log2(n) nodes of a tree descent, each a cache miss in a large directory.
 *
 * The table doubles when its buckets hold more than two nodes on average
 * and shrinks below one in eight.  A table that cannot be resized is still
 * correct, only slower, so resizing never fails an operation; only a
 * directory's first table can, with -ENOMEM.  The table is kmalloc()ed in
 * a power of two of pointers, the first of them its header, so that a
 * large one wastes no half of its allocation.
 *
 * Everything here runs under dbgfs_tree_rwsem: for writing where the set
 * of children changes, for reading in lookups and readdir.  Only the free
 * of a directory's table does not, when nobody can reach the directory.
 */
#include <linux/limits.h>
#include <linux/log2.h>
#include <linux/overflow.h>
#include <linux/slab.h>

#include <dbgfs.h>
#include "internal.h"

/* Children in readdir order; equal names compare 0. */
static int dbgfs_name_cmp(unsigned int hash, const char *name,
			  const struct dbgfs_node *node)
{
	if (hash != node->hash)
		return hash < node->hash ? -1 : 1;
	return strcmp(name, dbgfs_node_name(node));
}

/* Consecutive hashes go to consecutive buckets: no power of two needed. */
static unsigned int dbgfs_bucket_of(const struct dbgfs_children *t,
				    unsigned int hash)
{
	return ((u64)hash * t->size) >> 31;
}

/* A table of 2^@order pointers, the header's among them. */
static struct dbgfs_children *dbgfs_children_alloc(unsigned int order)
{
	struct dbgfs_children *t;
	unsigned int size = (1U << order) - 1;

	BUILD_BUG_ON(sizeof(*t) != sizeof(t->bucket[0]));
	t = dbgfs_kzalloc(struct_size(t, bucket, size),
			  GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
	if (t)
		t->size = size;
	return t;
}

/* The order of a table for @nr children at one per bucket. */
static unsigned int dbgfs_children_order(unsigned int nr)
{
	return max_t(unsigned int, 1, order_base_2(nr + 1));
}

/*
 * Moves the nodes of @old into @new.  They come out of @old in order, and
 * the bucket a hash maps to never decreases along that order, so each
 * bucket of @new gets one run of them, which keeps its order.
 */
static void dbgfs_children_move(struct dbgfs_children *new,
				struct dbgfs_children *old)
{
	struct dbgfs_node **tail = NULL, *node, *next;
	unsigned int i, b, cur = UINT_MAX;

	for (i = 0; i < old->size; i++) {
		for (node = old->bucket[i]; node; node = next) {
			next = node->sibling;
			b = dbgfs_bucket_of(new, node->hash);
			if (b != cur) {
				if (tail)
					*tail = NULL;
				cur = b;
				tail = &new->bucket[b];
			}
			*tail = node;
			tail = &node->sibling;
		}
	}
	if (tail)
		*tail = NULL;
	new->nr = old->nr;
}

static void dbgfs_children_resize(struct dbgfs_node *dir, unsigned int order)
{
	struct dbgfs_children *old = dir->dir.children, *new;

	new = dbgfs_children_alloc(order);
	if (!new)
		return;		/* longer buckets, in order all the same */
	dbgfs_children_move(new, old);
	dir->dir.children = new;
	kfree(old);
}

/* Where (@hash, @name) goes in its bucket, or NULL if the name is taken. */
static struct dbgfs_node **dbgfs_children_slot(struct dbgfs_children *t,
					       unsigned int hash,
					       const char *name)
{
	struct dbgfs_node **link = &t->bucket[dbgfs_bucket_of(t, hash)];
	int cmp;

	for (; *link; link = &(*link)->sibling) {
		cmp = dbgfs_name_cmp(hash, name, *link);
		if (!cmp)
			return NULL;
		if (cmp < 0)
			break;
	}
	return link;
}

/*
 * Gives @dir a table if it has none, so that adding a child cannot fail
 * for want of one.
 * Context: Caller holds dbgfs_tree_rwsem for writing.
 */
int dbgfs_children_reserve(struct dbgfs_node *dir)
{
	lockdep_assert_held_write(&dbgfs_tree_rwsem);
	if (!dir->dir.children)
		dir->dir.children = dbgfs_children_alloc(1);
	return dir->dir.children ? 0 : -ENOMEM;
}

/*
 * Adds @node, whose name and hash are set, to the children of @dir.
 * Context: Caller holds dbgfs_tree_rwsem for writing.
 * Return: 0, -EEXIST if the name is taken, -ENOMEM if @dir had no table
 * and none could be made.
 */
int dbgfs_children_add(struct dbgfs_node *dir, struct dbgfs_node *node)
{
	struct dbgfs_children *t;
	struct dbgfs_node **link;
	int err;

	err = dbgfs_children_reserve(dir);
	if (err)
		return err;
	t = dir->dir.children;
	link = dbgfs_children_slot(t, node->hash, dbgfs_node_name(node));
	if (!link)
		return -EEXIST;
	node->sibling = *link;
	*link = node;
	if (++t->nr > 2 * t->size)
		dbgfs_children_resize(dir, dbgfs_children_order(t->nr));
	return 0;
}

/*
 * Takes @node out of the children of @dir.  The table stays, if smaller,
 * so that putting a node back where it was (a failed rename) cannot fail.
 * Context: Caller holds dbgfs_tree_rwsem for writing.
 */
void dbgfs_children_del(struct dbgfs_node *dir, struct dbgfs_node *node)
{
	struct dbgfs_children *t = dir->dir.children;
	struct dbgfs_node **link = &t->bucket[dbgfs_bucket_of(t, node->hash)];

	lockdep_assert_held_write(&dbgfs_tree_rwsem);
	while (*link != node)
		link = &(*link)->sibling;
	*link = node->sibling;
	node->sibling = NULL;
	if (--t->nr < t->size / 8)
		dbgfs_children_resize(dir, dbgfs_children_order(t->nr));
}

/*
 * Queues every child of @dir on @list through its rm_link, which shares
 * the sibling link's memory, and frees the table: the whole set goes.
 * Context: Caller holds dbgfs_tree_rwsem for writing.
 */
void dbgfs_children_take_all(struct dbgfs_node *dir, struct list_head *list)
{
	struct dbgfs_children *t = dir->dir.children;
	struct dbgfs_node *node, *next;
	unsigned int i;

	lockdep_assert_held_write(&dbgfs_tree_rwsem);
	if (!t)
		return;
	for (i = 0; i < t->size; i++) {
		for (node = t->bucket[i]; node; node = next) {
			next = node->sibling;
			list_add_tail(&node->rm_link, list);
		}
	}
	dir->dir.children = NULL;
	kfree(t);
}

/* The table of a directory that is being freed. */
void dbgfs_children_free(struct dbgfs_node *dir)
{
	kfree(dir->dir.children);
}

/*
 * The child @name of @dir, or NULL.
 * Context: Caller holds dbgfs_tree_rwsem.
 */
struct dbgfs_node *dbgfs_find_child(struct dbgfs_node *dir, const char *name)
{
	const struct dbgfs_children *t = dir->dir.children;
	unsigned int hash = dbgfs_name_hash(name);
	struct dbgfs_node *node;
	int cmp;

	lockdep_assert_held(&dbgfs_tree_rwsem);
	if (!t)
		return NULL;
	for (node = t->bucket[dbgfs_bucket_of(t, hash)]; node;
	     node = node->sibling) {
		cmp = dbgfs_name_cmp(hash, name, node);
		if (cmp <= 0)
			return cmp ? NULL : node;
	}
	return NULL;
}

/* The first node of bucket @i or of a later one. */
static struct dbgfs_node *dbgfs_bucket_first(const struct dbgfs_children *t,
					     unsigned int i)
{
	for (; i < t->size; i++)
		if (t->bucket[i])
			return t->bucket[i];
	return NULL;
}

/*
 * The first child whose hash is @hash or above.
 * Context: Caller holds dbgfs_tree_rwsem.
 */
struct dbgfs_node *dbgfs_first_child_from(struct dbgfs_node *dir,
					  unsigned int hash)
{
	const struct dbgfs_children *t = dir->dir.children;
	struct dbgfs_node *node;
	unsigned int i;

	lockdep_assert_held(&dbgfs_tree_rwsem);
	/* Positions past the last a name can hash to: the end. */
	if (!t || hash >= INT_MAX)
		return NULL;
	i = dbgfs_bucket_of(t, hash);
	for (node = t->bucket[i]; node; node = node->sibling)
		if (node->hash >= hash)
			return node;
	return dbgfs_bucket_first(t, i + 1);
}

/*
 * The sibling after @node in readdir order.
 * Context: Caller holds dbgfs_tree_rwsem.
 */
struct dbgfs_node *dbgfs_next_child(struct dbgfs_node *node)
{
	const struct dbgfs_children *t = node->parent->dir.children;

	lockdep_assert_held(&dbgfs_tree_rwsem);
	if (node->sibling)
		return node->sibling;
	return dbgfs_bucket_first(t, dbgfs_bucket_of(t, node->hash) + 1);
}
