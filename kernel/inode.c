// SPDX-License-Identifier: GPL-2.0
/*
 * Inodes and dentries, made from nodes on demand.  A lookup instantiates
 * them; the dcache may reclaim them like any unused dentry, and the node
 * stays.  Removal and rename make them stale, which ->d_revalidate notices.
 */
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/security.h>
#include <linux/slab.h>

#include <dbgfs.h>
#include "internal.h"

struct dbgfs_inode {
	struct dbgfs_node	*node;
	struct inode		vfs_inode;
};

static struct kmem_cache *dbgfs_inode_cache;

static struct dbgfs_inode *DBGFS_I(const struct inode *inode)
{
	return container_of(inode, struct dbgfs_inode, vfs_inode);
}

struct dbgfs_node *dbgfs_inode_node(const struct inode *inode)
{
	return DBGFS_I(inode)->node;
}

static void dbgfs_inode_init_once(void *p)
{
	struct dbgfs_inode *di = p;

	inode_init_once(&di->vfs_inode);
}

int dbgfs_inode_cache_init(void)
{
	dbgfs_inode_cache = dbgfs_kmem_cache_create("dbgfs_inode",
					      sizeof(struct dbgfs_inode), 0,
					      SLAB_RECLAIM_ACCOUNT |
					      SLAB_ACCOUNT,
					      dbgfs_inode_init_once);
	return dbgfs_inode_cache ? 0 : -ENOMEM;
}

void dbgfs_inode_cache_exit(void)
{
	rcu_barrier();	/* inodes are freed after a grace period */
	kmem_cache_destroy(dbgfs_inode_cache);
}

struct inode *dbgfs_alloc_inode(struct super_block *sb)
{
	struct dbgfs_inode *di = dbgfs_alloc_inode_sb(sb, dbgfs_inode_cache,
						      GFP_KERNEL);

	if (!di)
		return NULL;
	di->node = NULL;
	return &di->vfs_inode;
}

/*
 * After a grace period (the VFS' RCU callback), so that a path walk in RCU
 * mode that reached the node through this inode, a dying dentry's, is done
 * with it and with a symlink's target: only now may the node's memory go,
 * and so no node needs a grace period of its own.  The node stays, unless
 * its removal is done and this was its last reference.
 */
void dbgfs_free_inode(struct inode *inode)
{
	dbgfs_node_put(DBGFS_I(inode)->node);
	kmem_cache_free(dbgfs_inode_cache, DBGFS_I(inode));
}

void dbgfs_evict_inode(struct inode *inode)
{
	truncate_inode_pages_final(&inode->i_data);
	clear_inode(inode);
}

/* Read without the tree lock by stat: a count that races is still a count. */
static unsigned int dbgfs_dir_nlink(const struct dbgfs_node *dir)
{
	return 2 + READ_ONCE(dir->dir.nr_subdirs);
}

static unsigned int dbgfs_nlink(const struct dbgfs_node *node)
{
	return S_ISDIR(node->mode) ? dbgfs_dir_nlink(node) : 1;
}

static int dbgfs_getattr(struct dbgfs_idmap *idmap, const struct path *path,
			 struct kstat *stat, u32 request_mask,
			 unsigned int query_flags)
{
	struct inode *inode = d_inode(path->dentry);
	struct dbgfs_node *node = dbgfs_inode_node(inode);

	dbgfs_fillattr(idmap, request_mask, inode, stat);
	if (S_ISDIR(inode->i_mode))
		stat->nlink = dbgfs_dir_nlink(node);
	return 0;
}

/* setattr_copy() into @inode, kept in @node too, or no change at all. */
static int dbgfs_setattr_node(struct dbgfs_idmap *idmap, struct inode *inode,
			      struct iattr *ia, struct dbgfs_node *node)
{
	umode_t mode = inode->i_mode;
	kuid_t uid = inode->i_uid;
	kgid_t gid = inode->i_gid;
	int err;

	setattr_copy(idmap, inode, ia);
	err = dbgfs_node_set_ids(node, inode->i_uid, inode->i_gid);
	if (err) {
		inode->i_mode = mode;
		inode->i_uid = uid;
		inode->i_gid = gid;
		return err;
	}
	if (ia->ia_valid & ATTR_SIZE)
		i_size_write(inode, ia->ia_size);
	node->mode = inode->i_mode;
	return 0;
}

/*
 * chmod and chown change the node, so they outlive the inode.  Like
 * debugfs, lockdown refuses them.  A size change (O_TRUNC) only touches the
 * inode: the file's content is the client's.
 */
static int dbgfs_setattr(struct dbgfs_idmap *idmap, struct dentry *dentry,
			 struct iattr *ia)
{
	struct inode *inode = d_inode(dentry);
	struct dbgfs_node *node = dbgfs_inode_node(inode);
	int err;

