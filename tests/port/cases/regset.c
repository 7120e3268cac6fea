// SPDX-License-Identifier: GPL-2.0
/* A regset32 and debugfs_print_regs32(). */
#include <linux/debugfs.h>
#include <linux/seq_file.h>

static const struct debugfs_reg32 c_regs[] = {
	{ .name = "ctrl", .offset = 0 },
};

static struct debugfs_regset32 c_set = {
	.regs = c_regs,
	.nregs = ARRAY_SIZE(c_regs),
};

int c_dump(struct seq_file *s, void __iomem *base)
{
	debugfs_print_regs32(s, c_regs, ARRAY_SIZE(c_regs), base, "");
	return 0;
}

void c_regset(struct dentry *dir, void __iomem *base)
{
	c_set.base = base;
	debugfs_create_regset32("regs", 0444, dir, &c_set);
}
