// SPDX-License-Identifier: GPL-2.0
/*
 * Open files.  Every open of a dbgfs file is recorded (struct dbgfs_open),
 * so that removal can run the client's release of the files still open and
 * wake their pollers, after which every method of such a file answers as
 * for a removed file.  Here are the proxy's open, release, poll and
 * fasync, which keep that record, and removal's walk over it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/wait_bit.h>

#include <dbgfs.h>
#include "internal.h"
#include "open.h"

/* Sits on a client's wait queue and passes its wake-ups on to of->wq. */
struct dbgfs_poller {
	struct list_head	link;		/* in of->pollers */
	struct dbgfs_open	*of;
	wait_queue_head_t	*whead;		/* NULL after POLLFREE */
	wait_queue_entry_t	wait;
};

/*
 * The open files of all nodes, hashed by node as kernfs hashes its open
 * nodes, so that a node needs no list head of its own: few files are open
 * at a time, of many that exist.  Each bucket's mutex is the open lock of
 * its nodes, for the list and for its releases.
 */
#define DBGFS_OPEN_BITS	6
static struct dbgfs_open_bucket {
	struct mutex		lock;
	struct hlist_head	files;		/* struct dbgfs_open */
} dbgfs_open_buckets[1 << DBGFS_OPEN_BITS];

static struct dbgfs_open_bucket *dbgfs_open_bucket(struct dbgfs_node *node)
{
	return &dbgfs_open_buckets[hash_ptr(node, DBGFS_OPEN_BITS)];
}

struct mutex *dbgfs_open_lock(struct dbgfs_node *node)
{
	return &dbgfs_open_bucket(node)->lock;
}

void dbgfs_open_locks_init(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(dbgfs_open_buckets); i++) {
		mutex_init(&dbgfs_open_buckets[i].lock);
		INIT_HLIST_HEAD(&dbgfs_open_buckets[i].files);
	}
}

/*
 * The first open file of @node at @pos or after it.
 * Context: Caller holds the open lock of @node.
 */
static struct dbgfs_open *dbgfs_open_from(struct hlist_node *pos,
					  struct dbgfs_node *node)
{
	struct dbgfs_open *of;

	lockdep_assert_held(dbgfs_open_lock(node));
	for (; pos; pos = pos->next) {
		of = hlist_entry(pos, struct dbgfs_open, link);
		if (of->node == node)
			return of;
	}
	return NULL;
}

static struct dbgfs_open *dbgfs_first_open(struct dbgfs_node *node)
{
	return dbgfs_open_from(dbgfs_open_bucket(node)->files.first, node);
}

static struct dbgfs_open *dbgfs_next_open(struct dbgfs_open *of)
{
	return dbgfs_open_from(of->link.next, of->node);
}

#define dbgfs_for_each_open(of, node)					\
	for (of = dbgfs_first_open(node); of; of = dbgfs_next_open(of))

/*
 * Under lockdown only files that cannot change anything may be opened, as
 * in debugfs: within 0444, read-only, without ioctl or mmap.
 */
static int dbgfs_locked_down(struct inode *inode, struct file *file,
			     struct dbgfs_node *node)
{
	const struct file_operations *fops = dbgfs_node_fops(node);

	if (!(inode->i_mode & 07777 & ~0444) && !(file->f_mode & FMODE_WRITE) &&
	    (dbgfs_is_short(node) || !fops ||
	     (!fops->unlocked_ioctl && !fops->compat_ioctl &&
	      !dbgfs_fops_maps(fops))))
		return 0;
	return security_locked_down(LOCKDOWN_DEBUGFS);
}

static int dbgfs_client_open(struct inode *inode, struct file *file,
			     struct dbgfs_node *node)
{
	const struct file_operations *fops = dbgfs_node_fops(node);

	if (dbgfs_is_short(node) || !fops || !fops->open)
		return 0;
	return fops->open(inode, file);
}

