// SPDX-License-Identifier: GPL-2.0
/*
 * In-kernel tests of the dbgfs API (include/dbgfs.h and doc/design.md, section 3):
 * return values, error codes, names at the limits, lookup references,
 * rename and removal semantics, and a walk of the fail_nth knob over every
 * allocation of every create path.  The tests run in module init and print
 * KTAP through ktap.h; exit removes what is left.
 *
 * This is a white-box test: it includes the module's internal.h to read
 * node fields (reference counts, flags, the children of a directory).  The
 * tree lock is not exported, so those reads are done without it; that is
 * safe because nothing but this module touches the nodes it creates while
 * its init runs.  Everything lives under the directory "api_test" in the
 * root, which must have no other client creating entries meanwhile.
 */
#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/namei.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <dbgfs.h>
#include "internal.h"
#include "ktap.h"

#define FAIL_NTH	"/sys/module/dbgfs/parameters/fail_nth"
#define MAX_WALK	32

static struct ktap t;
static struct dbgfs_node *root;		/* dbgfs' root, for white-box checks */
static struct dbgfs_node *top;		/* "api_test": all that this makes */
static int data;			/* the creators' data pointer */
static char long_name[NAME_MAX + 2];	/* NAME_MAX + 1 characters */

static ssize_t api_read(struct file *file, char __user *buf, size_t len,
			loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, "api\n", 4);
}

static ssize_t api_write(struct file *file, const char __user *buf,
			 size_t len, loff_t *ppos)
{
	return len;
}

static const struct file_operations full_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= api_read,
	.write	= api_write,
	.llseek	= default_llseek,
};

static const struct dbgfs_short_fops short_fops = {
	.read	= api_read,
	.write	= api_write,
	.llseek	= default_llseek,
};

/* Not const: dbgfs_create_file() must pick the short creator anyway. */
static struct dbgfs_short_fops mutable_short_fops = {
	.read	= api_read,
};

/*
 * Operations that no other node uses, one set per fail walk, so that the
 * walk meets the allocation of a new proxy too.
 */
static const struct file_operations walk_file_fops = {
	.owner	= THIS_MODULE,
	.read	= api_read,
};

static const struct file_operations walk_size_fops = {
	.owner	= THIS_MODULE,
	.read	= api_read,
	.llseek	= default_llseek,
};

static const struct dbgfs_short_fops walk_short_fops = {
	.write	= api_write,
};

/* White-box helpers. */

/* Walks the buckets, rather than reading the table's count. */
static unsigned int nr_children(struct dbgfs_node *dir)
{
	struct dbgfs_children *c = dir->dir.children;
	struct dbgfs_node *child;
	unsigned int i, n = 0;

	for (i = 0; c && i < c->size; i++)
		for (child = c->bucket[i]; child; child = child->sibling)
			n++;
	return n;
}

/* The most children one bucket of @dir holds. */
static unsigned int longest_bucket(struct dbgfs_node *dir)
{
	struct dbgfs_children *c = dir->dir.children;
	struct dbgfs_node *child;
	unsigned int i, n, longest = 0;

	for (i = 0; c && i < c->size; i++) {
		n = 0;
		for (child = c->bucket[i]; child; child = child->sibling)
			n++;
		longest = max(longest, n);
	}
	return longest;
}

/*
 * Whether the children of @dir come out of the buckets in strictly
 * increasing (hash, name), readdir's order, and as many as counted.
 */
static bool children_in_order(struct dbgfs_node *dir)
{
	struct dbgfs_children *c = dir->dir.children;
	struct dbgfs_node *child, *prev = NULL;
	unsigned int i;

	for (i = 0; c && i < c->size; i++) {
		for (child = c->bucket[i]; child; child = child->sibling) {
			if (prev && (prev->hash > child->hash ||
				     (prev->hash == child->hash &&
				      strcmp(dbgfs_node_name(prev),
					     dbgfs_node_name(child)) >= 0)))
				return false;
			prev = child;
		}
	}
	return !c || nr_children(dir) == c->nr;
}

static unsigned int count_of(struct dbgfs_node *node)
{
	return refcount_read(&node->count);
}

static bool removed(struct dbgfs_node *node)
{
	return node->flags & DBGFS_NODE_REMOVED;
}

struct dir_snap {
	struct dbgfs_node	*dir;
	unsigned int		children;
	unsigned int		subdirs;
	unsigned int		count;
};

static void snap(struct dir_snap *s, struct dbgfs_node *dir)
{
	s->dir = dir;
	s->children = nr_children(dir);
	s->subdirs = dir->dir.nr_subdirs;
	s->count = count_of(dir);
}

/* The directory has the children, subdirectories and references it had. */
static bool same(const struct dir_snap *s)
{
	return nr_children(s->dir) == s->children &&
	       s->dir->dir.nr_subdirs == s->subdirs &&
	       count_of(s->dir) == s->count;
}

/* dbgfs_lookup() finds nothing of that name, and takes no reference. */
static bool absent(const char *name, struct dbgfs_node *dir)
{
	struct dbgfs_node *node = dbgfs_lookup(name, dir);

	dbgfs_node_put(node);
	return !node;
}

/* dbgfs_lookup() finds @node under @name; the reference is dropped. */
static bool found(const char *name, struct dbgfs_node *dir,
		  struct dbgfs_node *node)
{
	struct dbgfs_node *got = dbgfs_lookup(name, dir);

	dbgfs_node_put(got);
	return got && got == node;
}

static long err_of(const void *ptr)
{
	return IS_ERR(ptr) ? PTR_ERR(ptr) : 0;
}

static bool fault_knob = true;
module_param(fault_knob, bool, 0444);
MODULE_PARM_DESC(fault_knob, "dbgfs has the fail_nth knob (DBGFS_FAULT=1)");

static int set_fail_nth(unsigned int n)
{
	struct file *file;
	char buf[16];
	loff_t pos = 0;
	ssize_t ret;
	int len;

	file = filp_open(FAIL_NTH, O_WRONLY, 0);
	if (IS_ERR(file))
		return PTR_ERR(file);
	len = scnprintf(buf, sizeof(buf), "%u\n", n);
	ret = kernel_write(file, buf, len, &pos);
	filp_close(file, NULL);
	if (ret < 0)
		return ret;
	return ret == len ? 0 : -EIO;
}

/*
 * The fail_nth walk.  @attempt runs one create path; for N = 1, 2, ... the
 * N-th allocation on it fails, until it succeeds.  Every failure must be
 * -ENOMEM and leave @dir (and @dir2) as they were, @absent not found in
 * @absent_dir, and @present (if any) still found in @dir.
 */
struct fail_case {
	const char		*path;
	int			(*attempt)(struct fail_case *fc);
	struct dbgfs_node	*dir;
	struct dbgfs_node	*dir2;
	const char		*name;		/* what is created */
	const char		*absent;	/* not there after a failure */
	struct dbgfs_node	*absent_dir;
	struct dbgfs_node	*node;		/* what is renamed, or made */
	const char		*old_name;	/* ... and its name before */
	unsigned int		min_allocs;
};

static bool fail_clean(struct fail_case *fc, const struct dir_snap *s1,
		       const struct dir_snap *s2)
{
	if (!same(s1) || (fc->dir2 && !same(s2)))
		return false;
	if (!absent(fc->absent, fc->absent_dir))
		return false;
	/* A rename that failed left the node where and what it was. */
	if (fc->old_name)
		return found(fc->old_name, fc->dir, fc->node) &&
		       !strcmp(dbgfs_node_name(fc->node), fc->old_name) &&
		       fc->node->parent == fc->dir;
	return true;
}

/* Without the knob (a build without DBGFS_FAULT): the path just works. */
static void fail_path_once(struct fail_case *fc)
{
	int err = fc->attempt(fc);

	ktap_expect(&t, !err,
		    "fail_nth %s: no knob in this build; the path succeeds (got %d)",
		    fc->path, err);
}

