// SPDX-License-Identifier: GPL-2.0
/*
 * The filesystem type, its one superblock and mount options, the mount
 * point /sys/kernel/dbgfs, and module init and exit.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/fs_parser.h>
#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

#include <dbgfs.h>
#include "internal.h"

static bool dbgfs_registered;

/**
 * dbgfs_initialized - tell whether dbgfs is up
 *
 * Context: Any context.
 *
 * Return: true once the filesystem is registered, as debugfs_initialized()
 * does; false with access=no-mount or access=off.
 */
bool dbgfs_initialized(void)
{
	return READ_ONCE(dbgfs_registered);
}
EXPORT_SYMBOL_GPL(dbgfs_initialized);

/* Mount options; as in debugfs they are those of the root directory. */
struct dbgfs_fs_info {
	kuid_t		uid;
	kgid_t		gid;
	umode_t		mode;
	unsigned int	set;		/* BIT(Opt_*) given */
};

enum { Opt_uid, Opt_gid, Opt_mode };

static const struct fs_parameter_spec dbgfs_param_specs[] = {
	fsparam_u32("uid", Opt_uid),
	fsparam_u32("gid", Opt_gid),
	fsparam_u32oct("mode", Opt_mode),
	{}
};

static int dbgfs_parse_param(struct fs_context *fc, struct fs_parameter *param)
{
	struct dbgfs_fs_info *opts = fc->s_fs_info;
	struct fs_parse_result result;
	int opt;

	/* Unknown options are an error, where debugfs ignores them. */
	opt = fs_parse(fc, dbgfs_param_specs, param, &result);
	if (opt < 0)
		return opt;
	switch (opt) {
	case Opt_uid:
		opts->uid = make_kuid(current_user_ns(), result.uint_32);
		if (!uid_valid(opts->uid))
			return invalfc(fc, "Invalid uid %u", result.uint_32);
		break;
	case Opt_gid:
		opts->gid = make_kgid(current_user_ns(), result.uint_32);
		if (!gid_valid(opts->gid))
			return invalfc(fc, "Invalid gid %u", result.uint_32);
		break;
	case Opt_mode:
		opts->mode = result.uint_32 & S_IALLUGO;
		break;
	}
	opts->set |= BIT(opt);
	return 0;
}

#define DBGFS_ALL_OPTS	(BIT(Opt_uid) | BIT(Opt_gid) | BIT(Opt_mode))

/*
 * Gives the root node, and its inode if there is one, the options of
 * @which (BIT(Opt_*)) from @opts.  A new superblock takes all of them; a
 * remount, as in debugfs, only those it was given, so that a chmod or
 * chown of the root survives a remount that does not name that option.
 * Return: 0, or -ENOMEM with nothing changed.
 */
static int dbgfs_apply_options(struct super_block *sb,
			       const struct dbgfs_fs_info *opts,
			       unsigned int which)
{
	struct inode *inode = sb->s_root ? d_inode(sb->s_root) : NULL;
	kuid_t uid;
	kgid_t gid;
	int err;

	down_write(&dbgfs_tree_rwsem);
	dbgfs_node_ids(dbgfs_root, &uid, &gid);
	if (which & BIT(Opt_uid))
		uid = opts->uid;
	if (which & BIT(Opt_gid))
		gid = opts->gid;
	err = dbgfs_node_set_ids(dbgfs_root, uid, gid);
	if (!err && (which & BIT(Opt_mode)))
		dbgfs_root->mode = S_IFDIR | opts->mode;
	if (!err && inode) {
		inode->i_mode = dbgfs_root->mode;
		inode->i_uid = uid;
		inode->i_gid = gid;
	}
	up_write(&dbgfs_tree_rwsem);
	return err;
}

static int dbgfs_show_options(struct seq_file *m, struct dentry *root)
{
	struct dbgfs_fs_info *opts = root->d_sb->s_fs_info;

	if (!uid_eq(opts->uid, GLOBAL_ROOT_UID))
		seq_printf(m, ",uid=%u",
			   from_kuid_munged(&init_user_ns, opts->uid));
	if (!gid_eq(opts->gid, GLOBAL_ROOT_GID))
		seq_printf(m, ",gid=%u",
			   from_kgid_munged(&init_user_ns, opts->gid));
	if (opts->mode != DBGFS_DEFAULT_MODE)
		seq_printf(m, ",mode=%o", opts->mode);
	return 0;
}

static const struct super_operations dbgfs_super_ops = {
	.alloc_inode	= dbgfs_alloc_inode,
	.free_inode	= dbgfs_free_inode,
	.evict_inode	= dbgfs_evict_inode,
	.drop_inode	= dbgfs_drop_inode,
	.statfs		= simple_statfs,
	.show_options	= dbgfs_show_options,
};

static int dbgfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct inode *inode;
	int err;

	sb->s_maxbytes = MAX_LFS_FILESIZE;
	sb->s_blocksize = PAGE_SIZE;
	sb->s_blocksize_bits = PAGE_SHIFT;
	sb->s_magic = DBGFS_MAGIC;
	sb->s_op = &dbgfs_super_ops;
	dbgfs_set_d_op(sb, &dbgfs_dentry_ops);
	sb->s_xattr = dbgfs_xattr_handlers;
	sb->s_time_gran = 1;
	/* sget_fc() moved the options from fc->s_fs_info to sb->s_fs_info. */
	err = dbgfs_apply_options(sb, sb->s_fs_info, DBGFS_ALL_OPTS);
	if (err)
		return err;

	down_read(&dbgfs_tree_rwsem);
	inode = dbgfs_get_inode(sb, dbgfs_root);
	up_read(&dbgfs_tree_rwsem);
	sb->s_root = d_make_root(inode);
	if (!sb->s_root)
		return -ENOMEM;
	dbgfs_notify_set_sb(sb);
	return 0;
}

