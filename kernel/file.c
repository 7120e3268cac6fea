// SPDX-License-Identifier: GPL-2.0
/*
 * The file proxy.  A client's file_operations are never installed in a
 * struct file: the inode's i_fop is a proxy that has exactly the methods the
 * client has, and each proxy method calls the client's under an active
 * reference.  That is what lets removal wait for operations in flight and
 * fail the ones that come after it.
 *
 * Proxies are shared by all files with the same client operations, so a
 * node costs a pointer, not a file_operations.  A proxy is found by the
 * client's pointer only while a live node uses it: after its module is gone,
 * the same address may name other operations.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/hashtable.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/wait_bit.h>

#include <dbgfs.h>
#include "internal.h"

/*
 * One open file of a node, so that removal can release it.  Pollers sleep
 * on @wq, which lives as long as the open file, never directly on a wait
 * queue of the client: that may be freed once the node is removed, while
 * poll() and epoll still hold their entries.  The client's queues get a
 * forwarder each (@pollers), which removal takes off again.
 */
struct dbgfs_open {
	struct hlist_node	link;		/* in its dbgfs_open_bucket() */
	struct dbgfs_node	*node;
	struct file		*file;
	/* node->events when last read: a poll tells of any since (EPOLLPRI). */
	int			seen;
	bool			released;	/* removal runs the release */
	bool			done;		/* ... and has run it */
	bool			fasync;		/* on in the client's fasync */
	bool			poll_err;	/* a forwarder was not made */
	bool			mmapped;	/* has had a vma */
	/* The modules are pinned by this, not by each vma (mmap_prepare) */
	bool			vm_pinned;
	/* The client's, for every vma of this file; set by the first mmap. */
	const struct vm_operations_struct *vm_ops;
	/* Pinned by each vma: the module that made the node, the fops' owner */
	struct module		*vm_module;
	struct module		*vm_owner;
	wait_queue_head_t	wq;
	spinlock_t		pollers_lock;
	struct list_head	pollers;	/* struct dbgfs_poller */
};

/* Sits on a client's wait queue and passes its wake-ups on to of->wq. */
struct dbgfs_poller {
	struct list_head	link;		/* in of->pollers */
	struct dbgfs_open	*of;
	wait_queue_head_t	*whead;		/* NULL after POLLFREE */
	wait_queue_entry_t	wait;
};

/*
 * Lookups run under RCU and take a live reference; the mutex serialises
 * additions and the removal of a proxy whose last live node went.
 */
static DEFINE_MUTEX(dbgfs_proxy_mutex);
/* A proxy per distinct client fops: tens on a busy kernel, not thousands. */
#define DBGFS_PROXY_HASH_BITS	6
static DEFINE_HASHTABLE(dbgfs_proxies, DBGFS_PROXY_HASH_BITS);

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

static struct mutex *dbgfs_open_lock(struct dbgfs_node *node)
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

