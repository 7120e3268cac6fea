// SPDX-License-Identifier: GPL-2.0
/* IS_ERR_OR_NULL() of a creator's result: a dbgfs creator never returns NULL. */
#include <linux/debugfs.h>
#include <linux/err.h>

static struct dentry *c_dir;
static u32 c_val;

int c_init(void)
{
	struct dentry *f;

	c_dir = debugfs_create_dir("c", NULL);
	if (IS_ERR_OR_NULL(c_dir))
		return -ENODEV;
	f = debugfs_create_file("f", 0444, c_dir, NULL, NULL);
	if (IS_ERR_OR_NULL(f))
		return -ENODEV;
	if (IS_ERR_OR_NULL(debugfs_create_dir("d", c_dir)))
		return -ENODEV;
	debugfs_create_u32("v", 0644, c_dir, &c_val);
	return 0;
}
