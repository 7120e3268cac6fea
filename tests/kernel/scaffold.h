/* SPDX-License-Identifier: GPL-2.0 */
/*
 * scaffold.h: the init and exit halves the test modules of tests/kernel
 * share, so that each module holds only what it tests.
 *
 * A removal test's tree (reenter.c, takeover.c): a directory at the root,
 * a handle of it taken with dbgfs_lookup() (which stays usable after the
 * directory's removal has spent the creator's handle, see dbgfs_remove()),
 * and a control file at the root whose write starts the removal.
 *
 * A forgetful client's exit (exiter.c, cross_file.c, fuzz_client.c): the
 * data of files it leaves to dbgfs' cleanup must let go of the pollers and
 * the fasync list before it is freed, as the kernel-doc of
 * dbgfs_create_file() asks.
 */
#ifndef DBGFS_TEST_SCAFFOLD_H
#define DBGFS_TEST_SCAFFOLD_H

#include <linux/err.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/poll.h>
#include <linux/wait.h>

#include <dbgfs.h>

struct dbgfs_test_tree {
	struct dbgfs_node	*dir;	/* the creator's handle */
	struct dbgfs_node	*ref;	/* a dbgfs_lookup() handle of dir */
	struct dbgfs_node	*rm;	/* the control file at the root */
};

/* Removes what dbgfs_test_tree_begin() and _end() made, and drops ref. */
static inline void dbgfs_test_tree_remove(struct dbgfs_test_tree *t)
{
	dbgfs_remove(t->rm);
	dbgfs_remove(t->dir);
	dbgfs_node_put(t->ref);
}

/* Makes the directory @name at the root and takes a handle of it. */
static inline int dbgfs_test_tree_begin(struct dbgfs_test_tree *t,
					const char *name)
{
	t->dir = dbgfs_create_dir(name, NULL);
	if (IS_ERR(t->dir))
		return PTR_ERR(t->dir);
	t->ref = dbgfs_lookup(name, NULL);
	return 0;
}

/*
 * Makes the write-only control file @rm_name at the root, once the module
 * has made the @count nodes @n in the directory; if any of them, or the
 * control file, is an error, removes the whole tree and returns the error.
 */
static inline int dbgfs_test_tree_end(struct dbgfs_test_tree *t,
				      const char *rm_name,
				      const struct file_operations *rm_fops,
				      struct dbgfs_node **n, int count)
{
	int err, i;

	t->rm = dbgfs_create_file(rm_name, 0200, NULL, NULL, rm_fops);
	err = PTR_ERR_OR_ZERO(t->rm);
	for (i = 0; !err && i < count; i++)
		err = PTR_ERR_OR_ZERO(n[i]);
	if (err)
		dbgfs_test_tree_remove(t);
	return err;
}

/*
 * What a forgotten file's data must see to before exit() frees it: the
 * pollers dbgfs forwards onto @wq (if any) are told that the queue goes,
 * and the files on @fasync leave it.  Free the data after a grace period
 * (synchronize_rcu(), what wake_up_pollfree() asks of a free).
 */
static inline void dbgfs_test_data_gone(wait_queue_head_t *wq,
					struct fasync_struct **fasync)
{
	if (wq)
		wake_up_pollfree(wq);
	while (*fasync)
		fasync_helper(-1, (*fasync)->fa_file, 0, fasync);
}

#endif
