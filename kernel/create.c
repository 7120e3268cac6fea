// SPDX-License-Identifier: GPL-2.0
/*
 * The API's creators: a directory, a file with full or short operations,
 * a symlink.  Each makes a node, gives it what its kind needs (a file its
 * proxy and lockdep class) and links it into the tree for its module, or
 * leaves nothing behind.
 */
#include <linux/err.h>
#include <linux/lockdep.h>
#include <linux/slab.h>

#include <dbgfs.h>
#include "internal.h"

/*
 * The common tail of every creator, after dbgfs_creator_check(): resolve
 * the parent, link the node, and free it on any failure (a removed or
 * non-directory parent, a name taken, no memory for the owner record) so
 * that nothing half-made stays behind.
 */
static struct dbgfs_node *dbgfs_add_or_free(struct dbgfs_node *node,
					    struct dbgfs_node *parent,
					    struct module *owner)
{
	int err;

	if (IS_ERR(node))
		return node;
	err = dbgfs_node_add(node, dbgfs_resolve_parent(parent), owner);
	if (err) {
		dbgfs_node_put(node);
		return ERR_PTR(err);
	}
	return node;
}

static int dbgfs_creator_check(struct dbgfs_node *parent)
{
	if (IS_ERR(parent))
		return PTR_ERR(parent);
	if (!dbgfs_api_allowed())
		return -EPERM;
	return 0;
}

/**
 * __dbgfs_create_dir - create a directory for a module
 * @name: name of the directory
 * @parent: directory to create it in, or NULL for the root
 * @owner: the module it belongs to
 *
 * Called through dbgfs_create_dir(), which passes THIS_MODULE.
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node or an ERR_PTR().
 */
struct dbgfs_node *__dbgfs_create_dir(const char *name,
				      struct dbgfs_node *parent,
				      struct module *owner)
{
	struct dbgfs_node *node;
	int err = dbgfs_creator_check(parent);

	if (err)
		return ERR_PTR(err);
	node = dbgfs_node_new(name, S_IFDIR | 0755);
	if (!IS_ERR(node))
		node->dir.module = dbgfs_module_of(owner);
	return dbgfs_add_or_free(node, parent, owner);
}
EXPORT_SYMBOL_GPL(__dbgfs_create_dir);

#ifdef CONFIG_DEBUG_LOCK_ALLOC
static struct lock_class_key dbgfs_no_fops_key;

/*
 * A lock class per file_operations, which is what tells files apart for
 * lockdep: one shared class would make a file whose write removes other
 * files (a control file) look like recursive locking.  Only the address
 * of a key counts, and the fops live in static storage of their module
 * (where lockdep drops the classes when the module goes), as sysfs keys
 * its attributes by the attribute.
 */
static void dbgfs_node_init_lockdep(struct dbgfs_node *node, const void *fops)
{
	lockdep_init_map(&node->dep_map, "dbgfs_active",
			 fops ? (struct lock_class_key *)fops :
				&dbgfs_no_fops_key, 0);
}
#else
static void dbgfs_node_init_lockdep(struct dbgfs_node *node, const void *fops)
{
}
#endif

static struct dbgfs_node *dbgfs_create_reg(const char *name, umode_t mode,
					   struct dbgfs_node *parent,
					   void *data, const void *fops,
					   bool short_fops, loff_t size,
					   struct module *owner)
{
	struct dbgfs_node *node;
	int err = dbgfs_creator_check(parent);

	if (err)
		return ERR_PTR(err);
	node = dbgfs_node_new_sized(name, S_IFREG | (mode & S_IALLUGO), size);
	if (IS_ERR(node))
		return node;
	dbgfs_node_init_lockdep(node, fops);
	if (short_fops)
		node->flags |= DBGFS_NODE_SHORT_FOPS;
	node->file.data = data;
	err = dbgfs_proxy_attach(node, fops, dbgfs_module_of(owner));
	if (err) {
		dbgfs_node_put(node);
		return ERR_PTR(err);
	}
	return dbgfs_add_or_free(node, parent, owner);
}

/**
 * __dbgfs_create_file - create a file with full file operations
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @data: stored in inode->i_private
 * @fops: the file's operations
 * @size: the initial inode size
 * @owner: the module it belongs to
 *
 * Called through dbgfs_create_file() and dbgfs_create_file_size().
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node or an ERR_PTR().
 */
struct dbgfs_node *__dbgfs_create_file(const char *name, umode_t mode,
				       struct dbgfs_node *parent, void *data,
				       const struct file_operations *fops,
				       loff_t size, struct module *owner)
{
	return dbgfs_create_reg(name, mode, parent, data, fops, false, size,
				owner);
}
EXPORT_SYMBOL_GPL(__dbgfs_create_file);

/**
 * __dbgfs_create_file_short - create a file with short file operations
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @data: stored in inode->i_private
 * @fops: the file's read, write and llseek
 * @size: the initial inode size
 * @owner: the module it belongs to
 *
 * Called through dbgfs_create_file() when given a &struct dbgfs_short_fops.
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node or an ERR_PTR().
 */
struct dbgfs_node *__dbgfs_create_file_short(const char *name, umode_t mode,
					     struct dbgfs_node *parent,
					     void *data,
					     const struct dbgfs_short_fops *fops,
					     loff_t size, struct module *owner)
{
	return dbgfs_create_reg(name, mode, parent, data, fops, true, size,
				owner);
}
EXPORT_SYMBOL_GPL(__dbgfs_create_file_short);

/**
 * __dbgfs_create_symlink - create a symbolic link for a module
 * @name: name of the link
 * @parent: directory to create it in, or NULL for the root
 * @target: the link's target, copied
 * @owner: the module it belongs to
 *
 * Called through dbgfs_create_symlink().
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node or an ERR_PTR().
 */
struct dbgfs_node *__dbgfs_create_symlink(const char *name,
					  struct dbgfs_node *parent,
					  const char *target,
					  struct module *owner)
{
	struct dbgfs_node *node;
	int err = dbgfs_creator_check(parent);

	if (err)
		return ERR_PTR(err);
	if (!target)
		return ERR_PTR(-EINVAL);
	node = dbgfs_node_new(name, S_IFLNK | 0777);
	if (IS_ERR(node))
		return node;
	node->link.module = dbgfs_module_of(owner);
	node->link.target = dbgfs_kstrdup(target, GFP_KERNEL);
	if (!node->link.target) {
		dbgfs_node_put(node);
		return ERR_PTR(-ENOMEM);
	}
	return dbgfs_add_or_free(node, parent, owner);
}
EXPORT_SYMBOL_GPL(__dbgfs_create_symlink);
