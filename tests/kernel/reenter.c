// SPDX-License-Identifier: GPL-2.0
/*
 * reenter: client operations that remove entries while a removal runs them
 * (issue 32, part 2).  It makes
 *
 *	reenter/rel	its open takes a reference to the sibling S (with
 *			dbgfs_lookup()), its release removes S
 *	reenter/ctl	a write of "rm" or "lar" takes a reference to S, waits
 *			until reenter/ is removed (10 s at most, -ETIMEDOUT),
 *			then removes S: by dbgfs_remove() ("rm") or by
 *			dbgfs_lookup_and_remove() in reenter/ ("lar")
 *	reenter/S	a plain file
 *	reenter-rm	a write removes reenter/
 *
 * S's name is chosen so that its name hash is below those of rel and ctl:
 * the removal of reenter/ comes to rel and ctl before S.  So rel's release,
 * run by the removal at rmmod while rel is open, and ctl's write, drained
 * by a removal of reenter/ from another thread, remove a node that the
 * running removal has not reached yet.  A remover that waits for the other
 * removal to complete waits for itself: rmmod, or both writers, hang for
 * good.  The suite sees that as a timeout (tests/guest/rmtest.c).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include <dbgfs.h>
#include "internal.h"	/* dbgfs_node_removed() */
#include "name_order.h"
#include "scaffold.h"

static int writers;
module_param(writers, int, 0444);
MODULE_PARM_DESC(writers, "writes of ctl that have begun");
static char sib_name[16];
module_param_string(sib, sib_name, sizeof(sib_name), 0444);
MODULE_PARM_DESC(sib, "the name of the sibling S (read only)");

/* reenter/, its handle that stays usable after reenter-rm removed it, and reenter-rm. */
static struct dbgfs_test_tree reenter;

static ssize_t reenter_read(struct file *file, char __user *buf, size_t len,
			    loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, "S\n", 2);
}

static const struct file_operations reenter_sib_fops = {
	.owner	= THIS_MODULE,
	.read	= reenter_read,
};

static int reenter_rel_open(struct inode *inode, struct file *file)
{
	file->private_data = dbgfs_lookup(sib_name, reenter.dir);
	return 0;
}

static int reenter_rel_release(struct inode *inode, struct file *file)
{
	struct dbgfs_node *sib = file->private_data;

	dbgfs_remove(sib);
	dbgfs_node_put(sib);
	pr_info("rel's release removed %s\n", sib_name);
	return 0;
}

static const struct file_operations reenter_rel_fops = {
	.owner		= THIS_MODULE,
	.open		= reenter_rel_open,
	.read		= reenter_read,
	.release	= reenter_rel_release,
};

static ssize_t reenter_ctl_write(struct file *file, const char __user *buf,
				 size_t len, loff_t *ppos)
{
	struct dbgfs_node *sib;
	char buf_cmd[8] = "", *cmd;
	int i;

	if (copy_from_user(buf_cmd, buf, min(len, sizeof(buf_cmd) - 1)))
		return -EFAULT;
	cmd = strim(buf_cmd);
	if (strcmp(cmd, "rm") && strcmp(cmd, "lar"))
		return -EINVAL;
	sib = dbgfs_lookup(sib_name, reenter.dir);
	WRITE_ONCE(writers, writers + 1);
	for (i = 0; i < 500 && !dbgfs_node_removed(reenter.dir); i++)
		msleep(20);
	if (!dbgfs_node_removed(reenter.dir)) {
		dbgfs_node_put(sib);
		return -ETIMEDOUT;
	}
	if (!strcmp(cmd, "rm"))
		dbgfs_remove(sib);
	else
		dbgfs_lookup_and_remove(sib_name, reenter.dir);
	dbgfs_node_put(sib);
	pr_info("ctl's write (%s) removed %s\n", cmd, sib_name);
	return len;
}

static const struct file_operations reenter_ctl_fops = {
	.owner	= THIS_MODULE,
	.write	= reenter_ctl_write,
};

static ssize_t reenter_rm_write(struct file *file, const char __user *buf,
				size_t len, loff_t *ppos)
{
	dbgfs_remove(reenter.dir);
	return len;
}

static const struct file_operations reenter_rm_fops = {
	.owner	= THIS_MODULE,
	.write	= reenter_rm_write,
};

static int __init reenter_init(void)
{
	struct dbgfs_node *n[3];
	int err;

	/* S's hash below both of rel's and ctl's. */
	err = dbgfs_test_pick_name(sib_name, sizeof(sib_name), "s",
				   min(dbgfs_name_hash("rel"),
				       dbgfs_name_hash("ctl")), false);
	if (err)
		return err;
	err = dbgfs_test_tree_begin(&reenter, "reenter");
	if (err)
		return err;
	n[0] = dbgfs_create_file("rel", 0444, reenter.dir, NULL,
				 &reenter_rel_fops);
	n[1] = dbgfs_create_file("ctl", 0200, reenter.dir, NULL,
				 &reenter_ctl_fops);
	n[2] = dbgfs_create_file(sib_name, 0444, reenter.dir, NULL,
				 &reenter_sib_fops);
	err = dbgfs_test_tree_end(&reenter, "reenter-rm", &reenter_rm_fops, n,
				  ARRAY_SIZE(n));
	if (err)
		return err;
	pr_info("S is %s: hashes rel %#x, ctl %#x, S %#x\n", sib_name,
		dbgfs_name_hash("rel"), dbgfs_name_hash("ctl"),
		dbgfs_name_hash(sib_name));
	return 0;
}

static void __exit reenter_exit(void)
{
	dbgfs_test_tree_remove(&reenter);
}

module_init(reenter_init);
module_exit(reenter_exit);

MODULE_DESCRIPTION("dbgfs test: a release and a write that remove a sibling during removal");
MODULE_LICENSE("GPL");