/* The first open file of @node at @pos or after it; open lock. */
static struct dbgfs_open *dbgfs_open_from(struct hlist_node *pos,
					  struct dbgfs_node *node)
{
	struct dbgfs_open *of;

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

static const struct file_operations *dbgfs_node_fops(struct dbgfs_node *node)
{
	return dbgfs_client_ops(node);
}

static const struct dbgfs_short_fops *dbgfs_node_sfops(struct dbgfs_node *node)
{
	return dbgfs_client_ops(node);
}

/**
 * dbgfs_real_fops - the file operations a dbgfs file was made with
 * @file: an open dbgfs file
 *
 * An open dbgfs file runs on its proxy's operations (@file->f_op), which
 * removal can cut off; this gives the operations passed to
 * dbgfs_create_file(), as debugfs_real_fops() does for debugfs: to tell
 * files apart that share a method, or to reach what embeds the operations.
 *
 * Context: A file operation of @file, its open or its release: dbgfs holds
 * the file across each, so the operations are still there.
 *
 * Return: @file's operations; NULL for a file made with a &struct
 * dbgfs_short_fops, and NULL with a warning for a file that is not a dbgfs
 * file.
 */
const struct file_operations *dbgfs_real_fops(const struct file *file)
{
	const struct inode *inode = file_inode(file);
	struct dbgfs_node *node;

	if (WARN_ON_ONCE(inode->i_sb->s_magic != DBGFS_MAGIC ||
			 !S_ISREG(inode->i_mode)))
		return NULL;
	node = dbgfs_file_node(file);
	return dbgfs_is_short(node) ? NULL : dbgfs_node_fops(node);
}
EXPORT_SYMBOL_GPL(dbgfs_real_fops);

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

static int dbgfs_proxy_open(struct inode *inode, struct file *file)
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
static struct dbgfs_open *dbgfs_lookup_open(struct dbgfs_node *node,
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
static int dbgfs_proxy_release(struct inode *inode, struct file *file)
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
	struct mutex *lock = dbgfs_open_lock(node);
	struct module *mod = dbgfs_node_module(node);
	struct dbgfs_open *of, *next;
	bool held, got;

	got = try_module_get(mod);
	held = got || mod == remover || mod == origin;
	mutex_lock(lock);
	dbgfs_for_each_open(of, node)
		of->released = true;
	of = dbgfs_first_open(node);
	mutex_unlock(lock);
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
static void dbgfs_notify_rearm(struct file *file, struct dbgfs_node *node)
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

/*
 * The proxy methods.  Each runs the client's method of the same name, with
 * the same arguments, under an active reference, or answers @gone as
 * debugfs does for a removed file.  llseek, read and write are short
 * operations too: DBGFS_PROXY_SHORT() calls whichever kind the node has.
 */
#define dbgfs_full_method(node, method) (dbgfs_node_fops(node)->method)
#define dbgfs_any_method(node, method)					\
	(dbgfs_is_short(node) ? dbgfs_node_sfops(node)->method :	\
				dbgfs_node_fops(node)->method)

#define DBGFS_PROXY_NAMED(prefix, lookup, method, type, gone, filp, params, \
			  args)						\
static type prefix##method params					\
{									\
	struct dbgfs_node *node = dbgfs_file_node(filp);		\
	type ret;							\
									\
	if (!dbgfs_get_active(node))					\
		return gone;						\
	ret = lookup(node, method) args;				\
	dbgfs_put_active(node);						\
	return ret;							\
}
#define DBGFS_PROXY(method, ...)					\
	DBGFS_PROXY_NAMED(dbgfs_proxy_, dbgfs_full_method, method,	\
			  __VA_ARGS__)
#define DBGFS_PROXY_SHORT(method, ...)					\
	DBGFS_PROXY_NAMED(dbgfs_proxy_, dbgfs_any_method, method,	\
			  __VA_ARGS__)

DBGFS_PROXY_SHORT(llseek, loff_t, -EIO, file,
		  (struct file *file, loff_t offset, int whence),
		  (file, offset, whence))
/* Reads re-arm notification first (dbgfs_proxy_read() below). */
DBGFS_PROXY_NAMED(dbgfs_client_, dbgfs_any_method, read, ssize_t, -EIO,
		  file,
		  (struct file *file, char __user *buf, size_t len, loff_t *ppos),
		  (file, buf, len, ppos))
DBGFS_PROXY_NAMED(dbgfs_client_, dbgfs_full_method, read_iter,
		  ssize_t, -EIO, iocb->ki_filp,
		  (struct kiocb *iocb, struct iov_iter *to), (iocb, to))
DBGFS_PROXY_SHORT(write, ssize_t, -EIO, file,
		  (struct file *file, const char __user *buf, size_t len,
		   loff_t *ppos),
		  (file, buf, len, ppos))
DBGFS_PROXY(write_iter, ssize_t, -EIO, iocb->ki_filp,
	    (struct kiocb *iocb, struct iov_iter *from), (iocb, from))
DBGFS_PROXY(unlocked_ioctl, long, -EIO, file,
	    (struct file *file, unsigned int cmd, unsigned long arg),
	    (file, cmd, arg))
DBGFS_PROXY(compat_ioctl, long, -EIO, file,
	    (struct file *file, unsigned int cmd, unsigned long arg),
	    (file, cmd, arg))
DBGFS_PROXY(get_unmapped_area, unsigned long, -EIO, file,
	    (struct file *file, unsigned long addr, unsigned long len,
	     unsigned long pgoff, unsigned long flags),
	    (file, addr, len, pgoff, flags))
/* A close after removal has nothing left to flush. */
DBGFS_PROXY(flush, int, 0, file, (struct file *file, fl_owner_t id),
	    (file, id))
DBGFS_PROXY(fsync, int, -EIO, file,
	    (struct file *file, loff_t start, loff_t end, int datasync),
	    (file, start, end, datasync))
DBGFS_PROXY(splice_read, ssize_t, -EIO, in,
	    (struct file *in, loff_t *ppos, struct pipe_inode_info *pipe,
	     size_t len, unsigned int flags),
	    (in, ppos, pipe, len, flags))
DBGFS_PROXY(splice_write, ssize_t, -EIO, out,
	    (struct pipe_inode_info *pipe, struct file *out, loff_t *ppos,
	     size_t len, unsigned int flags),
	    (pipe, out, ppos, len, flags))

/*
 * Before the client's read, so that a notification during it is not taken
 * in unseen: it wakes the poller again, at worst once more than needed.
 */
static ssize_t dbgfs_proxy_read(struct file *file, char __user *buf,
				size_t len, loff_t *ppos)
{
	dbgfs_notify_rearm(file, dbgfs_file_node(file));
	return dbgfs_client_read(file, buf, len, ppos);
}

static ssize_t dbgfs_proxy_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	dbgfs_notify_rearm(iocb->ki_filp, dbgfs_file_node(iocb->ki_filp));
	return dbgfs_client_read_iter(iocb, to);
}

