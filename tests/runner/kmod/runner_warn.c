// SPDX-License-Identifier: GPL-2.0
/*
 * A module that warns as it loads, for the runner's self-test: a run in
 * which it loads must fail.
 */
#include <linux/bug.h>
#include <linux/module.h>

static int __init runner_warn_init(void)
{
	WARN(1, "dbgfs runner self-test: a deliberate warning\n");
	return 0;
}

static void __exit runner_warn_exit(void)
{
}

module_init(runner_warn_init);
module_exit(runner_warn_exit);
MODULE_DESCRIPTION("dbgfs runner self-test: WARN() on load");
MODULE_LICENSE("GPL");
