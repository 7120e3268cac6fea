// SPDX-License-Identifier: GPL-2.0
/*
 * dbgfs_bench: the kernel half of the benchmark (bench/bench.c is the
 * other).  It makes the same entries in the kernel's debugfs, in dbgfs and
 * in sysfs, in the same boot, and times their creation and removal with
 * ktime; and it registers the floor, a filesystem of its own whose entries
 * cost nothing but what the VFS charges for instantiating on lookup.
 *
 * User space drives it through two module parameters, outside the
 * filesystems so that the control path is not measured:
 *
 *   echo "create FS SHAPE N THREADS" >/sys/module/dbgfs_bench/parameters/cmd
 *   echo "remove FS" >/sys/module/dbgfs_bench/parameters/cmd
 *   echo settle >/sys/module/dbgfs_bench/parameters/cmd
 *   cat /sys/module/dbgfs_bench/parameters/result
 *
 * FS is debugfs, dbgfs, sysfs or floor, SHAPE flat (N u32 files in
 * ROOT/bench_tree) or tree (N u32 files under ROOT/bench_tree/tK/, K per
 * thread, in a tree of directories with fan-out 16), THREADS 1 (in the
 * writer) or 2 (kthreads, each making half of the files).  remove takes the
 * tree away with the threads that made it: one debugfs_remove() /
 * dbgfs_remove() / kobject_put() of the top for one thread; for two, each
 * removes its half (flat: by name, with *_lookup_and_remove() or
 * sysfs_remove_file(); tree: its subtree), then the top goes.  settle waits
 * for RCU callbacks, so that freed memory shows in /proc/meminfo.  result
 * holds the last command's "ns=NS files=N".
 *
 * sysfs: ROOT is /sys/kernel/bench_sysfs, a kobject; each directory is a
 * kobject, each file an attribute (sysfs_create_file(), a u32's show and
 * store).  The floor (filesystem type dbgfs_bench_floor, mount point
 * /sys/kernel/bench_floor) has no nodes: its create and remove only set
 * the shape and N (ns=0, one thread), its ->lookup() parses the name and
 * makes an inode with new_inode() (no inode hash) for d_splice_alias(),
 * its readdir makes the names from the numbers.
 *
 * For the read benchmarks ROOT/bench/u64 (a u64) exists in the four
 * filesystems, ROOT/bench/blob (a 64 MiB blob) in debugfs and dbgfs, while
 * the module is loaded.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/dcache.h>
#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/kobject.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/vmalloc.h>

#include <dbgfs.h>

#define BENCH_MAX_FILES		(1U << 20)
#define BENCH_MAX_THREADS	2
#define BENCH_MAX_LEVELS	5	/* 16^6 files and more */
#define BENCH_BLOB_SIZE		(64UL << 20)

/*
 * The operations of one filesystem, on opaque handles; file i is named
 * bench_names[i].  The floor has none: bench_create() and bench_remove()
 * only set its shape.
 */
struct bench_fs {
	const char	*name;
	void		*(*mkdir)(const char *name, void *parent);
	int		(*mkfile)(unsigned int i, void *parent);
	void		(*remove)(void *node);
	void		(*remove_file)(unsigned int i, void *parent);
	/* ROOT/bench: the u64 and the blob */
	void		*files;
	/* ROOT/bench_tree, and what made it */
	void		*top;
	void		*sub[BENCH_MAX_THREADS];
	unsigned int	nr_files;
	unsigned int	threads;
	bool		tree;
};

/*
 * "f<i>" for every file a command names, made before its clock starts: the
 * time is the filesystems', not snprintf()'s (14% of dbgfs' samples in
 * creation, 10% of debugfs', doc/bench.md).  Grown to the largest N yet,
 * with sysfs' attributes of the same names (sysfs keeps a pointer to its
 * attribute as a module's static ones are kept: vmalloc, outside Slab).
 */
#define BENCH_NAME_LEN		12
static char (*bench_names)[BENCH_NAME_LEN];
static struct kobj_attribute *bench_attrs;
static unsigned int bench_nr_names;
static const char * const bench_hex[16] = {
	"0", "1", "2", "3", "4", "5", "6", "7",
	"8", "9", "a", "b", "c", "d", "e", "f",
};

