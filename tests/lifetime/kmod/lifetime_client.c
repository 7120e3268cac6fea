// SPDX-License-Identifier: GPL-2.0
/*
 * lifetime_client: a dbgfs client for the guest lifetime and stress tests.
 *
 * Everything lives under /sys/kernel/dbgfs/lc/:
 *   ctl     (0200) commands: remove PATH, rename OLD NEW, create PATH,
 *           mkdir PATH, populate DIR N, unpopulate DIR, reaper PATH,
 *           wake, stopslow; a PATH is NAME or DIR/NAME below lc/.
 *           For the second remover: slow PATH (a file like slow),
 *           hold PATH (keep a reference to PATH), and three removers that
 *           answer EBUSY if a read of a slow file still runs when they
 *           return: rmwait PATH, rmheld (the held node), larheld NAME
 *           (lookup_and_remove of NAME in the held directory)
 *   data    (0644) read, write, llseek, poll (woken by "wake"), ioctl
 *   slow    (0444) a read that sleeps up to 2 s (or until "stopslow");
 *           "remove slow" answers EBUSY if one still runs after removal
 *   events  (0444) pollable on a wait queue in the module's own memory,
 *           which nobody wakes: what happens to its pollers at rmmod
 *   stats   (0444) "opens=N releases=M slow=K" (K: slow reads in flight)
 *   p600, p644, p444, chm (0600): for permission tests
 *   link    symlink to "data"
 *   short   a file made from a struct dbgfs_short_fops
 *   map     (0644) mmap of one page ("map\n"), faulted in by vm_ops that
 *           count opens, closes and faults after the file's removal;
 *           "mkmap" makes it again
 *   pmap    (0444) the same page through mmap_prepare only, where the
 *           kernel has it (else mmap); "mkpmap" makes it again
 *   async   (0444) fasync on a queue of the module, signalled by "sigio";
 *           "mkasync" makes it again
 * stats also shows vmopen=, vmclose=, late= (faults after removal),
 * async= (1 while the fasync queue holds an entry), asyncbad= (releases
 * that found their file still on it), prepare= (1: pmap has mmap_prepare)
 * and preps= (the mmap_prepare calls).
 * A file "reaper" makes removes lc/victims in its release, which must not
 * deadlock whether a close or a removal runs that release.
 * Every file with full fops counts its opens and releases, in total and per
 * file (by inode number, which dbgfs never reuses); module exit prints the
 * totals, the number of files opened and of those whose releases do not
 * match their opens (each of them on a line of its own) so that the guest
 * can check they balance file by file.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include <linux/xarray.h>

#include <dbgfs.h>
/* The module's own: DBGFS_HAS_MMAP_PREPARE. */
#include "compat.h"

#define LC_IOC_PING	_IO('l', 1)
#define LC_PING_ANSWER	42
#define LC_DATA_MAX	64
#define LC_SLOW_STEPS	100		/* of 20 ms */

struct lc_data {
	wait_queue_head_t	wq;
	struct mutex		lock;
	bool			pending;	/* "wake" since the last read */
	size_t			len;
	char			buf[LC_DATA_MAX];
	struct rcu_head		rcu;
};

static struct dbgfs_node *lc_dir;
static struct dbgfs_node *lc_ctl;
static struct dbgfs_node *lc_slow;
static struct dbgfs_node *lc_data_node;
static struct lc_data *lc_data;
static DEFINE_MUTEX(lc_data_mutex);	/* lc_data_node and lc_data */
static atomic_t lc_opens = ATOMIC_INIT(0);
static atomic_t lc_releases = ATOMIC_INIT(0);
static bool lc_slow_stop;
static atomic_t lc_slow_reads = ATOMIC_INIT(0);	/* in flight */
static struct dbgfs_node *lc_map_node;		/* under lc_data_mutex */
static struct dbgfs_node *lc_async_node;	/* under lc_data_mutex */
static struct page *lc_map_page;
static bool lc_map_removed;
static struct dbgfs_node *lc_pmap_node;		/* under lc_data_mutex */
static bool lc_pmap_removed;
static atomic_t lc_preps = ATOMIC_INIT(0);
#ifdef DBGFS_HAS_MMAP_PREPARE
#define LC_PREPARE	1
#else
#define LC_PREPARE	0
#endif
static atomic_t lc_vm_opens = ATOMIC_INIT(0);
static atomic_t lc_vm_closes = ATOMIC_INIT(0);
static atomic_t lc_late_faults = ATOMIC_INIT(0);
static struct fasync_struct *lc_async_queue;
static atomic_t lc_async_bad = ATOMIC_INIT(0);

