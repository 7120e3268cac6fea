// SPDX-License-Identifier: GPL-2.0
/*
 * A dbgfs client with the deadlock lockdep must report, for the runner's
 * self-test (selftest_lockdep.sh, debug kernel only): the read of
 * runner_lockdep/file takes runner_lock, and a write to runner_lockdep/rm
 * removes that file while holding runner_lock.  Were a read in flight,
 * dbgfs_remove() would wait for it forever while it waits for the lock.
 * The self-test reads first and removes later, so nothing hangs; lockdep
 * sees the two orders and reports the cycle.
 */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>

#include <dbgfs.h>

static DEFINE_MUTEX(runner_lock);
static struct dbgfs_node *runner_dir, *runner_file;

static ssize_t runner_file_read(struct file *file, char __user *buf,
				size_t len, loff_t *ppos)
{
	ssize_t ret;

	mutex_lock(&runner_lock);
	ret = simple_read_from_buffer(buf, len, ppos, "file\n", 5);
	mutex_unlock(&runner_lock);
	return ret;
}

static const struct file_operations runner_file_fops = {
	.owner	= THIS_MODULE,
	.read	= runner_file_read,
};

static ssize_t runner_rm_write(struct file *file, const char __user *buf,
			       size_t len, loff_t *ppos)
{
	mutex_lock(&runner_lock);
	dbgfs_remove(runner_file);	/* the bug: under the read's lock */
	runner_file = NULL;
	mutex_unlock(&runner_lock);
	return len;
}

static const struct file_operations runner_rm_fops = {
	.owner	= THIS_MODULE,
	.write	= runner_rm_write,
};

static int __init runner_lockdep_init(void)
{
	struct dbgfs_node *node;

	runner_dir = dbgfs_create_dir("runner_lockdep", NULL);
	runner_file = dbgfs_create_file("file", 0444, runner_dir, NULL,
					&runner_file_fops);
	node = dbgfs_create_file("rm", 0200, runner_dir, NULL,
				 &runner_rm_fops);
	if (IS_ERR(node) || IS_ERR(runner_file)) {
		dbgfs_remove(runner_dir);
		return PTR_ERR(IS_ERR(node) ? node : runner_file);
	}
	return 0;
}

static void __exit runner_lockdep_exit(void)
{
	dbgfs_remove(runner_dir);
}

module_init(runner_lockdep_init);
module_exit(runner_lockdep_exit);
MODULE_DESCRIPTION("dbgfs runner self-test: a lock held across dbgfs_remove()");
MODULE_LICENSE("GPL");
