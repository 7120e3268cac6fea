// SPDX-License-Identifier: GPL-2.0
/*
 * owner_a: the first of two modules that share a directory (item 2 of
 * issue 9).  It makes owner_a/ with a file a in it; owner_b.ko makes its
 * own file in owner_a/.  Its exit removes owner_a/, with whatever owner_b
 * made in it, while owner_b may still hold the handle of its file
 * (tests/guest/remove.sh).
 */
#include <linux/fs.h>
#include <linux/module.h>

#include <dbgfs.h>

static struct dbgfs_node *owner_a_dir;

static ssize_t owner_a_read(struct file *file, char __user *buf, size_t len,
			    loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, "a\n", 2);
}

static const struct file_operations owner_a_fops = {
	.owner	= THIS_MODULE,
	.read	= owner_a_read,
};

static int __init owner_a_init(void)
{
	struct dbgfs_node *node;

	owner_a_dir = dbgfs_create_dir("owner_a", NULL);
	if (IS_ERR(owner_a_dir))
		return PTR_ERR(owner_a_dir);
	node = dbgfs_create_file("a", 0444, owner_a_dir, NULL, &owner_a_fops);
	if (IS_ERR(node)) {
		dbgfs_remove(owner_a_dir);
		return PTR_ERR(node);
	}
	return 0;
}

static void __exit owner_a_exit(void)
{
	dbgfs_remove(owner_a_dir);
}

module_init(owner_a_init);
module_exit(owner_a_exit);

MODULE_DESCRIPTION("dbgfs test: a module whose directory another one uses");
MODULE_LICENSE("GPL");
