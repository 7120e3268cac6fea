// SPDX-License-Identifier: GPL-2.0
/*
 * takeover: a second remover of a directory that a removal is finishing
 * takes over what of it has not begun, the directory included, and the
 * first remover must not return before that is done: it would return with
 * a release of a file below the directory still to run.  It makes
 *
 *	takeover/f	its release records that it ran; run by another task
 *			than the first remover, it waits until the first
 *			remover's dbgfs_remove() has returned (2 s at most)
 *	takeover/G	its release waits until the second remover has begun
 *			and then until f's release has begun (1 s at most)
 *	takeover-rm	a write of "1" removes takeover/ through the creator's
 *			handle (the first remover), and records what it saw
 *			of f's release when dbgfs_remove() returned; a write of
 *			"2" removes it again through a dbgfs_lookup() handle
 *
 * G's name is chosen so that its name hash is above f's: the removal of
 * takeover/ begins G first.  With f and G held open, a write of "1" runs G's
 * release; a write of "2" meanwhile takes over what of the removal has not
 * begun, takeover/ and f: the first remover's dbgfs_remove() returns only
 * after f's release has run, whoever runs it (first_saw is 1).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>

#include <dbgfs.h>
#include "name_order.h"
#include "scaffold.h"

static int g_entered;
module_param(g_entered, int, 0444);
MODULE_PARM_DESC(g_entered, "G's release has begun");
static int f_released;
module_param(f_released, int, 0444);
MODULE_PARM_DESC(f_released, "f's release has run");
static int first_saw = -1;
module_param(first_saw, int, 0444);
MODULE_PARM_DESC(first_saw,
		 "f_released when the first remover returned (-1: not yet)");
static char g_name[16];
module_param_string(g, g_name, sizeof(g_name), 0444);
MODULE_PARM_DESC(g, "the name of G (read only)");

/* takeover/, a second handle of it for the second remover, and takeover-rm. */
static struct dbgfs_test_tree tk;
static struct task_struct *tk_first;
static int f_entered, second;

/* Waits up to @ms for *@flag to be set. */
static void tk_wait(int *flag, int ms)
{
	int i;

	for (i = 0; i < ms / 20 && !READ_ONCE(*flag); i++)
		msleep(20);
}

static ssize_t tk_read(struct file *file, char __user *buf, size_t len,
		       loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, "tk\n", 3);
}

static int tk_f_release(struct inode *inode, struct file *file)
{
	bool other = READ_ONCE(tk_first) != current;
	int i;

	WRITE_ONCE(f_entered, 1);
	/* Run by another: the first remover must not return meanwhile. */
	for (i = 0; other && i < 100 && READ_ONCE(first_saw) < 0; i++)
		msleep(20);
	WRITE_ONCE(f_released, 1);
	pr_info("f's release ran, by the %s remover\n",
		other ? "second" : "first");
	return 0;
}

static const struct file_operations tk_f_fops = {
	.owner		= THIS_MODULE,
	.read		= tk_read,
	.release	= tk_f_release,
};

static int tk_g_release(struct inode *inode, struct file *file)
{
	WRITE_ONCE(g_entered, 1);
	tk_wait(&second, 10000);
	/* Time for the second remover to take over what it may. */
	tk_wait(&f_entered, 1000);
	pr_info("G's release ran\n");
	return 0;
}

static const struct file_operations tk_g_fops = {
	.owner		= THIS_MODULE,
	.read		= tk_read,
	.release	= tk_g_release,
};

static ssize_t tk_rm_write(struct file *file, const char __user *buf,
			   size_t len, loff_t *ppos)
{
	char c;

	if (!len || get_user(c, buf))
		return -EFAULT;
	if (c == '1') {
		WRITE_ONCE(tk_first, current);
		dbgfs_remove(tk.dir);
		WRITE_ONCE(first_saw, READ_ONCE(f_released));
		pr_info("first remove returned, f released=%d\n", first_saw);
	} else if (c == '2') {
		WRITE_ONCE(second, 1);
		dbgfs_remove(tk.ref);
		pr_info("second remove returned, f released=%d\n",
			READ_ONCE(f_released));
	} else {
		return -EINVAL;
	}
	return len;
}

static const struct file_operations tk_rm_fops = {
	.owner	= THIS_MODULE,
	.write	= tk_rm_write,
};

static int __init tk_init(void)
{
	struct dbgfs_node *n[2];
	int err;

	/* G's hash above f's. */
	err = dbgfs_test_pick_name(g_name, sizeof(g_name), "g",
				   dbgfs_name_hash("f"), true);
	if (err)
		return err;
	err = dbgfs_test_tree_begin(&tk, "takeover");
	if (err)
		return err;
	n[0] = dbgfs_create_file("f", 0444, tk.dir, NULL, &tk_f_fops);
	n[1] = dbgfs_create_file(g_name, 0444, tk.dir, NULL, &tk_g_fops);
	err = dbgfs_test_tree_end(&tk, "takeover-rm", &tk_rm_fops, n,
				  ARRAY_SIZE(n));
	if (err)
		return err;
	pr_info("G is %s: hashes f %#x, G %#x\n", g_name,
		dbgfs_name_hash("f"), dbgfs_name_hash(g_name));
	return 0;
}

static void __exit tk_exit(void)
{
	dbgfs_test_tree_remove(&tk);
}

module_init(tk_init);
module_exit(tk_exit);

MODULE_DESCRIPTION("dbgfs test: a second remover of a directory being removed");
MODULE_LICENSE("GPL");
