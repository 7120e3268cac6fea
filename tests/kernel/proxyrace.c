// SPDX-License-Identifier: GPL-2.0
/*
 * proxyrace: a creation that finds a proxy while its last node goes (issue
 * 32, part 3).  It makes proxyrace/f1 with some file_operations, and on a
 * write of "create" to proxyrace/ctl a kthread that makes proxyrace/f2
 * with the same ones, so that it finds f1's proxy; with dbgfs' pause
 * parameter (a test build's) set to the proxy lookup's point, that
 * creation waits there, and a write of "remove" removes f1, the proxy's
 * only node, meanwhile.  The creation must then go on with a proxy that
 * lives: the parameter created reads 1 once it succeeded, or the error.
 * tests/guest/remove.sh drives it.
 */
#include <linux/completion.h>
#include <linux/fs.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include <dbgfs.h>

static int created;
module_param(created, int, 0444);
MODULE_PARM_DESC(created, "f2: 0 not yet, 1 made, or the error");

static struct dbgfs_node *race_dir, *race_f1;
static DECLARE_COMPLETION(race_done);
static bool race_started;

static ssize_t race_read(struct file *file, char __user *buf, size_t len,
			 loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, "race\n", 5);
}

static const struct file_operations race_fops = {
	.owner	= THIS_MODULE,
	.read	= race_read,
};

static int race_create(void *unused)
{
	struct dbgfs_node *f2;

	f2 = dbgfs_create_file("f2", 0444, race_dir, NULL, &race_fops);
	WRITE_ONCE(created, IS_ERR(f2) ? (int)PTR_ERR(f2) : 1);
	complete(&race_done);
	return 0;
}

static ssize_t race_ctl_write(struct file *file, const char __user *buf,
			      size_t len, loff_t *ppos)
{
	char cmd[8] = "";
	struct task_struct *t;

	if (copy_from_user(cmd, buf, min(len, sizeof(cmd) - 1)))
		return -EFAULT;
	if (!strcmp(strim(cmd), "remove")) {
		dbgfs_remove(race_f1);
		return len;
	}
	if (strcmp(strim(cmd), "create") || race_started)
		return -EINVAL;
	t = kthread_run(race_create, NULL, "proxyrace");
	if (IS_ERR(t))
		return PTR_ERR(t);
	race_started = true;
	return len;
}

static const struct file_operations race_ctl_fops = {
	.owner	= THIS_MODULE,
	.write	= race_ctl_write,
};

static int __init race_init(void)
{
	struct dbgfs_node *ctl;

	race_dir = dbgfs_create_dir("proxyrace", NULL);
	race_f1 = dbgfs_create_file("f1", 0444, race_dir, NULL, &race_fops);
	ctl = dbgfs_create_file("ctl", 0200, race_dir, NULL, &race_ctl_fops);
	if (IS_ERR(race_dir) || IS_ERR(race_f1) || IS_ERR(ctl)) {
		dbgfs_remove(race_dir);
		return -ENOMEM;
	}
	return 0;
}

static void __exit race_exit(void)
{
	if (race_started)
		wait_for_completion(&race_done);
	dbgfs_remove(race_dir);
}

module_init(race_init);
module_exit(race_exit);

MODULE_DESCRIPTION("dbgfs test: a creation that finds a proxy while its last node goes");
MODULE_LICENSE("GPL");
