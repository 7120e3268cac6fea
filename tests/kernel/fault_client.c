// SPDX-License-Identifier: GPL-2.0
/*
 * fault_client: the files faults.sh fails allocations under (fail_nth of
 * dbgfs, tests/guest/faultwalk.c).  It makes fault_client/ with
 *
 *	plain	a file with its own open, read and release: the open record
 *	poll	a file whose poll waits on this module's queue: the forwarder
 *	u8	dbgfs_create_u8(): a simple attribute's open
 *	attr	a DEFINE_DBGFS_ATTRIBUTE() file of this module
 *	array	dbgfs_create_u32_array(): the text made at open
 *	str	dbgfs_create_str(): the buffers of its read and write
 *	many/	200 empty files: readdir batches
 *	counts	"opens releases" of plain
 *	devm	write "add": makes devm_seq, a devm seq file on this module's
 *		device, in a devres group of its own, and answers the
 *		creator's error; "del": releases that group.  A failed add
 *		releases the group too, and answers EUCLEAN if anything was
 *		left in it: a failure must leave nothing on the device.
 *	devm_released
 *		how many resources the last release of a group freed
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/device.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#include <dbgfs.h>

#define FC_MANY		200

static struct dbgfs_node *fc_dir;
static struct device *fc_dev;
static DECLARE_WAIT_QUEUE_HEAD(fc_wq);
static DEFINE_MUTEX(fc_devm_mutex);
static void *fc_devm_group;		/* under fc_devm_mutex */
static u32 fc_devm_released;
static atomic_t fc_opens = ATOMIC_INIT(0);
static atomic_t fc_releases = ATOMIC_INIT(0);
static u8 fc_u8 = 42;
static u64 fc_attr_val = 7;
static u32 fc_array_data[] = { 1, 22, 333, 4294967295U };
static struct dbgfs_u32_array fc_array = {
	.array = fc_array_data,
	.n_elements = ARRAY_SIZE(fc_array_data),
};
static char *fc_str;

static int fc_plain_open(struct inode *inode, struct file *file)
{
	atomic_inc(&fc_opens);
	return 0;
}

static ssize_t fc_plain_read(struct file *file, char __user *buf, size_t len,
			     loff_t *ppos)
{
	static const char text[] = "plain\n";

	return simple_read_from_buffer(buf, len, ppos, text, sizeof(text) - 1);
}

static int fc_plain_release(struct inode *inode, struct file *file)
{
	atomic_inc(&fc_releases);
	return 0;
}

static const struct file_operations fc_plain_fops = {
	.owner		= THIS_MODULE,
	.open		= fc_plain_open,
	.read		= fc_plain_read,
	.release	= fc_plain_release,
	.llseek		= default_llseek,
};

/* Never ready: a poller sleeps until its timeout. */
static __poll_t fc_poll(struct file *file, poll_table *pt)
{
	poll_wait(file, &fc_wq, pt);
	return 0;
}

static const struct file_operations fc_poll_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.poll	= fc_poll,
	.llseek	= default_llseek,
};

static int fc_attr_get(void *data, u64 *val)
{
	*val = *(u64 *)data;
	return 0;
}

static int fc_attr_set(void *data, u64 val)
{
	*(u64 *)data = val;
	return 0;
}
DEFINE_DBGFS_ATTRIBUTE(fc_attr_fops, fc_attr_get, fc_attr_set, "%llu\n");

static ssize_t fc_counts_read(struct file *file, char __user *buf,
			      size_t len, loff_t *ppos)
{
	char text[32];
	int n;

	n = scnprintf(text, sizeof(text), "%d %d\n", atomic_read(&fc_opens),
		      atomic_read(&fc_releases));
	return simple_read_from_buffer(buf, len, ppos, text, n);
}

static const struct file_operations fc_counts_fops = {
	.owner	= THIS_MODULE,
	.read	= fc_counts_read,
	.llseek	= default_llseek,
};

static int fc_devm_show(struct seq_file *s, void *data)
{
	seq_printf(s, "%s\n", dev_name(s->private));
	return 0;
}