/*
 * Whether a release may still run once its module has exited: only if it is
 * not the module's code but dbgfs' own (the typed files, DEFINE_DBGFS_ATTRIBUTE)
 * or the seq_file core's, which free what their open allocated and nothing
 * else.
 */
static bool dbgfs_release_safe_orphaned(int (*release)(struct inode *,
						       struct file *))
{
	return within_module((unsigned long)release, THIS_MODULE) ||
	       release == single_release || release == seq_release;
}

/*
 * Whether the module of @node may run its code: @held says whether the
 * caller holds the module (or is the module itself), and the orphan flag
 * whether it has exited.
 */
static bool dbgfs_client_may_run(struct dbgfs_node *node, bool held)
{
	return held && !(READ_ONCE(node->flags) & DBGFS_NODE_ORPHAN);
}

/* Not the client's code unless @held (see above), but for the safe ones. */
static void dbgfs_client_release(struct file *file, struct dbgfs_node *node,
				 bool held)
{
	const struct file_operations *fops = dbgfs_node_fops(node);

	if (dbgfs_is_short(node) || !fops || !fops->release)
		return;
	if (!dbgfs_client_may_run(node, held) &&
	    !dbgfs_release_safe_orphaned(fops->release))
		return;
	fops->release(file_inode(file), file);
}

/*
 * A client's open that replaced the file's operations (replace_fops()):
 * its later methods would run without an active reference, and its release
 * twice, at removal and at close.  debugfs WARNs and lets it be; dbgfs
 * undoes the open with the release the client put in place, which the
 * VFS then drops, and refuses it.
 */
static int dbgfs_open_replaced(struct inode *inode, struct file *file)
{
	pr_err("%pD: the open of the file replaced the file's operations; refused\n",
	       file);
	if (file->f_op->release)
		file->f_op->release(inode, file);
	return -EINVAL;
}

int dbgfs_proxy_open(struct inode *inode, struct file *file)
{
	struct dbgfs_node *node = dbgfs_inode_node(inode);
	struct mutex *lock = dbgfs_open_lock(node);
	struct dbgfs_open *of;
	int err;

	if (!dbgfs_get_active(node))
		return -ENOENT;
	err = dbgfs_locked_down(inode, file, node);
	if (err)
		goto out;
	err = -ENOMEM;
	of = dbgfs_kzalloc(sizeof(*of), GFP_KERNEL);
	if (!of)
		goto out;
	of->node = node;
	of->file = file;
	of->seen = atomic_read(&node->events);
	init_waitqueue_head(&of->wq);
	spin_lock_init(&of->pollers_lock);
	INIT_LIST_HEAD(&of->pollers);
	err = dbgfs_client_open(inode, file, node);
	if (!err && file->f_op != dbgfs_proxy_fops(node))
		err = dbgfs_open_replaced(inode, file);
	if (err) {
		kfree(of);
		goto out;
	}
	/* Still active: removal will find it on the list. */
	mutex_lock(lock);
	hlist_add_head(&of->link, &dbgfs_open_bucket(node)->files);
	mutex_unlock(lock);
out:
	dbgfs_put_active(node);
	return err;
}

static struct dbgfs_open *dbgfs_find_open(struct dbgfs_node *node,
					  struct file *file)
{
	struct dbgfs_open *of;

	dbgfs_for_each_open(of, node)
		if (of->file == file)
			return of;
	return NULL;
}

/*
 * The open file of @file, for a method of it: it stays on the list, and in
 * memory, until the file's release, which comes after every method.
 */
struct dbgfs_open *dbgfs_lookup_open(struct dbgfs_node *node,
				     struct file *file)
{
	struct mutex *lock = dbgfs_open_lock(node);
	struct dbgfs_open *of;

	mutex_lock(lock);
	of = dbgfs_find_open(node, file);
	mutex_unlock(lock);
	return of;
}