/*
 * Only the options given change, so a bare remount changes nothing, not
 * even a chmod or chown of the root (debugfs' remount does the same).
 * /proc/mounts shows the options last given, not such a chmod.
 */
static int dbgfs_reconfigure(struct fs_context *fc)
{
	struct super_block *sb = fc->root->d_sb;
	struct dbgfs_fs_info *old = sb->s_fs_info, *new = fc->s_fs_info;
	int err = dbgfs_apply_options(sb, new, new->set);

	if (err)
		return err;
	if (new->set & BIT(Opt_uid))
		old->uid = new->uid;
	if (new->set & BIT(Opt_gid))
		old->gid = new->gid;
	if (new->set & BIT(Opt_mode))
		old->mode = new->mode;
	return 0;
}

static int dbgfs_get_tree(struct fs_context *fc)
{
	/* Registered only with access=on: no access check here. */
	int err = get_tree_single(fc, dbgfs_fill_super);

	if (err)
		return err;
	/*
	 * A mount of the existing superblock applies its options too; for a
	 * new one sget_fc() has taken them already.
	 */
	if (fc->s_fs_info)
		return dbgfs_reconfigure(fc);
	return 0;
}

static void dbgfs_free_fc(struct fs_context *fc)
{
	kfree(fc->s_fs_info);
}

static const struct fs_context_operations dbgfs_context_ops = {
	.free		= dbgfs_free_fc,
	.parse_param	= dbgfs_parse_param,
	.get_tree	= dbgfs_get_tree,
	.reconfigure	= dbgfs_reconfigure,
};

static int dbgfs_init_fs_context(struct fs_context *fc)
{
	struct dbgfs_fs_info *opts = dbgfs_kzalloc(sizeof(*opts), GFP_KERNEL);

	if (!opts)
		return -ENOMEM;
	opts->uid = GLOBAL_ROOT_UID;
	opts->gid = GLOBAL_ROOT_GID;
	opts->mode = DBGFS_DEFAULT_MODE;
	fc->s_fs_info = opts;
	fc->ops = &dbgfs_context_ops;
	return 0;
}

static void dbgfs_kill_sb(struct super_block *sb)
{
	struct dbgfs_fs_info *opts = sb->s_fs_info;

	dbgfs_notify_clear_sb(sb);
	kill_anon_super(sb);
	kfree(opts);
}

static struct file_system_type dbgfs_fs_type = {
	.owner			= THIS_MODULE,
	.name			= "dbgfs",
	.init_fs_context	= dbgfs_init_fs_context,
	.parameters		= dbgfs_param_specs,
	.kill_sb		= dbgfs_kill_sb,
};
MODULE_ALIAS_FS("dbgfs");

static int dbgfs_create_root(void)
{
	struct dbgfs_node *root = dbgfs_node_new("dbgfs", S_IFDIR |
						 DBGFS_DEFAULT_MODE);
	return PTR_ERR_OR_ZERO(dbgfs_root = root);
}

static int dbgfs_register(void)
{
	int err;

	if (!dbgfs_mount_allowed())
		return 0;
	err = dbgfs_fault_err() ?:
	      sysfs_create_mount_point(kernel_kobj, "dbgfs");
	if (err)
		return err;
	err = dbgfs_fault_err() ?: register_filesystem(&dbgfs_fs_type);
	if (err) {
		sysfs_remove_mount_point(kernel_kobj, "dbgfs");
		return err;
	}
	WRITE_ONCE(dbgfs_registered, true);
	return 0;
}

static void dbgfs_unregister(void)
{
	if (!dbgfs_registered)
		return;
	WRITE_ONCE(dbgfs_registered, false);
	unregister_filesystem(&dbgfs_fs_type);
	sysfs_remove_mount_point(kernel_kobj, "dbgfs");
}

static int __init dbgfs_init(void)
{
	int err;

	dbgfs_open_locks_init();
	err = dbgfs_node_cache_init();
	if (err)
		return err;
	err = dbgfs_inode_cache_init();
	if (err)
		goto out_nodes;
	err = dbgfs_create_root();
	if (err)
		goto out_inodes;
	err = dbgfs_owner_init();
	if (err)
		goto out_root;
	err = dbgfs_register();
	if (err)
		goto out_owner;
	return 0;

out_owner:
	dbgfs_owner_exit();
out_root:
	dbgfs_node_put(dbgfs_root);
out_inodes:
	dbgfs_inode_cache_exit();
out_nodes:
	dbgfs_node_cache_exit();
	return err;
}

static void __exit dbgfs_exit(void)
{
	dbgfs_unregister();
	dbgfs_owner_exit();
	dbgfs_remove_all();
	dbgfs_notify_flush();
	dbgfs_node_put(dbgfs_root);
	dbgfs_inode_cache_exit();
	dbgfs_node_cache_exit();
}

module_init(dbgfs_init);
module_exit(dbgfs_exit);

MODULE_DESCRIPTION("dbgfs: a debug filesystem with safe removal");
MODULE_LICENSE("GPL");
/* Kbuild passes the VERSION file's; an empty one means a build that bypassed it. */
static_assert(sizeof(DBGFS_VERSION) > 1, "DBGFS_VERSION is not set");
MODULE_VERSION(DBGFS_VERSION);