	if (ia->ia_valid & (ATTR_MODE | ATTR_UID | ATTR_GID)) {
		err = security_locked_down(LOCKDOWN_DEBUGFS);
		if (err)
			return err;
	}
	err = setattr_prepare(idmap, dentry, ia);
	if (err)
		return err;
	down_write(&dbgfs_tree_rwsem);
	if (dbgfs_node_removed(node))
		err = -ENOENT;
	else
		err = dbgfs_setattr_node(idmap, inode, ia, node);
	up_write(&dbgfs_tree_rwsem);
	return err;
}

static struct dentry *dbgfs_iop_lookup(struct inode *dir, struct dentry *dentry,
				   unsigned int flags);

static const struct inode_operations dbgfs_dir_iops = {
	.lookup		= dbgfs_iop_lookup,
	.getattr	= dbgfs_getattr,
	.setattr	= dbgfs_setattr,
};

static const struct inode_operations dbgfs_file_iops = {
	.getattr	= dbgfs_getattr,
	.setattr	= dbgfs_setattr,
	.listxattr	= dbgfs_listxattr,
};

static const struct inode_operations dbgfs_symlink_iops = {
	.get_link	= simple_get_link,
	.getattr	= dbgfs_getattr,
	.setattr	= dbgfs_setattr,
};

static void dbgfs_init_inode(struct inode *inode, struct dbgfs_node *node)
{
	DBGFS_I(inode)->node = node;
	dbgfs_node_get(node);
	inode->i_mode = node->mode;
	dbgfs_node_ids(node, &inode->i_uid, &inode->i_gid);
	dbgfs_inode_init_times(inode);
	set_nlink(inode, dbgfs_nlink(node));
	switch (node->mode & S_IFMT) {
	case S_IFDIR:
		inode->i_op = &dbgfs_dir_iops;
		inode->i_fop = &dbgfs_dir_fops;
		break;
	case S_IFLNK:
		inode->i_op = &dbgfs_symlink_iops;
		inode->i_link = (char *)node->link.target;
		break;
	default:
		inode->i_op = &dbgfs_file_iops;
		inode->i_fop = dbgfs_proxy_fops(node);
		inode->i_private = node->file.data;
		inode->i_size = dbgfs_file_size(node);
		break;
	}
}

/*
 * The inode of @node, made if it has none.  The tree lock keeps the node
 * from changing or going meanwhile.
 * Context: Caller holds dbgfs_tree_rwsem.
 */
struct inode *dbgfs_get_inode(struct super_block *sb, struct dbgfs_node *node)
{
	struct inode *inode = iget_locked(sb, node->ino);

	lockdep_assert_held(&dbgfs_tree_rwsem);

	if (inode && dbgfs_inode_is_new(inode)) {
		dbgfs_init_inode(inode, node);
		unlock_new_inode(inode);
	}
	return inode;
}

static struct dentry *dbgfs_iop_lookup(struct inode *dir, struct dentry *dentry,
				   unsigned int flags)
{
	struct dbgfs_node *parent = dbgfs_inode_node(dir), *node;
	struct inode *inode = NULL;
	struct dentry *alias;
	unsigned int rev = 0;

	down_read(&dbgfs_tree_rwsem);
	node = dbgfs_find_child(parent, dentry->d_name.name);
	if (node) {
		rev = node->rev;
		inode = dbgfs_get_inode(dir->i_sb, node);
		if (!inode)
			inode = ERR_PTR(-ENOMEM);
	}
	up_read(&dbgfs_tree_rwsem);
	dentry->d_time = rev;
	alias = d_splice_alias(inode, dentry);
	/* A directory's old dentry moved here keeps its inode: mark it fresh. */
	if (!IS_ERR_OR_NULL(alias))
		alias->d_time = rev;
	return alias;
}

/*
 * Negative dentries are never trusted: a node may have been made since.
 * A positive one is stale once its node was removed or renamed.  Nodes are
 * freed after a grace period, so this is safe in RCU walk mode too.
 */
static DBGFS_D_REVALIDATE(dbgfs_d_revalidate)
{
	struct inode *inode = d_inode_rcu(dentry);
	struct dbgfs_node *node;

	if (!inode)
		return 0;
	node = dbgfs_inode_node(inode);
	if (dbgfs_node_removed(node))
		return 0;
	return READ_ONCE(node->rev) == dentry->d_time;
}

/* Negative dentries are not kept once unused. */
static int dbgfs_d_delete(const struct dentry *dentry)
{
	return d_really_is_negative(dentry);
}

const struct dentry_operations dbgfs_dentry_ops = {
	.d_revalidate	= dbgfs_d_revalidate,
	.d_delete	= dbgfs_d_delete,
};