static u32 bench_u32;
static u64 bench_u64 = 0x0123456789abcdefULL;
static void *bench_blob_data;
static struct debugfs_blob_wrapper bench_debugfs_blob;
static struct dbgfs_blob_wrapper bench_dbgfs_blob;

static void *bench_debugfs_mkdir(const char *name, void *parent)
{
	return debugfs_create_dir(name, parent);
}

static int bench_debugfs_mkfile(unsigned int i, void *parent)
{
	debugfs_create_u32(bench_names[i], 0644, parent, &bench_u32);
	return 0;
}

static void bench_debugfs_remove(void *node)
{
	debugfs_remove(node);
}

static void bench_debugfs_remove_file(unsigned int i, void *parent)
{
	debugfs_lookup_and_remove(bench_names[i], parent);
}

static void *bench_dbgfs_mkdir(const char *name, void *parent)
{
	return dbgfs_create_dir(name, parent);
}

static int bench_dbgfs_mkfile(unsigned int i, void *parent)
{
	return PTR_ERR_OR_ZERO(dbgfs_create_u32(bench_names[i], 0644, parent,
						&bench_u32));
}

static void bench_dbgfs_remove(void *node)
{
	dbgfs_remove(node);
}

static void bench_dbgfs_remove_file(unsigned int i, void *parent)
{
	dbgfs_lookup_and_remove(bench_names[i], parent);
}

/*
 * sysfs: a directory is a kobject with the list of its children, so that
 * removal puts them deepest first, as their owner would.
 */
struct bench_kdir {
	struct kobject		kobj;
	struct list_head	children;
	struct list_head	sibling;
};

/* The children lists; two kthreads make and remove their halves at once. */
static DEFINE_SPINLOCK(bench_kdir_lock);
static struct bench_kdir *bench_sysfs_root;

static void bench_kdir_release(struct kobject *kobj)
{
	kfree(container_of(kobj, struct bench_kdir, kobj));
}

static const struct kobj_type bench_kdir_ktype = {
	.release	= bench_kdir_release,
	.sysfs_ops	= &kobj_sysfs_ops,
};

static struct bench_kdir *bench_kdir_new(const char *name,
					 struct bench_kdir *parent)
{
	struct bench_kdir *dir = kzalloc(sizeof(*dir), GFP_KERNEL);
	int err;

	if (!dir)
		return ERR_PTR(-ENOMEM);
	INIT_LIST_HEAD(&dir->children);
	INIT_LIST_HEAD(&dir->sibling);
	err = kobject_init_and_add(&dir->kobj, &bench_kdir_ktype,
				   parent ? &parent->kobj : kernel_kobj,
				   "%s", name);
	if (err) {
		kobject_put(&dir->kobj);
		return ERR_PTR(err);
	}
	if (parent) {
		spin_lock(&bench_kdir_lock);
		list_add_tail(&dir->sibling, &parent->children);
		spin_unlock(&bench_kdir_lock);
	}
	return dir;
}

static void bench_kdir_remove(struct bench_kdir *dir)
{
	struct bench_kdir *child, *next;

	list_for_each_entry_safe(child, next, &dir->children, sibling)
		bench_kdir_remove(child);
	spin_lock(&bench_kdir_lock);
	list_del_init(&dir->sibling);
	spin_unlock(&bench_kdir_lock);
	kobject_put(&dir->kobj);
}

static ssize_t bench_sysfs_u32_show(struct kobject *kobj,
				    struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", bench_u32);
}

static ssize_t bench_sysfs_u32_store(struct kobject *kobj,
				     struct kobj_attribute *attr,
				     const char *buf, size_t count)
{
	int err = kstrtou32(buf, 0, &bench_u32);

	return err ? err : count;
}

static ssize_t bench_sysfs_u64_show(struct kobject *kobj,
				    struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%llu\n", bench_u64);
}

static struct kobj_attribute bench_sysfs_u64 =
	__ATTR(u64, 0444, bench_sysfs_u64_show, NULL);

static void *bench_sysfs_mkdir(const char *name, void *parent)
{
	return bench_kdir_new(name, parent ? parent : bench_sysfs_root);
}

