// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_client: the kernel half of the random-operation fuzzer
 * (tests/guest/fuzz.c).  It makes fuzz/ with a write-only control file,
 * fuzz/ctl, which takes one command per write.  Commands name entries by
 * slot, an index into a table of FUZZ_SLOTS handles; -1 is fuzz/ itself:
 *
 *	dir S P NAME		a directory NAME in slot P, kept in slot S
 *	file S P NAME MODE	a file with full file_operations
 *	short S P NAME MODE	a file with dbgfs_short_fops
 *	u32 S P NAME MODE	a u32 file
 *	blob S P NAME MODE	a 32-byte blob file
 *	link S P NAME TARGET	a symlink
 *	adopt S P NAME		a reference to what NAME in P is (any owner's)
 *	rm S			dbgfs_remove() of slot S, then free its data
 *	put S			forget slot S: the entry stays for the cleanup
 *	lar P NAME		dbgfs_lookup_and_remove(NAME, P)
 *	mv S O D NAME		dbgfs_rename(O, S, D, NAME)
 *	chname S NAME		dbgfs_change_name(S, NAME)
 *	forget 0|1		whether exit() leaves every entry to dbgfs
 *	hook S EVENT ACTION P H	from now on each read, write or release
 *				(EVENT) of file S runs ACTION on the entry
 *				H (h0 .. h3) of slot P: mk (a file H in P,
 *				left to the cleanup if nothing removes it),
 *				rm (dbgfs_remove() of what dbgfs_lookup()
 *				finds), lar (dbgfs_lookup_and_remove()),
 *				slow (sleep 5-20 ms), none
 *	hfile P H		a file H (h0 .. h3) in slot P, as mk makes
 *
 * MODE is octal.  A bad command or slot answers -EINVAL, a create into a
 * used slot -EBUSY, an empty slot -ENOENT; otherwise the write answers the
 * API's error, or its length.  Each slot holds a reference from
 * dbgfs_lookup(), so its node stays valid whatever removes it; the data of
 * an entry (kmalloc'ed) is freed only after the slot's own dbgfs_remove()
 * has returned, or in exit() for forgotten entries.  A remover that
 * returned too early, or an operation after exit(), then touches freed
 * memory: KASAN on the debug kernel, slab poison (0x6b) in what user space
 * reads elsewhere.  Reads of file/short sleep 1 ms now and then, after
 * which they use their data, so that removals race with them.
 *
 * Removals (rm, lar) run without the table's lock, so that several
 * control writers remove at once: second removers, a parent while a
 * child drains.  Hooks make client operations re-enter dbgfs: a release
 * that the removal of its directory runs removes a sibling, a write in
 * flight while another thread removes its directory looks up and removes
 * one.  Names h0 .. h3 are only ever files that hooks make, so that a
 * hook never removes its own file or a directory above it, the one thing
 * a client's operation may not do.  Releases of file sleep now and then
 * too, after which they use their data.
 *
 * plant=1 plants a bug for testing the fuzzer by hand (fuzz
 * --client-params plant=1): a read of a file or short file that was
 * written to answers -EFAULT, which no read may.  It takes a few
 * operations in one thread, so the fuzzer should find it, replay it and
 * shrink its log to them.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/kref.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#include <dbgfs.h>
#include "scaffold.h"

#define FUZZ_SLOTS	64
#define FUZZ_BLOB	32
#define FUZZ_CMD	160

enum fuzz_kind {
	FUZZ_DIR, FUZZ_FILE, FUZZ_SHORT, FUZZ_U32, FUZZ_BLOB_KIND,
	FUZZ_LINK, FUZZ_ADOPT,
};

enum fuzz_event { FUZZ_ON_READ, FUZZ_ON_WRITE, FUZZ_ON_RELEASE, FUZZ_EVENTS };
enum fuzz_action { FUZZ_NONE, FUZZ_MK, FUZZ_RM, FUZZ_LAR, FUZZ_SLOW };

struct fuzz_ent;

/* What a file's operation does besides its own work: see "hook". */
struct fuzz_hook {
	enum fuzz_event		event;
	enum fuzz_action	action;
	struct fuzz_ent		*dir;		/* NULL: fuzz/ */
	char			name[4];
};

struct fuzz_file {
	wait_queue_head_t	wq;
	struct fasync_struct	*fasync;
	struct mutex		lock;		/* buf, len, hook */
	char			buf[48];
	size_t			len;
	atomic_t		reads;
	struct page		*page;		/* what a mapping shows */
	unsigned int		slot;
	struct fuzz_hook	hook;
};

struct fuzz_blob {
	struct dbgfs_blob_wrapper	wrapper;
	char				bytes[FUZZ_BLOB];
};

/* A slot's entry: a referenced node and the data its file uses. */
struct fuzz_ent {
	struct kref		kref;
	struct dbgfs_node	*node;		/* a dbgfs_lookup() reference */
	enum fuzz_kind		kind;
	void			*data;
	struct list_head	forgotten;
};

static DEFINE_MUTEX(fuzz_lock);		/* fuzz_slots, fuzz_forgotten */
static struct fuzz_ent *fuzz_slots[FUZZ_SLOTS];
static LIST_HEAD(fuzz_forgotten);	/* put slots: freed at exit */
static struct dbgfs_node *fuzz_root;
static bool fuzz_forget_all;
/* The data of the files hooks make: one for all, freed at exit(). */
static struct fuzz_file *fuzz_hook_data;
/* Hooks run, by action: the kernel log's line at exit() says. */
static atomic_t fuzz_hook_runs[FUZZ_SLOW + 1];
/*
 * Releases that a removal ran (the file still open), and of those the ones
 * whose hook ran a removal (of a sibling, if there was one to find): the
 * interleavings issue 32 is about, which the kernel log's line at exit()
 * counts, so that a run says how often it tried them.
 */
static atomic_t fuzz_removal_releases, fuzz_removal_reentries;

static void fuzz_ent_put(struct fuzz_ent *ent);

static bool fuzz_plant;
module_param_named(plant, fuzz_plant, bool, 0444);
MODULE_PARM_DESC(plant, "a planted bug: reads of a written file answer -EFAULT");
static unsigned int fuzz_parked;	/* fuzz_lock; see fuzz_park() */

/*
 * Frees what an entry's file used.  @removed: our own dbgfs_remove() of it
 * has returned, so its fasync list must be empty (the fuzzer looks for
 * "fuzz_client: FAIL" in the kernel log).
 */
static void fuzz_free_data(enum fuzz_kind kind, void *data, bool removed)
{
	struct fuzz_file *ff = data;

	if (!data)
		return;
	if (kind == FUZZ_FILE || kind == FUZZ_SHORT) {
		if (removed && ff->fasync)
			pr_err("FAIL: slot %u: fasync list not empty after removal\n",
			       ff->slot);
		__free_page(ff->page);
		fuzz_ent_put(ff->hook.dir);
	}
	kfree(data);
}

static void fuzz_ent_release(struct kref *kref)
{
	struct fuzz_ent *ent = container_of(kref, struct fuzz_ent, kref);

	dbgfs_node_put(ent->node);
	kfree(ent);
}

static void fuzz_ent_put(struct fuzz_ent *ent)
{
	if (ent)
		kref_put(&ent->kref, fuzz_ent_release);
}

/* File operations of file and short. */

static const struct file_operations fuzz_hook_fops;

/*
 * Runs @ff's hook if it is for @event: client code calling dbgfs from
 * within an operation, which a removal may be running or waiting for.
 */
static enum fuzz_action fuzz_run_hook(struct fuzz_file *ff,
				      enum fuzz_event event)
{
	struct fuzz_hook h;
	struct dbgfs_node *dir, *node;

	mutex_lock(&ff->lock);
	h = ff->hook;
	if (h.event != event || h.action == FUZZ_NONE) {
		mutex_unlock(&ff->lock);
		return FUZZ_NONE;
	}
	if (h.dir)
		kref_get(&h.dir->kref);
	mutex_unlock(&ff->lock);
	dir = h.dir ? h.dir->node : fuzz_root;
	atomic_inc(&fuzz_hook_runs[h.action]);
	/*
	 * A removal, half the time after a sleep: the operation stays in
	 * flight long enough for a removal of its directory to begin.
	 */
	if ((h.action == FUZZ_RM || h.action == FUZZ_LAR) &&
	    atomic_read(&ff->reads) % 2)
		usleep_range(1000, 4000);
	switch (h.action) {
	case FUZZ_MK:
		/* Its handle is not kept: rm and lar hooks remove it by name. */
		dbgfs_create_file(h.name, 0644, dir, fuzz_hook_data,
				  &fuzz_hook_fops);
		break;
	case FUZZ_RM:
		node = dbgfs_lookup(h.name, dir);
		dbgfs_remove(node);
		dbgfs_node_put(node);
		break;
	case FUZZ_LAR:
		dbgfs_lookup_and_remove(h.name, dir);
		break;
	case FUZZ_SLOW:
		usleep_range(5000, 20000);
		break;
	default:
		break;
	}
	fuzz_ent_put(h.dir);
	return h.action;
}

static int fuzz_open(struct inode *inode, struct file *file)
{
	file->private_data = inode->i_private;
	return 0;
}

static ssize_t fuzz_read(struct file *file, char __user *buf, size_t len,
			 loff_t *ppos)
{
	struct fuzz_file *ff = file_inode(file)->i_private;
	unsigned int n = atomic_inc_return(&ff->reads);
	char tmp[96];
	int out;

	if (n % 3 == 0)
		usleep_range(1000, 2000);
	fuzz_run_hook(ff, FUZZ_ON_READ);
	/* After the sleep: a removal that did not wait frees ff under us. */
	mutex_lock(&ff->lock);
	if (fuzz_plant && ff->len) {
		mutex_unlock(&ff->lock);
		return -EFAULT;
	}
	out = scnprintf(tmp, sizeof(tmp), "fuzz %u %u %.*s\n", ff->slot, n,
			(int)ff->len, ff->buf);
	mutex_unlock(&ff->lock);
	return simple_read_from_buffer(buf, len, ppos, tmp, out);
}

static ssize_t fuzz_write(struct file *file, const char __user *buf,
			  size_t len, loff_t *ppos)
{
	struct fuzz_file *ff = file_inode(file)->i_private;
	char tmp[sizeof(ff->buf)];
	size_t n = min(len, sizeof(tmp));

	if (copy_from_user(tmp, buf, n))
		return -EFAULT;
	if (atomic_read(&ff->reads) % 5 == 0)
		usleep_range(1000, 2000);
	fuzz_run_hook(ff, FUZZ_ON_WRITE);
	mutex_lock(&ff->lock);
	memcpy(ff->buf, tmp, n);
	ff->len = n;
	mutex_unlock(&ff->lock);
	wake_up_interruptible(&ff->wq);
	kill_fasync(&ff->fasync, SIGIO, POLL_IN);
	return len;
}

static __poll_t fuzz_poll(struct file *file, struct poll_table_struct *pt)
{
	struct fuzz_file *ff = file_inode(file)->i_private;

	poll_wait(file, &ff->wq, pt);
	return EPOLLIN | EPOLLRDNORM | EPOLLOUT | EPOLLWRNORM;
}

static int fuzz_fasync(int fd, struct file *file, int on)
{
	struct fuzz_file *ff = file_inode(file)->i_private;

	return fasync_helper(fd, file, on, &ff->fasync);
}

static vm_fault_t fuzz_fault(struct vm_fault *vmf)
{
	struct fuzz_file *ff = file_inode(vmf->vma->vm_file)->i_private;

	if (vmf->pgoff)
		return VM_FAULT_SIGBUS;
	get_page(ff->page);
	vmf->page = ff->page;
	return 0;
}

static const struct vm_operations_struct fuzz_vm_ops = {
	.fault	= fuzz_fault,
};

static int fuzz_mmap(struct file *file, struct vm_area_struct *vma)
{
	if (vma->vm_pgoff || vma->vm_end - vma->vm_start > PAGE_SIZE)
		return -EINVAL;
	vma->vm_ops = &fuzz_vm_ops;
	return 0;
}

static int fuzz_release(struct inode *inode, struct file *file)
{
	struct fuzz_file *ff = file->private_data;
	/* Still open: a removal runs this, not the last close. */
	bool by_removal = file_count(file);
	enum fuzz_action a;

	/*
	 * A slow release, which removal or rmmod may come during; more often
	 * when a removal runs it, whose remover another remover or an rmmod
	 * of this module may race with.
	 */
	if (atomic_inc_return(&ff->reads) % (by_removal ? 2 : 4) == 0)
		usleep_range(2000, by_removal ? 10000 : 5000);
	a = fuzz_run_hook(ff, FUZZ_ON_RELEASE);
	if (by_removal) {
		atomic_inc(&fuzz_removal_releases);
		if (a == FUZZ_RM || a == FUZZ_LAR)
			atomic_inc(&fuzz_removal_reentries);
	}
	atomic_inc(&ff->reads);	/* freed memory if run after removal */
	return 0;
}

static const struct file_operations fuzz_fops = {
	.owner		= THIS_MODULE,
	.open		= fuzz_open,
	.read		= fuzz_read,
	.write		= fuzz_write,
	.poll		= fuzz_poll,
	.fasync		= fuzz_fasync,
	.mmap		= fuzz_mmap,
	.release	= fuzz_release,
	.llseek		= default_llseek,
};

/*
 * The files hooks make: the same operations, and a lockdep class of their
 * own, since a release of file removes them (a lock class per fops).
 */
static const struct file_operations fuzz_hook_fops = {
	.owner		= THIS_MODULE,
	.open		= fuzz_open,
	.read		= fuzz_read,
	.write		= fuzz_write,
	.poll		= fuzz_poll,
	.fasync		= fuzz_fasync,
	.mmap		= fuzz_mmap,
	.release	= fuzz_release,
	.llseek		= default_llseek,
};

static const struct dbgfs_short_fops fuzz_short_fops = {
	.read	= fuzz_read,
	.write	= fuzz_write,
};

/* The control file. */

/* The node of slot @s (-1: fuzz/) with a reference on its entry. */
static int fuzz_get(int s, struct fuzz_ent **ent, struct dbgfs_node **node)
{
	lockdep_assert_held(&fuzz_lock);
	*ent = NULL;
	if (s == -1) {
		*node = fuzz_root;
		return 0;
	}
	if (s < 0 || s >= FUZZ_SLOTS)
		return -EINVAL;
	if (!fuzz_slots[s])
		return -ENOENT;
	*ent = fuzz_slots[s];
	kref_get(&(*ent)->kref);
	*node = (*ent)->node;
	return 0;
}

static void *fuzz_new_data(enum fuzz_kind kind, unsigned int slot)
{
	struct fuzz_file *ff;
	struct fuzz_blob *b;
	u32 *v;

	switch (kind) {
	case FUZZ_FILE:
	case FUZZ_SHORT:
		ff = kzalloc(sizeof(*ff), GFP_KERNEL);
		if (!ff)
			return NULL;
		ff->page = alloc_page(GFP_KERNEL | __GFP_ZERO);
		if (!ff->page) {
			kfree(ff);
			return NULL;
		}
		init_waitqueue_head(&ff->wq);
		mutex_init(&ff->lock);
		ff->slot = slot;
		return ff;
	case FUZZ_U32:
		v = kmalloc(sizeof(*v), GFP_KERNEL);
		if (v)
			*v = slot * 1000;
		return v;
	case FUZZ_BLOB_KIND:
		b = kmalloc(sizeof(*b), GFP_KERNEL);
		if (!b)
			return NULL;
		memset(b->bytes, 'A' + slot % 26, sizeof(b->bytes));
		b->wrapper.data = b->bytes;
		b->wrapper.size = sizeof(b->bytes);
		return b;
	default:
		return NULL;
	}
}

static struct dbgfs_node *fuzz_make(enum fuzz_kind kind, const char *name,
				    umode_t mode, struct dbgfs_node *parent,
				    void *data, const char *target)
{
	switch (kind) {
	case FUZZ_DIR:
		return dbgfs_create_dir(name, parent);
	case FUZZ_FILE:
		return dbgfs_create_file(name, mode, parent, data, &fuzz_fops);
	case FUZZ_SHORT:
		return dbgfs_create_file(name, mode, parent, data,
					 &fuzz_short_fops);
	case FUZZ_U32:
		return dbgfs_create_u32(name, mode, parent, data);
	case FUZZ_BLOB_KIND:
		return dbgfs_create_blob(name, mode, parent,
					 &((struct fuzz_blob *)data)->wrapper);
	case FUZZ_LINK:
		return dbgfs_create_symlink(name, parent, target);
	default:
		return ERR_PTR(-EINVAL);
	}
}

/*
 * A node that a removal running without fuzz_lock (lar by name, rm of an
 * ancestor) took away between its creation and our lookup: a removal of
 * ours spent the handle, one of another module left it to the cleanup when
 * we go.  Either way the handle is not ours to use, and the removal may
 * still be draining a file that uses @data: keep the data until exit().
 */
static void fuzz_park(struct fuzz_ent *ent, enum fuzz_kind kind, void *data,
		      struct dbgfs_node *other)
{
	lockdep_assert_held(&fuzz_lock);
	dbgfs_node_put(other);	/* a later node of the same name, if any */
	kref_init(&ent->kref);
	ent->node = NULL;
	ent->kind = kind;
	ent->data = data;
	list_add_tail(&ent->forgotten, &fuzz_forgotten);
	fuzz_parked++;
}

/* Creates (or adopts) an entry into slot @s; fuzz_lock held. */
static int fuzz_create(enum fuzz_kind kind, int s, int p, const char *name,
		       umode_t mode, const char *target)
{
	struct dbgfs_node *parent, *node = NULL, *ref;
	struct fuzz_ent *pent, *ent;
	void *data = NULL;
	int err;

	if (s < 0 || s >= FUZZ_SLOTS)
		return -EINVAL;
	if (fuzz_slots[s])
		return -EBUSY;
	if (p == -1 && !strcmp(name, "ctl"))
		return -EPERM;
	err = fuzz_get(p, &pent, &parent);
	if (err)
		return err;
	ent = kzalloc(sizeof(*ent), GFP_KERNEL);
	err = -ENOMEM;
	if (!ent)
		goto out;
	if (kind != FUZZ_DIR && kind != FUZZ_LINK && kind != FUZZ_ADOPT) {
		data = fuzz_new_data(kind, s);
		if (!data)
			goto out_free;
	}
	if (kind == FUZZ_ADOPT) {
		ref = dbgfs_lookup(name, parent);
		err = -ENOENT;
		if (!ref)
			goto out_free;
	} else {
		node = fuzz_make(kind, name, mode, parent, data, target);
		err = PTR_ERR(node);
		if (IS_ERR(node))
			goto out_free;
		ref = dbgfs_lookup(name, parent);
		if (ref != node) {
			fuzz_park(ent, kind, data, ref);
			err = -ENOENT;
			goto out;
		}
	}
	kref_init(&ent->kref);
	ent->node = ref;
	ent->kind = kind;
	ent->data = data;
	INIT_LIST_HEAD(&ent->forgotten);
	fuzz_slots[s] = ent;
	err = 0;
	goto out;

out_free:
	fuzz_free_data(kind, data, false);
	kfree(ent);
out:
	fuzz_ent_put(pent);
	return err;
}

/* Takes slot @s out of the table, its reference with it. */
static int fuzz_take(int s, struct fuzz_ent **ent)
{
	if (s < 0 || s >= FUZZ_SLOTS)
		return -EINVAL;
	mutex_lock(&fuzz_lock);
	*ent = fuzz_slots[s];
	fuzz_slots[s] = NULL;
	mutex_unlock(&fuzz_lock);
	return *ent ? 0 : -ENOENT;
}

static int fuzz_rm(int s)
{
	struct fuzz_ent *ent;
	int err = fuzz_take(s, &ent);

	if (err)
		return err;
	/* Waits for any removal of the node under way: then data is free. */
	dbgfs_remove(ent->node);
	fuzz_free_data(ent->kind, ent->data, true);
	fuzz_ent_put(ent);
	return 0;
}

static int fuzz_put(int s)
{
	struct fuzz_ent *ent;
	int err = fuzz_take(s, &ent);

	if (err)
		return err;
	/* The entry may still be in use: its data goes at exit(). */
	mutex_lock(&fuzz_lock);
	list_add_tail(&ent->forgotten, &fuzz_forgotten);
	mutex_unlock(&fuzz_lock);
	return 0;
}

static int fuzz_lar(int p, const char *name)
{
	struct dbgfs_node *parent;
	struct fuzz_ent *pent;
	int err;

	if (p == -1 && !strcmp(name, "ctl"))
		return -EPERM;
	mutex_lock(&fuzz_lock);
	err = fuzz_get(p, &pent, &parent);
	mutex_unlock(&fuzz_lock);
	if (err)
		return err;
	dbgfs_lookup_and_remove(name, parent);
	fuzz_ent_put(pent);
	return 0;
}

static int fuzz_mv(int s, int o, int d, const char *name)
{
	struct dbgfs_node *node, *old_dir, *new_dir;
	struct fuzz_ent *ent, *oent = NULL, *dent = NULL;
	int err;

	if (s == -1)
		return -EINVAL;
	mutex_lock(&fuzz_lock);
	err = fuzz_get(s, &ent, &node);
	if (!err)
		err = fuzz_get(o, &oent, &old_dir);
	if (!err)
		err = fuzz_get(d, &dent, &new_dir);
	mutex_unlock(&fuzz_lock);
	if (!err)
		err = dbgfs_rename(old_dir, node, new_dir, name);
	fuzz_ent_put(dent);
	fuzz_ent_put(oent);
	fuzz_ent_put(ent);
	return err;
}

static int fuzz_chname(int s, const char *name)
{
	struct dbgfs_node *node;
	struct fuzz_ent *ent;
	int err;

	if (s == -1)
		return -EINVAL;
	mutex_lock(&fuzz_lock);
	err = fuzz_get(s, &ent, &node);
	mutex_unlock(&fuzz_lock);
	if (!err)
		err = dbgfs_change_name(node, "%s", name);
	fuzz_ent_put(ent);
	return err;
}

/* h0 .. h3: only ever files that hooks (or hfile) make. */
static bool fuzz_hook_name(const char *name)
{
	return strlen(name) == 2 && name[0] == 'h' && name[1] >= '0' &&
	       name[1] <= '3';
}

/* A file that hooks remove, made at once: left to the cleanup. */
static int fuzz_hfile(int p, const char *name)
{
	struct dbgfs_node *dir, *node;
	struct fuzz_ent *pent;
	int err;

	if (!fuzz_hook_name(name))
		return -EINVAL;
	mutex_lock(&fuzz_lock);
	err = fuzz_get(p, &pent, &dir);
	mutex_unlock(&fuzz_lock);
	if (err)
		return err;
	node = dbgfs_create_file(name, 0644, dir, fuzz_hook_data,
				 &fuzz_hook_fops);
	fuzz_ent_put(pent);
	return PTR_ERR_OR_ZERO(node);
}

static int fuzz_hook(int s, const char *event, const char *action, int p,
		     const char *name)
{
	static const char *const events[FUZZ_EVENTS] = {
		"read", "write", "release",
	};
	static const char *const actions[] = {
		[FUZZ_NONE] = "none", [FUZZ_MK] = "mk", [FUZZ_RM] = "rm",
		[FUZZ_LAR] = "lar", [FUZZ_SLOW] = "slow",
	};
	struct dbgfs_node *node, *dir;
	struct fuzz_ent *ent, *pent, *old;
	struct fuzz_file *ff;
	int e, a, err;

	e = match_string(events, ARRAY_SIZE(events), event);
	a = match_string(actions, ARRAY_SIZE(actions), action);
	if (e < 0 || a < 0 || !fuzz_hook_name(name))
		return -EINVAL;
	if (s == -1)
		return -EINVAL;
	/* Under fuzz_lock: an rm that takes the slot frees its data. */
	mutex_lock(&fuzz_lock);
	err = fuzz_get(s, &ent, &node);
	if (!err && ent->kind != FUZZ_FILE) {
		fuzz_ent_put(ent);
		err = -EINVAL;
	}
	if (!err) {
		err = fuzz_get(p, &pent, &dir);
		if (err)
			fuzz_ent_put(ent);
	}
	if (err) {
		mutex_unlock(&fuzz_lock);
		return err;
	}
	ff = ent->data;
	mutex_lock(&ff->lock);
	old = ff->hook.dir;
	ff->hook.event = e;
	ff->hook.action = a;
	ff->hook.dir = pent;
	strscpy(ff->hook.name, name, sizeof(ff->hook.name));
	mutex_unlock(&ff->lock);
	mutex_unlock(&fuzz_lock);
	fuzz_ent_put(old);
	fuzz_ent_put(ent);
	return 0;
}

static const struct {
	const char	*cmd;
	enum fuzz_kind	kind;
} fuzz_creators[] = {
	{ "dir", FUZZ_DIR }, { "file", FUZZ_FILE }, { "short", FUZZ_SHORT },
	{ "u32", FUZZ_U32 }, { "blob", FUZZ_BLOB_KIND },
	{ "link", FUZZ_LINK }, { "adopt", FUZZ_ADOPT },
};

static int fuzz_command(char *line)
{
	char cmd[8], name[32], extra[64], event[8], action[8];
	unsigned int mode;
	int s, p, d, n, i, err;

	n = sscanf(line, "%7s %d %d %31s %63s", cmd, &s, &p, name, extra);
	if (n < 2)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(fuzz_creators); i++) {
		enum fuzz_kind kind = fuzz_creators[i].kind;

		if (strcmp(cmd, fuzz_creators[i].cmd))
			continue;
		mode = 0;
		if (n < 4 || (kind == FUZZ_LINK && n < 5))
			return -EINVAL;
		if (kind != FUZZ_DIR && kind != FUZZ_LINK &&
		    kind != FUZZ_ADOPT) {
			if (n < 5 || kstrtouint(extra, 8, &mode) ||
			    mode & ~07777)
				return -EINVAL;
		}
		mutex_lock(&fuzz_lock);
		err = fuzz_create(kind, s, p, name, mode, extra);
		mutex_unlock(&fuzz_lock);
		return err;
	}
	if (!strcmp(cmd, "rm") && n == 2)
		return fuzz_rm(s);
	if (!strcmp(cmd, "put") && n == 2)
		return fuzz_put(s);
	if (!strcmp(cmd, "forget") && n == 2 && (s == 0 || s == 1)) {
		WRITE_ONCE(fuzz_forget_all, s);
		return 0;
	}
	/* lar P NAME: the second field is the parent. */
	if (!strcmp(cmd, "lar") &&
	    sscanf(line, "%7s %d %31s", cmd, &p, name) == 3)
		return fuzz_lar(p, name);
	if (!strcmp(cmd, "hfile") &&
	    sscanf(line, "%7s %d %31s", cmd, &p, name) == 3)
		return fuzz_hfile(p, name);
	if (!strcmp(cmd, "chname") &&
	    sscanf(line, "%7s %d %31s", cmd, &s, name) == 3)
		return fuzz_chname(s, name);
	if (!strcmp(cmd, "mv") &&
	    sscanf(line, "%7s %d %d %d %31s", cmd, &s, &p, &d, name) == 5)
		return fuzz_mv(s, p, d, name);
	if (!strcmp(cmd, "hook") &&
	    sscanf(line, "%7s %d %7s %7s %d %31s", cmd, &s, event, action, &p,
		   name) == 6)
		return fuzz_hook(s, event, action, p, name);
	return -EINVAL;
}

static ssize_t fuzz_ctl_write(struct file *file, const char __user *ubuf,
			      size_t len, loff_t *ppos)
{
	char buf[FUZZ_CMD];
	int err;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	err = fuzz_command(buf);
	return err ? err : len;
}

static const struct dbgfs_short_fops fuzz_ctl_fops = {
	.write	= fuzz_ctl_write,
};

static int __init fuzz_init(void)
{
	struct dbgfs_node *ctl;

	fuzz_hook_data = fuzz_new_data(FUZZ_FILE, FUZZ_SLOTS);
	if (!fuzz_hook_data)
		return -ENOMEM;
	fuzz_root = dbgfs_create_dir("fuzz", NULL);
	if (IS_ERR(fuzz_root)) {
		fuzz_free_data(FUZZ_FILE, fuzz_hook_data, false);
		return PTR_ERR(fuzz_root);
	}
	ctl = dbgfs_create_file("ctl", 0200, fuzz_root, NULL, &fuzz_ctl_fops);
	if (IS_ERR(ctl)) {
		dbgfs_remove(fuzz_root);
		fuzz_free_data(FUZZ_FILE, fuzz_hook_data, false);
		return PTR_ERR(ctl);
	}
	return 0;
}

/* What a forgotten file's data must see to before exit() frees it. */
static void fuzz_file_gone(struct fuzz_file *ff)
{
	dbgfs_test_data_gone(&ff->wq, &ff->fasync);
}

static void __exit fuzz_exit(void)
{
	bool forget = READ_ONCE(fuzz_forget_all);
	struct fuzz_ent *ent, *tmp;
	int s;

	/* No command runs now: dbgfs holds this module for each. */
	for (s = 0; s < FUZZ_SLOTS; s++) {
		ent = fuzz_slots[s];
		if (!ent)
			continue;
		fuzz_slots[s] = NULL;
		if (forget) {
			list_add_tail(&ent->forgotten, &fuzz_forgotten);
			continue;
		}
		dbgfs_remove(ent->node);
		fuzz_free_data(ent->kind, ent->data, true);
		fuzz_ent_put(ent);
	}
	if (!forget)
		dbgfs_remove(fuzz_root);
	if (fuzz_parked)
		pr_info("%u new entries were removed before their lookup\n",
			fuzz_parked);
	pr_info("hooks ran: mk %d, rm %d, lar %d, slow %d\n",
		atomic_read(&fuzz_hook_runs[FUZZ_MK]),
		atomic_read(&fuzz_hook_runs[FUZZ_RM]),
		atomic_read(&fuzz_hook_runs[FUZZ_LAR]),
		atomic_read(&fuzz_hook_runs[FUZZ_SLOW]));
	pr_info("releases run by a removal: %d, of which ran an rm or lar hook: %d\n",
		atomic_read(&fuzz_removal_releases),
		atomic_read(&fuzz_removal_reentries));
	/*
	 * What is forgotten stays for dbgfs' cleanup after this returns,
	 * which runs none of this module's code: its data can go now, once
	 * the poll forwarders dbgfs keeps on our wait queues are told that
	 * the queues go, and a grace period has passed (wake_up_pollfree()),
	 * and once the files on its fasync lists have left them.  The files
	 * that hooks made and nothing removed are forgotten too.
	 */
	list_for_each_entry(ent, &fuzz_forgotten, forgotten)
		if (ent->data && (ent->kind == FUZZ_FILE ||
				  ent->kind == FUZZ_SHORT))
			fuzz_file_gone(ent->data);
	fuzz_file_gone(fuzz_hook_data);
	synchronize_rcu();
	fuzz_free_data(FUZZ_FILE, fuzz_hook_data, false);
	list_for_each_entry_safe(ent, tmp, &fuzz_forgotten, forgotten) {
		list_del(&ent->forgotten);
		fuzz_free_data(ent->kind, ent->data, false);
		fuzz_ent_put(ent);
	}
}

module_init(fuzz_init);
module_exit(fuzz_exit);

MODULE_DESCRIPTION("dbgfs test: the kernel half of the random-operation fuzzer");
MODULE_LICENSE("GPL");
