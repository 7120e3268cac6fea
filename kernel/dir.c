// SPDX-License-Identifier: GPL-2.0
/*
 * Directory reading, straight from the node tree.  Positions are name
 * hashes (see dbgfs_name_hash()), so a reader keeps its place while
 * entries come and go; the last node reached is kept in the open file so
 * that siblings with one hash are neither lost nor repeated.
 */
#include <linux/fs.h>
#include <linux/limits.h>

#include <dbgfs.h>
#include "internal.h"

static unsigned char dbgfs_dt_type(const struct dbgfs_node *node)
{
	return (node->mode >> 12) & 15;
}

/* Where to go on at @hash: the kept node if it is still there. */
static struct dbgfs_node *dbgfs_dir_pos(struct dbgfs_node *dir,
					struct dbgfs_node *kept,
					unsigned int hash)
{
	if (kept && !dbgfs_node_removed(kept) && kept->parent == dir &&
	    kept->hash == hash)
		return kept;
	return dbgfs_first_child_from(dir, hash);
}

/* Keeps @node (referenced) in @file as the place to go on from. */
static void dbgfs_dir_keep(struct file *file, struct dbgfs_node *node)
{
	struct dbgfs_node *old = file->private_data;

	if (old == node)
		return;
	if (node)
		dbgfs_node_get(node);
	file->private_data = node;
	dbgfs_node_put(old);
}

/* The node after @pos, which was at @hash; @pos may have moved meanwhile. */
static struct dbgfs_node *dbgfs_dir_next(struct dbgfs_node *dir,
					 struct dbgfs_node *pos,
					 unsigned int hash)
{
	if (!dbgfs_node_removed(pos) && pos->parent == dir && pos->hash == hash)
		return dbgfs_next_child(pos);
	return dbgfs_first_child_from(dir, hash + 1);
}

static int dbgfs_readdir(struct file *file, struct dir_context *ctx)
{
	struct dbgfs_node *dir = dbgfs_inode_node(file_inode(file));
	struct dbgfs_node *pos;
	char name[NAME_MAX + 1];
	unsigned char type;
	unsigned long ino;

	if (!dir_emit_dots(file, ctx))
		return 0;
	down_read(&dbgfs_tree_rwsem);
	pos = dbgfs_dir_pos(dir, file->private_data, ctx->pos);
	while (pos) {
		ctx->pos = pos->hash;
		strscpy(name, pos->name, sizeof(name));
		type = dbgfs_dt_type(pos);
		ino = pos->ino;
		dbgfs_dir_keep(file, pos);
		/* No tree lock while copying to user space. */
		up_read(&dbgfs_tree_rwsem);
		if (!dir_emit(ctx, name, strlen(name), ino, type))
			return 0;
		down_read(&dbgfs_tree_rwsem);
		pos = dbgfs_dir_next(dir, pos, ctx->pos);
	}
	up_read(&dbgfs_tree_rwsem);
	ctx->pos = INT_MAX;
	return 0;
}

static int dbgfs_dir_release(struct inode *inode, struct file *file)
{
	dbgfs_node_put(file->private_data);
	return 0;
}

const struct file_operations dbgfs_dir_fops = {
	.owner		= THIS_MODULE,
	.read		= generic_read_dir,
	.iterate_shared	= dbgfs_readdir,
	.llseek		= generic_file_llseek,
	.release	= dbgfs_dir_release,
};