static int bench_sysfs_mkfile(unsigned int i, void *parent)
{
	struct bench_kdir *dir = parent;

	return sysfs_create_file(&dir->kobj, &bench_attrs[i].attr);
}

static void bench_sysfs_remove(void *node)
{
	bench_kdir_remove(node);
}

static void bench_sysfs_remove_file(unsigned int i, void *parent)
{
	struct bench_kdir *dir = parent;

	sysfs_remove_file(&dir->kobj, &bench_attrs[i].attr);
}

/*
 * The floor.  An inode's number says what it is: the fixed ones below, file
 * j (FLOOR_FILE + j), or directory FLOOR_DIR(l, p) of the tree, which holds
 * the files j with j >> 4l == p: its children are directories (l - 1,
 * 16p + d) named by the hex digit d, files for l = 1.  ROOT/bench_tree is
 * the file directory of [0, N) for a flat shape; for a tree it holds t0,
 * FLOOR_DIR(levels + 1, 0): the names bench_create_tree() gives a tree one
 * thread made.
 */
#define FLOOR_ROOT		1
#define FLOOR_BENCH		2
#define FLOOR_U64		3
#define FLOOR_TOP		4
#define FLOOR_FILE		16
#define FLOOR_DIR_BIT		(1UL << 28)
#define FLOOR_DIR(l, p)		(FLOOR_DIR_BIT | (unsigned long)(l) << 20 | (p))
#define FLOOR_MAGIC		0x666c6f72	/* "flor" */

/* The shape: N (0: no bench_tree), tree or flat, the tree's levels. */
static unsigned int floor_n, floor_levels;
static bool floor_tree;
/* The super block while mounted, to drop the dentries of a past shape. */
static DEFINE_MUTEX(floor_mutex);
static struct super_block *floor_sb;

static const struct inode_operations floor_dir_iops;
static const struct file_operations floor_dir_fops, floor_file_fops;

static struct inode *floor_inode(struct super_block *sb, unsigned long ino)
{
	struct inode *inode = new_inode(sb);

	if (!inode)
		return NULL;
	inode->i_ino = ino;
	if (ino == FLOOR_U64 || (ino >= FLOOR_FILE && ino < FLOOR_DIR_BIT)) {
		inode->i_mode = S_IFREG | 0444;
		inode->i_fop = &floor_file_fops;
	} else {
		inode->i_mode = S_IFDIR | 0755;
		inode->i_op = &floor_dir_iops;
		inode->i_fop = &floor_dir_fops;
		set_nlink(inode, 2);
	}
	return inode;
}

/* The files [*lo, *hi) of directory @ino, false if it holds directories. */
static bool floor_file_range(unsigned long ino, unsigned int *lo,
			     unsigned int *hi)
{
	unsigned int n = READ_ONCE(floor_n), p;

	if (ino == FLOOR_TOP && !READ_ONCE(floor_tree)) {
		*lo = 0;
		*hi = n;
		return true;
	}
	if (!(ino & FLOOR_DIR_BIT) || ((ino >> 20) & 0xff) != 1)
		return false;
	p = ino & 0xfffff;
	*lo = min(16 * p, n);
	*hi = min(16 * p + 16, n);
	return true;
}

/* Whether directory (l, p) exists: it holds file p << 4l at least. */
static bool floor_dir_exists(unsigned int l, unsigned long p)
{
	return l <= READ_ONCE(floor_levels) + 1 &&
	       p << (4 * l) < READ_ONCE(floor_n);
}

/* "f<j>", j in decimal without leading zeros, or -1. */
static long floor_parse_file(const char *name)
{
	unsigned long j = 0;
	const char *c;

	if (name[0] != 'f' || !name[1] || (name[1] == '0' && name[2]))
		return -1;
	for (c = name + 1; *c; c++) {
		if (*c < '0' || *c > '9' || j >= BENCH_MAX_FILES)
			return -1;
		j = 10 * j + *c - '0';
	}
	return j;
}

