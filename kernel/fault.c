// SPDX-License-Identifier: GPL-2.0
/*
 * The fail_nth knob of a test build (DBGFS_FAULT=1; see fault.h): writing N
 * to the parameter (or giving fail_nth=N to insmod) makes the N-th
 * allocation from then on fail, once.
 */
#include <linux/atomic.h>
#include <linux/moduleparam.h>
#include <linux/sysfs.h>

#include "fault.h"

static atomic_t dbgfs_fail_nth = ATOMIC_INIT(0);

static int dbgfs_fail_nth_set(const char *val, const struct kernel_param *kp)
{
	int n, err = kstrtoint(val, 0, &n);

	if (err)
		return err;
	if (n < 0)
		return -EINVAL;
	atomic_set(&dbgfs_fail_nth, n);
	return 0;
}

static int dbgfs_fail_nth_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&dbgfs_fail_nth));
}

static const struct kernel_param_ops dbgfs_fail_nth_ops = {
	.set = dbgfs_fail_nth_set,
	.get = dbgfs_fail_nth_get,
};
module_param_cb(fail_nth, &dbgfs_fail_nth_ops, NULL, 0600);
MODULE_PARM_DESC(fail_nth, "testing: fail the N-th allocation from now (0: off)");

/*
 * Counts down to the failing allocation.  The counter is global, so tests
 * that use it must not allocate from two threads at once.
 */
bool dbgfs_fault(void)
{
	int n = atomic_read(&dbgfs_fail_nth);

	while (n > 0) {
		int old = atomic_cmpxchg(&dbgfs_fail_nth, n, n - 1);

		if (old == n)
			return n == 1;
		n = old;
	}
	return false;
}
