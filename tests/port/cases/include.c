// SPDX-License-Identifier: GPL-2.0
/* The header, a file-scope directory and a typed file. */
#include <linux/debugfs.h>
#include <linux/module.h>

static struct dentry *root;
static u32 value;

static int __init c_init(void)
{
	root = debugfs_create_dir("c", NULL);
	debugfs_create_u32("value", 0644, root, &value);
	return 0;
}

static void __exit c_exit(void)
{
	debugfs_remove_recursive(root);
}
module_init(c_init);
module_exit(c_exit);
MODULE_LICENSE("GPL");
