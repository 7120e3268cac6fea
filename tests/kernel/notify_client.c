// SPDX-License-Identifier: GPL-2.0
/*
 * notify_client: a dbgfs client for the guest test of change notification
 * (tests/guest/notify.c).  Its notifications come from a timer that runs in
 * hard interrupt context, the hardest place a client may call dbgfs_notify()
 * from.
 *
 * Everything lives under /sys/kernel/dbgfs/notify/:
 *   value  (0644) a u64 the timer changes, notifying after each change
 *   ack    (0644) a u64 the poller writes the value it has read to
 *   late   (0444) notifications the timer made after "remove" returned
 *   flag, text, blob (0644) a bool, a str and a blob: typed files that
 *          notify when written through the file
 *   victim (0644) a u64 made by "race", removed by "remove"
 *   ctl    (0200) commands, one per write:
 *     lockstep N  from now on, each tick (1 ms): if ack == value < N,
 *                 value++ and notify; a poller that acks each value it
 *                 reads sees every one of them, or waits for good
 *     burst N     in one tick: N times value++ and notify
 *     stamp       in the next tick: value = ktime_get_ns(), notify
 *     race        make victim, and notify it every tick from now on,
 *                 through a reference of dbgfs_lookup()
 *     remove      dbgfs_remove() the victim, while the ticks notify it;
 *                 "late" counts those after it returned
 *     stop        no more ticks; drop the victim's reference
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/hrtimer.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <dbgfs.h>
/* The module's own: dbgfs_hrtimer_setup(). */
#include "compat.h"

#define NC_TICK_NS	(1000 * 1000)
#define NC_RACE_BURST	8

enum nc_mode { NC_IDLE, NC_LOCKSTEP, NC_BURST, NC_STAMP };

static struct dbgfs_node *nc_dir, *nc_value_node, *nc_victim;
static struct dbgfs_node *nc_victim_ref;	/* the timer's */
static u64 nc_value, nc_ack, nc_late, nc_victim_value;
static bool nc_flag;
static char *nc_text;
static char nc_blob_bytes[16];
static struct dbgfs_blob_wrapper nc_blob = {
	.data = nc_blob_bytes, .size = sizeof(nc_blob_bytes),
};
static struct hrtimer nc_timer;
static DEFINE_MUTEX(nc_mutex);	/* the ctl commands */
/* What the ticks do; changed with the timer stopped, or by the tick. */
static enum nc_mode nc_mode;
static u64 nc_limit;
static bool nc_racing, nc_removed;

static void nc_tick_value(void)
{
	u64 i;

	switch (nc_mode) {
	case NC_LOCKSTEP:
		if (READ_ONCE(nc_ack) == nc_value && nc_value < nc_limit) {
			WRITE_ONCE(nc_value, nc_value + 1);
			dbgfs_notify(nc_value_node);
		}
		break;
	case NC_BURST:
		for (i = 0; i < nc_limit; i++) {
			WRITE_ONCE(nc_value, nc_value + 1);
			dbgfs_notify(nc_value_node);
		}
		nc_mode = NC_IDLE;
		break;
	case NC_STAMP:
		WRITE_ONCE(nc_value, ktime_get_ns());
		dbgfs_notify(nc_value_node);
		nc_mode = NC_IDLE;
		break;
	case NC_IDLE:
		break;
	}
}

static enum hrtimer_restart nc_tick(struct hrtimer *timer)
{
	int i;

	nc_tick_value();
	/* Several a tick, so that some are under way when removal starts. */
	for (i = 0; READ_ONCE(nc_racing) && i < NC_RACE_BURST; i++) {
		dbgfs_notify(nc_victim_ref);
		if (READ_ONCE(nc_removed))
			nc_late++;
	}
	hrtimer_forward_now(timer, ns_to_ktime(NC_TICK_NS));
	return HRTIMER_RESTART;
}

static void nc_timer_stop(void)
{
	hrtimer_cancel(&nc_timer);
}

static void nc_timer_start(void)
{
	hrtimer_start(&nc_timer, ns_to_ktime(NC_TICK_NS),
		      HRTIMER_MODE_REL_HARD);
}

