// SPDX-License-Identifier: GPL-2.0
/*
 * dbgfs_example: each kind of entry a driver hands to user space through
 * dbgfs, under /sys/kernel/dbgfs/example.
 *
 *   u8 u16 u32 u64 x8 x16 x32 x64 size_t enabled   typed numbers and a bool
 *   blob                                           formatted text in a blob
 *   latest -> u32                                  a symlink
 *   renamed                                        made as "draft", renamed
 *   counter                                        a file with its own fops
 *   (temporary)                                    made and removed again
 */
#include <linux/module.h>
#include <linux/uaccess.h>
#include <linux/utsname.h>

#include <dbgfs.h>

static struct dbgfs_node *example_dir;

static u8 example_u8 = 8;
static u16 example_u16 = 16;
static u32 example_u32 = 32;
static u64 example_u64 = 64;
static size_t example_size = 4096;
static bool example_enabled = true;

static char example_text[256];
static struct dbgfs_blob_wrapper example_blob = {
	.data = example_text,
};

static atomic_t example_reads = ATOMIC_INIT(0);

/* "counter": how many times it was read; writing anything resets it. */
static ssize_t counter_read(struct file *file, char __user *buf, size_t len,
			    loff_t *ppos)
{
	char text[32];
	int n;

	if (!*ppos)
		atomic_inc(&example_reads);
	n = scnprintf(text, sizeof(text), "read %d times\n",
		      atomic_read(&example_reads));
	return simple_read_from_buffer(buf, len, ppos, text, n);
}

static ssize_t counter_write(struct file *file, const char __user *buf,
			     size_t len, loff_t *ppos)
{
	atomic_set(&example_reads, 0);
	return len;
}

static const struct dbgfs_short_fops counter_fops = {
	.read = counter_read,
	.write = counter_write,
};

static void example_numbers(struct dbgfs_node *dir)
{
	dbgfs_create_u8("u8", 0644, dir, &example_u8);
	dbgfs_create_u16("u16", 0644, dir, &example_u16);
	dbgfs_create_u32("u32", 0644, dir, &example_u32);
	dbgfs_create_u64("u64", 0644, dir, &example_u64);
	dbgfs_create_x8("x8", 0644, dir, &example_u8);
	dbgfs_create_x16("x16", 0644, dir, &example_u16);
	dbgfs_create_x32("x32", 0644, dir, &example_u32);
	dbgfs_create_x64("x64", 0644, dir, &example_u64);
	dbgfs_create_size_t("size_t", 0444, dir, &example_size);
	dbgfs_create_bool("enabled", 0644, dir, &example_enabled);
}

static int __init example_init(void)
{
	struct dbgfs_node *dir, *node;

	dir = dbgfs_create_dir("example", NULL);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	example_dir = dir;

	example_numbers(dir);

	example_blob.size = scnprintf(example_text, sizeof(example_text),
				      "dbgfs example on %s %s\nu32 starts at %u\n",
				      utsname()->sysname, utsname()->release,
				      example_u32);
	dbgfs_create_blob("blob", 0444, dir, &example_blob);

	dbgfs_create_symlink("latest", dir, "u32");

	node = dbgfs_create_file("draft", 0444, dir, NULL, &counter_fops);
	dbgfs_rename(dir, node, dir, "renamed");

	dbgfs_create_file("counter", 0644, dir, NULL, &counter_fops);

	/* Removal: entries may go at any time, open or not. */
	node = dbgfs_create_dir("temporary", dir);
	dbgfs_create_u32("short_lived", 0444, node, &example_u32);
	dbgfs_remove(node);
	return 0;
}

static void __exit example_exit(void)
{
	dbgfs_remove(example_dir);
}

module_init(example_init);
module_exit(example_exit);
MODULE_DESCRIPTION("dbgfs example: one of each kind of entry");
MODULE_LICENSE("GPL");