static void dbgfs_proxy_show_fdinfo(struct seq_file *m, struct file *file)
{
	struct dbgfs_node *node = dbgfs_file_node(file);

	if (!dbgfs_get_active(node))
		return;
	dbgfs_node_fops(node)->show_fdinfo(m, file);
	dbgfs_put_active(node);
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
static __poll_t dbgfs_proxy_poll(struct file *file, struct poll_table_struct *pt)
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
 * Mappings.  A vma made by the client's mmap gets dbgfs' vm_ops in place of
 * the client's, which the open file keeps.  Faults (and access, mkwrite)
 * run the client's under an active reference, or answer SIGBUS once the
 * node is removed; removal also zaps the pages already mapped, so that
 * every later touch faults.  open and close belong to the vma's life and
 * always run, also after removal (they balance the client's count of its
 * mappings): so each vma pins the module that made the node (whose code
 * the client's vm_ops are, whether or not its fops set .owner) and the
 * fops' owner, and rmmod of the client is refused while a mapping exists.
 */
static struct dbgfs_open *dbgfs_vma_open_file(struct vm_area_struct *vma)
{
	struct file *file = vma->vm_file;
	struct dbgfs_open *of;

	/* A vma holds its file, whose open file stays on the list till then. */
	of = dbgfs_lookup_open(dbgfs_file_node(file), file);
	WARN_ON_ONCE(!of);
	return of;
}

static void dbgfs_vma_open(struct vm_area_struct *vma)
{
	struct dbgfs_open *of = dbgfs_vma_open_file(vma);

	if (!of)
		return;
	/* The vma this one is copied from holds references already. */
	if (!of->vm_pinned) {
		__module_get(of->vm_module);
		__module_get(of->vm_owner);
	}
	if (of->vm_ops && of->vm_ops->open)
		of->vm_ops->open(vma);
}

static void dbgfs_vma_close(struct vm_area_struct *vma)
{
	struct dbgfs_open *of = dbgfs_vma_open_file(vma);

	if (!of)
		return;
	if (of->vm_ops && of->vm_ops->close)
		of->vm_ops->close(vma);
	if (!of->vm_pinned) {
		module_put(of->vm_owner);
		module_put(of->vm_module);
	}
}

/*
 * The vma methods that run client code on a fault or an access: under an
 * active reference, or @gone once the node is removed; @none when the
 * client's vm_ops lack the method.
 */
#define DBGFS_VMA_METHOD(method, type, gone, none, vma_of, params, args) \
static type dbgfs_vma_##method params					\
{									\
	struct vm_area_struct *vma = (vma_of);				\
	struct dbgfs_open *of = dbgfs_vma_open_file(vma);		\
	struct dbgfs_node *node = dbgfs_file_node(vma->vm_file);	\
	type ret = (none);						\
									\
	if (!of || !dbgfs_get_active(node))				\
		return gone;						\
	if (of->vm_ops && of->vm_ops->method)				\
		ret = of->vm_ops->method args;				\
	dbgfs_put_active(node);						\
	return ret;							\
}

DBGFS_VMA_METHOD(fault, vm_fault_t, VM_FAULT_SIGBUS, VM_FAULT_SIGBUS,
		 vmf->vma, (struct vm_fault *vmf), (vmf))
DBGFS_VMA_METHOD(page_mkwrite, vm_fault_t, VM_FAULT_SIGBUS, 0,
		 vmf->vma, (struct vm_fault *vmf), (vmf))
DBGFS_VMA_METHOD(pfn_mkwrite, vm_fault_t, VM_FAULT_SIGBUS, 0,
		 vmf->vma, (struct vm_fault *vmf), (vmf))
DBGFS_VMA_METHOD(access, int, -EINVAL, -EINVAL, vma_arg,
		 (struct vm_area_struct *vma_arg, unsigned long addr,
		  void *buf, int len, int write),
		 (vma, addr, buf, len, write))

/*
 * Whether a vma has page_mkwrite, pfn_mkwrite or access changes how the mm
 * treats it (write notification, ptrace access), so the wrapper has them
 * only when the client's vm_ops do: one wrapper for each combination.
 */
#define DBGFS_VM_MKWRITE	0x1
#define DBGFS_VM_PFN_MKWRITE	0x2
#define DBGFS_VM_ACCESS		0x4
#define DBGFS_VM_COMBINATIONS	8
#define DBGFS_VM_OPS(i) {							\
	.open		= dbgfs_vma_open,				\
	.close		= dbgfs_vma_close,				\
	.fault		= dbgfs_vma_fault,				\
	.page_mkwrite	= (i) & DBGFS_VM_MKWRITE ? dbgfs_vma_page_mkwrite : NULL, \
	.pfn_mkwrite	= (i) & DBGFS_VM_PFN_MKWRITE ? dbgfs_vma_pfn_mkwrite : NULL, \
	.access		= (i) & DBGFS_VM_ACCESS ? dbgfs_vma_access : NULL, \
}

static const struct vm_operations_struct dbgfs_vm_ops[DBGFS_VM_COMBINATIONS] = {
	DBGFS_VM_OPS(0), DBGFS_VM_OPS(1), DBGFS_VM_OPS(2), DBGFS_VM_OPS(3),
	DBGFS_VM_OPS(4), DBGFS_VM_OPS(5), DBGFS_VM_OPS(6), DBGFS_VM_OPS(7),
};

static const struct vm_operations_struct *
dbgfs_vm_ops_for(const struct vm_operations_struct *ops)
{
	unsigned int i = 0;

	if (ops && ops->page_mkwrite)
		i |= DBGFS_VM_MKWRITE;
	if (ops && ops->pfn_mkwrite)
		i |= DBGFS_VM_PFN_MKWRITE;
	if (ops && ops->access)
		i |= DBGFS_VM_ACCESS;
	return &dbgfs_vm_ops[i];
}

/* What a refused vma is left with: the mmap path may still close it. */
static const struct vm_operations_struct dbgfs_refused_vm_ops = {};

/*
 * Methods dbgfs does not pass on: they would run client code outside an
 * active reference, or change what the mapping is.
 */
static bool dbgfs_vm_ops_wrappable(const struct vm_operations_struct *ops)
{
	if (!ops)
		return true;
	return !ops->may_split && !ops->mremap && !ops->mprotect &&
	       !ops->huge_fault && !ops->map_pages && !ops->pagesize &&
	       !ops->name && !dbgfs_vm_ops_finds_page(ops) &&
	       !dbgfs_vm_ops_has_mapped(ops) &&
#ifdef CONFIG_NUMA
	       !ops->set_policy && !ops->get_policy &&
#endif
	       true;
}

/*
 * Where both mapping paths begin: an active reference on the node, its
 * open file, and the fops' owner held (which fails while that module is
 * going).  Returns the client's fops.
 */
static const struct file_operations *dbgfs_mmap_begin(struct file *file,
						       struct dbgfs_open **ofp)
{
	struct dbgfs_node *node = dbgfs_file_node(file);
	const struct file_operations *fops;

	if (!dbgfs_get_active(node))
		return ERR_PTR(-EIO);
	fops = dbgfs_node_fops(node);
	*ofp = dbgfs_lookup_open(node, file);
	if (!WARN_ON_ONCE(!*ofp) && try_module_get(fops->owner))
		return fops;
	dbgfs_put_active(node);
	return ERR_PTR(-ENODEV);
}

/*
 * One set of vm_ops per open file, as in kernfs: the first mapping records
 * the client's, and the modules that its vmas (or, if @pinned, the open
 * file) hold; a later mapping must bring the same.  Returns 1 when this
 * call recorded them, 0 when they match, or -EINVAL.
 */
static int dbgfs_record_vm_ops(struct dbgfs_open *of, struct dbgfs_node *node,
			       const struct vm_operations_struct *ops,
			       struct module *owner, bool pinned)
{
	struct mutex *lock = dbgfs_open_lock(node);
	int ret = 0;

	if (!dbgfs_vm_ops_wrappable(ops))
		return -EINVAL;
	mutex_lock(lock);
	if (!of->mmapped) {
		of->vm_ops = ops;
		of->vm_module = dbgfs_node_module(node);
		of->vm_owner = owner;
		of->vm_pinned = pinned;
		of->mmapped = true;
		ret = 1;
	} else if (of->vm_ops != ops) {
		ret = -EINVAL;
	}
	mutex_unlock(lock);
	return ret;
}

static int dbgfs_proxy_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct dbgfs_node *node = dbgfs_file_node(file);
	struct module *mod = dbgfs_node_module(node);
	const struct file_operations *fops;
	struct dbgfs_open *of;
	int ret;

	fops = dbgfs_mmap_begin(file, &of);
	if (IS_ERR(fops))
		return PTR_ERR(fops);
	/* Each vma pins both modules; the active reference holds mod. */
	__module_get(mod);
	ret = fops->mmap(file, vma);
	if (!ret) {
		ret = dbgfs_record_vm_ops(of, node, vma->vm_ops, fops->owner,
					  false);
		if (ret >= 0) {
			vma->vm_ops = dbgfs_vm_ops_for(vma->vm_ops);
			ret = 0;
		} else {
			/* The client made its vma: let it undo that. */
			if (vma->vm_ops && vma->vm_ops->close)
				vma->vm_ops->close(vma);
			vma->vm_ops = &dbgfs_refused_vm_ops;
		}
	}
	if (ret) {
		module_put(mod);
		module_put(fops->owner);
	}
	dbgfs_put_active(node);
	return ret;
}