static void fail_walk(struct fail_case *fc)
{
	struct dir_snap s1, s2;
	unsigned int n, allocs = 0;
	int err = -ENOMEM, knob = 0;
	bool clean = true;

	if (!fault_knob) {
		fail_path_once(fc);
		return;
	}
	for (n = 1; n <= MAX_WALK; n++) {
		snap(&s1, fc->dir);
		if (fc->dir2)
			snap(&s2, fc->dir2);
		knob = set_fail_nth(n);
		if (knob)
			break;
		err = fc->attempt(fc);
		knob = set_fail_nth(0);
		if (knob || !err)
			break;
		allocs++;
		if (!ktap_expect(&t, err == -ENOMEM && fail_clean(fc, &s1, &s2),
				 "fail_nth %s: allocation %u failing gives -ENOMEM and leaves the tree unchanged (got %d)",
				 fc->path, n, err)) {
			clean = false;
			break;
		}
	}
	ktap_expect(&t, !knob, "fail_nth %s: writing %s works (got %d)",
		    fc->path, FAIL_NTH, knob);
	ktap_expect(&t, clean && !err,
		    "fail_nth %s: succeeds once the knob is past its allocations (got %d after %u)",
		    fc->path, err, allocs);
	ktap_expect(&t, clean && allocs >= fc->min_allocs,
		    "fail_nth %s: has %u allocations, each failing cleanly (at least %u expected)",
		    fc->path, allocs, fc->min_allocs);
}

static int attempt_dir(struct fail_case *fc)
{
	fc->node = dbgfs_create_dir(fc->name, fc->dir);
	return err_of(fc->node);
}

static int attempt_file(struct fail_case *fc)
{
	fc->node = dbgfs_create_file(fc->name, 0644, fc->dir, &data,
				     &walk_file_fops);
	return err_of(fc->node);
}

static int attempt_short(struct fail_case *fc)
{
	fc->node = dbgfs_create_file(fc->name, 0200, fc->dir, &data,
				     &walk_short_fops);
	return err_of(fc->node);
}

static int attempt_file_size(struct fail_case *fc)
{
	fc->node = dbgfs_create_file_size(fc->name, 0444, fc->dir, &data,
					  &walk_size_fops, 4096);
	return err_of(fc->node);
}

static int attempt_symlink(struct fail_case *fc)
{
	fc->node = dbgfs_create_symlink(fc->name, fc->dir, "../target");
	return err_of(fc->node);
}

static int attempt_rename(struct fail_case *fc)
{
	return dbgfs_rename(fc->dir, fc->node, fc->dir2, fc->name);
}

static int attempt_change_name(struct fail_case *fc)
{
	return dbgfs_change_name(fc->node, "changed-%d", 7);
}

/*
 * The first test, before this module owns anything: the creation of its
 * top directory meets the allocation of its owner record too.
 */
static void test_fail_top(void)
{
	struct fail_case fc = {
		.path = "create_dir (first of its module)",
		.attempt = attempt_dir, .dir = root, .name = "api_test",
		.absent = "api_test", .absent_dir = root, .min_allocs = 3,
	};

	fail_walk(&fc);
	top = IS_ERR(fc.node) ? NULL : fc.node;
}

static void test_fail_paths(void)
{
	struct dbgfs_node *walk, *walk2, *walk3, *mv, *cn;
	struct fail_case fc;

	walk = dbgfs_create_dir("walk", top);
	walk2 = dbgfs_create_dir("walk2", top);
	walk3 = dbgfs_create_dir("walk3", top);
	mv = dbgfs_create_file("mv", 0444, walk, &data, &full_fops);
	cn = dbgfs_create_dir("cn", walk);
	if (!ktap_expect(&t, !IS_ERR(walk) && !IS_ERR(walk2) &&
			 !IS_ERR(walk3) && !IS_ERR(mv) && !IS_ERR(cn),
			 "fail_nth: set up the walk directories"))
		return;

	/* Names longer than a pointer: their copy is an allocation too. */
	fc = (struct fail_case){ .path = "create_dir", .attempt = attempt_dir,
		.dir = walk, .name = "walked-dir", .absent = "walked-dir",
		.absent_dir = walk, .min_allocs = 2 };
	fail_walk(&fc);
	fc = (struct fail_case){ .path = "create_file", .attempt = attempt_file,
		.dir = walk, .name = "walked-file", .absent = "walked-file",
		.absent_dir = walk, .min_allocs = 3 };
	fail_walk(&fc);
	/* The node, its name and the directory's first children table. */
	fc = (struct fail_case){ .path = "create_file (first of its directory)",
		.attempt = attempt_file, .dir = walk3, .name = "walked-first",
		.absent = "walked-first", .absent_dir = walk3, .min_allocs = 3 };
	fail_walk(&fc);
	ktap_expect(&t, walk3->dir.children && nr_children(walk3) == 1,
		    "fail_nth create_file (first of its directory): the directory has its table");
	fc = (struct fail_case){ .path = "create_file (short fops)",
		.attempt = attempt_short, .dir = walk, .name = "walked-short",
		.absent = "walked-short", .absent_dir = walk, .min_allocs = 3 };
	fail_walk(&fc);
	fc = (struct fail_case){ .path = "create_file_size",
		.attempt = attempt_file_size, .dir = walk, .name = "walked-sized",
		.absent = "walked-sized", .absent_dir = walk, .min_allocs = 3 };
	fail_walk(&fc);
	if (!IS_ERR(fc.node))
		ktap_expect(&t, dbgfs_file_size(fc.node) == 4096,
			    "fail_nth create_file_size: the size is kept");
	fc = (struct fail_case){ .path = "create_symlink",
		.attempt = attempt_symlink, .dir = walk, .name = "walked-link",
		.absent = "walked-link", .absent_dir = walk, .min_allocs = 3 };
	fail_walk(&fc);
	fc = (struct fail_case){ .path = "rename (across directories)",
		.attempt = attempt_rename, .dir = walk, .dir2 = walk2,
		.node = mv, .name = "moved", .old_name = "mv",
		.absent = "moved", .absent_dir = walk2, .min_allocs = 1 };
	fail_walk(&fc);
	ktap_expect(&t, mv->parent == walk2 && found("moved", walk2, mv) &&
		    absent("mv", walk),
		    "fail_nth rename: the successful rename moved the node");
	fc = (struct fail_case){ .path = "change_name",
		.attempt = attempt_change_name, .dir = walk, .node = cn,
		.old_name = "cn", .absent = "changed-7", .absent_dir = walk,
		.min_allocs = 1 };
	fail_walk(&fc);
	ktap_expect(&t, found("changed-7", walk, cn) && absent("cn", walk) &&
		    walk->dir.nr_subdirs == 2,
		    "fail_nth change_name: the successful change renamed the node");
}

static void test_initialized(void)
{
	ktap_expect(&t, dbgfs_initialized(), "dbgfs_initialized() is true");
}

