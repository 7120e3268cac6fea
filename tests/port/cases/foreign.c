// SPDX-License-Identifier: GPL-2.0
/* Refused: files in a directory made outside this file. */
#include <linux/debugfs.h>
#include <linux/device.h>

struct dentry *other_subsystem_dir(struct device *dev);
static u32 c_val;

void c_files(struct device *dev)
{
	struct dentry *d = other_subsystem_dir(dev);

	debugfs_create_u32("v", 0644, d, &c_val);
}
