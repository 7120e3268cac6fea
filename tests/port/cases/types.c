// SPDX-License-Identifier: GPL-2.0
/* The debugfs types as pointer and plain fields of one struct, file-scope and locals. */
#include <linux/debugfs.h>
#include <linux/slab.h>

struct t_priv {
	struct debugfs_regset32 *regs;
	struct debugfs_blob_wrapper *blob;
	struct debugfs_u32_array arr;
	struct dentry *dir;
};

static struct debugfs_blob_wrapper *t_blob;

static int t_probe(struct t_priv *p, void __iomem *base)
{
	struct debugfs_regset32 *regs;
	struct debugfs_u32_array *a = &p->arr;

	regs = kzalloc(sizeof(*regs), GFP_KERNEL);
	if (!regs)
		return -ENOMEM;
	regs->base = base;
	p->regs = regs;
	p->dir = debugfs_create_dir("t", NULL);
	debugfs_create_regset32("regs", 0444, p->dir, p->regs);
	debugfs_create_blob("blob", 0444, p->dir, t_blob);
	debugfs_create_u32_array("arr", 0444, p->dir, a);
	return 0;
}