/* Per file: its opens and releases, kept until module exit. */
struct lc_count {
	atomic_t	opens;
	atomic_t	releases;
	char		name[32];
};

static DEFINE_XARRAY(lc_counts);	/* by i_ino */
static DEFINE_MUTEX(lc_counts_mutex);	/* inserts */
static atomic_t lc_count_lost = ATOMIC_INIT(0);	/* not counted per file */

static struct lc_count *lc_count_get(struct inode *inode, struct file *file)
{
	struct lc_count *c;

	mutex_lock(&lc_counts_mutex);
	c = xa_load(&lc_counts, inode->i_ino);
	if (!c) {
		c = kzalloc(sizeof(*c), GFP_KERNEL);
		if (c && xa_err(xa_store(&lc_counts, inode->i_ino, c,
					 GFP_KERNEL))) {
			kfree(c);
			c = NULL;
		}
		if (c)
			snprintf(c->name, sizeof(c->name), "%pd",
				 file->f_path.dentry);
	}
	mutex_unlock(&lc_counts_mutex);
	return c;
}

static struct dbgfs_node *lc_held;	/* "hold": referenced */
static DEFINE_MUTEX(lc_held_mutex);

static int lc_open(struct inode *inode, struct file *file)
{
	struct lc_count *c = lc_count_get(inode, file);

	atomic_inc(&lc_opens);
	if (c)
		atomic_inc(&c->opens);
	else
		atomic_inc(&lc_count_lost);
	file->private_data = inode->i_private;
	return 0;
}

static int lc_release(struct inode *inode, struct file *file)
{
	struct lc_count *c = xa_load(&lc_counts, inode->i_ino);

	atomic_inc(&lc_releases);
	if (c)
		atomic_inc(&c->releases);
	else
		atomic_inc(&lc_count_lost);
	return 0;
}

/* Prints the files whose releases do not match their opens; frees all. */
static void lc_counts_report(void)
{
	unsigned int files = 0, unbalanced = 0;
	struct lc_count *c;
	unsigned long ino;

	xa_for_each(&lc_counts, ino, c) {
		files++;
		if (atomic_read(&c->opens) != atomic_read(&c->releases) &&
		    unbalanced++ < 20)
			pr_info("unbalanced: ino %lu (%s) opens=%d releases=%d\n",
				ino, c->name, atomic_read(&c->opens),
				atomic_read(&c->releases));
		kfree(c);
	}
	xa_destroy(&lc_counts);
	/* A file whose count could not be kept is one not checked. */
	unbalanced += atomic_read(&lc_count_lost);
	pr_info("opens=%d releases=%d files=%u unbalanced=%u\n",
		atomic_read(&lc_opens), atomic_read(&lc_releases), files,
		unbalanced);
}

/* data: a small buffer, pollable, with one ioctl. */
static ssize_t lc_data_read(struct file *file, char __user *buf, size_t len,
			    loff_t *ppos)
{
	struct lc_data *d = file->private_data;
	char tmp[LC_DATA_MAX];
	size_t n;

	mutex_lock(&d->lock);
	n = d->len;
	memcpy(tmp, d->buf, n);
	d->pending = false;
	mutex_unlock(&d->lock);
	return simple_read_from_buffer(buf, len, ppos, tmp, n);
}

static ssize_t lc_data_write(struct file *file, const char __user *buf,
			     size_t len, loff_t *ppos)
{
	struct lc_data *d = file->private_data;
	char tmp[LC_DATA_MAX];

	if (len > sizeof(tmp))
		return -EFBIG;
	if (copy_from_user(tmp, buf, len))
		return -EFAULT;
	mutex_lock(&d->lock);
	memcpy(d->buf, tmp, len);
	d->len = len;
	mutex_unlock(&d->lock);
	return len;
}

static __poll_t lc_data_poll(struct file *file, struct poll_table_struct *pt)
{
	struct lc_data *d = file->private_data;
	__poll_t mask = EPOLLOUT | EPOLLWRNORM;

	poll_wait(file, &d->wq, pt);
	if (READ_ONCE(d->pending))
		mask |= EPOLLIN | EPOLLRDNORM;
	return mask;
}

