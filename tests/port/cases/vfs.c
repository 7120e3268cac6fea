// SPDX-License-Identifier: GPL-2.0
/* Refused: an entry passed to a VFS function, dereferenced. */
#include <linux/debugfs.h>
#include <linux/dcache.h>

static struct dentry *c_dir;
static char c_buf[64];

const char *c_path(void)
{
	c_dir = debugfs_create_dir("c", NULL);
	return dentry_path_raw(c_dir, c_buf, sizeof(c_buf));
}

unsigned int c_len(void)
{
	return c_dir->d_name.len;
}