static unsigned long floor_child(unsigned long dir, const char *name)
{
	unsigned int lo, hi, l;
	unsigned long p;
	long j;

	if (dir == FLOOR_ROOT) {
		if (!strcmp(name, "bench"))
			return FLOOR_BENCH;
		if (!strcmp(name, "bench_tree") && READ_ONCE(floor_n))
			return FLOOR_TOP;
		return 0;
	}
	if (dir == FLOOR_BENCH)
		return strcmp(name, "u64") ? 0 : FLOOR_U64;
	if (floor_file_range(dir, &lo, &hi)) {
		j = floor_parse_file(name);
		return j >= lo && j < hi ? FLOOR_FILE + j : 0;
	}
	if (dir == FLOOR_TOP)
		return strcmp(name, "t0") ? 0 :
		       FLOOR_DIR(READ_ONCE(floor_levels) + 1, 0);
	if (!(dir & FLOOR_DIR_BIT) || name[1])
		return 0;
	l = (dir >> 20) & 0xff;
	if (name[0] >= '0' && name[0] <= '9')
		p = 16 * (dir & 0xfffff) + name[0] - '0';
	else if (name[0] >= 'a' && name[0] <= 'f')
		p = 16 * (dir & 0xfffff) + name[0] - 'a' + 10;
	else
		return 0;
	return floor_dir_exists(l - 1, p) ? FLOOR_DIR(l - 1, p) : 0;
}

static struct dentry *floor_lookup(struct inode *dir, struct dentry *dentry,
				   unsigned int flags)
{
	unsigned long ino = floor_child(dir->i_ino, dentry->d_name.name);
	struct inode *inode = NULL;

	if (ino) {
		inode = floor_inode(dir->i_sb, ino);
		if (!inode)
			return ERR_PTR(-ENOMEM);
	}
	return d_splice_alias(inode, dentry);
}

static int floor_readdir(struct file *file, struct dir_context *ctx)
{
	unsigned long dir = file_inode(file)->i_ino, p;
	unsigned int lo, hi, l;
	char name[BENCH_NAME_LEN];
	loff_t k;

	if (!dir_emit_dots(file, ctx))
		return 0;
	k = ctx->pos - 2;
	if (dir == FLOOR_ROOT) {
		if (k == 0 && !dir_emit(ctx, "bench", 5, FLOOR_BENCH, DT_DIR))
			return 0;
		if (k <= 1 && READ_ONCE(floor_n) &&
		    !dir_emit(ctx, "bench_tree", 10, FLOOR_TOP, DT_DIR))
			return 0;
		ctx->pos = 4;
		return 0;
	}
	if (dir == FLOOR_BENCH) {
		if (k == 0 && dir_emit(ctx, "u64", 3, FLOOR_U64, DT_REG))
			ctx->pos++;
		return 0;
	}
	if (floor_file_range(dir, &lo, &hi)) {
		for (; k < hi - lo; k++, ctx->pos++) {
			snprintf(name, sizeof(name), "f%u", (unsigned int)(lo + k));
			if (!dir_emit(ctx, name, strlen(name),
				      FLOOR_FILE + lo + k, DT_REG))
				return 0;
		}
		return 0;
	}
	if (dir == FLOOR_TOP) {
		if (k == 0 && dir_emit(ctx, "t0", 2,
				       FLOOR_DIR(READ_ONCE(floor_levels) + 1, 0),
				       DT_DIR))
			ctx->pos++;
		return 0;
	}
	l = (dir >> 20) & 0xff;
	for (; k < 16; k++, ctx->pos++) {
		p = 16 * (dir & 0xfffff) + k;
		if (!floor_dir_exists(l - 1, p))
			break;
		if (!dir_emit(ctx, bench_hex[k], 1, FLOOR_DIR(l - 1, p), DT_DIR))
			return 0;
	}
	return 0;
}

static ssize_t floor_read(struct file *file, char __user *buf, size_t len,
			  loff_t *ppos)
{
	char text[24];
	int n;

	if (file_inode(file)->i_ino == FLOOR_U64)
		n = snprintf(text, sizeof(text), "%llu\n", bench_u64);
	else
		n = snprintf(text, sizeof(text), "%u\n", bench_u32);
	return simple_read_from_buffer(buf, len, ppos, text, n);
}

