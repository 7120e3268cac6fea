// SPDX-License-Identifier: GPL-2.0
/* Refused: file_dentry() of an open file. */
#include <linux/debugfs.h>
#include <linux/fs.h>

static ssize_t c_read(struct file *file, char __user *buf, size_t len,
		      loff_t *ppos)
{
	struct dentry *d = file_dentry(file);

	return simple_read_from_buffer(buf, len, ppos, d->d_name.name,
				       d->d_name.len);
}

const struct file_operations c_fops = {
	.read = c_read,
};
