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
#include <linux/hashtable.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include <dbgfs.h>
#include "internal.h"

/*
 * Lookups run under RCU and take a live reference; the mutex serialises
 * additions and the removal of a proxy whose last live node went.
 */
static DEFINE_MUTEX(dbgfs_proxy_mutex);
/* A proxy per distinct client fops: tens on a busy kernel, not thousands. */
#define DBGFS_PROXY_HASH_BITS	6
static DEFINE_HASHTABLE(dbgfs_proxies, DBGFS_PROXY_HASH_BITS);

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