#ifdef DBGFS_HAS_MMAP_PREPARE
/*
 * A client's mmap_prepare describes the mapping before its vma exists, and
 * the mapping may still fail, or merge with a vma next to it, without a
 * word to the file: so no vma can be sure to hold a reference of its own.
 * The open file pins the client's modules (the node's and the fops'
 * owner) from its first mapping to its release instead, which comes after
 * the last of its vmas is gone; the vmas' open and close leave the counts
 * alone.
 */
static int dbgfs_proxy_mmap_prepare(struct vm_area_desc *desc)
{
	struct file *file = desc->file;
	struct dbgfs_node *node = dbgfs_file_node(file);
	const struct file_operations *fops;
	struct dbgfs_open *of;
	int ret;

	fops = dbgfs_mmap_begin(file, &of);
	if (IS_ERR(fops))
		return PTR_ERR(fops);
	ret = fops->mmap_prepare(desc);
	/* The vmas find @of by their file: it must stay this one. */
	if (!ret && desc->vm_file != file)
		ret = -EINVAL;
	if (!ret)
		ret = dbgfs_record_vm_ops(of, node, desc->vm_ops, fops->owner,
					  true);
	if (ret == 1)
		/* The open file keeps the owner; the active ref holds mod. */
		__module_get(dbgfs_node_module(node));
	else
		module_put(fops->owner);
	if (ret >= 0)
		desc->vm_ops = dbgfs_vm_ops_for(desc->vm_ops);
	dbgfs_put_active(node);
	return ret < 0 ? ret : 0;
}
#endif