static void test_create(void)
{
	static const struct dbgfs_short_fops *no_short_fops;
	static const char target[] = "dir/target";
	struct dbgfs_node *d, *f, *s, *m, *z, *zs, *l, *n, *ns, *i;
	struct dir_snap before;

	snap(&before, top);
	d = dbgfs_create_dir("dir", top);
	if (ktap_expect_ptr_err(&t, d, 0, "create_dir"))
		ktap_expect(&t, d->mode == (S_IFDIR | 0755) && d->parent == top &&
			    found("dir", top, d) && !nr_children(d),
			    "create_dir: a 0755 directory, empty, in its parent");
	ktap_expect(&t, top->dir.nr_subdirs == before.subdirs + 1 &&
		    count_of(top) == before.count + 1,
		    "create_dir: the parent counts the subdirectory and is referenced by it");

	f = dbgfs_create_file("file", 0644, top, &data, &full_fops);
	if (ktap_expect_ptr_err(&t, f, 0, "create_file (full fops)"))
		ktap_expect(&t, f->mode == (S_IFREG | 0644) &&
			    !(f->flags & DBGFS_NODE_SHORT_FOPS) &&
			    dbgfs_client_ops(f) == &full_fops &&
			    f->file.data == &data && dbgfs_file_size(f) == 0 &&
			    !(f->flags & DBGFS_NODE_SIZED) && f->file.proxy &&
			    found("file", top, f),
			    "create_file: mode, fops, data and size 0 kept, found by lookup");
	ktap_expect(&t, top->dir.nr_subdirs == before.subdirs + 1,
		    "create_file: not counted as a subdirectory");

	s = dbgfs_create_file("short", 0444, top, &data, &short_fops);
	if (ktap_expect_ptr_err(&t, s, 0, "create_file (const short fops)"))
		ktap_expect(&t, (s->flags & DBGFS_NODE_SHORT_FOPS) &&
			    dbgfs_client_ops(s) == &short_fops &&
			    s->mode == (S_IFREG | 0444) && s->file.data == &data,
			    "create_file: _Generic picked the short fops creator");

	m = dbgfs_create_file("mutable", 0400, top, NULL, &mutable_short_fops);
	if (ktap_expect_ptr_err(&t, m, 0, "create_file (non-const short fops)"))
		ktap_expect(&t, (m->flags & DBGFS_NODE_SHORT_FOPS) &&
			    dbgfs_client_ops(m) == &mutable_short_fops &&
			    !m->file.data,
			    "create_file: non-const short fops are short fops too");

	/* First of its kind: no proxy for NULL operations exists yet. */
	ns = dbgfs_create_file("nofops-short", 0444, top, &data, no_short_fops);
	if (ktap_expect_ptr_err(&t, ns, 0, "create_file (NULL short fops)"))
		ktap_expect(&t, (ns->flags & DBGFS_NODE_SHORT_FOPS) &&
			    !dbgfs_client_ops(ns) && ns->file.proxy,
			    "create_file: a NULL short fops pointer makes a file with a proxy");

	n = dbgfs_create_file("nofops", 0444, top, &data, NULL);
	if (ktap_expect_ptr_err(&t, n, 0, "create_file (NULL fops)"))
		ktap_expect(&t, !(n->flags & DBGFS_NODE_SHORT_FOPS) &&
			    !dbgfs_client_ops(n) && n->file.proxy,
			    "create_file: NULL fops make a file with a proxy");

	i = dbgfs_create_file("ifreg", S_IFREG | 0600, top, &data, &full_fops);
	if (ktap_expect_ptr_err(&t, i, 0, "create_file (mode with S_IFREG)"))
		ktap_expect(&t, i->mode == (S_IFREG | 0600),
			    "create_file: S_IFREG in the mode is accepted");

	z = dbgfs_create_file_size("sized", 0444, top, &data, &full_fops,
				   123456789012LL);
	if (ktap_expect_ptr_err(&t, z, 0, "create_file_size (full fops)"))
		ktap_expect(&t, (z->flags & DBGFS_NODE_SIZED) &&
			    dbgfs_file_size(z) == 123456789012LL &&
			    dbgfs_client_ops(z) == &full_fops &&
			    !(z->flags & DBGFS_NODE_SHORT_FOPS),
			    "create_file_size: the size is the file's i_size");

	zs = dbgfs_create_file_size("sized-short", 0444, top, &data,
				    &short_fops, 77);
	if (ktap_expect_ptr_err(&t, zs, 0, "create_file_size (short fops)"))
		ktap_expect(&t, dbgfs_file_size(zs) == 77 &&
			    (zs->flags & DBGFS_NODE_SHORT_FOPS),
			    "create_file_size: short fops and the size kept");

	l = dbgfs_create_symlink("link", top, target);
	if (ktap_expect_ptr_err(&t, l, 0, "create_symlink"))
		ktap_expect(&t, l->mode == (S_IFLNK | 0777) &&
			    !strcmp(l->link.target, target) &&
			    l->link.target != target && found("link", top, l),
			    "create_symlink: a 0777 link whose target is a copy");
	if (!IS_ERR(d) && !IS_ERR(f) && !IS_ERR(s) && !IS_ERR(l))
		ktap_expect(&t, dbgfs_node_module(d) == THIS_MODULE &&
			    dbgfs_node_module(f) == THIS_MODULE &&
			    dbgfs_node_module(s) == THIS_MODULE &&
			    dbgfs_node_module(l) == THIS_MODULE &&
			    !dbgfs_node_module(root),
			    "every kind of entry knows the module that made it; dbgfs' root none");

	snap(&before, top);
	ktap_expect_ptr_err(&t, dbgfs_create_symlink("nolink", top, NULL),
			    -EINVAL, "create_symlink: a NULL target is -EINVAL");
	ktap_expect(&t, same(&before) && absent("nolink", top),
		    "create_symlink: a NULL target leaves the tree unchanged");
}

enum creator { C_DIR, C_FILE, C_SHORT, C_SIZE, C_SYMLINK, NR_CREATORS };

static const char * const creator_names[NR_CREATORS] = {
	"create_dir", "create_file", "create_file (short)", "create_file_size",
	"create_symlink",
};

static struct dbgfs_node *create(enum creator c, const char *name,
				 struct dbgfs_node *parent)
{
	switch (c) {
	case C_DIR:
		return dbgfs_create_dir(name, parent);
	case C_FILE:
		return dbgfs_create_file(name, 0444, parent, &data, &full_fops);
	case C_SHORT:
		return dbgfs_create_file(name, 0444, parent, &data, &short_fops);
	case C_SIZE:
		return dbgfs_create_file_size(name, 0444, parent, &data,
					      &full_fops, 10);
	default:
		return dbgfs_create_symlink(name, parent, "target");
	}
}

static const struct {
	const char	*name;
	const char	*desc;
} bad_names[] = {
	{ NULL,		"NULL" },
	{ "",		"empty" },
	{ ".",		"\".\"" },
	{ "..",		"\"..\"" },
	{ "a/b",	"\"a/b\"" },
	{ "/",		"\"/\"" },
	{ "a/",		"\"a/\"" },
	{ "/a",		"\"/a\"" },
};

/* Names shorter than a pointer live in the node: at the edge, and renamed. */
static void test_name_storage(struct dbgfs_node *dir)
{
	static const char seven[] = "seven77", eight[] = "eight888";
	static const char longer[] = "a-name-longer-than-a-pointer";
	struct dbgfs_node *a, *b;
	bool short_a, short_b;
	int err;

	a = dbgfs_create_dir(seven, dir);
	b = dbgfs_create_file(eight, 0444, dir, NULL, &full_fops);
	if (!ktap_expect(&t, !IS_ERR(a) && !IS_ERR(b),
			 "name storage: a 7- and an 8-character name"))
		return;
	short_a = a->flags & DBGFS_NODE_SHORT_NAME;
	short_b = b->flags & DBGFS_NODE_SHORT_NAME;
	ktap_expect(&t, short_a && !short_b && found(seven, dir, a) &&
		    found(eight, dir, b) &&
		    !strcmp(dbgfs_node_name(a), seven) &&
		    !strcmp(dbgfs_node_name(b), eight),
		    "name storage: 7 characters in the node, 8 not, both found (%d, %d)",
		    short_a, short_b);
	err = dbgfs_rename(dir, a, dir, longer);
	ktap_expect(&t, !err && !(a->flags & DBGFS_NODE_SHORT_NAME) &&
		    found(longer, dir, a) && absent(seven, dir) &&
		    !strcmp(dbgfs_node_name(a), longer),
		    "name storage: a short name renamed to a long one (%d)", err);
	err = dbgfs_rename(dir, b, dir, "b");
	ktap_expect(&t, !err && (b->flags & DBGFS_NODE_SHORT_NAME) &&
		    found("b", dir, b) && absent(eight, dir) &&
		    !strcmp(dbgfs_node_name(b), "b"),
		    "name storage: a long name renamed to a short one (%d)", err);
	err = dbgfs_rename(dir, a, dir, eight);
	ktap_expect(&t, !err && found(eight, dir, a) && absent(longer, dir) &&
		    !strcmp(dbgfs_node_name(a), eight),
		    "name storage: a long name renamed to another long one (%d)",
		    err);
	dbgfs_remove(a);
	dbgfs_remove(b);
	ktap_expect(&t, absent(eight, dir) && absent("b", dir),
		    "name storage: both removed");
}

