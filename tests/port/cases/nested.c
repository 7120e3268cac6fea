// SPDX-License-Identifier: GPL-2.0
/* A dentry field of a struct without a name, itself a field: taken through both. */
#include <linux/debugfs.h>

struct n_dev {
	struct dentry *ddir;
	struct {
		u32 err;
		struct dentry *ddir;
	} ports;
};

void n_init(struct n_dev *n)
{
	n->ddir = debugfs_create_dir("n", NULL);
	n->ports.ddir = debugfs_create_dir("ports", n->ddir);
	debugfs_create_u32("err", 0600, n->ports.ddir, &n->ports.err);
}
