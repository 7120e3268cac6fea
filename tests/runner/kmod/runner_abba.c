// SPDX-License-Identifier: GPL-2.0
/*
 * A module that takes two mutexes in one order and then in the other, for the
 * runner's self-test: on the debug kernel lockdep reports the possible
 * deadlock (without a panic), and a run in which it loads must fail.
 */
#include <linux/module.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(runner_lock_a);
static DEFINE_MUTEX(runner_lock_b);

static int __init runner_abba_init(void)
{
	mutex_lock(&runner_lock_a);
	mutex_lock(&runner_lock_b);
	mutex_unlock(&runner_lock_b);
	mutex_unlock(&runner_lock_a);

	mutex_lock(&runner_lock_b);
	mutex_lock(&runner_lock_a);
	mutex_unlock(&runner_lock_a);
	mutex_unlock(&runner_lock_b);
	return 0;
}

static void __exit runner_abba_exit(void)
{
}

module_init(runner_abba_init);
module_exit(runner_abba_exit);
MODULE_DESCRIPTION("dbgfs runner self-test: a lock order inversion on load");
MODULE_LICENSE("GPL");
