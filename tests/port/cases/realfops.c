// SPDX-License-Identifier: GPL-2.0
/* debugfs_real_fops() to dbgfs_real_fops(): f_op is the proxy in both. */
#include <linux/debugfs.h>
#include <linux/fs.h>

const struct file_operations c_fops;

bool c_is_ours(struct file *file)
{
	return debugfs_real_fops(file) == &c_fops;
}
