// SPDX-License-Identifier: GPL-2.0
/* debugfs_real_fops() where the files it tells apart stay debugfs': left as it
 * is, with the files, and said (dbgfs' call warns on a debugfs file).
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/seq_file.h>

struct dentry *other_subsystem_dir(void);
static u32 c_tx, c_xdp;

static int c_show(struct seq_file *m, void *unused)
{
	bool tx = debugfs_real_fops(m->file) == &c_tx_fops;

	seq_printf(m, "%u\n", tx ? c_tx : c_xdp);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(c);

const struct file_operations c_tx_fops, c_xdp_fops;

void c_files(void)
{
	struct dentry *d = other_subsystem_dir();

	debugfs_create_file("tx", 0444, d, NULL, &c_tx_fops);
	debugfs_create_file("xdp", 0444, d, NULL, &c_xdp_fops);
}