/*
 * Takes the forwarders of @of off the client's wait queues, which are still
 * there: the node is not removed yet, or removal has not returned.  A
 * forwarder that POLLFREE took off already may have a freed queue, which
 * RCU keeps readable until we are done, as epoll does.
 */
static void dbgfs_pollers_detach(struct dbgfs_open *of)
{
	struct dbgfs_poller *p, *tmp;
	wait_queue_head_t *whead;

	list_for_each_entry_safe(p, tmp, &of->pollers, link) {
		rcu_read_lock();
		/* Pairs with the release in dbgfs_poll_wake(). */
		whead = smp_load_acquire(&p->whead);
		if (whead)
			remove_wait_queue(whead, &p->wait);
		rcu_read_unlock();
		list_del(&p->link);
		kfree(p);
	}
}

/*
 * The client's release of @of; the caller holds no lock of ours, and holds
 * the module of the node if @held (see dbgfs_release_open_files()).  A file
 * still on the client's fasync list leaves it first, as __fput() does it:
 * after removal the proxy cannot call the client's fasync any more, and the
 * client's list must not keep a file that is about to be freed.  Not for
 * an orphan, or a module not held: it has exited, or is going, and with
 * it, maybe, the list; exit() takes forgotten files off it (see
 * dbgfs_create_file()).
 */
static void dbgfs_release_one(struct dbgfs_open *of, struct dbgfs_node *node,
			      bool held)
{
	dbgfs_pollers_detach(of);
	if (of->fasync) {
		if (dbgfs_client_may_run(node, held))
			dbgfs_node_fops(node)->fasync(-1, of->file, 0);
		of->fasync = false;
	}
	dbgfs_client_release(of->file, node, held);
}

/*
 * The client's release runs exactly once per open: here, under an active
 * reference that removal waits for, or by removal once the node is
 * deactivated.  Neither holds the open lock meanwhile, so that a release
 * may remove other entries.
 */
int dbgfs_proxy_release(struct inode *inode, struct file *file)
{
	struct dbgfs_node *node = dbgfs_inode_node(inode);
	struct mutex *lock = dbgfs_open_lock(node);
	struct dbgfs_open *of;
	bool mine = false;

	mutex_lock(lock);
	of = dbgfs_find_open(node, file);
	if (!WARN_ON_ONCE(!of) && !of->released && dbgfs_get_active(node)) {
		/* Off the list: removal will not release it. */
		hlist_del(&of->link);
		mine = true;
	}
	mutex_unlock(lock);
	if (!of)
		return 0;
	if (mine) {
		/* The active reference holds the module. */
		dbgfs_release_one(of, node, true);
		dbgfs_put_active(node);
	} else {
		/* Removal has it, or will once it has drained the node. */
		wait_var_event(&of->done, smp_load_acquire(&of->done));
		mutex_lock(lock);
		hlist_del(&of->link);
		mutex_unlock(lock);
	}
	/* No vma is left: each held the file. */
	if (of->vm_pinned) {
		module_put(of->vm_owner);
		module_put(of->vm_module);
	}
	kfree(of);
	return 0;
}

/*
 * Removal, once no operation of @node runs any more: no open can add to the
 * list, and the releases that closes took off it have run.  So every open
 * file still on the list is removal's, claimed in one pass; each stays on
 * the list until its done is set (its close takes it off and frees it
 * then), which keeps the walk's next entry in place.  One pass over n open
 * files, not a rescan from the head for each.
 *
 * The client's fasync and release run here as every other method runs,
 * with the node's module held, so that rmmod of it is refused meanwhile
 * and its exit() cannot free what they use under them: @remover may be
 * another module (its directory's, by dbgfs_lookup_and_remove(), its owner
 * cleanup).  A module that is going cannot be held: then they run only if
 * it is the remover itself, whose exit() is removing its files (or
 * @origin, that of the removal this one took the node over from, which
 * waits for this one); for any other remover the module's code runs no
 * more, as once it has exited.
 */