static void test_names(void)
{
	struct dbgfs_node *dir, *node;
	struct dir_snap before;
	char max_name[NAME_MAX + 1];
	static const char * const odd[] = { "...", ".a", "a b", "-", "a.." };
	enum creator c;
	unsigned int i;

	dir = dbgfs_create_dir("names", top);
	if (!ktap_expect(&t, !IS_ERR(dir), "names: set up"))
		return;
	memset(max_name, 'n', NAME_MAX);
	max_name[NAME_MAX] = '\0';

	for (c = 0; c < NR_CREATORS; c++) {
		for (i = 0; i < ARRAY_SIZE(bad_names); i++) {
			snap(&before, dir);
			node = create(c, bad_names[i].name, dir);
			ktap_expect(&t, err_of(node) == -EINVAL && same(&before),
				    "%s: name %s is -EINVAL, tree unchanged (got %ld)",
				    creator_names[c], bad_names[i].desc,
				    err_of(node));
		}
		snap(&before, dir);
		node = create(c, long_name, dir);
		ktap_expect(&t, err_of(node) == -ENAMETOOLONG && same(&before) &&
			    absent(long_name, dir),
			    "%s: a name of NAME_MAX + 1 is -ENAMETOOLONG, tree unchanged (got %ld)",
			    creator_names[c], err_of(node));
		node = create(c, max_name, dir);
		ktap_expect(&t, !IS_ERR(node) && found(max_name, dir, node) &&
			    strlen(dbgfs_node_name(node)) == NAME_MAX,
			    "%s: a name of NAME_MAX characters is fine (got %ld)",
			    creator_names[c], err_of(node));
		dbgfs_remove(node);
		ktap_expect(&t, absent(max_name, dir) && !nr_children(dir),
			    "%s: the NAME_MAX entry is removed again",
			    creator_names[c]);
	}
	for (i = 0; i < ARRAY_SIZE(odd); i++) {
		node = create(i % NR_CREATORS, odd[i], dir);
		ktap_expect(&t, !IS_ERR(node) && found(odd[i], dir, node),
			    "%s: the odd but valid name \"%s\" is fine (got %ld)",
			    creator_names[i % NR_CREATORS], odd[i],
			    err_of(node));
	}
	test_name_storage(dir);
	ktap_expect(&t, absent(NULL, dir) && absent("", dir) &&
		    absent(".", dir) && absent("..", dir) &&
		    absent("a/b", dir) && absent(long_name, dir),
		    "lookup of NULL, empty, \".\", \"..\", \"a/b\" and too long names finds nothing");
}

static void test_eexist(void)
{
	struct dbgfs_node *dir, *f, *node;
	struct dir_snap before;
	enum creator c;

	dir = dbgfs_create_dir("taken", top);
	f = dbgfs_create_file("taken-file", 0444, top, &data, &full_fops);
	if (!ktap_expect(&t, !IS_ERR(dir) && !IS_ERR(f), "-EEXIST: set up"))
		return;
	for (c = 0; c < NR_CREATORS; c++) {
		snap(&before, top);
		node = create(c, "taken", top);
		ktap_expect(&t, err_of(node) == -EEXIST && same(&before) &&
			    found("taken", top, dir),
			    "%s: a name taken by a directory is -EEXIST, the old one stays (got %ld)",
			    creator_names[c], err_of(node));
		node = create(c, "taken-file", top);
		ktap_expect(&t, err_of(node) == -EEXIST && same(&before) &&
			    found("taken-file", top, f),
			    "%s: a name taken by a file is -EEXIST, the old one stays (got %ld)",
			    creator_names[c], err_of(node));
	}
	node = dbgfs_create_dir("taken", dir);
	ktap_expect(&t, !IS_ERR(node) && found("taken", dir, node),
		    "the same name in another directory is fine");
}

static void test_removed_parent(void)
{
	struct dbgfs_node *gone, *ref, *node, *other;
	struct dir_snap before;
	enum creator c;
	unsigned int top_count;

	top_count = count_of(top);
	gone = dbgfs_create_dir("gone", top);
	other = dbgfs_create_file("other", 0444, top, &data, &full_fops);
	if (!ktap_expect(&t, !IS_ERR(gone) && !IS_ERR(other),
			 "-ENOENT: set up"))
		return;
	ref = dbgfs_lookup("gone", top);
	/* The tree's, ours (the creator's handle) and the lookup's. */
	ktap_expect(&t, ref == gone && count_of(gone) == 3,
		    "lookup takes a reference on the directory (count %u)",
		    count_of(gone));
	snap(&before, top);
	dbgfs_remove(gone);
	ktap_expect(&t, removed(ref) && absent("gone", top) &&
		    nr_children(top) == before.children - 1 &&
		    top->dir.nr_subdirs == before.subdirs - 1,
		    "remove: the directory is unlinked and marked removed");
	ktap_expect(&t, count_of(ref) == 1,
		    "remove by its creator: only the lookup reference is left (count %u)",
		    count_of(ref));
	for (c = 0; c < NR_CREATORS; c++) {
		node = create(c, "child", ref);
		ktap_expect(&t, err_of(node) == -ENOENT && !nr_children(ref) &&
			    absent("child", ref),
			    "%s: in a removed directory is -ENOENT (got %ld)",
			    creator_names[c], err_of(node));
	}
	ktap_expect(&t, dbgfs_rename(top, other, ref, "other") == -ENOENT &&
		    other->parent == top && found("other", top, other),
		    "rename into a removed directory is -ENOENT, the node stays");
	snap(&before, top);
	dbgfs_remove(ref);
	dbgfs_lookup_and_remove("gone", top);
	ktap_expect(&t, same(&before) && count_of(ref) == 1,
		    "remove of a removed node again does nothing");
	dbgfs_node_put(ref);
	dbgfs_remove(other);
	ktap_expect(&t, count_of(top) == top_count,
		    "references of the parent are balanced after create, lookup, remove and put (%u, was %u)",
		    count_of(top), top_count);
}

static void test_notdir(void)
{
	struct dbgfs_node *f, *l, *x, *node;
	struct dir_snap before;
	enum creator c;

	f = dbgfs_create_file("plain", 0444, top, &data, &full_fops);
	l = dbgfs_create_symlink("symlink", top, "plain");
	x = dbgfs_create_file("x", 0444, top, &data, &full_fops);
	if (!ktap_expect(&t, !IS_ERR(f) && !IS_ERR(l) && !IS_ERR(x),
			 "-ENOTDIR: set up"))
		return;
	snap(&before, top);
	for (c = 0; c < NR_CREATORS; c++) {
		node = create(c, "child", f);
		ktap_expect(&t, err_of(node) == -ENOTDIR && same(&before),
			    "%s: under a file is -ENOTDIR (got %ld)",
			    creator_names[c], err_of(node));
		node = create(c, "child", l);
		ktap_expect(&t, err_of(node) == -ENOTDIR && same(&before),
			    "%s: under a symlink is -ENOTDIR (got %ld)",
			    creator_names[c], err_of(node));
	}
	ktap_expect(&t, absent("child", f) && absent("x", f) &&
		    absent("child", l),
		    "lookup under a file or a symlink finds nothing");
	ktap_expect(&t, dbgfs_rename(top, x, f, "x") == -ENOTDIR &&
		    x->parent == top && same(&before),
		    "rename into a file is -ENOTDIR, the node stays");
}

static void test_err_parent(void)
{
	static const int errs[] = { -ENOMEM, -EBADF, -ENOENT };
	struct dbgfs_node *parent, *node;
	struct dir_snap before;
	enum creator c;
	unsigned int i;

	snap(&before, top);
	for (i = 0; i < ARRAY_SIZE(errs); i++) {
		parent = ERR_PTR(errs[i]);
		for (c = 0; c < NR_CREATORS; c++) {
			node = create(c, "child", parent);
			ktap_expect(&t, node == parent,
				    "%s: an ERR_PTR(%d) parent is returned unchanged (got %ld)",
				    creator_names[c], errs[i], err_of(node));
		}
		/* Even with a bad name: the parent's error comes first. */
		node = dbgfs_create_dir(NULL, parent);
		ktap_expect(&t, node == parent,
			    "create_dir: ERR_PTR(%d) parent with a NULL name is returned unchanged",
			    errs[i]);
		ktap_expect(&t, absent("child", parent),
			    "lookup in an ERR_PTR(%d) parent is NULL", errs[i]);
	}
	dbgfs_remove(NULL);
	dbgfs_remove(ERR_PTR(-ENOMEM));
	dbgfs_remove_recursive(NULL);
	dbgfs_remove_recursive(ERR_PTR(-EINVAL));
	dbgfs_lookup_and_remove("child", ERR_PTR(-ENOMEM));
	dbgfs_lookup_and_remove("missing", top);
	dbgfs_lookup_and_remove(NULL, top);
	dbgfs_node_put(NULL);
	ktap_expect(&t, same(&before),
		    "remove of NULL or an ERR_PTR, lookup_and_remove of nothing and put of NULL do nothing");
	ktap_expect(&t, dbgfs_rename(top, NULL, top, "x") == -EINVAL &&
		    dbgfs_rename(top, ERR_PTR(-ENOMEM), top, "x") == -EINVAL &&
		    dbgfs_change_name(NULL, "x") == -EINVAL &&
		    dbgfs_change_name(ERR_PTR(-ENOMEM), "x") == -EINVAL &&
		    same(&before),
		    "rename and change_name of NULL or an ERR_PTR node are -EINVAL");
}

