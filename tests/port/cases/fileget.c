// SPDX-License-Identifier: GPL-2.0
/* debugfs_file_get()/put() pairs, in each of their forms: dropped. */
#include <linux/debugfs.h>
#include <linux/fs.h>

static ssize_t c_read(struct file *file, char __user *buf, size_t len,
		      loff_t *ppos)
{
	struct dentry *dentry = file->f_path.dentry;
	ssize_t ret;

	ret = debugfs_file_get(dentry);
	if (unlikely(ret))
		return ret;
	ret = simple_read_from_buffer(buf, len, ppos, "c\n", 2);
	debugfs_file_put(dentry);
	return ret;
}

static ssize_t c_write(struct file *file, const char __user *buf,
		       size_t len, loff_t *ppos)
{
	if (debugfs_file_get(file->f_path.dentry))
		return -EIO;
	debugfs_file_put(file->f_path.dentry);
	return len;
}

const struct file_operations c_fops = {
	.read = c_read,
	.write = c_write,
};
