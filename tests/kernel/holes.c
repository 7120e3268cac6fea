// SPDX-License-Identifier: GPL-2.0
/*
 * holes: clients that break two of dbgfs' assumptions (issue 32, part 3).
 * It makes
 *
 *	holes/map	one page to mmap, with file_operations that leave
 *			.owner unset: the vma's vm_ops->close is this module's
 *			code all the same, and logs "holes: vm close"
 *	holes/swap	an open that replaces the file's operations with
 *			replace_fops(), as debugfs WARNs about: later calls
 *			would bypass dbgfs' active references, and release
 *			would run twice (at close, and at removal)
 *
 * The parameters count opens and releases of swap (on either set of
 * operations).  tests/guest/remove.sh and rmtest map drive them.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include <dbgfs.h>

static int opens;
module_param(opens, int, 0444);
MODULE_PARM_DESC(opens, "opens of swap that succeeded in its open");
static int releases;
module_param(releases, int, 0444);
MODULE_PARM_DESC(releases, "releases of swap, on either operations");

static struct dbgfs_node *holes_dir;
static struct page *holes_page;

static vm_fault_t holes_fault(struct vm_fault *vmf)
{
	if (vmf->pgoff)
		return VM_FAULT_SIGBUS;
	get_page(holes_page);
	vmf->page = holes_page;
	return 0;
}

static void holes_vm_close(struct vm_area_struct *vma)
{
	pr_info("vm close\n");
}

static const struct vm_operations_struct holes_vm_ops = {
	.fault	= holes_fault,
	.close	= holes_vm_close,
};

static int holes_mmap(struct file *file, struct vm_area_struct *vma)
{
	vma->vm_ops = &holes_vm_ops;
	return 0;
}

/* No .owner: dbgfs must not rely on it to keep this module's vm_ops. */
static const struct file_operations holes_map_fops = {
	.mmap	= holes_mmap,
};

static ssize_t holes_read(struct file *file, char __user *buf, size_t len,
			  loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, "swapped\n", 8);
}

static int holes_release(struct inode *inode, struct file *file)
{
	WRITE_ONCE(releases, releases + 1);
	return 0;
}

static const struct file_operations holes_other_fops = {
	.owner		= THIS_MODULE,
	.read		= holes_read,
	.release	= holes_release,
};

/* A variable, for fops_get()'s test of the pointer. */
static const struct file_operations *holes_other = &holes_other_fops;

static int holes_swap_open(struct inode *inode, struct file *file)
{
	WRITE_ONCE(opens, opens + 1);
	replace_fops(file, fops_get(holes_other));
	return 0;
}

static const struct file_operations holes_swap_fops = {
	.owner		= THIS_MODULE,
	.open		= holes_swap_open,
	.release	= holes_release,
};

static int __init holes_init(void)
{
	struct dbgfs_node *map, *swap;

	holes_page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!holes_page)
		return -ENOMEM;
	holes_dir = dbgfs_create_dir("holes", NULL);
	map = dbgfs_create_file("map", 0600, holes_dir, NULL, &holes_map_fops);
	swap = dbgfs_create_file("swap", 0444, holes_dir, NULL,
				 &holes_swap_fops);
	if (IS_ERR(holes_dir) || IS_ERR(map) || IS_ERR(swap)) {
		dbgfs_remove(holes_dir);
		__free_page(holes_page);
		return -ENOMEM;
	}
	return 0;
}

static void __exit holes_exit(void)
{
	dbgfs_remove(holes_dir);
	put_page(holes_page);
}

module_init(holes_init);
module_exit(holes_exit);

MODULE_DESCRIPTION("dbgfs test: a file without .owner that maps, an open that replaces its fops");
MODULE_LICENSE("GPL");