static void test_lookup(void)
{
	struct dbgfs_node *dir, *f, *l1, *l2, *sub;
	unsigned int c0, d0;

	dir = dbgfs_create_dir("lookup", top);
	f = dbgfs_create_file("f", 0444, dir, &data, &full_fops);
	if (!ktap_expect(&t, !IS_ERR(dir) && !IS_ERR(f), "lookup: set up"))
		return;
	c0 = count_of(f);
	ktap_expect(&t, c0 == 2,
		    "a new file has the tree's reference and its creator's (count %u)",
		    c0);
	l1 = dbgfs_lookup("f", dir);
	ktap_expect(&t, l1 == f && count_of(f) == c0 + 1,
		    "lookup returns the node with a reference (count %u)",
		    count_of(f));
	l2 = dbgfs_lookup("f", dir);
	ktap_expect(&t, l2 == f && count_of(f) == c0 + 2,
		    "a second lookup takes a second reference (count %u)",
		    count_of(f));
	dbgfs_node_put(l2);
	dbgfs_node_put(l1);
	ktap_expect(&t, count_of(f) == c0,
		    "dbgfs_node_put drops them again (count %u)", count_of(f));
	ktap_expect(&t, absent("missing", dir) && count_of(dir) == 3,
		    "lookup of a missing name is NULL, no reference taken");
	ktap_expect(&t, absent("f", top),
		    "lookup looks in the given directory only");
	ktap_expect(&t, found("api_test", NULL, top),
		    "lookup with a NULL parent looks in the root");
	ktap_expect(&t, absent("F", dir),
		    "lookup is case sensitive");

	/* The references a child holds on its parent are balanced too. */
	d0 = count_of(dir);
	sub = dbgfs_create_dir("sub", dir);
	ktap_expect(&t, !IS_ERR(sub) && count_of(dir) == d0 + 1,
		    "a child references its parent");
	l1 = dbgfs_lookup("sub", dir);
	dbgfs_remove(sub);
	ktap_expect(&t, l1 == sub && removed(l1) && count_of(l1) == 1 &&
		    count_of(dir) == d0 + 1,
		    "a removed child held by a lookup still references its parent");
	dbgfs_node_put(l1);
	ktap_expect(&t, count_of(dir) == d0,
		    "freeing the child drops its parent reference (count %u, was %u)",
		    count_of(dir), d0);

	/* dbgfs_lookup_and_remove */
	sub = dbgfs_create_dir("lar", dir);
	f = dbgfs_create_file("f", 0444, sub, &data, &full_fops);
	if (!ktap_expect(&t, !IS_ERR(sub) && !IS_ERR(f),
			 "lookup_and_remove: set up"))
		return;
	l1 = dbgfs_lookup("f", sub);
	dbgfs_lookup_and_remove("lar", dir);
	ktap_expect(&t, absent("lar", dir) && removed(sub) && removed(l1) &&
		    count_of(l1) == 1 && dir->dir.nr_subdirs == 0,
		    "lookup_and_remove removes the directory and what is in it");
	dbgfs_node_put(l1);
	ktap_expect(&t, count_of(dir) == d0,
		    "lookup_and_remove leaves the references balanced (count %u, was %u)",
		    count_of(dir), d0);
	dbgfs_remove(dir);
}

static void test_rename(void)
{
	struct dbgfs_node *dir, *a, *b, *d1, *d2, *x, *xf, *sub, *subsub, *r;
	struct dir_snap s, s1, s2;
	unsigned int c1, c2;
	unsigned int i;
	int err;

	dir = dbgfs_create_dir("rename", top);
	a = dbgfs_create_file("ra", 0444, dir, &data, &full_fops);
	b = dbgfs_create_file("rb", 0444, dir, &data, &full_fops);
	d1 = dbgfs_create_dir("d1", dir);
	d2 = dbgfs_create_dir("d2", dir);
	x = dbgfs_create_dir("x", d1);
	xf = dbgfs_create_file("xf", 0444, x, &data, &full_fops);
	sub = dbgfs_create_dir("sub", d1);
	subsub = dbgfs_create_dir("subsub", sub);
	if (!ktap_expect(&t, !IS_ERR(dir) && !IS_ERR(a) && !IS_ERR(b) &&
			 !IS_ERR(d1) && !IS_ERR(d2) && !IS_ERR(x) &&
			 !IS_ERR(xf) && !IS_ERR(sub) && !IS_ERR(subsub),
			 "rename: set up"))
		return;

	snap(&s, dir);
	err = dbgfs_rename(dir, a, dir, "rb");
	ktap_expect(&t, err == -EEXIST && same(&s) && found("ra", dir, a) &&
		    found("rb", dir, b) && !strcmp(dbgfs_node_name(a), "ra"),
		    "rename into a taken name is -EEXIST, both stay (got %d)",
		    err);
	err = dbgfs_rename(dir, a, dir, "d1");
	ktap_expect(&t, err == -EEXIST && same(&s) && found("d1", dir, d1),
		    "rename of a file onto a directory's name is -EEXIST (got %d)",
		    err);
	err = dbgfs_rename(dir, a, dir, "ra");
	ktap_expect(&t, !err && same(&s) && found("ra", dir, a),
		    "rename to its own name succeeds and changes nothing (got %d)",
		    err);
	err = dbgfs_rename(dir, a, dir, "ra2");
	ktap_expect(&t, !err && same(&s) && absent("ra", dir) &&
		    found("ra2", dir, a) && !strcmp(dbgfs_node_name(a), "ra2"),
		    "rename within a directory (got %d)", err);
	err = dbgfs_rename(dir, a, NULL, "ra3");
	ktap_expect(&t, !err && found("ra3", NULL, a) && a->parent == root &&
		    nr_children(dir) == s.children - 1,
		    "rename with a NULL new_dir moves into the root (got %d)", err);
	err = dbgfs_rename(NULL, a, dir, "ra");
	ktap_expect(&t, !err && absent("ra3", NULL) && found("ra", dir, a) &&
		    same(&s),
		    "rename with a NULL old_dir moves out of the root (got %d)", err);

	snap(&s1, d1);
	snap(&s2, d2);
	c1 = count_of(d1);
	c2 = count_of(d2);
	err = dbgfs_rename(d1, x, d2, "x2");
	ktap_expect(&t, !err && x->parent == d2 && absent("x", d1) &&
		    found("x2", d2, x) && !strcmp(dbgfs_node_name(x), "x2"),
		    "rename across directories (got %d)", err);
	ktap_expect(&t, d1->dir.nr_subdirs == s1.subdirs - 1 &&
		    d2->dir.nr_subdirs == s2.subdirs + 1 &&
		    nr_children(d1) == s1.children - 1 &&
		    nr_children(d2) == s2.children + 1,
		    "rename across directories moves the child and subdirectory counts");
	ktap_expect(&t, count_of(d1) == c1 - 1 && count_of(d2) == c2 + 1,
		    "rename across directories moves the parent reference (%u %u, were %u %u)",
		    count_of(d1), count_of(d2), c1, c2);
	ktap_expect(&t, found("xf", x, xf) && xf->parent == x,
		    "a moved directory keeps its children");

	snap(&s, dir);
	snap(&s1, d1);
	err = dbgfs_rename(dir, d1, subsub, "d1");
	ktap_expect(&t, err == -EINVAL && same(&s) && same(&s1) &&
		    d1->parent == dir,
		    "rename of a directory into its own descendant is -EINVAL (got %d)",
		    err);
	err = dbgfs_rename(dir, d1, d1, "d1");
	ktap_expect(&t, err == -EINVAL && same(&s) && same(&s1),
		    "rename of a directory into itself is -EINVAL (got %d)", err);
	err = dbgfs_rename(d2, b, dir, "b2");
	ktap_expect(&t, err == -EINVAL && same(&s) && found("rb", dir, b),
		    "rename with the wrong old_dir is -EINVAL (got %d)", err);
	err = dbgfs_rename(NULL, b, dir, "b2");
	ktap_expect(&t, err == -EINVAL && same(&s) && found("rb", dir, b),
		    "rename with old_dir NULL (the root) for a node elsewhere is -EINVAL (got %d)",
		    err);
	for (i = 0; i < ARRAY_SIZE(bad_names); i++) {
		err = dbgfs_rename(dir, b, dir, bad_names[i].name);
		ktap_expect(&t, err == -EINVAL && same(&s) &&
			    found("rb", dir, b),
			    "rename to the name %s is -EINVAL (got %d)",
			    bad_names[i].desc, err);
	}
	err = dbgfs_rename(dir, b, dir, long_name);
	ktap_expect(&t, err == -ENAMETOOLONG && same(&s) && found("rb", dir, b),
		    "rename to a name of NAME_MAX + 1 is -ENAMETOOLONG (got %d)",
		    err);

	r = dbgfs_create_file("doomed", 0444, dir, &data, &full_fops);
	if (!ktap_expect(&t, !IS_ERR(r), "rename: set up a removed node"))
		return;
	r = dbgfs_lookup("doomed", dir);	/* keeps the memory */
	dbgfs_remove(r);
	snap(&s, dir);
	err = dbgfs_rename(dir, r, dir, "undoomed");
	ktap_expect(&t, r && err == -ENOENT && same(&s) &&
		    absent("undoomed", dir) && count_of(r) == 1,
		    "rename of a removed node is -ENOENT (got %d)", err);
	dbgfs_node_put(r);
}