static const struct inode_operations floor_dir_iops = {
	.lookup		= floor_lookup,
};

static const struct file_operations floor_dir_fops = {
	.owner		= THIS_MODULE,
	.read		= generic_read_dir,
	.iterate_shared	= floor_readdir,
	.llseek		= generic_file_llseek,
};

static const struct file_operations floor_file_fops = {
	.owner		= THIS_MODULE,
	.read		= floor_read,
	.llseek		= default_llseek,
};

/* An inode goes with its last dentry: nothing would find it again. */
static int floor_drop_inode(struct inode *inode)
{
	return 1;
}

static const struct super_operations floor_super_ops = {
	.statfs		= simple_statfs,
	.drop_inode	= floor_drop_inode,
};

static int floor_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct inode *inode;

	sb->s_blocksize = PAGE_SIZE;
	sb->s_blocksize_bits = PAGE_SHIFT;
	sb->s_magic = FLOOR_MAGIC;
	sb->s_op = &floor_super_ops;
	inode = floor_inode(sb, FLOOR_ROOT);
	sb->s_root = d_make_root(inode);
	if (!sb->s_root)
		return -ENOMEM;
	mutex_lock(&floor_mutex);
	floor_sb = sb;
	mutex_unlock(&floor_mutex);
	return 0;
}

static int floor_get_tree(struct fs_context *fc)
{
	return get_tree_single(fc, floor_fill_super);
}

static const struct fs_context_operations floor_context_ops = {
	.get_tree	= floor_get_tree,
};

static int floor_init_fs_context(struct fs_context *fc)
{
	fc->ops = &floor_context_ops;
	return 0;
}

static void floor_kill_sb(struct super_block *sb)
{
	mutex_lock(&floor_mutex);
	floor_sb = NULL;
	mutex_unlock(&floor_mutex);
	kill_anon_super(sb);
}

static struct file_system_type floor_fs_type = {
	.owner			= THIS_MODULE,
	.name			= "dbgfs_bench_floor",
	.init_fs_context	= floor_init_fs_context,
	.kill_sb		= floor_kill_sb,
};

/* A new shape: the dentries of the last one go (none is in use). */
static void floor_set(unsigned int n, bool tree, unsigned int levels)
{
	WRITE_ONCE(floor_n, n);
	WRITE_ONCE(floor_tree, tree);
	WRITE_ONCE(floor_levels, levels);
	mutex_lock(&floor_mutex);
	if (floor_sb)
		shrink_dcache_sb(floor_sb);
	mutex_unlock(&floor_mutex);
}

static struct bench_fs bench_fss[] = {
	{
		.name		= "debugfs",
		.mkdir		= bench_debugfs_mkdir,
		.mkfile		= bench_debugfs_mkfile,
		.remove		= bench_debugfs_remove,
		.remove_file	= bench_debugfs_remove_file,
	},
	{
		.name		= "dbgfs",
		.mkdir		= bench_dbgfs_mkdir,
		.mkfile		= bench_dbgfs_mkfile,
		.remove		= bench_dbgfs_remove,
		.remove_file	= bench_dbgfs_remove_file,
	},
	{
		.name		= "sysfs",
		.mkdir		= bench_sysfs_mkdir,
		.mkfile		= bench_sysfs_mkfile,
		.remove		= bench_sysfs_remove,
		.remove_file	= bench_sysfs_remove_file,
	},
	{
		.name		= "floor",
	},
};

#define BENCH_SYSFS	(&bench_fss[2])

/* One thread's share of a command. */
struct bench_work {
	struct bench_fs		*fs;
	void			*dir;	/* flat: the top; tree: its subtree */
	unsigned int		first;
	unsigned int		count;
	bool			tree;
	bool			remove;
	int			err;
	struct completion	done;
};

