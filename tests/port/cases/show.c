// SPDX-License-Identifier: GPL-2.0
/* A DEFINE_SHOW_ATTRIBUTE user that has <linux/seq_file.h> only through
 * <linux/debugfs.h>.
 */
#include <linux/debugfs.h>
#include <linux/module.h>

static struct dentry *c_dir;

static int c_show(struct seq_file *s, void *data)
{
	seq_puts(s, "c\n");
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(c);

static int __init c_init(void)
{
	c_dir = debugfs_create_dir("c", NULL);
	debugfs_create_file("show", 0444, c_dir, NULL, &c_fops);
	return 0;
}
module_init(c_init);
MODULE_LICENSE("GPL");