static void test_change_name(void)
{
	struct dbgfs_node *dir, *c, *o, *r;
	struct dir_snap s;
	unsigned int i;
	int err;

	dir = dbgfs_create_dir("change_name", top);
	c = dbgfs_create_file("cn", 0444, dir, &data, &full_fops);
	o = dbgfs_create_dir("cn-taken", dir);
	if (!ktap_expect(&t, !IS_ERR(dir) && !IS_ERR(c) && !IS_ERR(o),
			 "change_name: set up"))
		return;
	snap(&s, dir);
	err = dbgfs_change_name(c, "cn-%d-%s-%02x", 42, "x", 10);
	ktap_expect(&t, !err && !strcmp(dbgfs_node_name(c), "cn-42-x-0a") &&
		    found("cn-42-x-0a", dir, c) && absent("cn", dir) &&
		    c->parent == dir && same(&s),
		    "change_name formats the new name printf-style (got %d)", err);
	err = dbgfs_change_name(c, "%s", "cn-taken");
	ktap_expect(&t, err == -EEXIST && same(&s) &&
		    found("cn-42-x-0a", dir, c) && found("cn-taken", dir, o),
		    "change_name to a taken name is -EEXIST, both stay (got %d)",
		    err);
	err = dbgfs_change_name(c, "cn-%d-%s-%02x", 42, "x", 10);
	ktap_expect(&t, !err && same(&s) && found("cn-42-x-0a", dir, c),
		    "change_name to its own name succeeds (got %d)", err);
	for (i = 1; i < ARRAY_SIZE(bad_names); i++) {
		err = dbgfs_change_name(c, "%s", bad_names[i].name);
		ktap_expect(&t, err == -EINVAL && same(&s) &&
			    found("cn-42-x-0a", dir, c),
			    "change_name to the name %s is -EINVAL (got %d)",
			    bad_names[i].desc, err);
	}
	err = dbgfs_change_name(c, "%s", long_name);
	ktap_expect(&t, err == -ENAMETOOLONG && same(&s),
		    "change_name to a name of NAME_MAX + 1 is -ENAMETOOLONG (got %d)",
		    err);
	err = dbgfs_change_name(o, "dir-%u", 1U);
	ktap_expect(&t, !err && found("dir-1", dir, o) &&
		    dir->dir.nr_subdirs == 1 && same(&s),
		    "change_name of a directory (got %d)", err);

	r = dbgfs_lookup("cn-42-x-0a", dir);
	dbgfs_remove(r);
	err = dbgfs_change_name(r, "again");
	ktap_expect(&t, err == -ENOENT && absent("again", dir),
		    "change_name of a removed node is -ENOENT (got %d)", err);
	dbgfs_node_put(r);
}

/* The typed creators of kernel/attr.c: return values and error codes. */

static u8 v_u8;
static u16 v_u16;
static u32 v_u32;
static u64 v_u64;
static unsigned long v_ulong;
static size_t v_size_t;
static atomic_t v_atomic;
static bool v_bool;
static char *v_str;
static u8 blob_bytes[13];
static struct dbgfs_blob_wrapper v_blob = {
	.data = blob_bytes, .size = sizeof(blob_bytes),
};
static u32 array_values[3];
static struct dbgfs_u32_array v_array = {
	.array = array_values, .n_elements = ARRAY_SIZE(array_values),
};
static const struct dbgfs_reg32 regs[] = { { .name = "r0", .offset = 0 } };
static struct dbgfs_regset32 v_regset = { .regs = regs, .nregs = 1 };

enum typed {
	T_U8, T_U16, T_U32, T_U64, T_X8, T_X16, T_X32, T_X64, T_XUL, T_ULONG,
	T_SIZE_T, T_ATOMIC, T_BOOL, T_STR, T_BLOB, T_U32_ARRAY, T_REGSET32,
	NR_TYPED
};

static const char * const typed_names[NR_TYPED] = {
	"create_u8", "create_u16", "create_u32", "create_u64", "create_x8",
	"create_x16", "create_x32", "create_x64", "create_xul",
	"create_ulong", "create_size_t", "create_atomic_t", "create_bool",
	"create_str", "create_blob", "create_u32_array", "create_regset32",
};

static const void * const typed_values[NR_TYPED] = {
	&v_u8, &v_u16, &v_u32, &v_u64, &v_u8, &v_u16, &v_u32, &v_u64,
	&v_ulong, &v_ulong, &v_size_t, &v_atomic, &v_bool, &v_str, &v_blob,
	&v_array, &v_regset,
};

/*
 * dbgfs_create_xul() is a function of an unsigned long *, as mainline's
 * debugfs_create_xul(), not a macro that casts whatever it is given: a
 * u64 * or an int * does not build.  Checked when this module builds.
 */
static_assert(__same_type(&__dbgfs_create_xul,
			  struct dbgfs_node *(*)(const char *, umode_t,
						 struct dbgfs_node *,
						 unsigned long *,
						 struct module *)));

static struct dbgfs_node *create_typed(enum typed c, const char *name,
				       struct dbgfs_node *parent)
{
	switch (c) {
	case T_U8:
		return dbgfs_create_u8(name, 0644, parent, &v_u8);
	case T_U16:
		return dbgfs_create_u16(name, 0644, parent, &v_u16);
	case T_U32:
		return dbgfs_create_u32(name, 0644, parent, &v_u32);
	case T_U64:
		return dbgfs_create_u64(name, 0644, parent, &v_u64);
	case T_X8:
		return dbgfs_create_x8(name, 0644, parent, &v_u8);
	case T_X16:
		return dbgfs_create_x16(name, 0644, parent, &v_u16);
	case T_X32:
		return dbgfs_create_x32(name, 0644, parent, &v_u32);
	case T_X64:
		return dbgfs_create_x64(name, 0644, parent, &v_u64);
	case T_XUL:
		return dbgfs_create_xul(name, 0644, parent, &v_ulong);
	case T_ULONG:
		return dbgfs_create_ulong(name, 0644, parent, &v_ulong);
	case T_SIZE_T:
		return dbgfs_create_size_t(name, 0644, parent, &v_size_t);
	case T_ATOMIC:
		return dbgfs_create_atomic_t(name, 0644, parent, &v_atomic);
	case T_BOOL:
		return dbgfs_create_bool(name, 0644, parent, &v_bool);
	case T_STR:
		return dbgfs_create_str(name, 0644, parent, &v_str);
	case T_BLOB:
		return dbgfs_create_blob(name, 0444, parent, &v_blob);
	case T_U32_ARRAY:
		return dbgfs_create_u32_array(name, 0444, parent, &v_array);
	default:
		return dbgfs_create_regset32(name, 0444, parent, &v_regset);
	}
}

