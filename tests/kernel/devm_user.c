// SPDX-License-Identifier: GPL-2.0
/*
 * devm_user: makes the dbgfs devm seq file "devm_user" on devm_holder's
 * device, and removes the file (not the managed resource, which is the
 * device's) when it goes.
 */
#include <linux/device.h>
#include <linux/module.h>
#include <linux/seq_file.h>

#include <dbgfs.h>
#include "devm_holder.h"

static struct dbgfs_node *devm_user_node;

static int devm_user_show(struct seq_file *s, void *data)
{
	seq_printf(s, "%s\n", dev_name(s->private));
	return 0;
}

static int __init devm_user_init(void)
{
	devm_user_node = dbgfs_create_devm_seqfile(devm_holder_dev, "devm_user",
						   NULL, devm_user_show);
	return PTR_ERR_OR_ZERO(devm_user_node);
}

static void __exit devm_user_exit(void)
{
	dbgfs_remove(devm_user_node);
}

module_init(devm_user_init);
module_exit(devm_user_exit);
MODULE_DESCRIPTION("dbgfs test: a devm seq file on another module's device");
MODULE_LICENSE("GPL");