/* Under fc_devm_mutex. */
static int fc_devm_add(void)
{
	struct dbgfs_node *node;
	void *group;
	int left;

	if (fc_devm_group)
		return -EBUSY;
	group = devres_open_group(fc_dev, NULL, GFP_KERNEL);
	if (!group)
		return -ENOMEM;
	node = dbgfs_create_devm_seqfile(fc_dev, "devm_seq", fc_dir,
					 fc_devm_show);
	devres_close_group(fc_dev, group);
	if (!IS_ERR(node)) {
		fc_devm_group = group;
		return 0;
	}
	left = devres_release_group(fc_dev, group);
	if (left) {
		pr_err("a failed devm_seqfile left %d resources\n", left);
		return -EUCLEAN;
	}
	return PTR_ERR(node);
}

/* Under fc_devm_mutex. */
static int fc_devm_del(void)
{
	if (!fc_devm_group)
		return -ENOENT;
	fc_devm_released = devres_release_group(fc_dev, fc_devm_group);
	fc_devm_group = NULL;
	return 0;
}

static ssize_t fc_devm_write(struct file *file, const char __user *buf,
			     size_t len, loff_t *ppos)
{
	char cmd[8];
	int err;

	if (len >= sizeof(cmd))
		return -EINVAL;
	if (copy_from_user(cmd, buf, len))
		return -EFAULT;
	cmd[len] = '\0';
	strim(cmd);
	mutex_lock(&fc_devm_mutex);
	if (!strcmp(cmd, "add"))
		err = fc_devm_add();
	else if (!strcmp(cmd, "del"))
		err = fc_devm_del();
	else
		err = -EINVAL;
	mutex_unlock(&fc_devm_mutex);
	return err ? err : len;
}

static const struct file_operations fc_devm_fops = {
	.owner	= THIS_MODULE,
	.write	= fc_devm_write,
	.llseek	= default_llseek,
};

static int fc_make_many(struct dbgfs_node *dir)
{
	struct dbgfs_node *many = dbgfs_create_dir("many", dir), *f;
	char name[8];
	int i;

	if (IS_ERR(many))
		return PTR_ERR(many);
	for (i = 0; i < FC_MANY; i++) {
		snprintf(name, sizeof(name), "f%03d", i);
		f = dbgfs_create_file(name, 0444, many, NULL, &fc_plain_fops);
		if (IS_ERR(f))
			return PTR_ERR(f);
	}
	return 0;
}

static int fc_make_files(struct dbgfs_node *dir)
{
	struct dbgfs_node *n[9];
	int i;

	n[0] = dbgfs_create_file("plain", 0444, dir, NULL, &fc_plain_fops);
	n[1] = dbgfs_create_file("poll", 0444, dir, NULL, &fc_poll_fops);
	n[2] = dbgfs_create_u8("u8", 0644, dir, &fc_u8);
	n[3] = dbgfs_create_file("attr", 0644, dir, &fc_attr_val,
				 &fc_attr_fops);
	n[4] = dbgfs_create_u32_array("array", 0444, dir, &fc_array);
	n[5] = dbgfs_create_str("str", 0644, dir, &fc_str);
	n[6] = dbgfs_create_file("counts", 0444, dir, NULL, &fc_counts_fops);
	n[7] = dbgfs_create_file("devm", 0200, dir, NULL, &fc_devm_fops);
	n[8] = dbgfs_create_u32("devm_released", 0444, dir,
				&fc_devm_released);
	for (i = 0; i < ARRAY_SIZE(n); i++)
		if (IS_ERR(n[i]))
			return PTR_ERR(n[i]);
	return fc_make_many(dir);
}

static int __init fc_init(void)
{
	int err;

	fc_str = kstrdup("hello", GFP_KERNEL);
	if (!fc_str)
		return -ENOMEM;
	fc_dev = root_device_register("fault_client");
	if (IS_ERR(fc_dev)) {
		kfree(fc_str);
		return PTR_ERR(fc_dev);
	}
	fc_dir = dbgfs_create_dir("fault_client", NULL);
	err = PTR_ERR_OR_ZERO(fc_dir);
	if (!err)
		err = fc_make_files(fc_dir);
	if (err) {
		dbgfs_remove(fc_dir);
		root_device_unregister(fc_dev);
		kfree(fc_str);
	}
	return err;
}

static void __exit fc_exit(void)
{
	dbgfs_remove(fc_dir);
	/* Releases a devm_seq still added, and its group. */
	root_device_unregister(fc_dev);
	kfree(fc_str);
}

module_init(fc_init);
module_exit(fc_exit);

MODULE_DESCRIPTION("dbgfs test: files to fail allocations under");
MODULE_LICENSE("GPL");
