// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libdbgfs: reading and writing files, raw and as typed values.
 *
 * Attribute files are read until EOF (their i_size is usually 0) and
 * written with a single write(2): the kernel parses each write as one
 * value, so splitting it would store two values or fail.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "compiler.h"
#include "fs_magic.h"
#include "libdbgfs.h"
#include "read_all.h"

int dbgfs_read_file(struct dbgfs_ctx *ctx, const char *path, size_t max,
		    unsigned int flags, void **buf, size_t *len)
{
	char full[PATH_MAX];
	int fd, ret, oflags = O_RDONLY | O_CLOEXEC | O_NOCTTY;
	char *data = NULL;
	size_t n = 0;

	if (!buf || !len || (flags & ~DBGFS_READ_NONBLOCK))
		return -EINVAL;
	ret = dbgfs_path(ctx, path, full, sizeof(full));
	if (ret)
		return ret;
	if (flags & DBGFS_READ_NONBLOCK)
		oflags |= O_NONBLOCK;
	fd = open(full, oflags);
	if (fd < 0)
		return -errno;
	ret = read_all(fd, max, NULL, &data, &n);
	close(fd);
	if (ret)
		return ret;
	*buf = data;
	*len = n;
	return 0;
}

int dbgfs_get_raw(struct dbgfs_ctx *ctx, const char *path, void **buf,
		  size_t *len)
{
	return dbgfs_read_file(ctx, path, 0, 0, buf, len);
}

/*
 * The kernel's pseudo filesystems take a write as one value at offset 0,
 * and a truncate there is a setattr the file may refuse or act upon; an
 * ordinary file (a test's, a fixture) must be truncated as the shell's >
 * does, or a shorter value leaves the old tail behind.
 */
static bool is_pseudo_fs(int fd)
{
	static const unsigned long magics[] = {
		DBGFS_MAGIC, DEBUGFS_MAGIC, TRACEFS_MAGIC, SYSFS_MAGIC,
		PROC_SUPER_MAGIC, SECURITYFS_MAGIC, CONFIGFS_MAGIC,
		CGROUP_SUPER_MAGIC, CGROUP2_SUPER_MAGIC, BPF_FS_MAGIC,
	};
	struct statfs st;
	size_t i;

	if (fstatfs(fd, &st))
		return true;
	for (i = 0; i < ARRAY_SIZE(magics); i++)
		if ((unsigned long)st.f_type == magics[i])
			return true;
	return false;
}

int dbgfs_set_raw(struct dbgfs_ctx *ctx, const char *path, const void *buf,
		  size_t len)
{
	char full[PATH_MAX];
	ssize_t n;
	int fd, ret;

	if (!buf && len)
		return -EINVAL;
	ret = dbgfs_path(ctx, path, full, sizeof(full));
	if (ret)
		return ret;
	fd = open(full, O_WRONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -errno;
	if (!is_pseudo_fs(fd) && ftruncate(fd, 0) && errno != EINVAL) {
		ret = -errno;
		close(fd);
		return ret;
	}
	do {
		n = write(fd, buf, len);
	} while (n < 0 && errno == EINTR);
	ret = n < 0 ? -errno : ((size_t)n == len ? 0 : -EIO);
	/* Some files report their verdict only at close (e.g. on flush). */
	if (close(fd) && !ret && errno != EINTR)
		ret = -errno;
	return ret;
}

/* Read a small file that holds one value. */
static int get_value(struct dbgfs_ctx *ctx, const char *path, char **bufp)
{
	size_t len;
	void *buf;
	int ret;

	ret = dbgfs_read_file(ctx, path, DBGFS_VALUE_CHARS + 2, 0, &buf, &len);
	if (ret)
		return ret;
	if (len > DBGFS_VALUE_CHARS + 1 || memchr(buf, '\0', len)) {
		free(buf);
		return len > DBGFS_VALUE_CHARS + 1 ? -EFBIG : -EINVAL;
	}
	*bufp = buf;
	return 0;
}

int dbgfs_get_u64(struct dbgfs_ctx *ctx, const char *path, uint64_t *val)
{
	char *buf;
	int ret;

	ret = get_value(ctx, path, &buf);
	if (ret)
		return ret;
	ret = dbgfs_parse_u64(buf, val);
	free(buf);
	return ret;
}

int dbgfs_get_s64(struct dbgfs_ctx *ctx, const char *path, int64_t *val)
{
	char *buf;
	int ret;

	ret = get_value(ctx, path, &buf);
	if (ret)
		return ret;
	ret = dbgfs_parse_s64(buf, val);
	free(buf);
	return ret;
}

int dbgfs_get_bool(struct dbgfs_ctx *ctx, const char *path, bool *val)
{
	char *buf;
	int ret;

	ret = get_value(ctx, path, &buf);
	if (ret)
		return ret;
	ret = dbgfs_parse_bool(buf, val);
	free(buf);
	return ret;
}

int dbgfs_set_u64(struct dbgfs_ctx *ctx, const char *path, uint64_t val)
{
	char buf[32];
	int n = snprintf(buf, sizeof(buf), "%" PRIu64, val);

	return dbgfs_set_raw(ctx, path, buf, n);
}

int dbgfs_set_s64(struct dbgfs_ctx *ctx, const char *path, int64_t val)
{
	char buf[32];
	int n = snprintf(buf, sizeof(buf), "%" PRId64, val);

	return dbgfs_set_raw(ctx, path, buf, n);
}

int dbgfs_set_bool(struct dbgfs_ctx *ctx, const char *path, bool val)
{
	return dbgfs_set_raw(ctx, path, val ? "Y" : "N", 1);
}

int dbgfs_get_string(struct dbgfs_ctx *ctx, const char *path, char **str)
{
	size_t len;
	void *buf;
	int ret;

	if (!str)
		return -EINVAL;
	ret = dbgfs_get_raw(ctx, path, &buf, &len);
	if (ret)
		return ret;
	if (memchr(buf, '\0', len)) {
		free(buf);
		return -EINVAL;
	}
	if (len && ((char *)buf)[len - 1] == '\n')
		((char *)buf)[len - 1] = '\0';
	*str = buf;
	return 0;
}

int dbgfs_set_string(struct dbgfs_ctx *ctx, const char *path,
		     const char *str)
{
	if (!str)
		return -EINVAL;
	return dbgfs_set_raw(ctx, path, str, strlen(str));
}