static int bench_names_make(unsigned int n)
{
	char (*names)[BENCH_NAME_LEN];
	struct kobj_attribute *attrs;
	unsigned int i;

	if (n <= bench_nr_names)
		return 0;
	/* sysfs' files point at the attributes. */
	if (BENCH_SYSFS->top)
		return -EBUSY;
	names = vmalloc(array_size(n, BENCH_NAME_LEN));
	attrs = vzalloc(array_size(n, sizeof(*attrs)));
	if (!names || !attrs) {
		vfree(names);
		vfree(attrs);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++) {
		snprintf(names[i], BENCH_NAME_LEN, "f%u", i);
		sysfs_attr_init(&attrs[i].attr);
		attrs[i].attr.name = names[i];
		attrs[i].attr.mode = 0644;
		attrs[i].show = bench_sysfs_u32_show;
		attrs[i].store = bench_sysfs_u32_store;
	}
	vfree(bench_names);
	vfree(bench_attrs);
	bench_names = names;
	bench_attrs = attrs;
	bench_nr_names = n;
	return 0;
}

static int bench_create_flat(struct bench_work *w)
{
	unsigned int i;
	int err;

	for (i = w->first; i < w->first + w->count; i++) {
		err = w->fs->mkfile(i, w->dir);
		if (err)
			return err;
	}
	return 0;
}

/* Directory levels above the files, so that none has more than 16 entries. */
static unsigned int bench_levels(unsigned int count)
{
	unsigned int levels = 0;

	while (levels < BENCH_MAX_LEVELS &&
	       count > 1U << (4 * (levels + 1)))
		levels++;
	return levels;
}

/*
 * File j of the subtree sits in the directories named by the hex digits of
 * j above its last one: j = 0x1a2 is d/1/a/f<first + j> with two levels.
 * Files come in order, so each directory is made once, when its first file
 * is due.
 */
static int bench_create_tree(struct bench_work *w)
{
	void *dirs[BENCH_MAX_LEVELS + 2];
	unsigned int levels = bench_levels(w->count);
	unsigned int j, l;
	void *dir;
	int err;

	dirs[levels + 1] = w->dir;
	for (j = 0; j < w->count; j++) {
		for (l = levels; l >= 1; l--) {
			if (j & ((1U << (4 * l)) - 1))
				continue;
			dir = w->fs->mkdir(bench_hex[(j >> (4 * l)) & 15],
					   dirs[l + 1]);
			if (IS_ERR(dir))
				return PTR_ERR(dir);
			dirs[l] = dir;
		}
		err = w->fs->mkfile(w->first + j, dirs[1]);
		if (err)
			return err;
	}
	return 0;
}

static int bench_remove_part(struct bench_work *w)
{
	unsigned int i;

	if (w->tree) {
		w->fs->remove(w->dir);
		return 0;
	}
	for (i = w->first; i < w->first + w->count; i++)
		w->fs->remove_file(i, w->dir);
	return 0;
}

static int bench_do_work(struct bench_work *w)
{
	if (w->remove)
		return bench_remove_part(w);
	return w->tree ? bench_create_tree(w) : bench_create_flat(w);
}

static int bench_thread(void *data)
{
	struct bench_work *w = data;

	w->err = bench_do_work(w);
	kthread_complete_and_exit(&w->done, 0);
}

/*
 * Runs @nr works, in this thread for one, in as many kthreads otherwise,
 * and returns the nanoseconds from the first start to the last end.
 */
static s64 bench_run(struct bench_work *works, unsigned int nr, int *err)
{
	struct task_struct *tasks[BENCH_MAX_THREADS];
	unsigned int i;
	u64 start;

	*err = 0;
	if (nr == 1) {
		start = ktime_get_ns();
		*err = bench_do_work(&works[0]);
		return ktime_get_ns() - start;
	}
	for (i = 0; i < nr; i++) {
		init_completion(&works[i].done);
		tasks[i] = kthread_create(bench_thread, &works[i],
					  "dbgfs_bench/%u", i);
		if (IS_ERR(tasks[i])) {
			*err = PTR_ERR(tasks[i]);
			while (i--)
				kthread_stop(tasks[i]);
			return 0;
		}
	}
	start = ktime_get_ns();
	for (i = 0; i < nr; i++)
		wake_up_process(tasks[i]);
	for (i = 0; i < nr; i++) {
		wait_for_completion(&works[i].done);
		if (works[i].err && !*err)
			*err = works[i].err;
	}
	return ktime_get_ns() - start;
}

static char bench_result[128] = "none\n";

