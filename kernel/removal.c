// SPDX-License-Identifier: GPL-2.0
/*
 * Removal, in two halves.  Under the tree lock a removal unlinks a subtree,
 * marks its nodes removed and refuses new operations on them
 * (dbgfs_unlink_subtree()); then, with no lock, it waits for the operations
 * in flight, releases the files still open and drops the tree's references
 * (dbgfs_finish_removal()).  A second remover of a node takes over what has
 * not begun (dbgfs_take_over()) instead of waiting for another removal,
 * which may wait for the very operation it runs in.
 */
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#include <dbgfs.h>
#include "internal.h"

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

/*
 * The removal whose list @pos heads, if any.
 * Context: Caller holds dbgfs_removal_lock.
 */
static struct dbgfs_removal *dbgfs_removal_of_head(struct list_head *pos)
{
	struct dbgfs_removal *r;

	lockdep_assert_held(&dbgfs_removal_lock);
	list_for_each_entry(r, &dbgfs_removals, link)
		if (pos == &r->nodes)
			return r;
	return NULL;
}

/*
 * Makes @node, which its removal has unlinked from @node->parent's
 * children, count in the parent's dir.draining, so that the parent is done
 * only once @node is, whoever finishes which.
 * Context: Caller holds dbgfs_tree_rwsem for writing.
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
 * Context: Caller holds dbgfs_tree_rwsem for writing.
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
 * Context: Caller holds dbgfs_tree_rwsem for writing.
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
 * @remover's, the creator's reference goes too.
 * Context: Caller holds dbgfs_tree_rwsem for writing.
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
 * or never there).  Names of removed nodes no longer change.
 * Context: Caller holds dbgfs_tree_rwsem for writing.
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