static long lc_data_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	return cmd == LC_IOC_PING ? LC_PING_ANSWER : -ENOTTY;
}

static const struct file_operations lc_data_fops = {
	.owner		= THIS_MODULE,
	.open		= lc_open,
	.release	= lc_release,
	.read		= lc_data_read,
	.write		= lc_data_write,
	.llseek		= default_llseek,
	.poll		= lc_data_poll,
	.unlocked_ioctl	= lc_data_ioctl,
};

/* slow: a read that takes its time, for removal to wait for. */
static ssize_t lc_slow_read(struct file *file, char __user *buf, size_t len,
			    loff_t *ppos)
{
	static const char msg[] = "slow\n";
	ssize_t ret;
	int i;

	atomic_inc(&lc_slow_reads);
	for (i = 0; i < LC_SLOW_STEPS && !READ_ONCE(lc_slow_stop); i++)
		msleep(20);
	ret = simple_read_from_buffer(buf, len, ppos, msg, sizeof(msg) - 1);
	atomic_dec(&lc_slow_reads);
	return ret;
}

static const struct file_operations lc_slow_fops = {
	.owner		= THIS_MODULE,
	.open		= lc_open,
	.release	= lc_release,
	.read		= lc_slow_read,
	.llseek		= default_llseek,
};

/* events: pollers sleep on a queue that goes with the module. */
static DECLARE_WAIT_QUEUE_HEAD(lc_events_wq);

static __poll_t lc_events_poll(struct file *file, struct poll_table_struct *pt)
{
	poll_wait(file, &lc_events_wq, pt);
	return 0;
}

static ssize_t lc_name_read(struct file *file, char __user *buf, size_t len,
			    loff_t *ppos);

static const struct file_operations lc_events_fops = {
	.owner		= THIS_MODULE,
	.open		= lc_open,
	.release	= lc_release,
	.read		= lc_name_read,
	.poll		= lc_events_poll,
};

/* stats: the open and release counts. */
static ssize_t lc_stats_read(struct file *file, char __user *buf, size_t len,
			     loff_t *ppos)
{
	char tmp[192];
	int n;

	n = scnprintf(tmp, sizeof(tmp),
		      "opens=%d releases=%d slow=%d vmopen=%d vmclose=%d late=%d async=%d asyncbad=%d prepare=%d preps=%d\n",
		      atomic_read(&lc_opens), atomic_read(&lc_releases),
		      atomic_read(&lc_slow_reads), atomic_read(&lc_vm_opens),
		      atomic_read(&lc_vm_closes), atomic_read(&lc_late_faults),
		      !!READ_ONCE(lc_async_queue), atomic_read(&lc_async_bad),
		      LC_PREPARE, atomic_read(&lc_preps));
	return simple_read_from_buffer(buf, len, ppos, tmp, n);
}

static const struct file_operations lc_stats_fops = {
	.owner		= THIS_MODULE,
	.open		= lc_open,
	.release	= lc_release,
	.read		= lc_stats_read,
	.llseek		= default_llseek,
};

/* The permission files and those "create" makes: their name and a newline. */
static ssize_t lc_name_read(struct file *file, char __user *buf, size_t len,
			    loff_t *ppos)
{
	const char *name = file->f_path.dentry->d_name.name;
	char tmp[NAME_MAX + 2];
	int n;

	n = scnprintf(tmp, sizeof(tmp), "%s\n", name);
	return simple_read_from_buffer(buf, len, ppos, tmp, n);
}

static ssize_t lc_sink_write(struct file *file, const char __user *buf,
			     size_t len, loff_t *ppos)
{
	return len;
}

static const struct file_operations lc_name_fops = {
	.owner		= THIS_MODULE,
	.open		= lc_open,
	.release	= lc_release,
	.read		= lc_name_read,
	.write		= lc_sink_write,
	.llseek		= default_llseek,
};

static int lc_reaper_release(struct inode *inode, struct file *file)
{
	dbgfs_lookup_and_remove("victims", lc_dir);
	return lc_release(inode, file);
}

static const struct file_operations lc_reaper_fops = {
	.owner		= THIS_MODULE,
	.open		= lc_open,
	.release	= lc_reaper_release,
	.read		= lc_name_read,
	.llseek		= default_llseek,
};

