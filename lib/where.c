// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libdbgfs: finding the mount point of a filesystem type.
 *
 * The mount table is parsed by util-linux's libmount, which undoes the
 * kernel's octal escapes (\040 for a space, \011, \012, \134): the
 * fscanf("%s") readers in perf, libtracefs and bpftool get mount points
 * with a space wrong.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <libmount.h>

#include "compiler.h"
#include "libdbgfs.h"
#include "read_all.h"

#define DEFAULT_MOUNTINFO "/proc/self/mountinfo"

struct fs_info {
	const char *fstype;
	const char *canonical;
	const char *env;
	unsigned long magic;
};

static const struct fs_info known_fs[] = {
	{ "dbgfs",   "/sys/kernel/dbgfs",   "DBGFS_DIR",   DBGFS_MAGIC },
	{ "debugfs", "/sys/kernel/debug",   "DEBUGFS_DIR", DEBUGFS_MAGIC },
	{ "tracefs", "/sys/kernel/tracing", "TRACEFS_DIR", TRACEFS_MAGIC },
};

struct dbgfs_ctx {
	pthread_mutex_t lock;
	char *fstype;
	const struct fs_info *info;	/* NULL for types we know nothing of */
	char *dir;			/* dbgfs_set_dir() */
	char *mountinfo;		/* NULL: DEFAULT_MOUNTINFO */
	unsigned int flags;
	char *cached;			/* last answer from steps 2 and 3 */
	enum dbgfs_source source;
	char *rejected;			/* first row the magic check refused */
	int rejected_id;
};

static const struct fs_info *lookup_fs(const char *fstype)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(known_fs); i++)
		if (!strcmp(known_fs[i].fstype, fstype))
			return &known_fs[i];
	return NULL;
}

struct dbgfs_ctx *dbgfs_new(const char *fstype)
{
	struct dbgfs_ctx *ctx;

	if (!fstype)
		fstype = "dbgfs";
	if (!*fstype) {
		errno = EINVAL;
		return NULL;
	}
	ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return NULL;
	ctx->fstype = strdup(fstype);
	if (!ctx->fstype) {
		free(ctx);
		return NULL;
	}
	ctx->info = lookup_fs(fstype);
	pthread_mutex_init(&ctx->lock, NULL);
	return ctx;
}

void dbgfs_free(struct dbgfs_ctx *ctx)
{
	if (!ctx)
		return;
	pthread_mutex_destroy(&ctx->lock);
	free(ctx->fstype);
	free(ctx->dir);
	free(ctx->mountinfo);
	free(ctx->cached);
	free(ctx->rejected);
	free(ctx);
}

const char *dbgfs_fstype(const struct dbgfs_ctx *ctx)
{
	return ctx->fstype;
}

const char *dbgfs_canonical_dir(const struct dbgfs_ctx *ctx)
{
	return ctx->info ? ctx->info->canonical : NULL;
}

const char *dbgfs_env_name(const struct dbgfs_ctx *ctx)
{
	return ctx->info ? ctx->info->env : NULL;
}

/* Replace *@slot by a copy of @val (NULL allowed). */
static int replace_str(char **slot, const char *val)
{
	char *copy = NULL;

	if (val) {
		copy = strdup(val);
		if (!copy)
			return -ENOMEM;
	}
	free(*slot);
	*slot = copy;
	return 0;
}

static void drop_cache(struct dbgfs_ctx *ctx)
{
	free(ctx->cached);
	ctx->cached = NULL;
}

int dbgfs_set_dir(struct dbgfs_ctx *ctx, const char *dir)
{
	int ret;

	if (dir && !*dir)
		return -EINVAL;
	pthread_mutex_lock(&ctx->lock);
	ret = replace_str(&ctx->dir, dir);
	pthread_mutex_unlock(&ctx->lock);
	return ret;
}

int dbgfs_set_mountinfo(struct dbgfs_ctx *ctx, const char *path)
{
	int ret;

	if (path && !*path)
		return -EINVAL;
	pthread_mutex_lock(&ctx->lock);
	ret = replace_str(&ctx->mountinfo, path);
	if (!ret)
		drop_cache(ctx);
	pthread_mutex_unlock(&ctx->lock);
	return ret;
}

int dbgfs_set_flags(struct dbgfs_ctx *ctx, unsigned int flags)
{
	if (flags & ~(DBGFS_NO_ENV | DBGFS_NO_CANONICAL | DBGFS_NO_VERIFY))
		return -EINVAL;
	pthread_mutex_lock(&ctx->lock);
	ctx->flags = flags;
	drop_cache(ctx);
	pthread_mutex_unlock(&ctx->lock);
	return 0;
}

unsigned int dbgfs_get_flags(struct dbgfs_ctx *ctx)
{
	unsigned int flags;

	pthread_mutex_lock(&ctx->lock);
	flags = ctx->flags;
	pthread_mutex_unlock(&ctx->lock);
	return flags;
}

