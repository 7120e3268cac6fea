// SPDX-License-Identifier: GPL-2.0
/* debugfs_initialized(). */
#include <linux/debugfs.h>
#include <linux/errno.h>

static struct dentry *c_dir;

int c_init(void)
{
	if (!debugfs_initialized())
		return -ENODEV;
	c_dir = debugfs_create_dir("c", NULL);
	return 0;
}
