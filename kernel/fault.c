// SPDX-License-Identifier: GPL-2.0
/*
 * The knobs of a test build (DBGFS_FAULT=1; see fault.h).  fail_nth:
 * writing N to the parameter (or giving fail_nth=N to insmod) makes the
 * N-th allocation from then on fail, once.  pause: writing a point's
 * number makes the next pass through that point wait (see
 * dbgfs_fault_pause()).
 */
#include <linux/atomic.h>
#include <linux/delay.h>
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

static atomic_t dbgfs_pause = ATOMIC_INIT(0);

static int dbgfs_pause_set(const char *val, const struct kernel_param *kp)
{
	int n, err = kstrtoint(val, 0, &n);

	if (err)
		return err;
	if (n < 0)
		return -EINVAL;
	atomic_set(&dbgfs_pause, n);
	return 0;
}

static int dbgfs_pause_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&dbgfs_pause));
}

static const struct kernel_param_ops dbgfs_pause_ops = {
	.set = dbgfs_pause_set,
	.get = dbgfs_pause_get,
};
module_param_cb(pause, &dbgfs_pause_ops, NULL, 0600);
MODULE_PARM_DESC(pause, "testing: wait at pause point N once, until 0 is written");

/*
 * A window a test opens at will, to make a race happen every time: if the
 * parameter pause is @point, the first pass here sets it to -@point and
 * waits until something else is written to it (5 s at most).  Waits by
 * spinning, since a point may be inside an RCU read-side section.
 */
void dbgfs_fault_pause(int point)
{
	int i;

	if (atomic_cmpxchg(&dbgfs_pause, point, -point) != point)
		return;
	for (i = 0; i < 5000 && atomic_read(&dbgfs_pause) == -point; i++)
		mdelay(1);
	atomic_cmpxchg(&dbgfs_pause, -point, 0);
}
