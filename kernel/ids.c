// SPDX-License-Identifier: GPL-2.0
/*
 * Owners other than root: few entries have them (a chown, the mount's uid=
 * and gid= for the root), so they live beside the tree, by inode number,
 * and a node pays a flag for them, not eight bytes.
 */
#include <linux/slab.h>
#include <linux/xarray.h>

#include "internal.h"

struct dbgfs_ids {
	kuid_t	uid;
	kgid_t	gid;
};

/*
 * By node->ino; entries changed under dbgfs_tree_rwsem for writing.  A
 * node's last put may be an inode's RCU callback (dbgfs_free_inode()),
 * which drops the node's entry: softirqs are off under the xarray's lock.
 */
static DEFINE_XARRAY_FLAGS(dbgfs_ids, XA_FLAGS_LOCK_BH);

static bool dbgfs_has_ids(const struct dbgfs_node *node)
{
	return READ_ONCE(node->flags) & DBGFS_NODE_IDS;
}

/*
 * The owner of @node.
 * Context: Caller holds dbgfs_tree_rwsem.
 */
void dbgfs_node_ids(const struct dbgfs_node *node, kuid_t *uid, kgid_t *gid)
{
	struct dbgfs_ids *ids;

	lockdep_assert_held(&dbgfs_tree_rwsem);
	*uid = GLOBAL_ROOT_UID;
	*gid = GLOBAL_ROOT_GID;
	if (!dbgfs_has_ids(node))
		return;
	ids = xa_load(&dbgfs_ids, node->ino);
	*uid = ids->uid;
	*gid = ids->gid;
}

/* Back to root's, or going: no record any more. */
void dbgfs_node_drop_ids(struct dbgfs_node *node)
{
	if (!dbgfs_has_ids(node))
		return;
	kfree(xa_erase_bh(&dbgfs_ids, node->ino));
	WRITE_ONCE(node->flags, node->flags & ~DBGFS_NODE_IDS);
}

/*
 * Gives @node the owner @uid, @gid; a node that is not root's gets a record
 * the first time.
 * Context: Caller holds dbgfs_tree_rwsem for writing.
 * Return: 0 or -ENOMEM, with the owner unchanged.
 */
int dbgfs_node_set_ids(struct dbgfs_node *node, kuid_t uid, kgid_t gid)
{
	struct dbgfs_ids *ids;
	int err;

	lockdep_assert_held_write(&dbgfs_tree_rwsem);
	if (uid_eq(uid, GLOBAL_ROOT_UID) && gid_eq(gid, GLOBAL_ROOT_GID)) {
		dbgfs_node_drop_ids(node);
		return 0;
	}
	if (dbgfs_has_ids(node)) {
		ids = xa_load(&dbgfs_ids, node->ino);
	} else {
		ids = dbgfs_kmalloc(sizeof(*ids), GFP_KERNEL_ACCOUNT);
		if (!ids)
			return -ENOMEM;
		err = xa_err(xa_store_bh(&dbgfs_ids, node->ino, ids,
					 GFP_KERNEL));
		if (err) {
			kfree(ids);
			return err;
		}
		WRITE_ONCE(node->flags, node->flags | DBGFS_NODE_IDS);
	}
	ids->uid = uid;
	ids->gid = gid;
	return 0;
}
