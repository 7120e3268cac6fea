// SPDX-License-Identifier: GPL-2.0
/*
 * Directory reading, straight from the node tree.  Positions are name
 * hashes (see dbgfs_name_hash()), so a reader keeps its place while
 * entries come and go; a node reached is kept in the open file so that
 * siblings with one hash are neither lost nor repeated.
 */
#include <linux/fs.h>
#include <linux/limits.h>
#include <linux/slab.h>

#include <dbgfs.h>
#include "internal.h"

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

/*
 * Entries are copied out of the tree a batch at a time, so that the tree
 * lock is not held while copying to user space, yet not taken and dropped
 * for every entry.  A batch never holds two siblings of one hash, so that
 * a reader stopping inside it resumes at the right one (dbgfs_dir_pos()).
 */
#define DBGFS_BATCH		64
#define DBGFS_BATCH_NAMES	4096

struct dbgfs_batch {
	unsigned int		count;
	unsigned int		used;		/* bytes of names */
	struct {
		unsigned long	ino;
		unsigned int	hash;
		unsigned short	off;		/* into names */
		unsigned char	len;
		unsigned char	type;
	} ent[DBGFS_BATCH];
	char			names[DBGFS_BATCH_NAMES];
};

/*
 * Fills @b from @pos on; returns the last node taken.
 * Context: Caller holds dbgfs_tree_rwsem.
 */
static struct dbgfs_node *dbgfs_batch_fill(struct dbgfs_batch *b,
					   struct dbgfs_node *pos)
{
	struct dbgfs_node *last = NULL;
	const char *name;
	size_t len;

	lockdep_assert_held(&dbgfs_tree_rwsem);
	b->count = 0;
	b->used = 0;
	for (; pos; pos = dbgfs_next_child(pos)) {
		name = dbgfs_node_name(pos);
		len = strlen(name);
		if (b->count == DBGFS_BATCH ||
		    b->used + len > DBGFS_BATCH_NAMES ||
		    (last && last->hash == pos->hash))
			break;
		b->ent[b->count].ino = pos->ino;
		b->ent[b->count].hash = pos->hash;
		b->ent[b->count].off = b->used;
		b->ent[b->count].len = len;
		b->ent[b->count].type = fs_umode_to_dtype(pos->mode);
		memcpy(b->names + b->used, name, len);
		b->used += len;
		b->count++;
		last = pos;
	}
	return last;
}

/* Emits @b; false when the reader's buffer is full. */
static bool dbgfs_batch_emit(struct dbgfs_batch *b, struct dir_context *ctx)
{
	unsigned int i;

	for (i = 0; i < b->count; i++) {
		ctx->pos = b->ent[i].hash;
		if (!dir_emit(ctx, b->names + b->ent[i].off, b->ent[i].len,
			      b->ent[i].ino, b->ent[i].type))
			return false;
	}
	return true;
}

static int dbgfs_readdir(struct file *file, struct dir_context *ctx)
{
	struct dbgfs_node *dir = dbgfs_file_node(file);
	struct dbgfs_node *pos, *last;
	struct dbgfs_batch *b;
	unsigned int hash;
	bool more;

	/*
	 * At the end already: no batch to fill (a second getdents() call).
	 * A reader sought past it is put back at the end, as kernfs does.
	 */
	if (ctx->pos >= INT_MAX) {
		ctx->pos = INT_MAX;
		return 0;
	}
	/*
	 * Before the dots: a failure after them would be a short read that
	 * getdents() returns as a success, and the error would be lost.
	 */
	b = dbgfs_kmalloc(sizeof(*b), GFP_KERNEL);
	if (!b)
		return -ENOMEM;
	if (!dir_emit_dots(file, ctx))
		goto out_free;
	down_read(&dbgfs_tree_rwsem);
	pos = dbgfs_dir_pos(dir, file->private_data, ctx->pos);
	while (pos) {
		/* A reader stopping at the batch's first entry resumes at it. */
		dbgfs_dir_keep(file, pos);
		last = dbgfs_batch_fill(b, pos);
		dbgfs_node_get(last);
		hash = last->hash;
		up_read(&dbgfs_tree_rwsem);
		more = dbgfs_batch_emit(b, ctx);
		down_read(&dbgfs_tree_rwsem);
		pos = more ? dbgfs_dir_next(dir, last, hash) : NULL;
		dbgfs_node_put(last);
		if (!more)
			goto out;
	}
	ctx->pos = INT_MAX;
out:
	up_read(&dbgfs_tree_rwsem);
out_free:
	kfree(b);
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
