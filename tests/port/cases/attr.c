// SPDX-License-Identifier: GPL-2.0
/* DEFINE_DEBUGFS_ATTRIBUTE, its signed form and the attribute methods. */
#include <linux/debugfs.h>
#include <linux/fs.h>

static u64 c_val;

static int c_get(void *data, u64 *val)
{
	*val = *(u64 *)data;
	return 0;
}

static int c_set(void *data, u64 val)
{
	*(u64 *)data = val;
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(c_fops, c_get, c_set, "%llu\n");
DEFINE_DEBUGFS_ATTRIBUTE_SIGNED(c_sfops, c_get, c_set, "%lld\n");

static int c_open(struct inode *inode, struct file *file)
{
	return simple_attr_open(inode, file, c_get, c_set, "%llu\n");
}

static const struct file_operations c_own_fops = {
	.open = c_open,
	.release = simple_attr_release,
	.read = debugfs_attr_read,
	.write = debugfs_attr_write,
};

void c_files(struct dentry *parent)
{
	debugfs_create_file_unsafe("v", 0644, parent, &c_val, &c_fops);
	debugfs_create_file_unsafe("s", 0644, parent, &c_val, &c_sfops);
	debugfs_create_file("o", 0644, parent, &c_val, &c_own_fops);
}