/*
 * Records on the open file whether the client's fasync list holds it, so
 * that a release by removal can take it off (dbgfs_release_one()).
 */
static int dbgfs_proxy_fasync(int fd, struct file *file, int on)
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

/* A proxy with the methods @real has, and only those. */
static void dbgfs_proxy_fill(struct file_operations *p,
			     const struct file_operations *real)
{
#define PROXY(method)						\
	do {							\
		if (real->method)				\
			p->method = dbgfs_proxy_##method;	\
	} while (0)

	PROXY(llseek);
	PROXY(read);
	PROXY(write);
	PROXY(read_iter);
	PROXY(write_iter);
	PROXY(unlocked_ioctl);
	PROXY(compat_ioctl);
	PROXY(mmap);
#ifdef DBGFS_HAS_MMAP_PREPARE
	PROXY(mmap_prepare);
#endif
	PROXY(get_unmapped_area);
	PROXY(flush);
	PROXY(fsync);
	PROXY(fasync);
	PROXY(splice_read);
	PROXY(splice_write);
	PROXY(show_fdinfo);
#undef PROXY
}

static void dbgfs_proxy_fill_short(struct file_operations *p,
				   const struct dbgfs_short_fops *real)
{
	if (real->llseek)
		p->llseek = dbgfs_proxy_llseek;
	if (real->read)
		p->read = dbgfs_proxy_read;
	if (real->write)
		p->write = dbgfs_proxy_write;
}

