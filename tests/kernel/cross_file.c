// SPDX-License-Identifier: GPL-2.0
/*
 * cross_file: makes cross/slow in cross_dir.ko's directory (issue 32, part
 * 1), on data it allocates, and forgets it: its exit() frees the data, as
 * exiter.ko's does, and dbgfs' owner cleanup is left the file.  The
 * release of slow, or its fasync(-1) with slow_fasync=1, is slow: it
 * counts itself in the parameter inside, then waits until the parameter go
 * is set (5 s at most) before it reads the data.  So when cross_dir's
 * removal runs it, user space sees it inside and can try rmmod cross_file
 * meanwhile: that must be refused (the removal holds this module while it
 * runs its code), or else exit() frees the data under the release, which
 * then logs "release read 0x6b6b6b6b after exit" (slab poison; KASAN on
 * the debug kernel).  A correct run logs "release read 0x600dcafe".
 *
 * With rm_other=1 the release then removes cross0/ (cross_dir.ko's, with
 * two=1) through a handle this module took with dbgfs_lookup(), and logs
 * "release removed cross0".
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>

#include <dbgfs.h>
#include "scaffold.h"

#define CROSS_MAGIC	0x600dcafe

static bool slow_fasync;
module_param(slow_fasync, bool, 0444);
MODULE_PARM_DESC(slow_fasync, "wait in fasync(-1) instead of release");
static bool rm_other;
module_param(rm_other, bool, 0444);
MODULE_PARM_DESC(rm_other, "the release removes cross0/");
static int inside;
module_param(inside, int, 0444);
MODULE_PARM_DESC(inside, "slow methods entered");
static bool go;
module_param(go, bool, 0644);
MODULE_PARM_DESC(go, "let the slow method go on");

struct cross_data {
	u32			magic;
	struct fasync_struct	*fasync;
};

static struct cross_data *cross_data;
/* cross0/, for the release to remove (rm_other). */
static struct dbgfs_node *cross_other;
static bool cross_exited;

static int cross_open(struct inode *inode, struct file *file)
{
	file->private_data = inode->i_private;
	return 0;
}

static ssize_t cross_read(struct file *file, char __user *buf, size_t len,
			  loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, "slow\n", 5);
}

/* Up to 5 s for go: the window in which user space tries rmmod. */
static void cross_wait(const char *what)
{
	int i;

	WRITE_ONCE(inside, inside + 1);
	pr_info("%s begins\n", what);
	for (i = 0; i < 250 && !READ_ONCE(go); i++)
		msleep(20);
}

static void cross_check(const char *what, struct cross_data *d)
{
	/* Freed memory if this runs after exit(): only read it. */
	pr_info("%s read %#x%s\n", what, READ_ONCE(d->magic),
		READ_ONCE(cross_exited) ? " after exit" : "");
}

static int cross_fasync(int fd, struct file *file, int on)
{
	struct cross_data *d = file->private_data;

	if (!on && slow_fasync) {
		cross_wait("fasync");
		cross_check("fasync", d);
	}
	if (READ_ONCE(cross_exited))
		return 0;	/* the list went with the data */
	return fasync_helper(fd, file, on, &d->fasync);
}

static int cross_release(struct inode *inode, struct file *file)
{
	struct dbgfs_node *other;

	if (!slow_fasync)
		cross_wait("release");
	cross_check("release", file->private_data);
	other = xchg(&cross_other, NULL);
	if (other) {
		dbgfs_remove(other);
		dbgfs_node_put(other);
		pr_info("release removed cross0\n");
	}
	return 0;
}

static const struct file_operations cross_fops = {
	.owner		= THIS_MODULE,
	.open		= cross_open,
	.read		= cross_read,
	.fasync		= cross_fasync,
	.release	= cross_release,
};

static int __init cross_file_init(void)
{
	struct dbgfs_node *dir, *node;

	if (rm_other) {
		cross_other = dbgfs_lookup("cross0", NULL);
		if (!cross_other)
			return -ENOENT;
	}
	dir = dbgfs_lookup("cross", NULL);
	if (!dir) {
		dbgfs_node_put(cross_other);
		return -ENOENT;
	}
	cross_data = kzalloc(sizeof(*cross_data), GFP_KERNEL);
	if (!cross_data) {
		dbgfs_node_put(dir);
		dbgfs_node_put(cross_other);
		return -ENOMEM;
	}
	cross_data->magic = CROSS_MAGIC;
	node = dbgfs_create_file("slow", 0444, dir, cross_data, &cross_fops);
	dbgfs_node_put(dir);
	if (IS_ERR(node)) {
		kfree(cross_data);
		dbgfs_node_put(cross_other);
		return PTR_ERR(node);
	}
	return 0;
}

/* Forgets slow, and frees what it uses, as a client may (see exiter.c). */
static void __exit cross_file_exit(void)
{
	pr_info("exit begins\n");
	dbgfs_test_data_gone(NULL, &cross_data->fasync);
	kfree(cross_data);
	dbgfs_node_put(xchg(&cross_other, NULL));
	WRITE_ONCE(cross_exited, true);
}

module_init(cross_file_init);
module_exit(cross_file_exit);

MODULE_DESCRIPTION("dbgfs test: a file in another module's directory, with a slow release");
MODULE_LICENSE("GPL");