static void bench_set_result(s64 ns, unsigned int files)
{
	snprintf(bench_result, sizeof(bench_result), "ns=%lld files=%u\n",
		 ns, files);
}

static void bench_split(struct bench_fs *fs, struct bench_work *works,
			bool remove)
{
	unsigned int i, per = fs->nr_files / fs->threads;

	for (i = 0; i < fs->threads; i++) {
		works[i] = (struct bench_work) {
			.fs	= fs,
			.dir	= fs->tree ? fs->sub[i] : fs->top,
			.first	= i * per,
			.count	= i == fs->threads - 1 ?
				  fs->nr_files - i * per : per,
			.tree	= fs->tree,
			.remove	= remove,
		};
	}
}

static int bench_create(struct bench_fs *fs, bool tree, unsigned int n,
			unsigned int threads)
{
	struct bench_work works[BENCH_MAX_THREADS];
	char name[8];
	unsigned int i;
	void *dir;
	int err;
	s64 ns;

	if (fs->top)
		return -EBUSY;
	if (!n || n > BENCH_MAX_FILES || !threads ||
	    threads > BENCH_MAX_THREADS)
		return -EINVAL;
	if (!fs->mkfile) {
		/* The floor: a shape, made by one thread. */
		if (threads != 1)
			return -EINVAL;
		floor_set(n, tree, bench_levels(n));
		fs->top = fs;
		fs->nr_files = n;
		bench_set_result(0, n);
		return 0;
	}
	err = bench_names_make(n);
	if (err)
		return err;
	dir = fs->mkdir("bench_tree", NULL);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	fs->top = dir;
	fs->tree = tree;
	fs->nr_files = n;
	fs->threads = threads;
	memset(fs->sub, 0, sizeof(fs->sub));
	/* Each thread's subtree root is made first, outside the timing. */
	for (i = 0; tree && i < threads; i++) {
		snprintf(name, sizeof(name), "t%u", i);
		dir = fs->mkdir(name, fs->top);
		if (IS_ERR(dir)) {
			err = PTR_ERR(dir);
			goto fail;
		}
		fs->sub[i] = dir;
	}
	bench_split(fs, works, false);
	ns = bench_run(works, threads, &err);
	if (err)
		goto fail;
	bench_set_result(ns, n);
	return 0;

fail:
	fs->remove(fs->top);
	fs->top = NULL;
	return err;
}

static int bench_remove(struct bench_fs *fs)
{
	struct bench_work works[BENCH_MAX_THREADS];
	u64 start;
	s64 ns = 0;
	int err = 0;

	if (!fs->top)
		return -ENOENT;
	if (!fs->mkfile) {
		floor_set(0, false, 0);
		fs->top = NULL;
		bench_set_result(0, fs->nr_files);
		return 0;
	}
	if (fs->threads > 1) {
		bench_split(fs, works, true);
		ns = bench_run(works, fs->threads, &err);
	}
	start = ktime_get_ns();
	fs->remove(fs->top);
	ns += ktime_get_ns() - start;
	fs->top = NULL;
	bench_set_result(ns, fs->nr_files);
	return err;
}

static struct bench_fs *bench_find_fs(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bench_fss); i++)
		if (!strcmp(name, bench_fss[i].name))
			return &bench_fss[i];
	return NULL;
}

static int bench_cmd_set(const char *val, const struct kernel_param *kp)
{
	char verb[8], fsname[8], shape[8];
	unsigned int n, threads;
	struct bench_fs *fs;
	int args;

	args = sscanf(val, "%7s %7s %7s %u %u", verb, fsname, shape, &n,
		      &threads);
	if (args == 1 && !strcmp(verb, "settle")) {
		synchronize_rcu();
		rcu_barrier();
		bench_set_result(0, 0);
		return 0;
	}
	if (args < 2)
		return -EINVAL;
	fs = bench_find_fs(fsname);
	if (!fs)
		return -EINVAL;
	if (args == 2 && !strcmp(verb, "remove"))
		return bench_remove(fs);
	if (args == 5 && !strcmp(verb, "create") &&
	    (!strcmp(shape, "flat") || !strcmp(shape, "tree")))
		return bench_create(fs, !strcmp(shape, "tree"), n, threads);
	return -EINVAL;
}