void dbgfs_release_open_files(struct dbgfs_node *node, struct module *remover,
			      struct module *origin)
{
	struct dbgfs_open_bucket *bucket = dbgfs_open_bucket(node);
	struct mutex *lock = &bucket->lock;
	struct dbgfs_open *of, *next;
	struct module *mod;
	bool held, got;

	/*
	 * Nearly every file removed is not open, and most buckets are empty:
	 * then neither the lock nor the module is needed.  An opener's record
	 * is on the list before its active reference goes (fully ordered),
	 * and the drain saw that reference go.
	 */
	smp_rmb();	/* the bucket after the drain's read of node->active */
	if (hlist_empty(&bucket->files))
		return;
	mutex_lock(lock);
	dbgfs_for_each_open(of, node)
		of->released = true;
	of = dbgfs_first_open(node);
	mutex_unlock(lock);
	if (!of)
		return;
	mod = dbgfs_node_module(node);
	got = try_module_get(mod);
	held = got || mod == remover || mod == origin;
	while (of) {
		/* Faults from now on find the node gone: SIGBUS. */
		if (of->mmapped)
			unmap_mapping_range(of->file->f_mapping, 0, 0, 1);
		dbgfs_release_one(of, node, held);
		/* Pollers come back, find the node gone and see EPOLLHUP. */
		wake_up_poll(&of->wq, EPOLLHUP | EPOLLERR);
		mutex_lock(lock);
		next = dbgfs_next_open(of);
		mutex_unlock(lock);
		/* The close waiting for this frees @of. */
		smp_store_release(&of->done, true);
		smp_mb();	/* the store before wake_up_var() looks for waiters */
		wake_up_var(&of->done);
		of = next;
	}
	if (got)
		module_put(mod);
}

/*
 * A notification of @node (notify.c), under the active reference it holds:
 * every poller of every open file comes back and finds it.
 */
void dbgfs_wake_open_files(struct dbgfs_node *node)
{
	struct mutex *lock = dbgfs_open_lock(node);
	struct dbgfs_open *of;

	mutex_lock(lock);
	dbgfs_for_each_open(of, node)
		wake_up_poll(&of->wq, EPOLLPRI | EPOLLERR);
	mutex_unlock(lock);
}

/* A read takes in the notifications so far: poll waits for the next. */
void dbgfs_notify_rearm(struct file *file, struct dbgfs_node *node)
{
	int events = atomic_read(&node->events);
	struct dbgfs_open *of;

	/* Files never notified, nearly all: no lock on their reads. */
	if (!events)
		return;
	of = dbgfs_lookup_open(node, file);
	if (of)
		WRITE_ONCE(of->seen, events);
}

/* A poll table that queues the poller on of->wq in place of the client's. */
struct dbgfs_poll_table {
	poll_table		pt;
	poll_table		*orig;
	struct dbgfs_open	*of;
};

static int dbgfs_poll_wake(wait_queue_entry_t *wait, unsigned int mode,
			   int sync, void *key)
{
	struct dbgfs_poller *p = container_of(wait, struct dbgfs_poller, wait);

	if (key_to_poll(key) & POLLFREE) {
		/* The client frees this queue: leave it, as epoll does. */
		__wake_up(&p->of->wq, mode, 1, poll_to_key(EPOLLHUP));
		list_del_init(&wait->entry);
		/* Last touch of @p: dbgfs_pollers_detach() may free it now. */
		smp_store_release(&p->whead, NULL);
		return 0;
	}
	__wake_up(&p->of->wq, mode, 1, key);
	return 0;
}