static void test_typed(void)
{
	struct dbgfs_node *dir, *node, *errp = ERR_PTR(-EBADF);
	struct dir_snap before;
	enum typed c;

	v_str = kstrdup("str", GFP_KERNEL);
	dir = dbgfs_create_dir("typed", top);
	if (!ktap_expect(&t, !IS_ERR(dir) && v_str, "typed: set up"))
		return;
	for (c = 0; c < NR_TYPED; c++) {
		node = create_typed(c, typed_names[c], dir);
		if (ktap_expect(&t, !IS_ERR(node) && S_ISREG(node->mode) &&
				found(typed_names[c], dir, node) &&
				node->file.data == typed_values[c],
				"%s: makes a file whose data is the value (got %ld)",
				typed_names[c], err_of(node)))
			ktap_expect(&t, dbgfs_file_size(node) ==
				    (c == T_BLOB ? sizeof(blob_bytes) : 0) &&
				    dbgfs_node_module(node) == THIS_MODULE,
				    "%s: the size is right (%lld, the blob's for a blob, else 0), the module is the caller's, not dbgfs'",
				    typed_names[c], (long long)dbgfs_file_size(node));
		snap(&before, dir);
		node = create_typed(c, typed_names[c], dir);
		ktap_expect(&t, err_of(node) == -EEXIST && same(&before),
			    "%s: a taken name is -EEXIST (got %ld)",
			    typed_names[c], err_of(node));
		node = create_typed(c, "a/b", dir);
		ktap_expect(&t, err_of(node) == -EINVAL && same(&before),
			    "%s: the name \"a/b\" is -EINVAL (got %ld)",
			    typed_names[c], err_of(node));
		node = create_typed(c, long_name, dir);
		ktap_expect(&t, err_of(node) == -ENAMETOOLONG && same(&before),
			    "%s: a name of NAME_MAX + 1 is -ENAMETOOLONG (got %ld)",
			    typed_names[c], err_of(node));
		node = create_typed(c, "x", errp);
		ktap_expect(&t, node == errp,
			    "%s: an ERR_PTR parent is returned unchanged (got %ld)",
			    typed_names[c], err_of(node));
	}
	node = dbgfs_create_devm_seqfile(NULL, "seq", errp, NULL);
	ktap_expect(&t, node == errp,
		    "create_devm_seqfile: an ERR_PTR parent is returned unchanged (got %ld)",
		    err_of(node));
	/* Its file goes first: a str file must not outlive its string. */
	dbgfs_remove(dir);
	kfree(v_str);
	v_str = NULL;
}

#define RCU_TARGET	"rcu/target/read/by/a/path/walk"
/* The mount point api.sh uses, and the directory this test makes. */
#define RCU_LINK_PATH	"/sys/kernel/dbgfs/api_test/rcu_link"

struct rcu_remover {
	struct dbgfs_node	*link;
	struct path		path;	/* its dentry, and so its inode */
	bool			done;
};

/*
 * Removes the link and kills its dentry: the inode goes, and with its
 * reference the node's last one.
 */
static int rcu_remove_link(void *arg)
{
	struct rcu_remover *r = arg;

	dbgfs_remove(r->link);
	d_invalidate(r->path.dentry);
	path_put(&r->path);
	/* Pairs with the reader's acquire: the removal is over when it sees done. */
	smp_store_release(&r->done, true);
	return 0;
}

/*
 * A path walk in RCU mode reads a symlink's target through i_link, with
 * no reference, so the target must outlive the removal, and the inode
 * that showed it, until a grace period has passed.  Deterministic where a
 * race is not: this reads i_link of the link's inode under an RCU read
 * lock, as such a walk does, while another CPU removes the link and kills
 * the dentry, whose inode had the last reference to the node; then reads
 * the target.  Freed at once, KASAN reports the read (debug kernel), and
 * the slab's free pointer tears the string on the stock kernels; kept, it
 * reads as it was.
 */
static void test_symlink_rcu(void)
{
	struct rcu_remover r = { 0 };
	struct task_struct *k;
	unsigned long until;
	const char *target;
	int cpu, same;

	/* The remover runs on another CPU than this reader, which stays. */
	migrate_disable();
	cpu = cpumask_any_but(cpu_online_mask, raw_smp_processor_id());
	if (cpu >= nr_cpu_ids) {
		migrate_enable();
		ktap_expect(&t, false, "symlink rcu: needs a second CPU");
		return;
	}
	r.link = dbgfs_create_symlink("rcu_link", top, RCU_TARGET);
	if (!ktap_expect_ptr_err(&t, r.link, 0, "symlink rcu: create the link"))
		goto out;
	if (!ktap_expect(&t, !kern_path(RCU_LINK_PATH, 0, &r.path),
			 "symlink rcu: look the link up: " RCU_LINK_PATH)) {
		dbgfs_remove(r.link);
		goto out;
	}
	k = kthread_create(rcu_remove_link, &r, "api_test_rm");
	if (!ktap_expect(&t, !IS_ERR(k), "symlink rcu: a remover thread")) {
		path_put(&r.path);
		dbgfs_remove(r.link);
		goto out;
	}
	kthread_bind(k, cpu);
	get_task_struct(k);
	rcu_read_lock();
	target = READ_ONCE(d_inode(r.path.dentry)->i_link);
	wake_up_process(k);
	until = jiffies + 5 * HZ;
	/* Pairs with the remover's release. */
	while (!smp_load_acquire(&r.done) && time_before(jiffies, until))
		cpu_relax();
	same = strcmp(target, RCU_TARGET);
	rcu_read_unlock();
	ktap_expect(&t, r.done,
		    "symlink rcu: the removal returned while a reader held on");
	ktap_expect(&t, !same,
		    "symlink rcu: the target still reads as it was until the grace period");
	kthread_stop(k);
	put_task_struct(k);
out:
	migrate_enable();
}

/* 10 directories of 10 directories of 49 files, plus the top: 5,011. */
#define BIG_L1		10
#define BIG_L2		10
#define BIG_FILES	49

static void test_big_remove(void)
{
	struct dbgfs_node *big, *d1, *d2, *f, *h1 = NULL, *h2 = NULL,
			  *hf = NULL;
	unsigned int i, j, k, made = 0, failed = 0, ok = 0;
	struct dir_snap s;
	char name[16];

	snap(&s, top);
	big = dbgfs_create_dir("big", top);
	if (!ktap_expect(&t, !IS_ERR(big), "big: create the directory"))
		return;
	made++;
	for (i = 0; i < BIG_L1; i++) {
		snprintf(name, sizeof(name), "l1-%u", i);
		d1 = dbgfs_create_dir(name, big);
		if (IS_ERR(d1)) {
			failed++;
			continue;
		}
		made++;
		for (j = 0; j < BIG_L2; j++) {
			snprintf(name, sizeof(name), "l2-%u", j);
			d2 = dbgfs_create_dir(name, d1);
			if (IS_ERR(d2)) {
				failed++;
				continue;
			}
			made++;
			for (k = 0; k < BIG_FILES; k++) {
				snprintf(name, sizeof(name), "file-%u", k);
				f = dbgfs_create_file(name, 0444, d2, &data,
						      &full_fops);
				if (IS_ERR(f))
					failed++;
				else
					made++;
			}
		}
	}
	ktap_expect(&t, !failed && made == 1 + BIG_L1 * (1 + BIG_L2 *
							   (1 + BIG_FILES)),
		    "big: created %u entries in nested directories (%u failed)",
		    made, failed);

	/* Everything is found by lookups before the removal. */
	for (i = 0; i < BIG_L1; i++) {
		snprintf(name, sizeof(name), "l1-%u", i);
		d1 = dbgfs_lookup(name, big);
		for (j = 0; d1 && j < BIG_L2; j++) {
			snprintf(name, sizeof(name), "l2-%u", j);
			d2 = dbgfs_lookup(name, d1);
			for (k = 0; d2 && k < BIG_FILES; k++) {
				snprintf(name, sizeof(name), "file-%u", k);
				f = dbgfs_lookup(name, d2);
				if (f)
					ok++;
				if (f && i == 3 && j == 4 && k == 5)
					hf = f;		/* kept */
				else
					dbgfs_node_put(f);
			}
			if (d2)
				ok++;
			if (d2 && i == 3 && j == 4)
				h2 = d2;
			else
				dbgfs_node_put(d2);
		}
		if (d1)
			ok++;
		if (d1 && i == 3)
			h1 = d1;
		else
			dbgfs_node_put(d1);
	}
	ktap_expect(&t, ok == made - 1 && nr_children(big) == BIG_L1 &&
		    big->dir.nr_subdirs == BIG_L1,
		    "big: lookups find all %u entries below the directory", ok);
	if (!ktap_expect(&t, h1 && h2 && hf, "big: hold three nodes by lookups"))
		return;

	dbgfs_remove(big);
	/* The held nodes keep big (and its reference on top) until put. */
	ktap_expect(&t, absent("big", top) && nr_children(top) == s.children &&
		    top->dir.nr_subdirs == s.subdirs,
		    "big: remove takes the directory out of its parent");
	ktap_expect(&t, removed(h1) && removed(h2) && removed(hf),
		    "big: nodes at each level are marked removed");
	ktap_expect(&t, !nr_children(h1) && !h1->dir.nr_subdirs &&
		    !nr_children(h2) && !h2->dir.nr_subdirs,
		    "big: removed directories are empty");
	ok = 0;
	for (k = 0; k < BIG_FILES; k++) {
		snprintf(name, sizeof(name), "file-%u", k);
		ok += !absent(name, h2);
	}
	for (j = 0; j < BIG_L2; j++) {
		snprintf(name, sizeof(name), "l2-%u", j);
		ok += !absent(name, h1);
	}
	ktap_expect(&t, !ok, "big: lookups find none of the entries any more (%u found)",
		    ok);
	ktap_expect(&t, count_of(hf) == 1,
		    "big: a held file has only the lookup reference (count %u)",
		    count_of(hf));
	dbgfs_node_put(hf);
	ktap_expect(&t, count_of(h2) == 1,
		    "big: its directory has only the lookup reference once it is put (count %u)",
		    count_of(h2));
	dbgfs_node_put(h2);
	ktap_expect(&t, count_of(h1) == 1,
		    "big: and so has the directory above (count %u)",
		    count_of(h1));
	dbgfs_node_put(h1);
	ktap_expect(&t, count_of(top) == s.count,
		    "big: the parent's references are balanced (count %u, was %u)",
		    count_of(top), s.count);
}

