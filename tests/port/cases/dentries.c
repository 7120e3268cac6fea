// SPDX-License-Identifier: GPL-2.0
/* Entries in a field, a parameter, a return value and locals; a dentry that
 * holds no entry stays.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>

struct c_dev {
	struct dentry *dir;
	struct dentry *files[2];
	struct dentry *other;
	u8 val;
};

static struct dentry *c_make(const char *name, struct dentry *parent)
{
	return debugfs_create_dir(name, parent);
}

static void c_files(struct c_dev *d, struct dentry *parent)
{
	struct dentry *a, *b;

	a = debugfs_create_u8("a", 0644, parent, &d->val);
	b = debugfs_create_x8("b", 0644, parent, &d->val);
	d->files[0] = a;
	d->files[1] = b;
}

void c_setup(struct c_dev *d)
{
	d->dir = c_make("c", NULL);
	c_files(d, d->dir);
}

int c_name_len(struct dentry *dentry)
{
	return dentry->d_name.len;
}

void c_keep(struct c_dev *d, struct dentry *dentry)
{
	d->other = dget(dentry);
}
