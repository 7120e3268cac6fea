// SPDX-License-Identifier: GPL-2.0
/*
 * Active references: what an operation on a node holds while it runs
 * (dbgfs_get_active() and dbgfs_put_active(), in internal.h), what removal
 * refuses from its start on and waits for to drain.  Removers wait on
 * dbgfs_drain_wq, for this and for the rest of removal (removal.c).
 */
#include <linux/lockdep.h>
#include <linux/wait.h>

#include <dbgfs.h>
#include "internal.h"

DECLARE_WAIT_QUEUE_HEAD(dbgfs_drain_wq);

/*
 * The count alone, for an active reference taken without lockdep's view or
 * the module's reference: a pending notification's (notify.c).
 */
void dbgfs_active_dec(struct dbgfs_node *node)
{
	if (atomic_dec_return(&node->active) == DBGFS_DEACTIVATED_BIAS)
		wake_up_all(&dbgfs_drain_wq);
}

/* New active references fail from here on; those in flight are drained. */
void dbgfs_deactivate(struct dbgfs_node *node)
{
	atomic_add(DBGFS_DEACTIVATED_BIAS, &node->active);
}

/*
 * Waits for the active references to go.  For lockdep this takes the
 * active "lock" for writing: a lock the caller holds that an operation of
 * the file takes too is reported as the deadlock it can be.
 */
void dbgfs_drain(struct dbgfs_node *node)
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