enum dbgfs_source dbgfs_where_source(struct dbgfs_ctx *ctx)
{
	enum dbgfs_source src;

	pthread_mutex_lock(&ctx->lock);
	src = ctx->source;
	pthread_mutex_unlock(&ctx->lock);
	return src;
}

static bool can_verify(const struct dbgfs_ctx *ctx)
{
	return ctx->info && !(ctx->flags & DBGFS_NO_VERIFY);
}

/* Is a filesystem with the context's magic mounted at @dir? */
static bool has_magic(const struct dbgfs_ctx *ctx, const char *dir)
{
	struct statfs st;

	if (statfs(dir, &st))
		return false;
	return (unsigned long)st.f_type == ctx->info->magic;
}

/* A candidate from the table: checked by magic where that is possible. */
static bool verify(const struct dbgfs_ctx *ctx, const char *dir)
{
	return !can_verify(ctx) || has_magic(ctx, dir);
}

static int check_dir(const char *dir)
{
	struct stat st;

	if (stat(dir, &st))
		return -errno;
	return S_ISDIR(st.st_mode) ? 0 : -ENOTDIR;
}

/* libmount's parser error callback: 1 means skip the line, go on. */
static int skip_bad_line(struct libmnt_table *tb, const char *file, int line)
{
	(void)tb;
	(void)file;
	(void)line;
	return 1;
}

/*
 * Does @line look like a mountinfo line ("ID PARENT MAJOR:MINOR ...")?  The
 * test libmount applies to the first line to pick the table's format.
 */
static bool mountinfo_shaped(const char *line)
{
	unsigned int a, b, c, d;

	return sscanf(line, "%u %u %u:%u", &a, &b, &c, &d) == 4;
}

/*
 * Where the table's first mountinfo-shaped line starts in @buf, else 0
 * (not mountinfo at all, a /proc/mounts copy: all of it is libmount's).
 * libmount guesses a table's format from its first line only: a garbage
 * first line would make it parse every later line as fstab and find
 * nothing, where a garbage later line is just skipped.
 */
static size_t mountinfo_start(char *buf, size_t len)
{
	size_t start = 0, end;
	bool found;
	char *nl;

	while (start < len) {
		nl = memchr(buf + start, '\n', len - start);
		end = nl ? (size_t)(nl - buf) : len;
		buf[end] = '\0';
		found = mountinfo_shaped(buf + start);
		buf[end] = nl ? '\n' : '\0';
		if (found)
			return start;
		start = end + 1;
	}
	return 0;
}

/* Read all of the table @path into memory; it may not be a directory. */
static int read_table(const char *path, char **bufp, size_t *lenp)
{
	struct stat st;
	int fd, ret;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st))
		ret = -errno;
	else if (S_ISDIR(st.st_mode))
		ret = -EISDIR;
	else
		ret = read_all(fd, 0, NULL, bufp, lenp);
	close(fd);
	return ret;
}

/*
 * libmount's table of @path from its first mountinfo-shaped line on.  It
 * is read here so that an unreadable table is an error with its errno
 * instead of an empty table.
 */
static int load_table(const char *path, struct libmnt_table **tbp)
{
	struct libmnt_table *tb;
	size_t len = 0, start;
	char *buf = NULL;
	FILE *mem;
	int ret;

	ret = read_table(path, &buf, &len);
	if (ret)
		return ret;
	start = mountinfo_start(buf, len);
	len -= start;
	/* fmemopen() of zero bytes fails: an empty table stays empty. */
	mem = fmemopen(len ? buf + start : "\n", len ? len : 1, "r");
	if (!mem) {
		ret = -errno;
		goto out_free;
	}
	tb = mnt_new_table();
	if (!tb) {
		ret = -ENOMEM;
		goto out_mem;
	}
	mnt_table_set_parser_errcb(tb, skip_bad_line);
	ret = mnt_table_parse_stream(tb, mem, path);
	if (ret) {
		mnt_unref_table(tb);
		goto out_mem;
	}
	*tbp = tb;
out_mem:
	fclose(mem);
out_free:
	free(buf);
	return ret < 0 ? ret : (ret ? -EINVAL : 0);
}

/* A bind mount of a subdirectory shows only part of the filesystem. */
static bool whole_fs(struct libmnt_fs *fs)
{
	const char *root = mnt_fs_get_root(fs);

	return !root || !strcmp(root, "/");
}