static void dbgfs_poll_queue(struct file *file, wait_queue_head_t *whead,
			     poll_table *pt)
{
	struct dbgfs_poll_table *dpt = container_of(pt, struct dbgfs_poll_table,
						    pt);
	struct dbgfs_open *of = dpt->of;
	struct dbgfs_poller *p, *new;

	new = dbgfs_kzalloc(sizeof(*new), GFP_KERNEL);
	spin_lock(&of->pollers_lock);
	list_for_each_entry(p, &of->pollers, link)
		if (p->whead == whead)
			break;
	if (list_entry_is_head(p, &of->pollers, link) && new) {
		new->of = of;
		new->whead = whead;
		init_waitqueue_func_entry(&new->wait, dbgfs_poll_wake);
		add_wait_queue(whead, &new->wait);
		list_add(&new->link, &of->pollers);
		new = NULL;
	} else if (list_entry_is_head(p, &of->pollers, link) && !of->poll_err) {
		/*
		 * Nothing will pass the client's wake-ups on: a poller asleep
		 * on of->wq would sleep for good.  Answer EPOLLERR instead,
		 * from now on (epoll polls again without queueing).
		 */
		WRITE_ONCE(of->poll_err, true);
	}
	spin_unlock(&of->pollers_lock);
	kfree(new);
	poll_wait(file, &of->wq, dpt->orig);
}

/* The client's poll, with its pollers asleep on of->wq. */
static __poll_t dbgfs_client_poll(struct file *file, struct dbgfs_node *node,
				  struct dbgfs_open *of, poll_table *pt)
{
	struct dbgfs_poll_table dpt;
	__poll_t ret;

	if (pt && pt->_qproc && of) {
		/* A poller that will sleep: on our queue, not the client's. */
		init_poll_funcptr(&dpt.pt, dbgfs_poll_queue);
		dpt.pt._key = pt->_key;
		dpt.orig = pt;
		dpt.of = of;
		pt = &dpt.pt;
	}
	ret = dbgfs_node_fops(node)->poll(file, pt);
	if (of && READ_ONCE(of->poll_err))
		ret |= EPOLLERR;
	return ret;
}

/*
 * Every file polls: the client's poll if it has one, else the default
 * mask; and EPOLLPRI | EPOLLERR once dbgfs_notify() was called after the
 * last read of this open file, as sysfs files answer after sysfs_notify().
 */
__poll_t dbgfs_proxy_poll(struct file *file, struct poll_table_struct *pt)
{
	struct dbgfs_node *node = dbgfs_file_node(file);
	struct dbgfs_open *of;
	__poll_t ret;

	if (!dbgfs_get_active(node))
		return EPOLLHUP;
	of = dbgfs_lookup_open(node, file);
	if (!dbgfs_is_short(node) && dbgfs_node_fops(node) &&
	    dbgfs_node_fops(node)->poll) {
		ret = dbgfs_client_poll(file, node, of, pt);
	} else {
		if (of)
			poll_wait(file, &of->wq, pt);
		ret = DEFAULT_POLLMASK;
	}
	/* After poll_wait(): a notification from now on wakes us. */
	if (of && READ_ONCE(of->seen) != atomic_read(&node->events))
		ret |= EPOLLPRI | EPOLLERR;
	dbgfs_put_active(node);
	return ret;
}

/*
 * Records on the open file whether the client's fasync list holds it, so
 * that a release by removal can take it off (dbgfs_release_one()).
 */
int dbgfs_proxy_fasync(int fd, struct file *file, int on)
{
	struct dbgfs_node *node = dbgfs_file_node(file);
	struct mutex *lock = dbgfs_open_lock(node);
	struct dbgfs_open *of;
	int ret;

	if (!dbgfs_get_active(node))
		return on ? -EIO : 0;
	ret = dbgfs_node_fops(node)->fasync(fd, file, on);
	if (ret >= 0) {
		mutex_lock(lock);
		of = dbgfs_find_open(node, file);
		if (of)
			of->fasync = on;
		mutex_unlock(lock);
	}
	dbgfs_put_active(node);
	return ret;
}
