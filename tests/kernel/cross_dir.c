// SPDX-License-Identifier: GPL-2.0
/*
 * cross_dir: the module whose directory another module's file lives in
 * (issue 32, part 1).  It makes cross/; cross_file.ko makes cross/slow in
 * it, with a slow release.  Its exit removes cross/, and with it that file
 * of another module, in one of three ways (@how): 0 dbgfs_remove() of its
 * handle, 1 dbgfs_lookup_and_remove() by name, 2 not at all (dbgfs' owner
 * cleanup does, after exit()).  Whichever it is, the release of
 * cross_file's file runs on this module's removal, not cross_file's, and
 * must run with cross_file held (tests/guest/remove.sh, rmtest.c).
 *
 * With two=1 it makes cross0/ first, so that a forgetful exit (how=2)
 * leaves the owner cleanup two directories to remove in one removal,
 * cross/ finished first; cross_file's release (rm_other=1) removes cross0/
 * meanwhile.  Before the fix that remover waited for cross0/, the other
 * top of the cleanup's removal, which waited for the release: rmmod hung.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>

#include <dbgfs.h>

static int how;
module_param(how, int, 0444);
MODULE_PARM_DESC(how, "exit: 0 dbgfs_remove(), 1 dbgfs_lookup_and_remove(), 2 forget");

static bool two;
module_param(two, bool, 0444);
MODULE_PARM_DESC(two, "make cross0/ too, before cross/");

static struct dbgfs_node *cross_dir, *cross0;

static int __init cross_dir_init(void)
{
	if (how < 0 || how > 2)
		return -EINVAL;
	if (two) {
		cross0 = dbgfs_create_dir("cross0", NULL);
		if (IS_ERR(cross0))
			return PTR_ERR(cross0);
	}
	cross_dir = dbgfs_create_dir("cross", NULL);
	if (IS_ERR(cross_dir)) {
		dbgfs_remove(cross0);
		return PTR_ERR(cross_dir);
	}
	return 0;
}

static void __exit cross_dir_exit(void)
{
	if (how == 0) {
		dbgfs_remove(cross_dir);
		dbgfs_remove(cross0);
	} else if (how == 1) {
		dbgfs_lookup_and_remove("cross", NULL);
		dbgfs_lookup_and_remove("cross0", NULL);
	}
}

module_init(cross_dir_init);
module_exit(cross_dir_exit);

MODULE_DESCRIPTION("dbgfs test: a directory whose removal releases another module's file");
MODULE_LICENSE("GPL");