static const struct dbgfs_short_fops lc_short_fops = {
	.read		= lc_name_read,
	.write		= lc_sink_write,
	.llseek		= default_llseek,
};

/*
 * map: one page, faulted in on demand.  The vm_ops are in this module's
 * text, so a vma must not outlive the module.
 */
static void lc_vm_open(struct vm_area_struct *vma)
{
	atomic_inc(&lc_vm_opens);
}

static void lc_vm_close(struct vm_area_struct *vma)
{
	atomic_inc(&lc_vm_closes);
}

static vm_fault_t lc_vm_fault(struct vm_fault *vmf)
{
	if (READ_ONCE(lc_map_removed))
		atomic_inc(&lc_late_faults);
	if (vmf->pgoff)
		return VM_FAULT_SIGBUS;
	get_page(lc_map_page);
	vmf->page = lc_map_page;
	return 0;
}

static const struct vm_operations_struct lc_vm_ops = {
	.open	= lc_vm_open,
	.close	= lc_vm_close,
	.fault	= lc_vm_fault,
};

static int lc_map_mmap(struct file *file, struct vm_area_struct *vma)
{
	vma->vm_ops = &lc_vm_ops;
	lc_vm_open(vma);
	return 0;
}

static const struct file_operations lc_map_fops = {
	.owner		= THIS_MODULE,
	.open		= lc_open,
	.release	= lc_release,
	.mmap		= lc_map_mmap,
};

/*
 * pmap: the page of map, mapped through mmap_prepare alone: nothing may
 * count on a vma before it is made, so these vm_ops count only late faults.
 */
static vm_fault_t lc_pvm_fault(struct vm_fault *vmf)
{
	if (READ_ONCE(lc_pmap_removed))
		atomic_inc(&lc_late_faults);
	if (vmf->pgoff)
		return VM_FAULT_SIGBUS;
	get_page(lc_map_page);
	vmf->page = lc_map_page;
	return 0;
}

static const struct vm_operations_struct lc_pvm_ops = {
	.fault	= lc_pvm_fault,
};

#ifdef DBGFS_HAS_MMAP_PREPARE
static int lc_pmap_prepare(struct vm_area_desc *desc)
{
	atomic_inc(&lc_preps);
	desc->vm_ops = &lc_pvm_ops;
	return 0;
}
#else
static int lc_pmap_mmap(struct file *file, struct vm_area_struct *vma)
{
	vma->vm_ops = &lc_pvm_ops;
	return 0;
}
#endif

static const struct file_operations lc_pmap_fops = {
	.owner		= THIS_MODULE,
	.open		= lc_open,
	.release	= lc_release,
#ifdef DBGFS_HAS_MMAP_PREPARE
	.mmap_prepare	= lc_pmap_prepare,
#else
	.mmap		= lc_pmap_mmap,
#endif
};

/* async: SIGIO to the owners of the files on lc_async_queue, on "sigio". */
static int lc_async_fasync(int fd, struct file *file, int on)
{
	return fasync_helper(fd, file, on, &lc_async_queue);
}

static int lc_async_release(struct inode *inode, struct file *file)
{
	/* The one file of the test must have left the queue by now. */
	if (READ_ONCE(lc_async_queue))
		atomic_inc(&lc_async_bad);
	return lc_release(inode, file);
}

static const struct file_operations lc_async_fops = {
	.owner		= THIS_MODULE,
	.open		= lc_open,
	.release	= lc_async_release,
	.read		= lc_name_read,
	.fasync		= lc_async_fasync,
};

static int lc_make_special(struct dbgfs_node **where, const char *name,
			   umode_t mode, const struct file_operations *fops)
{
	struct dbgfs_node *node;

	mutex_lock(&lc_data_mutex);
	node = dbgfs_create_file(name, mode, lc_dir, NULL, fops);
	if (!IS_ERR(node)) {
		*where = node;
		if (where == &lc_map_node)
			WRITE_ONCE(lc_map_removed, false);
		if (where == &lc_pmap_node)
			WRITE_ONCE(lc_pmap_removed, false);
	}
	mutex_unlock(&lc_data_mutex);
	return PTR_ERR_OR_ZERO(node);
}

/* The removal of "data" frees its state, once no operation uses it. */
static void lc_data_free(struct lc_data *d)
{
	if (!d)
		return;
	wake_up_pollfree(&d->wq);
	kfree_rcu(d, rcu);
}

