// SPDX-License-Identifier: GPL-2.0
/*
 * Change notification: dbgfs_notify() counts a change of a file and tells
 * its pollers and fsnotify.  The count is taken at once, in any context;
 * the rest needs the open lock and inode lookups, so it is deferred to a
 * work item, as kernfs defers sysfs_notify()'s fsnotify.  Notifications of
 * a node pending at once are one pass of the work.
 *
 * A pending notification holds an active reference of its node, so that
 * removal waits for it: once dbgfs_remove() has returned, no notification
 * of the removed files wakes anybody.
 */
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/fsnotify.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include <dbgfs.h>
#include "internal.h"

/* Raw: taken in hard interrupts, also on PREEMPT_RT. */
static DEFINE_RAW_SPINLOCK(dbgfs_notify_lock);
/* The last one's notify_next: not NULL, so that NULL means not pending. */
#define DBGFS_NOTIFY_END ((struct dbgfs_node *)&dbgfs_notify_list)
/* The nodes with a notification pending, through file.notify_next. */
static struct dbgfs_node *dbgfs_notify_list = DBGFS_NOTIFY_END;

/*
 * The super block while mounted (there is one at most, get_tree_single()),
 * for the work to find a node's inode.  Cleared before the super block
 * goes, which waits for a lookup under way.
 */
static DEFINE_MUTEX(dbgfs_sb_mutex);
static struct super_block *dbgfs_sb;

static void dbgfs_notify_workfn(struct work_struct *work);
static DECLARE_WORK(dbgfs_notify_work, dbgfs_notify_workfn);

/* Takes the next pending node off the list, or NULL. */
static struct dbgfs_node *dbgfs_notify_next(void)
{
	struct dbgfs_node *node;

	raw_spin_lock_irq(&dbgfs_notify_lock);
	node = dbgfs_notify_list;
	if (node != DBGFS_NOTIFY_END) {
		dbgfs_notify_list = node->file.notify_next;
		/* From here a notification queues the node again. */
		node->file.notify_next = NULL;
	} else {
		node = NULL;
	}
	raw_spin_unlock_irq(&dbgfs_notify_lock);
	return node;
}

/* The mount (mount.c) tells which super block fsnotify's events are for. */
void dbgfs_notify_set_sb(struct super_block *sb)
{
	mutex_lock(&dbgfs_sb_mutex);
	dbgfs_sb = sb;
	mutex_unlock(&dbgfs_sb_mutex);
}

void dbgfs_notify_clear_sb(struct super_block *sb)
{
	mutex_lock(&dbgfs_sb_mutex);
	if (dbgfs_sb == sb)
		dbgfs_sb = NULL;
	mutex_unlock(&dbgfs_sb_mutex);
}

/*
 * fsnotify's modify event on the inode of @node, if it has one (a watch
 * keeps its inode), and on its directory's watches through its dentry.
 */
static void dbgfs_fsnotify_modify(struct dbgfs_node *node)
{
	struct dentry *dentry;
	struct inode *inode;

	mutex_lock(&dbgfs_sb_mutex);
	inode = dbgfs_sb ? ilookup(dbgfs_sb, node->ino) : NULL;
	if (inode) {
		dentry = d_find_any_alias(inode);
		if (dentry) {
			fsnotify_dentry(dentry, FS_MODIFY);
			dput(dentry);
		} else {
			fsnotify_inode(inode, FS_MODIFY);
		}
		iput(inode);
	}
	mutex_unlock(&dbgfs_sb_mutex);
}

static void dbgfs_notify_workfn(struct work_struct *work)
{
	struct dbgfs_node *node;

	while ((node = dbgfs_notify_next())) {
		dbgfs_wake_open_files(node);
		dbgfs_fsnotify_modify(node);
		/* The last touch of @node: its removal may go on. */
		dbgfs_active_dec(node);
	}
}

/**
 * dbgfs_notify - tell pollers and fsnotify that a file's value changed
 * @node: the file
 *
 * Wakes every poll(), select() and epoll waiting on an open file of @node
 * and makes their poll answer EPOLLPRI | EPOLLERR until that open file is
 * read again, as sysfs_notify() does for sysfs attributes; and raises an
 * fsnotify modify event on the file (inotify's IN_MODIFY, also for a watch
 * of its directory).  Typed files (dbgfs_create_u32() and the others, and
 * DEFINE_DBGFS_ATTRIBUTE files) notify when written through the file; a
 * client calls this when it changes such a value itself, or for its own
 * files.  Several notifications before the pollers run may reach them as
 * one: a poller that rereads the file after each wake-up sees the newest
 * value.
 *
 * Does nothing for a node that is being removed or was removed, or for
 * NULL or an ERR_PTR().  A dbgfs_remove() of the file waits for a
 * notification still under way, so that none wakes anybody once it has
 * returned; @node must still be valid memory when this is called: the
 * creator's handle before its removal, or a reference from dbgfs_lookup().
 *
 * Context: Any context, hard interrupts included.
 */
void dbgfs_notify(struct dbgfs_node *node)
{
	unsigned long flags;

	if (IS_ERR_OR_NULL(node) || WARN_ON_ONCE(!S_ISREG(node->mode)))
		return;
	raw_spin_lock_irqsave(&dbgfs_notify_lock, flags);
	if (node->file.notify_next) {
		/* Queued: the work to come takes this one in too. */
		atomic_inc(&node->events);
	} else if (atomic_inc_unless_negative(&node->active)) {
		/*
		 * Not dbgfs_get_active(): no module reference, no lockdep.
		 * The list keeps the active reference until the work, which
		 * drops it in process context: dropping it here could wake
		 * a remover, a sleeping lock on PREEMPT_RT.
		 */
		atomic_inc(&node->events);
		node->file.notify_next = dbgfs_notify_list;
		dbgfs_notify_list = node;
		schedule_work(&dbgfs_notify_work);
	}
	raw_spin_unlock_irqrestore(&dbgfs_notify_lock, flags);
}
EXPORT_SYMBOL_GPL(dbgfs_notify);

/* Before the module goes: every node is removed, so none is pending. */
void dbgfs_notify_flush(void)
{
	flush_work(&dbgfs_notify_work);
}
