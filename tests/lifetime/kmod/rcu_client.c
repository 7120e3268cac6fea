// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_client: a dbgfs client for the guest test of what RCU readers may
 * still see (tests/guest/rcu.c): a str value replaced by a write, and a
 * symlink target that a path walk in RCU mode reads through i_link.
 *
 * Everything lives under /sys/kernel/dbgfs/rc/:
 *   ctl     (0200) commands: relink (remove links/l and make it again),
 *           restr (remove str and make it again)
 *   str     (0644) a str file on rc_str
 *   peek    (0444) rc_str read as a client reads it, under rcu_read_lock(),
 *           slowly, so that a write replacing it has time to free it
 *   links/t (0444) a file; links/d a directory; links/l a symlink to t
 *           through a long target ("d/../" RC_HOPS times, then "t"), each
 *           hop two dcache lookups that the walk spends its time in
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <dbgfs.h>

#define RC_HOP		"d/../"
#define RC_HOPS		800	/* 4001 bytes, within PATH_MAX */

static struct dbgfs_node *rc_dir;
static struct dbgfs_node *rc_links;
static struct dbgfs_node *rc_str_node;
static char *rc_str;
static char *rc_target;
static DEFINE_MUTEX(rc_mutex);		/* the ctl commands */

/* The way dbgfs_create_str() says a client reads its string. */
static ssize_t rc_peek_read(struct file *file, char __user *buf, size_t len,
			    loff_t *ppos)
{
	const char *s;
	size_t i;
	ssize_t ret;
	char *copy;
	char c;

	if (*ppos)
		return 0;
	copy = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	rcu_read_lock();
	s = rcu_dereference(*(char __rcu **)&rc_str);
	for (i = 0; i < PAGE_SIZE - 1; i++) {
		c = READ_ONCE(s[i]);
		if (!c)
			break;
		copy[i] = c;
		if (!(i % 32))
			udelay(5);
	}
	rcu_read_unlock();
	copy[i++] = '\n';
	ret = simple_read_from_buffer(buf, len, ppos, copy, i);
	kfree(copy);
	return ret;
}

static const struct file_operations rc_peek_fops = {
	.owner	= THIS_MODULE,
	.read	= rc_peek_read,
};

static ssize_t rc_t_read(struct file *file, char __user *buf, size_t len,
			 loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, "t\n", 2);
}

static const struct file_operations rc_t_fops = {
	.owner	= THIS_MODULE,
	.read	= rc_t_read,
};

static int rc_make_str(void)
{
	rc_str_node = dbgfs_create_str("str", 0644, rc_dir, &rc_str);
	return PTR_ERR_OR_ZERO(rc_str_node);
}

static int rc_exec(const char *cmd)
{
	struct dbgfs_node *node;

	if (!strcmp(cmd, "relink")) {
		dbgfs_lookup_and_remove("l", rc_links);
		node = dbgfs_create_symlink("l", rc_links, rc_target);
		return PTR_ERR_OR_ZERO(node);
	}
	if (!strcmp(cmd, "restr")) {
		dbgfs_remove(rc_str_node);
		return rc_make_str();
	}
	return -EINVAL;
}

static ssize_t rc_ctl_write(struct file *file, const char __user *buf,
			    size_t len, loff_t *ppos)
{
	char cmd[16];
	int err;

	if (len >= sizeof(cmd))
		return -EINVAL;
	if (copy_from_user(cmd, buf, len))
		return -EFAULT;
	cmd[len] = '\0';
	mutex_lock(&rc_mutex);
	err = rc_exec(strim(cmd));
	mutex_unlock(&rc_mutex);
	return err ? err : len;
}

static const struct file_operations rc_ctl_fops = {
	.owner	= THIS_MODULE,
	.write	= rc_ctl_write,
};

static int __init rc_init(void)
{
	struct dbgfs_node *node;
	int i, err;

	rc_str = kstrdup("init", GFP_KERNEL);
	rc_target = kmalloc(RC_HOPS * strlen(RC_HOP) + 2, GFP_KERNEL);
	if (!rc_str || !rc_target) {
		err = -ENOMEM;
		goto out_free;
	}
	for (i = 0; i < RC_HOPS; i++)
		memcpy(rc_target + i * strlen(RC_HOP), RC_HOP, strlen(RC_HOP));
	strcpy(rc_target + RC_HOPS * strlen(RC_HOP), "t");

	rc_dir = dbgfs_create_dir("rc", NULL);
	err = PTR_ERR_OR_ZERO(rc_dir);
	if (err)
		goto out_free;
	node = dbgfs_create_file("ctl", 0200, rc_dir, NULL, &rc_ctl_fops);
	err = PTR_ERR_OR_ZERO(node) ?: rc_make_str();
	if (!err) {
		node = dbgfs_create_file("peek", 0444, rc_dir, NULL,
					 &rc_peek_fops);
		err = PTR_ERR_OR_ZERO(node);
	}
	if (!err) {
		rc_links = dbgfs_create_dir("links", rc_dir);
		node = dbgfs_create_file("t", 0444, rc_links, NULL, &rc_t_fops);
		err = PTR_ERR_OR_ZERO(node);
	}
	if (!err) {
		node = dbgfs_create_dir("d", rc_links);
		err = PTR_ERR_OR_ZERO(node) ?: rc_exec("relink");
	}
	if (!err)
		return 0;
	dbgfs_remove(rc_dir);
out_free:
	kfree(rc_target);
	kfree(rc_str);
	return err;
}

static void __exit rc_exit(void)
{
	dbgfs_remove(rc_dir);
	kfree(rc_target);
	kfree(rc_str);
}

module_init(rc_init);
module_exit(rc_exit);
MODULE_DESCRIPTION("dbgfs RCU reader test client");
MODULE_LICENSE("GPL");