static void lc_remove(struct dbgfs_node *node)
{
	struct lc_data *d = NULL;
	bool map = false, pmap = false;

	mutex_lock(&lc_data_mutex);
	if (node == lc_data_node) {
		d = lc_data;
		lc_data = NULL;
		lc_data_node = NULL;
	}
	if (node == lc_map_node) {
		map = true;
		lc_map_node = NULL;
	}
	if (node == lc_pmap_node) {
		pmap = true;
		lc_pmap_node = NULL;
	}
	if (node == lc_async_node)
		lc_async_node = NULL;
	mutex_unlock(&lc_data_mutex);
	dbgfs_remove(node);
	/* From here on no fault may reach lc_vm_fault(). */
	if (map)
		WRITE_ONCE(lc_map_removed, true);
	if (pmap)
		WRITE_ONCE(lc_pmap_removed, true);
	lc_data_free(d);
}

/*
 * Splits PATH (NAME or DIR/NAME below lc/) into its directory, returned
 * with a reference (lc_dir has none: it is ours), and its last name.
 */
static struct dbgfs_node *lc_parent(char *path, char **name)
{
	struct dbgfs_node *dir;
	char *slash = strchr(path, '/');

	if (!slash) {
		*name = path;
		return lc_dir;
	}
	*slash = '\0';
	*name = slash + 1;
	dir = dbgfs_lookup(path, lc_dir);
	return dir ? dir : ERR_PTR(-ENOENT);
}

static void lc_parent_put(struct dbgfs_node *dir)
{
	if (!IS_ERR(dir) && dir != lc_dir)
		dbgfs_node_put(dir);
}

static int lc_cmd_remove(char *path)
{
	struct dbgfs_node *dir, *node;
	char *name;
	int err = 0;

	dir = lc_parent(path, &name);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	node = dbgfs_lookup(name, dir);
	if (!node)
		err = -ENOENT;
	else if (node == lc_ctl)
		err = -EBUSY;	/* it would wait for this very write */
	else
		lc_remove(node);
	/* Removal returned: no read of slow may still be running. */
	if (node == lc_slow && atomic_read(&lc_slow_reads))
		err = -EBUSY;
	dbgfs_node_put(node);
	lc_parent_put(dir);
	return err;
}

/* A read of a slow file in flight when a remover returned: it returned early. */
static int lc_slow_check(int err)
{
	return !err && atomic_read(&lc_slow_reads) ? -EBUSY : err;
}

static int lc_cmd_hold(char *path)
{
	struct dbgfs_node *dir, *node, *old;
	char *name;

	dir = lc_parent(path, &name);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	node = dbgfs_lookup(name, dir);
	lc_parent_put(dir);
	if (!node)
		return -ENOENT;
	mutex_lock(&lc_held_mutex);
	old = lc_held;
	lc_held = node;
	mutex_unlock(&lc_held_mutex);
	dbgfs_node_put(old);
	return 0;
}

static struct dbgfs_node *lc_take_held(void)
{
	struct dbgfs_node *node;

	mutex_lock(&lc_held_mutex);
	node = lc_held;
	lc_held = NULL;
	mutex_unlock(&lc_held_mutex);
	return node;
}

/* The held node, removed again or from under its directory's removal. */
static int lc_cmd_rmheld(void)
{
	struct dbgfs_node *node = lc_take_held();

	if (!node)
		return -ENOENT;
	dbgfs_remove(node);
	dbgfs_node_put(node);
	return lc_slow_check(0);
}

static int lc_cmd_larheld(char *name)
{
	struct dbgfs_node *dir = lc_take_held();

	if (!dir)
		return -ENOENT;
	dbgfs_lookup_and_remove(name, dir);
	dbgfs_node_put(dir);
	return lc_slow_check(0);
}

static int lc_cmd_rename(char *old, char *new)
{
	struct dbgfs_node *old_dir, *new_dir, *node;
	char *old_name, *new_name;
	int err;

	old_dir = lc_parent(old, &old_name);
	if (IS_ERR(old_dir))
		return PTR_ERR(old_dir);
	new_dir = lc_parent(new, &new_name);
	if (IS_ERR(new_dir)) {
		lc_parent_put(old_dir);
		return PTR_ERR(new_dir);
	}
	node = dbgfs_lookup(old_name, old_dir);
	err = node ? dbgfs_rename(old_dir, node, new_dir, new_name) : -ENOENT;
	dbgfs_node_put(node);
	lc_parent_put(new_dir);
	lc_parent_put(old_dir);
	return err;
}