/* Drops a reference to @proxy's memory. */
static void dbgfs_proxy_unref(struct dbgfs_proxy *proxy)
{
	if (refcount_dec_and_test(&proxy->count))
		kfree_rcu(proxy, rcu);
}

/*
 * A proxy of @real that a live node uses, now with one more.  The memory
 * first, then the live count: the last node of a proxy may go meanwhile,
 * and with its count the proxy, which found in the hash under RCU is not
 * yet ours.  A proxy whose live count went to 0 is leaving the hash.
 */
static struct dbgfs_proxy *dbgfs_proxy_get(const void *real,
					   struct module *mod)
{
	struct dbgfs_proxy *proxy;

	/* Under rcu_read_lock() or the mutex. */
	hash_for_each_possible_rcu(dbgfs_proxies, proxy, hash_link,
				   (unsigned long)real,
				   lockdep_is_held(&dbgfs_proxy_mutex)) {
		if (proxy->real != real || proxy->module != mod ||
		    !refcount_inc_not_zero(&proxy->count))
			continue;
		dbgfs_fault_pause(DBGFS_PAUSE_PROXY_GET);
		if (atomic_inc_not_zero(&proxy->live))
			return proxy;
		dbgfs_proxy_unref(proxy);
	}
	return NULL;
}

static struct dbgfs_proxy *dbgfs_proxy_new(const void *real, bool short_fops,
					   struct module *mod)
{
	struct dbgfs_proxy *proxy;

	proxy = dbgfs_kzalloc(sizeof(*proxy), GFP_KERNEL);
	if (!proxy)
		return NULL;
	proxy->real = real;
	proxy->module = mod;
	atomic_set(&proxy->live, 1);
	refcount_set(&proxy->count, 1);
	proxy->fops.owner = THIS_MODULE;
	proxy->fops.open = dbgfs_proxy_open;
	proxy->fops.release = dbgfs_proxy_release;
	/* Every file polls, for dbgfs_notify(); EPOLLHUP once removed. */
	proxy->fops.poll = dbgfs_proxy_poll;
	/* NULL operations, short or not, leave only open and release. */
	if (short_fops && real)
		dbgfs_proxy_fill_short(&proxy->fops, real);
	else if (real)
		dbgfs_proxy_fill(&proxy->fops, real);
	hash_add_rcu(dbgfs_proxies, &proxy->hash_link,
		     (unsigned long)proxy->real);
	return proxy;
}

/*
 * Gives a new file node the proxy of @real, its operations (a
 * dbgfs_short_fops if the node is dbgfs_is_short()), for module @mod.
 */
int dbgfs_proxy_attach(struct dbgfs_node *node, const void *real,
		       struct module *mod)
{
	struct dbgfs_proxy *proxy;

	rcu_read_lock();
	proxy = dbgfs_proxy_get(real, mod);
	rcu_read_unlock();
	if (!proxy) {
		mutex_lock(&dbgfs_proxy_mutex);
		proxy = dbgfs_proxy_get(real, mod);
		if (!proxy)
			proxy = dbgfs_proxy_new(real, dbgfs_is_short(node),
						mod);
		mutex_unlock(&dbgfs_proxy_mutex);
	}
	node->file.proxy = proxy;
	return proxy ? 0 : -ENOMEM;
}

/* The node is removed: its client operations may go away now. */
void dbgfs_proxy_retire(struct dbgfs_node *node)
{
	struct dbgfs_proxy *proxy = node->file.proxy;

	if (atomic_dec_and_mutex_lock(&proxy->live, &dbgfs_proxy_mutex)) {
		hash_del_rcu(&proxy->hash_link);
		mutex_unlock(&dbgfs_proxy_mutex);
	}
}

/* The node is freed; so are the inodes and files that used its proxy. */
void dbgfs_proxy_put(struct dbgfs_node *node)
{
	struct dbgfs_proxy *proxy = node->file.proxy;

	if (!proxy)
		return;
	/* A node that never made it into the tree was never retired. */
	if (!dbgfs_node_removed(node))
		dbgfs_proxy_retire(node);
	dbgfs_proxy_unref(proxy);
}

const struct file_operations *dbgfs_proxy_fops(struct dbgfs_node *node)
{
	return &node->file.proxy->fops;
}

