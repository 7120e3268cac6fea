// SPDX-License-Identifier: LGPL-2.1-or-later
/* libdbgfs: an entry's path, joined to a directory or the mount point. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "libdbgfs.h"

int dbgfs_join(const char *dir, const char *rel, char *buf, size_t size)
{
	size_t dlen, rlen;
	int n;

	if (!buf || (!dir && !(rel && *rel == '/')))
		return -EINVAL;
	if (rel && *rel == '/')
		n = snprintf(buf, size, "%s", rel);
	else if (!rel || !*rel)
		n = snprintf(buf, size, "%s", dir);
	else {
		dlen = strlen(dir);
		while (dlen > 1 && dir[dlen - 1] == '/')
			dlen--;
		rlen = strlen(rel);
		if (dlen == 1 && dir[0] == '/')
			dlen = 0;	/* "/" + "x" is "/x", not "//x" */
		n = snprintf(buf, size, "%.*s/%.*s", (int)dlen, dir,
			     (int)rlen, rel);
	}
	if (n < 0)
		return -EINVAL;
	return (size_t)n < size ? 0 : -ENAMETOOLONG;
}

int dbgfs_path(struct dbgfs_ctx *ctx, const char *path, char *buf,
	       size_t size)
{
	char dir[PATH_MAX];
	int ret;

	if (!path || !buf)
		return -EINVAL;
	if (!ctx || *path == '/') {
		if (strlen(path) >= size)
			return -ENAMETOOLONG;
		strcpy(buf, path);
		return 0;
	}
	ret = dbgfs_where(ctx, dir, sizeof(dir));
	if (ret)
		return ret;
	return dbgfs_join(dir, path, buf, size);
}
