// SPDX-License-Identifier: GPL-2.0
/*
 * owner_b: makes the file b in owner_a/, the directory of owner_a.ko, and
 * keeps its handle.  Its exit removes b through that handle (forget=1: it
 * does not, and dbgfs' owner cleanup must), whether or not owner_a has
 * removed its directory, and b with it, meanwhile: the handle must stay
 * valid for owner_b until it removes b or goes (tests/guest/remove.sh, run
 * under KASAN on the debug kernel).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fs.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include <dbgfs.h>

static bool forget;
module_param(forget, bool, 0444);
MODULE_PARM_DESC(forget, "leave b for dbgfs' owner cleanup");

static struct dbgfs_node *owner_b_node;

static ssize_t owner_b_read(struct file *file, char __user *buf, size_t len,
			    loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, "b\n", 2);
}

static const struct file_operations owner_b_fops = {
	.owner	= THIS_MODULE,
	.read	= owner_b_read,
};

static int __init owner_b_init(void)
{
	struct dbgfs_node *dir = dbgfs_lookup("owner_a", NULL);

	if (!dir)
		return -ENOENT;
	owner_b_node = dbgfs_create_file("b", 0444, dir, NULL, &owner_b_fops);
	dbgfs_node_put(dir);
	return PTR_ERR_OR_ZERO(owner_b_node);
}

static void __exit owner_b_exit(void)
{
	int err;

	if (forget)
		return;
	/* A handle of a removed node answers as one: it is still ours. */
	err = dbgfs_change_name(owner_b_node, "b2");
	pr_info("rename of b: %d\n", err);
	dbgfs_remove(owner_b_node);
}

module_init(owner_b_init);
module_exit(owner_b_exit);

MODULE_DESCRIPTION("dbgfs test: a module that makes a file in another's directory");
MODULE_LICENSE("GPL");
