// SPDX-License-Identifier: GPL-2.0
/*
 * The "user.dbgfs.type" extended attribute: what a file holds ("u32",
 * "bool", "blob", ..., "file" for a client's own), so that a tool can show
 * and parse a value without guessing from its text.
 *
 * It is made from the file's operations when asked for (dbgfs_file_type()),
 * so that an entry does not grow for it, and it cannot be set or removed.
 * The user namespace, not trusted: whoever may read the file may read its
 * type, as sysfs' and kernfs' users expect of what describes a file, and a
 * tool that reads values as an ordinary user needs no capability for it.
 */
#include <linux/fs.h>
#include <linux/string.h>
#include <linux/xattr.h>

#include "internal.h"

#define DBGFS_XATTR_TYPE	"dbgfs.type"	/* after XATTR_USER_PREFIX */

/* @inode's type; NULL if it has none, an ERR_PTR() once it is removed. */
static const char *dbgfs_inode_type(struct inode *inode)
{
	struct dbgfs_node *node = dbgfs_inode_node(inode);

	if (!S_ISREG(node->mode))
		return NULL;
	if (dbgfs_node_removed(node))
		return ERR_PTR(-EIO);	/* as the file's operations answer */
	return dbgfs_file_type(node);
}

/* @text, without a NUL, into @buf of @size bytes (0: only its length). */
static int dbgfs_xattr_copy(const char *text, size_t len, void *buf,
			    size_t size)
{
	if (!size)
		return len;
	if (size < len)
		return -ERANGE;
	memcpy(buf, text, len);
	return len;
}

static int dbgfs_xattr_get(const struct xattr_handler *handler,
			   struct dentry *unused, struct inode *inode,
			   const char *name, void *buf, size_t size)
{
	const char *type;

	if (strcmp(name, DBGFS_XATTR_TYPE))
		return -ENODATA;
	type = dbgfs_inode_type(inode);
	if (IS_ERR(type))
		return PTR_ERR(type);
	if (!type)
		return -ENODATA;
	return dbgfs_xattr_copy(type, strlen(type), buf, size);
}

/* No ->set: setxattr() and removexattr() answer EOPNOTSUPP. */
static const struct xattr_handler dbgfs_xattr_user_handler = {
	.prefix	= XATTR_USER_PREFIX,
	.get	= dbgfs_xattr_get,
};

/* Not const: 6.1's super_block takes a pointer to non-const pointers. */
const struct xattr_handler *dbgfs_xattr_handlers[] = {
	&dbgfs_xattr_user_handler,
	NULL
};

/* The inode operation of files: their one attribute's name, with its NUL. */
ssize_t dbgfs_listxattr(struct dentry *dentry, char *buf, size_t size)
{
	static const char name[] = XATTR_USER_PREFIX DBGFS_XATTR_TYPE;
	const char *type = dbgfs_inode_type(d_inode(dentry));

	if (IS_ERR(type))
		return PTR_ERR(type);
	if (!type)
		return 0;
	return dbgfs_xattr_copy(name, sizeof(name), buf, size);
}