static int nc_race(void)
{
	if (nc_victim_ref)
		return -EBUSY;
	nc_victim = dbgfs_create_u64("victim", 0644, nc_dir, &nc_victim_value);
	if (IS_ERR(nc_victim))
		return PTR_ERR(nc_victim);
	nc_victim_ref = dbgfs_lookup("victim", nc_dir);
	if (IS_ERR_OR_NULL(nc_victim_ref)) {
		dbgfs_remove(nc_victim);
		nc_victim_ref = NULL;
		return -ENOENT;
	}
	nc_late = 0;
	WRITE_ONCE(nc_removed, false);
	WRITE_ONCE(nc_racing, true);
	return 0;
}

static int nc_remove_victim(void)
{
	if (!nc_victim_ref || READ_ONCE(nc_removed))
		return -EINVAL;
	/* The ticks go on notifying meanwhile, and after. */
	dbgfs_remove(nc_victim);
	WRITE_ONCE(nc_removed, true);
	return 0;
}

/* With the timer stopped: no tick uses the reference any more. */
static void nc_race_stop(void)
{
	WRITE_ONCE(nc_racing, false);
	if (!nc_victim_ref)
		return;
	if (!nc_removed)
		dbgfs_remove(nc_victim);
	dbgfs_node_put(nc_victim_ref);
	nc_victim_ref = NULL;
}

static void nc_stop_race(void)
{
	nc_timer_stop();
	nc_race_stop();
	nc_timer_start();
}

/* A new mode for the ticks, set while they are stopped. */
static void nc_set_mode(enum nc_mode mode, u64 limit)
{
	nc_timer_stop();
	nc_mode = mode;
	nc_limit = limit;
	nc_timer_start();
}

static int nc_command(char *cmd)
{
	char *arg = strchr(cmd, ' ');
	u64 n = 0;

	if (arg) {
		*arg++ = '\0';
		if (kstrtou64(arg, 0, &n))
			return -EINVAL;
	}
	if (!strcmp(cmd, "lockstep") && arg)
		nc_set_mode(NC_LOCKSTEP, n);
	else if (!strcmp(cmd, "burst") && arg)
		nc_set_mode(NC_BURST, n);
	else if (!strcmp(cmd, "stamp") && !arg)
		nc_set_mode(NC_STAMP, 0);
	else if (!strcmp(cmd, "race") && !arg)
		return nc_race();
	else if (!strcmp(cmd, "remove") && !arg)
		return nc_remove_victim();
	else if (!strcmp(cmd, "stop") && !arg)
		nc_stop_race();
	else
		return -EINVAL;
	return 0;
}

static ssize_t nc_ctl_write(struct file *file, const char __user *ubuf,
			    size_t len, loff_t *ppos)
{
	char buf[32];
	int err;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	strim(buf);
	mutex_lock(&nc_mutex);
	err = nc_command(buf);
	mutex_unlock(&nc_mutex);
	return err ? err : len;
}

static const struct dbgfs_short_fops nc_ctl_fops = {
	.write = nc_ctl_write,
};

static int __init nc_init(void)
{
	nc_text = kstrdup("none", GFP_KERNEL);
	if (!nc_text)
		return -ENOMEM;
	dbgfs_hrtimer_setup(&nc_timer, nc_tick, CLOCK_MONOTONIC,
			    HRTIMER_MODE_REL_HARD);
	nc_dir = dbgfs_create_dir("notify", NULL);
	nc_value_node = dbgfs_create_u64("value", 0644, nc_dir, &nc_value);
	dbgfs_create_u64("ack", 0644, nc_dir, &nc_ack);
	dbgfs_create_u64("late", 0444, nc_dir, &nc_late);
	dbgfs_create_bool("flag", 0644, nc_dir, &nc_flag);
	dbgfs_create_str("text", 0644, nc_dir, &nc_text);
	dbgfs_create_blob("blob", 0644, nc_dir, &nc_blob);
	dbgfs_create_file("ctl", 0200, nc_dir, NULL, &nc_ctl_fops);
	if (IS_ERR(nc_value_node)) {
		dbgfs_remove(nc_dir);
		kfree(nc_text);
		return PTR_ERR(nc_value_node);
	}
	nc_timer_start();
	return 0;
}

static void __exit nc_exit(void)
{
	mutex_lock(&nc_mutex);
	nc_timer_stop();
	nc_race_stop();
	mutex_unlock(&nc_mutex);
	dbgfs_remove(nc_dir);
	kfree(nc_text);
}

module_init(nc_init);
module_exit(nc_exit);
MODULE_DESCRIPTION("dbgfs test client: change notification");
MODULE_LICENSE("GPL");
