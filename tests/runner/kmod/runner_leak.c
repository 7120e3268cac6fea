// SPDX-License-Identifier: GPL-2.0
/*
 * A module that leaks a buffer as it loads, for the runner's self-test: on the
 * debug kernel kmemleak reports it, and a run in which it loads must fail.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

static int __init runner_leak_init(void)
{
	char *lost = kmalloc(1024, GFP_KERNEL);

	if (!lost)
		return -ENOMEM;
	/* Written so that the allocation is not optimised away; never freed. */
	strscpy(lost, "dbgfs runner self-test: a deliberate leak", 1024);
	pr_info("%s\n", lost);
	return 0;
}

static void __exit runner_leak_exit(void)
{
}

module_init(runner_leak_init);
module_exit(runner_leak_exit);
MODULE_DESCRIPTION("dbgfs runner self-test: a memory leak on load");
MODULE_LICENSE("GPL");