static int lc_cmd_create(char *path, bool dir_wanted,
			 const struct file_operations *fops)
{
	struct dbgfs_node *dir, *node;
	char *name;

	dir = lc_parent(path, &name);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	if (dir_wanted)
		node = dbgfs_create_dir(name, dir);
	else
		node = dbgfs_create_file(name, 0644, dir, NULL, fops);
	lc_parent_put(dir);
	return PTR_ERR_OR_ZERO(node);
}

/* DIR (made if missing) gets files f0 ... f<N-1>; existing ones stay. */
static int lc_cmd_populate(char *path, unsigned int n)
{
	struct dbgfs_node *parent, *dir, *node;
	char name[16], *dname;
	unsigned int i;
	int err = 0;

	parent = lc_parent(path, &dname);
	if (IS_ERR(parent))
		return PTR_ERR(parent);
	node = dbgfs_create_dir(dname, parent);
	if (IS_ERR(node) && PTR_ERR(node) != -EEXIST) {
		lc_parent_put(parent);
		return PTR_ERR(node);
	}
	/* A reference of our own: another command may remove it meanwhile. */
	dir = dbgfs_lookup(dname, parent);
	if (!dir)
		err = -ENOENT;
	for (i = 0; i < n && !err; i++) {
		snprintf(name, sizeof(name), "f%u", i);
		node = dbgfs_create_file(name, 0444, dir, NULL, &lc_name_fops);
		if (IS_ERR(node) && PTR_ERR(node) != -EEXIST)
			err = PTR_ERR(node);
	}
	dbgfs_node_put(dir);
	lc_parent_put(parent);
	return err;
}

static int lc_exec(char *cmd)
{
	char *verb = strsep(&cmd, " ");
	char *arg1 = strsep(&cmd, " ");
	char *arg2 = strsep(&cmd, " ");
	unsigned int n;

	if (!strcmp(verb, "wake") && !arg1) {
		mutex_lock(&lc_data_mutex);
		if (lc_data) {
			WRITE_ONCE(lc_data->pending, true);
			wake_up_interruptible(&lc_data->wq);
		}
		mutex_unlock(&lc_data_mutex);
		return 0;
	}
	if (!strcmp(verb, "sigio") && !arg1) {
		kill_fasync(&lc_async_queue, SIGIO, POLL_IN);
		return 0;
	}
	if (!strcmp(verb, "mkmap") && !arg1)
		return lc_make_special(&lc_map_node, "map", 0644, &lc_map_fops);
	if (!strcmp(verb, "mkpmap") && !arg1)
		return lc_make_special(&lc_pmap_node, "pmap", 0444,
				       &lc_pmap_fops);
	if (!strcmp(verb, "mkasync") && !arg1)
		return lc_make_special(&lc_async_node, "async", 0444,
				       &lc_async_fops);
	if (!strcmp(verb, "stopslow") && !arg1) {
		WRITE_ONCE(lc_slow_stop, true);
		return 0;
	}
	if (!strcmp(verb, "rmheld") && !arg1)
		return lc_cmd_rmheld();
	if (!arg1 || !*arg1)
		return -EINVAL;
	if (!strcmp(verb, "rename") && arg2 && !cmd)
		return lc_cmd_rename(arg1, arg2);
	if (!strcmp(verb, "populate") && arg2 && !cmd)
		return kstrtouint(arg2, 0, &n) ?: lc_cmd_populate(arg1, n);
	if (arg2)
		return -EINVAL;
	if (!strcmp(verb, "remove") || !strcmp(verb, "unpopulate"))
		return lc_cmd_remove(arg1);
	if (!strcmp(verb, "create"))
		return lc_cmd_create(arg1, false, &lc_name_fops);
	if (!strcmp(verb, "slow"))
		return lc_cmd_create(arg1, false, &lc_slow_fops);
	if (!strcmp(verb, "hold"))
		return lc_cmd_hold(arg1);
	if (!strcmp(verb, "rmwait"))
		return lc_slow_check(lc_cmd_remove(arg1));
	if (!strcmp(verb, "larheld"))
		return lc_cmd_larheld(arg1);
	if (!strcmp(verb, "reaper"))
		return lc_cmd_create(arg1, false, &lc_reaper_fops);
	if (!strcmp(verb, "mkdir"))
		return lc_cmd_create(arg1, true, NULL);
	return -EINVAL;
}

