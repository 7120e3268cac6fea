// SPDX-License-Identifier: GPL-2.0
/*
 * A client module that forgets to remove its entries: it creates
 *
 *	forgetful/{a,b,c}	files that read "forgetful\n"
 *	forgetful/sub/d		a file in a subdirectory
 *	forgetful/link		a symlink to "a"
 *
 * (7 entries) and its exit removes none of them.  dbgfs must remove them
 * when the module goes, with one warning naming the module and the count,
 * and files still held open must answer -EIO (tests/guest/api.sh).
 *
 * With moved=1 it first makes a file in the root and then renames it to
 * forgetful/moved (8 entries): the module's list of its nodes then has a
 * node before its directory, which the cleanup must not finish first and
 * wait for the file (before the fix rmmod hung; tests/guest/remove.sh).
 */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include <dbgfs.h>

static bool moved;
module_param(moved, bool, 0444);
MODULE_PARM_DESC(moved, "make forgetful/moved in the root before the directory");

static ssize_t forgetful_read(struct file *file, char __user *buf, size_t len,
			      loff_t *ppos)
{
	static const char msg[] = "forgetful\n";

	return simple_read_from_buffer(buf, len, ppos, msg, sizeof(msg) - 1);
}

static const struct file_operations forgetful_fops = {
	.owner	= THIS_MODULE,
	.read	= forgetful_read,
	.llseek	= default_llseek,
};

static int __init forgetful_init(void)
{
	struct dbgfs_node *dir, *sub, *node[5], *first = NULL;
	int i, err;

	if (moved) {
		first = dbgfs_create_file("moved", 0444, NULL, NULL,
					  &forgetful_fops);
		if (IS_ERR(first))
			return PTR_ERR(first);
	}
	dir = dbgfs_create_dir("forgetful", NULL);
	if (IS_ERR(dir)) {
		dbgfs_remove(first);
		return PTR_ERR(dir);
	}
	if (first) {
		err = dbgfs_rename(NULL, first, dir, "moved");
		if (err) {
			dbgfs_remove(first);
			dbgfs_remove(dir);
			return err;
		}
	}
	node[0] = dbgfs_create_file("a", 0444, dir, NULL, &forgetful_fops);
	node[1] = dbgfs_create_file("b", 0444, dir, NULL, &forgetful_fops);
	node[2] = dbgfs_create_file("c", 0444, dir, NULL, &forgetful_fops);
	sub = dbgfs_create_dir("sub", dir);
	/* An error of sub is handed on, and reported below. */
	node[3] = dbgfs_create_file("d", 0444, sub, NULL, &forgetful_fops);
	node[4] = dbgfs_create_symlink("link", dir, "a");
	for (i = 0; i < ARRAY_SIZE(node); i++) {
		if (IS_ERR(node[i])) {
			dbgfs_remove(first);
			dbgfs_remove(dir);
			return PTR_ERR(node[i]);
		}
	}
	return 0;
}

/* Forgets to remove what init made: dbgfs has to. */
static void __exit forgetful_exit(void)
{
}

module_init(forgetful_init);
module_exit(forgetful_exit);

MODULE_DESCRIPTION("dbgfs test: a client that never removes its entries");
MODULE_LICENSE("GPL");
