// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_peer: the second module of the fuzzer (tests/guest/fuzz.c), which
 * owns part of fuzz_client's tree.  It makes, in fuzz/DIR (dir= a name in
 * fuzz/, or empty for fuzz/ itself),
 *
 *	p/	a directory, with pf (a file whose reads sleep now and then),
 *		pu (a u32) and pl (a symlink to ..)
 *	pq	a file in the client's directory itself
 *
 * and keeps the handles.  Its exit() removes them through those handles,
 * whether or not the client removed them meanwhile (forget=1: it leaves
 * them to dbgfs' owner cleanup), and then frees their data: a remover that
 * did not wait, or an operation after exit(), touches freed memory.  The
 * release of pf and pq is slow now and then, and uses the data after its
 * sleep: the client's removal of p/ or of its own directory runs it, which
 * must hold this module meanwhile.  A release that a removal runs (the
 * file still open) always sleeps, 3-10 ms: the window for an rmmod of this
 * module.  The kernel log's line at exit() says how many there were.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>

#include <dbgfs.h>

static char *dir = "";
module_param(dir, charp, 0444);
MODULE_PARM_DESC(dir, "the directory of fuzz/ to make the entries in");
static bool forget;
module_param(forget, bool, 0444);
MODULE_PARM_DESC(forget, "leave the entries to dbgfs' owner cleanup");

struct peer_data {
	u32		value;
	atomic_t	reads;
};

static struct peer_data *peer_data;
static struct dbgfs_node *peer_dir, *peer_q;
static atomic_t peer_removal_releases;

static ssize_t peer_read(struct file *file, char __user *buf, size_t len,
			 loff_t *ppos)
{
	struct peer_data *d = file_inode(file)->i_private;
	char tmp[32];
	int n;

	if (atomic_inc_return(&d->reads) % 2)
		usleep_range(1000, 2000);
	n = scnprintf(tmp, sizeof(tmp), "peer %u\n", READ_ONCE(d->value));
	return simple_read_from_buffer(buf, len, ppos, tmp, n);
}

static int peer_release(struct inode *inode, struct file *file)
{
	struct peer_data *d = inode->i_private;

	if (file_count(file)) {
		/* Another module's removal, or our exit(), runs it. */
		atomic_inc(&peer_removal_releases);
		usleep_range(3000, 10000);
	} else if (atomic_inc_return(&d->reads) % 3 == 0) {
		usleep_range(2000, 5000);
	}
	atomic_inc(&d->reads);	/* freed memory if run after exit() */
	return 0;
}

static const struct file_operations peer_fops = {
	.owner		= THIS_MODULE,
	.read		= peer_read,
	.release	= peer_release,
	.llseek		= default_llseek,
};

static int __init peer_init(void)
{
	struct dbgfs_node *fz, *parent, *n;
	int err;

	peer_data = kzalloc(sizeof(*peer_data), GFP_KERNEL);
	if (!peer_data)
		return -ENOMEM;
	peer_data->value = 4711;
	err = -ENOENT;
	fz = dbgfs_lookup("fuzz", NULL);
	if (!fz)
		goto out_free;
	parent = *dir ? dbgfs_lookup(dir, fz) : fz;
	if (!parent)
		goto out_put;
	peer_dir = dbgfs_create_dir("p", parent);
	err = PTR_ERR(peer_dir);
	if (IS_ERR(peer_dir))
		goto out_put_parent;
	n = dbgfs_create_file("pf", 0644, peer_dir, peer_data, &peer_fops);
	if (!IS_ERR(n))
		n = dbgfs_create_u32("pu", 0644, peer_dir, &peer_data->value);
	if (!IS_ERR(n))
		n = dbgfs_create_symlink("pl", peer_dir, "..");
	if (!IS_ERR(n))
		n = dbgfs_create_file("pq", 0444, parent, peer_data, &peer_fops);
	err = PTR_ERR_OR_ZERO(n);
	if (err)
		dbgfs_remove(peer_dir);
	else
		peer_q = n;
out_put_parent:
	if (parent != fz)
		dbgfs_node_put(parent);
out_put:
	dbgfs_node_put(fz);
	if (!err)
		return 0;
out_free:
	kfree(peer_data);
	return err;
}

static void __exit peer_exit(void)
{
	if (!forget) {
		dbgfs_remove(peer_q);
		dbgfs_remove(peer_dir);
	}
	/* Forgotten entries: dbgfs runs none of their operations now. */
	kfree(peer_data);
	pr_info("releases run by a removal: %d\n",
		atomic_read(&peer_removal_releases));
}

module_init(peer_init);
module_exit(peer_exit);

MODULE_DESCRIPTION("dbgfs test: a second module owning part of the fuzzer's tree");
MODULE_LICENSE("GPL");