static const struct kernel_param_ops bench_cmd_ops = {
	.set	= bench_cmd_set,
};
module_param_cb(cmd, &bench_cmd_ops, NULL, 0200);
MODULE_PARM_DESC(cmd, "create FS flat|tree N THREADS, remove FS, settle");

static int bench_result_get(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PAGE_SIZE, "%s", bench_result);
}

static const struct kernel_param_ops bench_result_ops = {
	.get	= bench_result_get,
};
module_param_cb(result, &bench_result_ops, NULL, 0444);
MODULE_PARM_DESC(result, "the last command's ns=NS files=N");

static void bench_remove_all(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bench_fss); i++) {
		if (!bench_fss[i].mkfile)
			continue;
		if (bench_fss[i].top)
			bench_fss[i].remove(bench_fss[i].top);
		if (!IS_ERR_OR_NULL(bench_fss[i].files))
			bench_fss[i].remove(bench_fss[i].files);
	}
	if (!IS_ERR_OR_NULL(bench_sysfs_root))
		bench_kdir_remove(bench_sysfs_root);
}

static int __init bench_init(void)
{
	struct bench_fs *fs;
	struct dentry *d;
	void *node;
	int err;

	bench_blob_data = vmalloc(BENCH_BLOB_SIZE);
	if (!bench_blob_data)
		return -ENOMEM;
	memset(bench_blob_data, 0x5a, BENCH_BLOB_SIZE);
	bench_debugfs_blob.data = bench_blob_data;
	bench_debugfs_blob.size = BENCH_BLOB_SIZE;
	bench_dbgfs_blob.data = bench_blob_data;
	bench_dbgfs_blob.size = BENCH_BLOB_SIZE;

	err = -ENOMEM;
	fs = &bench_fss[0];
	fs->files = debugfs_create_dir("bench", NULL);
	if (IS_ERR(fs->files))
		goto fail;
	debugfs_create_u64("u64", 0444, fs->files, &bench_u64);
	d = debugfs_create_blob("blob", 0444, fs->files, &bench_debugfs_blob);
	if (IS_ERR(d))
		goto fail;

	fs = &bench_fss[1];
	fs->files = dbgfs_create_dir("bench", NULL);
	if (IS_ERR(fs->files))
		goto fail;
	node = dbgfs_create_u64("u64", 0444, fs->files, &bench_u64);
	if (IS_ERR(node))
		goto fail;
	node = dbgfs_create_blob("blob", 0444, fs->files, &bench_dbgfs_blob);
	if (IS_ERR(node))
		goto fail;

	/* sysfs: /sys/kernel/bench_sysfs and its bench/u64. */
	fs = BENCH_SYSFS;
	bench_sysfs_root = bench_kdir_new("bench_sysfs", NULL);
	if (IS_ERR(bench_sysfs_root))
		goto fail;
	fs->files = bench_kdir_new("bench", bench_sysfs_root);
	if (IS_ERR(fs->files))
		goto fail;
	node = fs->files;
	err = sysfs_create_file(&((struct bench_kdir *)node)->kobj,
				&bench_sysfs_u64.attr);
	if (err)
		goto fail;

	fs = &bench_fss[3];
	err = sysfs_create_mount_point(kernel_kobj, "bench_floor");
	if (err)
		goto fail;
	err = register_filesystem(&floor_fs_type);
	if (err) {
		sysfs_remove_mount_point(kernel_kobj, "bench_floor");
		goto fail;
	}
	return 0;

fail:
	pr_err("cannot make the %s files\n", fs->name);
	bench_remove_all();
	vfree(bench_blob_data);
	return err;
}

static void __exit bench_exit(void)
{
	unregister_filesystem(&floor_fs_type);
	sysfs_remove_mount_point(kernel_kobj, "bench_floor");
	bench_remove_all();
	vfree(bench_blob_data);
	vfree(bench_names);
	vfree(bench_attrs);
}

module_init(bench_init);
module_exit(bench_exit);

MODULE_DESCRIPTION("dbgfs against debugfs, sysfs and a floor: creation and removal timed");
MODULE_LICENSE("GPL");
