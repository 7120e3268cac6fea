// SPDX-License-Identifier: GPL-2.0
/* Continuation lines aligned with the parenthesis of a call, a prototype, a nested call. */
#include <linux/debugfs.h>

static u32 a_val;

static struct dentry *a_make(const char *name, umode_t mode,
			     struct dentry *parent)
{
	return debugfs_create_dir(name,
				  parent);
}

void a_init(struct dentry *top)
{
	struct dentry *d = a_make("a", 0755,
				  top);

	debugfs_create_u32("value", 0644, d,
			   &a_val);
	debugfs_create_x32("hex", 0644,
			   debugfs_create_dir("sub",
					      d),
			   &a_val);
	debugfs_create_u32("odd", 0644, d,
		&a_val);
}