static int search_table(struct dbgfs_ctx *ctx, char **found)
{
	const char *path = ctx->mountinfo ? ctx->mountinfo : DEFAULT_MOUNTINFO;
	struct libmnt_table *tb = NULL;
	struct libmnt_iter *itr;
	struct libmnt_fs *fs;
	int ret;

	free(ctx->rejected);
	ctx->rejected = NULL;
	ret = load_table(path, &tb);
	if (ret)
		return ret;
	itr = mnt_new_iter(MNT_ITER_FORWARD);
	if (!itr) {
		mnt_unref_table(tb);
		return -ENOMEM;
	}
	ret = -ENOENT;
	while (mnt_table_next_fs(tb, itr, &fs) == 0) {
		const char *type = mnt_fs_get_fstype(fs);
		const char *target = mnt_fs_get_target(fs);

		if (!type || !target || strcmp(type, ctx->fstype))
			continue;
		if (!whole_fs(fs))
			continue;
		if (!verify(ctx, target)) {
			if (!ctx->rejected) {
				ctx->rejected = strdup(target);
				ctx->rejected_id = mnt_fs_get_id(fs);
			}
			continue;
		}
		*found = strdup(target);
		ret = *found ? 0 : -ENOMEM;
		break;
	}
	mnt_free_iter(itr);
	mnt_unref_table(tb);
	return ret;
}

static int copy_out(const char *dir, char *buf, size_t size)
{
	size_t len = strlen(dir);

	if (len >= size)
		return -ERANGE;
	memcpy(buf, dir, len + 1);
	return 0;
}

/* Steps 2 and 3, and the cache in front of them; ctx->lock held. */
static int find_mounted(struct dbgfs_ctx *ctx)
{
	char *found = NULL;
	int ret;

	/* Without a magic to re-check it, a cached answer cannot be trusted. */
	if (ctx->cached && can_verify(ctx) && has_magic(ctx, ctx->cached))
		return 0;
	drop_cache(ctx);

	if (can_verify(ctx) && !(ctx->flags & DBGFS_NO_CANONICAL) &&
	    has_magic(ctx, ctx->info->canonical)) {
		found = strdup(ctx->info->canonical);
		if (!found)
			return -ENOMEM;
		ctx->source = DBGFS_SRC_CANONICAL;
	} else {
		ret = search_table(ctx, &found);
		if (ret)
			return ret;
		ctx->source = DBGFS_SRC_TABLE;
	}
	ctx->cached = found;
	return 0;
}

static int where_locked(struct dbgfs_ctx *ctx, char *buf, size_t size)
{
	const char *env = NULL;
	int ret;

	if (ctx->info && !(ctx->flags & DBGFS_NO_ENV)) {
		env = getenv(ctx->info->env);
		if (env && !*env)
			env = NULL;
	}
	if (ctx->dir || env) {
		const char *dir = ctx->dir ? ctx->dir : env;

		ret = check_dir(dir);
		if (ret)
			return ret;
		ctx->source = ctx->dir ? DBGFS_SRC_EXPLICIT : DBGFS_SRC_ENV;
		return copy_out(dir, buf, size);
	}
	ret = find_mounted(ctx);
	if (ret)
		return ret;
	return copy_out(ctx->cached, buf, size);
}

int dbgfs_where(struct dbgfs_ctx *ctx, char *buf, size_t size)
{
	int ret;

	if (!ctx || !buf)
		return -EINVAL;
	pthread_mutex_lock(&ctx->lock);
	ret = where_locked(ctx, buf, size);
	pthread_mutex_unlock(&ctx->lock);
	return ret;
}

int dbgfs_where_rejected(struct dbgfs_ctx *ctx, char *buf, size_t size,
			 int *id)
{
	int ret = -ENOENT;

	if (!ctx || !buf)
		return -EINVAL;
	pthread_mutex_lock(&ctx->lock);
	if (ctx->rejected) {
		ret = copy_out(ctx->rejected, buf, size);
		if (!ret && id)
			*id = ctx->rejected_id;
	}
	pthread_mutex_unlock(&ctx->lock);
	return ret;
}

/* mkdir -p; the last component gets @mode. */
static int make_dirs(const char *dir, mode_t mode)
{
	char path[PATH_MAX];
	size_t len = strlen(dir), i;

	if (len >= sizeof(path))
		return -ENAMETOOLONG;
	memcpy(path, dir, len + 1);
	for (i = 1; i <= len; i++) {
		if (path[i] != '/' && path[i] != '\0')
			continue;
		path[i] = '\0';
		if (mkdir(path, mode) && errno != EEXIST)
			return -errno;
		path[i] = dir[i];
	}
	return check_dir(dir);
}

int dbgfs_mount(struct dbgfs_ctx *ctx, const char *dir, const char *options)
{
	int ret;

	if (!ctx)
		return -EINVAL;
	if (!dir)
		dir = dbgfs_canonical_dir(ctx);
	if (!dir || !*dir)
		return -EINVAL;

	pthread_mutex_lock(&ctx->lock);
	if (ctx->info && has_magic(ctx, dir)) {
		ret = 0;
		goto out;
	}
	ret = make_dirs(dir, 0755);
	if (ret)
		goto out;
	/* Source "none", as the canonical `mount -t dbgfs none ...` has it. */
	if (mount("none", dir, ctx->fstype, 0, options)) {
		ret = -errno;
		goto out;
	}
	ret = replace_str(&ctx->cached, dir);
	if (!ret)
		ctx->source = DBGFS_SRC_MOUNTED;
out:
	pthread_mutex_unlock(&ctx->lock);
	return ret;
}
