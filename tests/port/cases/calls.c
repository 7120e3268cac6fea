// SPDX-License-Identifier: GPL-2.0
/* Every kind of creator, _unsafe included, lookup, rename, removal. */
#include <linux/debugfs.h>
#include <linux/fs.h>

static struct dentry *dir;
static u64 v64;
static unsigned long vul;
static size_t vsz;
static atomic_t vat;
static bool vb;
static char *vs;
static u32 arr_data[2];
static struct debugfs_u32_array arr = { arr_data, 2 };
static char blob_data[4];
static struct debugfs_blob_wrapper blob = { blob_data, 4 };
static const struct file_operations c_fops;

void c_all(void)
{
	struct dentry *d;

	dir = debugfs_create_dir("c", NULL);
	debugfs_create_u64("u64", 0644, dir, &v64);
	debugfs_create_x64("x64", 0644, dir, &v64);
	debugfs_create_ulong("ulong", 0644, dir, &vul);
	debugfs_create_xul("xul", 0644, dir, &vul);
	debugfs_create_size_t("size_t", 0644, dir, &vsz);
	debugfs_create_atomic_t("atomic", 0644, dir, &vat);
	debugfs_create_bool("bool", 0644, dir, &vb);
	debugfs_create_str("str", 0644, dir, &vs);
	debugfs_create_u32_array("arr", 0444, dir, &arr);
	debugfs_create_blob("blob", 0444, dir, &blob);
	debugfs_create_file("f", 0444, dir, NULL, &c_fops);
	debugfs_create_file_unsafe("u", 0444, dir, NULL, &c_fops);
	debugfs_create_file_size("s", 0444, dir, NULL, &c_fops, 10);
	debugfs_create_symlink("l", dir, "f");
	d = debugfs_lookup("f", dir);
	dput(d);
	debugfs_rename(dir, d, dir, "g");
	debugfs_lookup_and_remove("s", dir);
	debugfs_remove(dir);
}
