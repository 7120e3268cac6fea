// SPDX-License-Identifier: GPL-2.0
/*
 * Owner cleanup: every node remembers the module that created it, and when
 * a module goes, what it forgot to remove is removed, with one warning.
 * debugfs leaves such entries behind with pointers into freed memory.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/slab.h>

#include <dbgfs.h>
#include "internal.h"

/*
 * @nodes are the nodes whose creator's reference the module still holds:
 * those it has not removed yet, in the tree or removed by another module.
 */
struct dbgfs_owner {
	struct list_head	link;		/* in dbgfs_owners */
	struct module		*mod;
	struct list_head	nodes;		/* by node->owner_link */
};

/* Under dbgfs_tree_rwsem, like the nodes they list. */
static LIST_HEAD(dbgfs_owners);

static struct dbgfs_owner *dbgfs_owner_find(struct module *mod)
{
	struct dbgfs_owner *owner;

	lockdep_assert_held(&dbgfs_tree_rwsem);
	list_for_each_entry(owner, &dbgfs_owners, link)
		if (owner->mod == mod)
			return owner;
	return NULL;
}

/*
 * Records @mod as the owner of @node.  Nodes dbgfs creates for itself
 * (@mod NULL or this module) have no owner: they go with dbgfs.
 * Context: Caller holds dbgfs_tree_rwsem for writing.
 */
int dbgfs_owner_link(struct dbgfs_node *node, struct module *mod)
{
	struct dbgfs_owner *owner;

	lockdep_assert_held_write(&dbgfs_tree_rwsem);

	if (!dbgfs_module_of(mod))
		return 0;
	owner = dbgfs_owner_find(mod);
	if (!owner) {
		owner = dbgfs_kzalloc(sizeof(*owner), GFP_KERNEL);
		if (!owner)
			return -ENOMEM;
		owner->mod = mod;
		INIT_LIST_HEAD(&owner->nodes);
		list_add(&owner->link, &dbgfs_owners);
	}
	list_add_tail(&node->owner_link, &owner->nodes);
	return 0;
}

/*
 * Whether @node's creator still holds its handle: the node is on the
 * owner's list.
 * Context: Caller holds dbgfs_tree_rwsem.
 */
bool dbgfs_owner_holds(const struct dbgfs_node *node)
{
	lockdep_assert_held(&dbgfs_tree_rwsem);
	return !list_empty(&node->owner_link);
}

/*
 * Takes @node off its owner's list: the caller drops the creator's
 * reference.
 * Context: Caller holds dbgfs_tree_rwsem for writing.
 */
void dbgfs_owner_unlink(struct dbgfs_node *node)
{
	lockdep_assert_held_write(&dbgfs_tree_rwsem);
	list_del_init(&node->owner_link);
}

/*
 * Whether @mod made @node and still holds its handle.
 * Context: Caller holds dbgfs_tree_rwsem.
 */
bool dbgfs_owner_is(struct dbgfs_node *node, struct module *mod)
{
	return mod && dbgfs_node_module(node) == mod && dbgfs_owner_holds(node);
}

/*
 * The next node of @owner that is another removal's, not complete yet, with
 * a reference; the complete ones met on the way lose their creator's
 * reference.
 * Context: Caller holds dbgfs_tree_rwsem for writing.
 */
static struct dbgfs_node *dbgfs_owner_next_busy(struct dbgfs_owner *owner)
{
	struct dbgfs_node *node, *tmp;

	lockdep_assert_held_write(&dbgfs_tree_rwsem);
	list_for_each_entry_safe(node, tmp, &owner->nodes, owner_link) {
		if (!dbgfs_node_removed(node))
			continue;
		if (!dbgfs_removal_done(node)) {
			dbgfs_node_get(node);
			return node;
		}
		/* May be the last reference: a free needs no sleep. */
		dbgfs_owner_unlink(node);
		dbgfs_node_put(node);
	}
	return NULL;
}

/*
 * The highest of @node and its ancestors that @mod made and still holds:
 * a node renamed into a directory made after it comes before that
 * directory on the owner's list, and must go as part of it.  A top below
 * another top of one removal would be finished after it, and the upper one
 * waits for the lower.
 * Context: Caller holds dbgfs_tree_rwsem for writing.
 */
static struct dbgfs_node *dbgfs_owner_top(struct dbgfs_node *node,
					  struct module *mod)
{
	struct dbgfs_node *top = node, *dir;

	for (dir = node->parent; dir; dir = dir->parent)
		if (dbgfs_owner_is(dir, mod))
			top = dir;
	return top;
}

/*
 * The module notifier's part: runs after the module's exit().  What it left
 * in the tree is removed; what another module's removal has queued is
 * taken over, and what it is finishing waited for; and no code of the
 * module runs for any of them any more, not even the release of a file
 * still open, since exit() may have freed what that would use.
 */
static void dbgfs_owner_going(struct module *mod)
{
	struct dbgfs_owner *owner;
	struct dbgfs_removal r;
	struct dbgfs_node *node;
	unsigned int count = 0;

	down_write(&dbgfs_tree_rwsem);
	owner = dbgfs_owner_find(mod);
	if (!owner) {
		up_write(&dbgfs_tree_rwsem);
		return;
	}
	list_for_each_entry(node, &owner->nodes, owner_link)
		WRITE_ONCE(node->flags, node->flags | DBGFS_NODE_ORPHAN);
	/*
	 * Removals by others that are still under way: each node's part of
	 * them, one at a time, so that a removal's list never mixes parts.
	 */
	while ((node = dbgfs_owner_next_busy(owner))) {
		dbgfs_removal_init(&r, mod);
		dbgfs_take_over(node, &r);
		up_write(&dbgfs_tree_rwsem);
		dbgfs_finish_removal(&r);
		dbgfs_wait_removed(node);
		dbgfs_node_put(node);
		down_write(&dbgfs_tree_rwsem);
	}
	/* What is left is in the tree; unlinking takes it off owner->nodes. */
	dbgfs_removal_init(&r, mod);
	while (!list_empty(&owner->nodes)) {
		node = list_first_entry(&owner->nodes, struct dbgfs_node,
					owner_link);
		count += dbgfs_unlink_subtree(dbgfs_owner_top(node, mod), &r);
	}
	list_del(&owner->link);
	up_write(&dbgfs_tree_rwsem);
	kfree(owner);
	dbgfs_finish_removal(&r);
	if (count)
		pr_warn("module %s left %u entries behind; removed them\n",
			mod->name, count);
}

static int dbgfs_module_notify(struct notifier_block *nb, unsigned long action,
			       void *data)
{
	if (action == MODULE_STATE_GOING)
		dbgfs_owner_going(data);
	return NOTIFY_DONE;
}

static struct notifier_block dbgfs_module_nb = {
	.notifier_call = dbgfs_module_notify,
};

int dbgfs_owner_init(void)
{
	return register_module_notifier(&dbgfs_module_nb);
}

void dbgfs_owner_exit(void)
{
	unregister_module_notifier(&dbgfs_module_nb);
}
