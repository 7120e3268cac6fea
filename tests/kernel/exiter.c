// SPDX-License-Identifier: GPL-2.0
/*
 * exiter: a client whose exit() frees the data of entries it forgot to
 * remove (item 6 of issue 9).  It makes
 *
 *	exiter/num	a u64 file on kmalloc'ed data, reading "42\n"
 *	exiter/rel	a file with a release, reading "42\n" from the same data,
 *			a poll on a wait queue in that data and a fasync list
 *			there
 *
 * and its exit() tears the data down at once (the value becomes 7, the
 * wait queue's pollers are told it goes with wake_up_pollfree() and the
 * files on the fasync list leave it, as the kernel-doc of
 * dbgfs_create_file() asks, then the memory is freed after a grace period), waits a while (the window in which user space
 * still reaches the entries if dbgfs lets it), and marks itself exited.
 * The read of rel sleeps 2 ms first, so that reads are in flight whenever
 * rmmod comes.  A reader hammers both files across rmmod
 * (tests/guest/exitwin.c): it must never see anything but 42, and neither
 * release nor fasync may run after exit(), which would print "exiter:
 * release after exit" (or fasync).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/wait.h>

#include <dbgfs.h>
#include "scaffold.h"

#define EXITER_VALUE	42
#define EXITER_TORN	7	/* what exit() leaves before it frees */

struct exiter_data {
	u64			value;
	int			releases;
	wait_queue_head_t	wq;
	struct fasync_struct	*fasync;
};

static struct exiter_data *exiter_data;
static bool exiter_exited;

static int exiter_open(struct inode *inode, struct file *file)
{
	file->private_data = inode->i_private;
	return 0;
}

static ssize_t exiter_read(struct file *file, char __user *buf, size_t len,
			   loff_t *ppos)
{
	struct exiter_data *d = file->private_data;
	char tmp[24];
	int n;

	/* A read that waits for its device: it spans rmmod if dbgfs lets it. */
	usleep_range(2000, 3000);
	n = scnprintf(tmp, sizeof(tmp), "%llu\n", READ_ONCE(d->value));
	return simple_read_from_buffer(buf, len, ppos, tmp, n);
}

static __poll_t exiter_poll(struct file *file, poll_table *pt)
{
	struct exiter_data *d = file->private_data;

	poll_wait(file, &d->wq, pt);
	return EPOLLIN | EPOLLRDNORM;
}

static int exiter_fasync(int fd, struct file *file, int on)
{
	struct exiter_data *d = file->private_data;

	if (READ_ONCE(exiter_exited))
		pr_err("fasync after exit\n");
	return fasync_helper(fd, file, on, &d->fasync);	/* freed after exit() */
}

static int exiter_release(struct inode *inode, struct file *file)
{
	struct exiter_data *d = file->private_data;

	if (READ_ONCE(exiter_exited))
		pr_err("release after exit\n");
	d->releases++;	/* freed memory if this runs after exit() */
	return 0;
}

static const struct file_operations exiter_fops = {
	.owner		= THIS_MODULE,
	.open		= exiter_open,
	.read		= exiter_read,
	.poll		= exiter_poll,
	.fasync		= exiter_fasync,
	.release	= exiter_release,
	.llseek		= default_llseek,
};

static int __init exiter_init(void)
{
	struct dbgfs_node *dir, *num, *rel;

	exiter_data = kzalloc(sizeof(*exiter_data), GFP_KERNEL);
	if (!exiter_data)
		return -ENOMEM;
	exiter_data->value = EXITER_VALUE;
	init_waitqueue_head(&exiter_data->wq);
	dir = dbgfs_create_dir("exiter", NULL);
	num = dbgfs_create_u64("num", 0444, dir, &exiter_data->value);
	rel = dbgfs_create_file("rel", 0444, dir, exiter_data, &exiter_fops);
	if (IS_ERR(num) || IS_ERR(rel)) {
		dbgfs_remove(dir);
		kfree(exiter_data);
		return IS_ERR(num) ? PTR_ERR(num) : PTR_ERR(rel);
	}
	return 0;
}

/* Forgets its entries, frees their data, and takes its time. */
static void __exit exiter_exit(void)
{
	/* No read of ours can run now: dbgfs holds us for each. */
	WRITE_ONCE(exiter_data->value, EXITER_TORN);
	dbgfs_test_data_gone(&exiter_data->wq, &exiter_data->fasync);
	synchronize_rcu();	/* what wake_up_pollfree() asks of a free */
	kfree(exiter_data);
	msleep(500);
	WRITE_ONCE(exiter_exited, true);
}

module_init(exiter_init);
module_exit(exiter_exit);

MODULE_DESCRIPTION("dbgfs test: a client whose exit frees what its forgotten files use");
MODULE_LICENSE("GPL");