static ssize_t lc_ctl_write(struct file *file, const char __user *buf,
			    size_t len, loff_t *ppos)
{
	char cmd[128];
	int err;

	if (len >= sizeof(cmd))
		return -EINVAL;
	if (copy_from_user(cmd, buf, len))
		return -EFAULT;
	cmd[len] = '\0';
	err = lc_exec(strim(cmd));
	return err ? err : len;
}

static const struct file_operations lc_ctl_fops = {
	.owner		= THIS_MODULE,
	.write		= lc_ctl_write,
};

static int lc_make(const char *name, umode_t mode,
		   const struct file_operations *fops, void *data)
{
	struct dbgfs_node *node = dbgfs_create_file(name, mode, lc_dir, data,
						    fops);

	return PTR_ERR_OR_ZERO(node);
}

static int __init lc_init(void)
{
	struct dbgfs_node *node;
	int err;

	lc_map_page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!lc_map_page)
		return -ENOMEM;
	memcpy(page_address(lc_map_page), "map\n", 4);
	lc_data = kzalloc(sizeof(*lc_data), GFP_KERNEL);
	if (!lc_data) {
		__free_page(lc_map_page);
		return -ENOMEM;
	}
	init_waitqueue_head(&lc_data->wq);
	mutex_init(&lc_data->lock);
	lc_data->len = strscpy(lc_data->buf, "data\n", sizeof(lc_data->buf));

	lc_dir = dbgfs_create_dir("lc", NULL);
	if (IS_ERR(lc_dir)) {
		kfree(lc_data);
		return PTR_ERR(lc_dir);
	}
	lc_ctl = dbgfs_create_file("ctl", 0200, lc_dir, NULL, &lc_ctl_fops);
	lc_data_node = dbgfs_create_file("data", 0644, lc_dir, lc_data,
					 &lc_data_fops);
	err = PTR_ERR_OR_ZERO(lc_ctl) ?: PTR_ERR_OR_ZERO(lc_data_node) ?:
	      lc_make("events", 0444, &lc_events_fops, NULL) ?:
	      lc_make("stats", 0444, &lc_stats_fops, NULL) ?:
	      lc_make("p600", 0600, &lc_name_fops, NULL) ?:
	      lc_make("p644", 0644, &lc_name_fops, NULL) ?:
	      lc_make("p444", 0444, &lc_name_fops, NULL) ?:
	      lc_make("chm", 0600, &lc_name_fops, NULL);
	if (!err) {
		lc_slow = dbgfs_create_file("slow", 0444, lc_dir, NULL,
					    &lc_slow_fops);
		err = PTR_ERR_OR_ZERO(lc_slow);
	}
	if (!err) {
		node = dbgfs_create_file("short", 0644, lc_dir, NULL,
					 &lc_short_fops);
		err = PTR_ERR_OR_ZERO(node);
	}
	if (!err) {
		node = dbgfs_create_symlink("link", lc_dir, "data");
		err = PTR_ERR_OR_ZERO(node);
	}
	err = err ?: lc_make_special(&lc_map_node, "map", 0644, &lc_map_fops) ?:
	      lc_make_special(&lc_pmap_node, "pmap", 0444, &lc_pmap_fops) ?:
	      lc_make_special(&lc_async_node, "async", 0444, &lc_async_fops);
	if (err) {
		dbgfs_remove(lc_dir);
		kfree(lc_data);
		__free_page(lc_map_page);
		return err;
	}
	return 0;
}

static void __exit lc_exit(void)
{
	dbgfs_node_put(lc_take_held());
	dbgfs_remove(lc_dir);
	lc_data_free(lc_data);
	/* A mapping still there would keep its own reference on the page. */
	__free_page(lc_map_page);
	pr_info("vmopens=%d vmcloses=%d async=%d\n",
		atomic_read(&lc_vm_opens), atomic_read(&lc_vm_closes),
		!!READ_ONCE(lc_async_queue));
	lc_counts_report();
}

module_init(lc_init);
module_exit(lc_exit);
MODULE_DESCRIPTION("dbgfs lifetime test client");
MODULE_LICENSE("GPL");
