// SPDX-License-Identifier: GPL-2.0
/* DEFINE_DEBUGFS_ATTRIBUTE in a macro's body, which spatch does not parse:
 * renamed by text, debugfs_real_fops() too.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>

static u64 c_a, c_b;

#define C_ATTR(n)						\
static int c_##n##_get(void *data, u64 *val)			\
{								\
	*val = c_##n;						\
	return 0;						\
}								\
DEFINE_DEBUGFS_ATTRIBUTE(c_##n##_fops, c_##n##_get, NULL, "%llu\n")

C_ATTR(a);
C_ATTR(b);

#define c_for_a(file, i)	\
	for (i = debugfs_real_fops(file) == &c_a_fops; i; i = 0)

int c_is_a(struct file *file)
{
	int i, n = 0;

	c_for_a(file, i)
		n++;
	return n;
}

void c_files(struct dentry *dir)
{
	debugfs_create_file_unsafe("a", 0444, dir, NULL, &c_a_fops);
	debugfs_create_file_unsafe("b", 0444, dir, NULL, &c_b_fops);
}
