// SPDX-License-Identifier: GPL-2.0
/*
 * dbgfs_bench: the kernel half of the benchmark (bench/bench.c is the
 * other).  It makes the same entries in the kernel's debugfs and in dbgfs,
 * in the same boot, and times their creation and removal with ktime.
 *
 * User space drives it through two module parameters, outside both
 * filesystems so that the control path is not measured:
 *
 *   echo "create FS SHAPE N THREADS" >/sys/module/dbgfs_bench/parameters/cmd
 *   echo "remove FS" >/sys/module/dbgfs_bench/parameters/cmd
 *   echo settle >/sys/module/dbgfs_bench/parameters/cmd
 *   cat /sys/module/dbgfs_bench/parameters/result
 *
 * FS is debugfs or dbgfs, SHAPE flat (N u32 files in ROOT/bench_tree) or
 * tree (N u32 files under ROOT/bench_tree/tK/, K per thread, in a tree of
 * directories with fan-out 16), THREADS 1 (in the writer) or 2 (kthreads,
 * each making half of the files).  remove takes the tree away with the
 * threads that made it: one debugfs_remove()/dbgfs_remove() of the top for
 * one thread; for two, each removes its half (flat: by name, with
 * *_lookup_and_remove(); tree: its subtree), then the top goes.  settle
 * waits for RCU callbacks, so that freed memory shows in /proc/meminfo.
 * result holds the last command's "ns=NS files=N".
 *
 * For the read benchmarks ROOT/bench/u64 (a u64) and ROOT/bench/blob (a
 * 64 MiB blob) exist in both filesystems while the module is loaded.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include <dbgfs.h>

#define BENCH_MAX_FILES		(1U << 20)
#define BENCH_MAX_THREADS	2
#define BENCH_MAX_LEVELS	5	/* 16^6 files and more */
#define BENCH_BLOB_SIZE		(64UL << 20)

/* The operations of one filesystem, on opaque handles. */
struct bench_fs {
	const char	*name;
	void		*(*mkdir)(const char *name, void *parent);
	int		(*mkfile)(const char *name, void *parent);
	void		(*remove)(void *node);
	void		(*lookup_and_remove)(const char *name, void *parent);
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
 * creation, 10% of debugfs', doc/bench.md).  Grown to the largest N yet.
 */
#define BENCH_NAME_LEN		12
static char (*bench_names)[BENCH_NAME_LEN];
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

static int bench_debugfs_mkfile(const char *name, void *parent)
{
	debugfs_create_u32(name, 0644, parent, &bench_u32);
	return 0;
}

static void bench_debugfs_remove(void *node)
{
	debugfs_remove(node);
}

static void bench_debugfs_lookup_and_remove(const char *name, void *parent)
{
	debugfs_lookup_and_remove(name, parent);
}

static void *bench_dbgfs_mkdir(const char *name, void *parent)
{
	return dbgfs_create_dir(name, parent);
}

static int bench_dbgfs_mkfile(const char *name, void *parent)
{
	return PTR_ERR_OR_ZERO(dbgfs_create_u32(name, 0644, parent,
						&bench_u32));
}

static void bench_dbgfs_remove(void *node)
{
	dbgfs_remove(node);
}

static void bench_dbgfs_lookup_and_remove(const char *name, void *parent)
{
	dbgfs_lookup_and_remove(name, parent);
}

static struct bench_fs bench_fss[] = {
	{
		.name			= "debugfs",
		.mkdir			= bench_debugfs_mkdir,
		.mkfile			= bench_debugfs_mkfile,
		.remove			= bench_debugfs_remove,
		.lookup_and_remove	= bench_debugfs_lookup_and_remove,
	},
	{
		.name			= "dbgfs",
		.mkdir			= bench_dbgfs_mkdir,
		.mkfile			= bench_dbgfs_mkfile,
		.remove			= bench_dbgfs_remove,
		.lookup_and_remove	= bench_dbgfs_lookup_and_remove,
	},
};

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
	unsigned int i;

	if (n <= bench_nr_names)
		return 0;
	names = vmalloc(array_size(n, BENCH_NAME_LEN));
	if (!names)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		snprintf(names[i], BENCH_NAME_LEN, "f%u", i);
	vfree(bench_names);
	bench_names = names;
	bench_nr_names = n;
	return 0;
}

static int bench_create_flat(struct bench_work *w)
{
	unsigned int i;
	int err;

	for (i = w->first; i < w->first + w->count; i++) {
		err = w->fs->mkfile(bench_names[i], w->dir);
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
		err = w->fs->mkfile(bench_names[w->first + j], dirs[1]);
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
		w->fs->lookup_and_remove(bench_names[i], w->dir);
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
		if (bench_fss[i].top)
			bench_fss[i].remove(bench_fss[i].top);
		if (!IS_ERR_OR_NULL(bench_fss[i].files))
			bench_fss[i].remove(bench_fss[i].files);
	}
}

static int __init bench_init(void)
{
	struct bench_fs *fs;
	struct dentry *d;
	void *node;

	bench_blob_data = vmalloc(BENCH_BLOB_SIZE);
	if (!bench_blob_data)
		return -ENOMEM;
	memset(bench_blob_data, 0x5a, BENCH_BLOB_SIZE);
	bench_debugfs_blob.data = bench_blob_data;
	bench_debugfs_blob.size = BENCH_BLOB_SIZE;
	bench_dbgfs_blob.data = bench_blob_data;
	bench_dbgfs_blob.size = BENCH_BLOB_SIZE;

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
	return 0;

fail:
	pr_err("cannot make the %s files\n", fs->name);
	bench_remove_all();
	vfree(bench_blob_data);
	return -ENOMEM;
}

static void __exit bench_exit(void)
{
	bench_remove_all();
	vfree(bench_blob_data);
	vfree(bench_names);
}

module_init(bench_init);
module_exit(bench_exit);

MODULE_DESCRIPTION("dbgfs against debugfs: creation and removal timed");
MODULE_LICENSE("GPL");