/*
 * The children index (kernel/children.c) through growth, renames within
 * and out of the directory, and shrinking: every name is found, the
 * buckets hold readdir's order, a grown table has at most two children a
 * bucket and a shrunk one at least one in eight.
 */
#define INDEX_FILES	1000
#define INDEX_KEPT	10
#define INDEX_LONGEST	12

/* How many of "@prefix-i" for i = @from, @from + @step, ... are in @dir. */
static unsigned int index_found(struct dbgfs_node *dir, const char *prefix,
				unsigned int from, unsigned int step)
{
	struct dbgfs_node *node;
	unsigned int i, found = 0;
	char name[16];

	for (i = from; i < INDEX_FILES; i += step) {
		snprintf(name, sizeof(name), "%s-%u", prefix, i);
		node = dbgfs_lookup(name, dir);
		found += node && node->parent == dir;
		dbgfs_node_put(node);
	}
	return found;
}

/* Renames "@prefix-N" of @dir, for odd N, to "@to_prefix-N" in @to. */
static unsigned int index_move_odd(struct dbgfs_node *dir, const char *prefix,
				   struct dbgfs_node *to, const char *to_prefix)
{
	struct dbgfs_node *node;
	unsigned int i, moved = 0;
	char name[16];

	for (i = 1; i < INDEX_FILES; i += 2) {
		snprintf(name, sizeof(name), "%s-%u", prefix, i);
		node = dbgfs_lookup(name, dir);
		snprintf(name, sizeof(name), "%s-%u", to_prefix, i);
		moved += node && !dbgfs_rename(dir, node, to, name);
		dbgfs_node_put(node);
	}
	return moved;
}

static void test_children_index(void)
{
	struct dbgfs_node *dir, *other;
	unsigned int i, made = 0;
	char name[16];

	dir = dbgfs_create_dir("index", top);
	other = dbgfs_create_dir("index-other", top);
	if (!ktap_expect(&t, !IS_ERR(dir) && !IS_ERR(other),
			 "index: create two directories"))
		return;
	ktap_expect(&t, !dir->dir.children,
		    "index: an empty directory has no table");
	for (i = 0; i < INDEX_FILES; i++) {
		snprintf(name, sizeof(name), "i-%u", i);
		made += !IS_ERR(dbgfs_create_file(name, 0444, dir, &data,
						  &full_fops));
	}
	ktap_expect(&t, made == INDEX_FILES &&
		    index_found(dir, "i", 0, 1) == INDEX_FILES &&
		    nr_children(dir) == INDEX_FILES && children_in_order(dir),
		    "index: %u files made, each found, the buckets in order",
		    made);
	ktap_expect(&t, 2 * dir->dir.children->size >= INDEX_FILES,
		    "index: at most two files a bucket on average (%u buckets)",
		    dir->dir.children->size);
	/*
	 * The names' hashes spread them: 1,000 names in 511 buckets, the
	 * longest held 5 (6.1, 2026-12-06); at random, about 6 or 7.
	 */
	i = longest_bucket(dir);
	ktap_expect(&t, i <= INDEX_LONGEST,
		    "index: the longest bucket holds %u files, at most %u",
		    i, INDEX_LONGEST);

	ktap_expect(&t, index_move_odd(dir, "i", dir, "r") == INDEX_FILES / 2 &&
		    !index_found(dir, "i", 1, 2) &&
		    index_found(dir, "r", 1, 2) == INDEX_FILES / 2 &&
		    index_found(dir, "i", 0, 2) == INDEX_FILES / 2 &&
		    nr_children(dir) == INDEX_FILES && children_in_order(dir),
		    "index: half renamed in place, found by their new names only");
	ktap_expect(&t, index_move_odd(dir, "r", other, "r") == INDEX_FILES / 2 &&
		    !index_found(dir, "r", 1, 2) &&
		    index_found(other, "r", 1, 2) == INDEX_FILES / 2 &&
		    nr_children(dir) == INDEX_FILES / 2 && children_in_order(dir) &&
		    nr_children(other) == INDEX_FILES / 2 &&
		    children_in_order(other),
		    "index: the renamed half moved to an empty directory, both in order");
	for (i = 0; i < INDEX_FILES; i += 2) {
		snprintf(name, sizeof(name), "i-%u", i);
		if (i % (INDEX_FILES / INDEX_KEPT) != 0)
			dbgfs_lookup_and_remove(name, dir);
	}
	ktap_expect(&t, nr_children(dir) == INDEX_KEPT && children_in_order(dir) &&
		    index_found(dir, "i", 0, INDEX_FILES / INDEX_KEPT) ==
		    INDEX_KEPT,
		    "index: %u kept of %u, each found", nr_children(dir),
		    INDEX_KEPT);
	ktap_expect(&t, dir->dir.children->size / 8 <= INDEX_KEPT,
		    "index: the table shrank to at least one file in eight buckets (%u buckets)",
		    dir->dir.children->size);
	dbgfs_remove(dir);
	dbgfs_remove(other);
}

static struct dbgfs_node *find_root(void)
{
	struct dbgfs_node *probe, *r;

	/* An entry of no module, made only to find the root. */
	probe = __dbgfs_create_dir("api_test-probe", NULL, NULL);
	if (IS_ERR(probe))
		return NULL;
	r = probe->parent;
	dbgfs_remove(probe);
	return r;
}

static int __init api_test_init(void)
{
	memset(long_name, 'L', NAME_MAX + 1);
	long_name[NAME_MAX + 1] = '\0';

	root = find_root();
	if (!ktap_expect(&t, root && S_ISDIR(root->mode) && !root->parent,
			 "find the root through a probe entry")) {
		ktap_done(&t);
		return 0;
	}
	test_fail_top();
	if (!ktap_expect(&t, top && found("api_test", NULL, top),
			 "the top directory api_test exists")) {
		ktap_done(&t);
		return 0;
	}
	test_initialized();
	test_create();
	test_names();
	test_eexist();
	test_removed_parent();
	test_notdir();
	test_err_parent();
	test_lookup();
	test_rename();
	test_change_name();
	test_typed();
	test_big_remove();
	test_children_index();
	test_symlink_rcu();
	test_fail_paths();
	ktap_done(&t);
	return 0;
}

static void __exit api_test_exit(void)
{
	dbgfs_remove(top);
}

module_init(api_test_init);
module_exit(api_test_exit);

MODULE_DESCRIPTION("dbgfs: in-kernel API tests (KTAP)");
MODULE_LICENSE("GPL");
