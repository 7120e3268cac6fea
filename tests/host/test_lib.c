// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host tests of libdbgfs: mount table parsing against fixture files, the
 * lookup order, path joining, the value parsers and typed round trips on
 * temporary files, entry types and the values each type takes.  No guest,
 * no kernel module.
 *
 * Usage: test_lib FIXTURE_DIR [TOOL]   (TOOL: the dbgfs binary to test)
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "libdbgfs.h"
#include "tap.h"
#include "common.h"

static const char *fixtures;

/* Fixture tests look at the parse result alone: no env, no magic. */
#define FIXTURE_FLAGS (DBGFS_NO_ENV | DBGFS_NO_VERIFY)

static int where_in(const char *file, const char *type, unsigned int flags,
		    char *buf, size_t size)
{
	char path[PATH_MAX];
	struct dbgfs_ctx *ctx = dbgfs_new(type);
	int ret;

	if (!ctx)
		return -errno;
	if (*file == '/')
		snprintf(path, sizeof(path), "%s", file);
	else
		snprintf(path, sizeof(path), "%s/%s", fixtures, file);
	dbgfs_set_mountinfo(ctx, path);
	dbgfs_set_flags(ctx, flags);
	ret = dbgfs_where(ctx, buf, size);
	if (!ret && dbgfs_where_source(ctx) != DBGFS_SRC_TABLE)
		ret = -EPROTO;
	dbgfs_free(ctx);
	return ret;
}

static void expect_found(const char *file, const char *type,
			 unsigned int flags, const char *want, const char *what)
{
	char buf[PATH_MAX];
	int ret = where_in(file, type, flags, buf, sizeof(buf));

	if (!ok(!ret && !strcmp(buf, want), "%s: %s", file, what)) {
		diag("ret %d (%s)", ret, ret ? strerror(-ret) : "");
		if (!ret)
			diag("got '%s', want '%s'", buf, want);
	}
}

static void expect_error(const char *file, const char *type,
			 unsigned int flags, int want, const char *what)
{
	char buf[PATH_MAX];
	int ret = where_in(file, type, flags, buf, sizeof(buf));

	if (!ok(ret == want, "%s: %s", file, what))
		diag("ret %d, want %d", ret, want);
}

static void test_fixtures(void)
{
	unsigned int f = FIXTURE_FLAGS;

	expect_found("space.mountinfo", "debugfs", f, "/mnt/debug fs",
		     "\\040 decodes to a space");
	expect_found("tab.mountinfo", "debugfs", f, "/mnt/tab\there",
		     "\\011 decodes to a tab");
	expect_found("backslash.mountinfo", "debugfs", f, "/mnt/back\\slash",
		     "\\134 decodes to a backslash");
	expect_found("newline.mountinfo", "debugfs", f, "/mnt/new\nline",
		     "\\012 decodes to a newline");
	expect_found("all-escapes.mountinfo", "dbgfs", f, "/mnt/a b\tc\\d\ne",
		     "all escapes in one dbgfs mount point");
	expect_found("several.mountinfo", "debugfs", f, "/sys/kernel/debug",
		     "first of several mounts wins");
	expect_found("bind.mountinfo", "debugfs", f, "/mnt/whole",
		     "bind mount of a subdirectory is skipped");
	expect_error("none.mountinfo", "debugfs", f, -ENOENT,
		     "no debugfs mount: -ENOENT");
	expect_error("none.mountinfo", "dbgfs", f, -ENOENT,
		     "no dbgfs mount: -ENOENT");
	expect_error("empty.mountinfo", "debugfs", f, -ENOENT,
		     "empty table: -ENOENT");
	expect_found("nested.mountinfo", "debugfs", f, "/sys/kernel/debug",
		     "debugfs with tracefs below it: debugfs");
	expect_found("nested.mountinfo", "tracefs", f,
		     "/sys/kernel/debug/tracing",
		     "debugfs with tracefs below it: tracefs");
	expect_found("malformed.mountinfo", "debugfs", f, "/mnt/after-garbage",
		     "malformed line is skipped");
	expect_error("malformed-only.mountinfo", "debugfs", f, -ENOENT,
		     "only malformed debugfs lines: -ENOENT");
	expect_found("garbage-first.mountinfo", "debugfs", f,
		     "/mnt/after-first-garbage",
		     "a malformed first line is skipped too");
	expect_found("proc-mounts.mounts", "debugfs", f, "/mnt/old style",
		     "/proc/mounts format is read too");
	expect_found("nested.mountinfo", "sysfs", f, "/sys",
		     "any type: sysfs");
}

/* dbgfs_where_rejected() names the first row the magic check refused. */
static void test_rejected(unsigned int flags)
{
	struct dbgfs_ctx *ctx = dbgfs_new("debugfs");
	char path[PATH_MAX], buf[PATH_MAX];
	int id = -1;

	snprintf(path, sizeof(path), "%s/space.mountinfo", fixtures);
	dbgfs_set_mountinfo(ctx, path);
	dbgfs_set_flags(ctx, flags);
	ok(dbgfs_where_rejected(ctx, buf, sizeof(buf), &id) == -ENOENT,
	   "dbgfs_where_rejected() before a lookup: -ENOENT");
	ok(dbgfs_where(ctx, buf, sizeof(buf)) == -ENOENT &&
	   !dbgfs_where_rejected(ctx, buf, sizeof(buf), &id) &&
	   !strcmp(buf, "/mnt/debug fs") && id == 40,
	   "dbgfs_where_rejected(): the refused row's target and mount ID");
	ok(dbgfs_where_rejected(ctx, buf, 4, NULL) == -ERANGE,
	   "dbgfs_where_rejected() with a short buffer: -ERANGE");
	snprintf(path, sizeof(path), "%s/several.mountinfo", fixtures);
	dbgfs_set_mountinfo(ctx, path);
	dbgfs_set_flags(ctx, flags | DBGFS_NO_VERIFY);
	ok(!dbgfs_where(ctx, buf, sizeof(buf)) &&
	   dbgfs_where_rejected(ctx, buf, sizeof(buf), &id) == -ENOENT,
	   "dbgfs_where_rejected(): nothing refused, -ENOENT");
	dbgfs_free(ctx);
}

/* Candidates are checked by magic unless DBGFS_NO_VERIFY. */
static void test_verify(void)
{
	unsigned int f = DBGFS_NO_ENV | DBGFS_NO_CANONICAL;

	expect_error("othertypes.mountinfo", "dbgfs", f, -ENOENT,
		     "dbgfs candidates without the dbgfs magic are refused");
	expect_found("othertypes.mountinfo", "dbgfs", f | DBGFS_NO_VERIFY,
		     "/tmp", "DBGFS_NO_VERIFY trusts the table");
	expect_found("othertypes.mountinfo", "fuse.sshfs", f,
		     "/nonexistent/fuse mnt",
		     "a type without a known magic trusts the table");
	expect_error("space.mountinfo", "debugfs", f, -ENOENT,
		     "fixture debugfs path fails the magic check");
	test_rejected(f);
}

/* A mount table that cannot be read is an error, not "not mounted". */
static void test_unreadable(const char *tmp)
{
	char path[PATH_MAX], buf[PATH_MAX];
	int ret, fd;
	pid_t pid;

	expect_error(fixtures, "debugfs", FIXTURE_FLAGS, -EISDIR,
		     "a directory as mount table: -EISDIR");
	expect_error("does-not-exist", "debugfs", FIXTURE_FLAGS, -ENOENT,
		     "missing mount table: -ENOENT");
	expect_error("space.mountinfo/x", "debugfs", FIXTURE_FLAGS, -ENOTDIR,
		     "mount table below a file: -ENOTDIR");

	snprintf(path, sizeof(path), "%s/mode000.mountinfo", tmp);
	fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0);
	if (fd >= 0)
		close(fd);
	chmod(path, 0);
	/* Root bypasses the mode: test as nobody in a child. */
	pid = fork();
	if (pid == 0) {
		if (geteuid() == 0 && drop_privileges())
			_exit(100);
		ret = where_in(path, "debugfs", FIXTURE_FLAGS, buf,
			       sizeof(buf));
		_exit(ret == -EACCES ? 0 : 1);
	}
	ret = child_status(pid);
	if (ret == 100)
		skip("cannot drop privileges", "mode 000 mount table: -EACCES");
	else
		ok(ret == 0, "mode 000 mount table: -EACCES (as uid %d)",
		   geteuid() == 0 ? NOBODY : (int)geteuid());
}

static void test_lookup_order(const char *tmp)
{
	struct dbgfs_ctx *ctx = dbgfs_new(NULL);
	char buf[PATH_MAX], path[PATH_MAX];

	ok(!strcmp(dbgfs_fstype(ctx), "dbgfs"), "default type is dbgfs");
	ok(!strcmp(dbgfs_canonical_dir(ctx), "/sys/kernel/dbgfs"),
	   "dbgfs canonical path is /sys/kernel/dbgfs");
	ok(!strcmp(dbgfs_env_name(ctx), "DBGFS_DIR"), "dbgfs env is DBGFS_DIR");
	snprintf(path, sizeof(path), "%s/space.mountinfo", fixtures);
	dbgfs_set_mountinfo(ctx, path);
	dbgfs_set_flags(ctx, DBGFS_NO_VERIFY);

	setenv("DBGFS_DIR", tmp, 1);
	ok(!dbgfs_where(ctx, buf, sizeof(buf)) && !strcmp(buf, tmp) &&
	   dbgfs_where_source(ctx) == DBGFS_SRC_ENV, "DBGFS_DIR comes first");
	dbgfs_set_flags(ctx, DBGFS_NO_VERIFY | DBGFS_NO_ENV);
	ok(dbgfs_where(ctx, buf, sizeof(buf)) == -ENOENT,
	   "DBGFS_NO_ENV ignores DBGFS_DIR");
	dbgfs_set_flags(ctx, DBGFS_NO_VERIFY);
	setenv("DBGFS_DIR", "", 1);
	ok(dbgfs_where(ctx, buf, sizeof(buf)) == -ENOENT,
	   "an empty DBGFS_DIR is ignored");
	setenv("DBGFS_DIR", "/nonexistent/dir", 1);
	ok(dbgfs_where(ctx, buf, sizeof(buf)) == -ENOENT,
	   "a missing DBGFS_DIR is an error, not a fallback");
	dbgfs_set_dir(ctx, "/");
	ok(!dbgfs_where(ctx, buf, sizeof(buf)) && !strcmp(buf, "/") &&
	   dbgfs_where_source(ctx) == DBGFS_SRC_EXPLICIT,
	   "dbgfs_set_dir() wins over DBGFS_DIR");
	ok(dbgfs_where(ctx, buf, 1) == -ERANGE, "short buffer: -ERANGE");
	snprintf(path, sizeof(path), "%s/space.mountinfo", fixtures);
	dbgfs_set_dir(ctx, path);
	ok(dbgfs_where(ctx, buf, sizeof(buf)) == -ENOTDIR,
	   "dbgfs_set_dir() of a file: -ENOTDIR");
	dbgfs_set_dir(ctx, NULL);
	unsetenv("DBGFS_DIR");
	ok(dbgfs_set_flags(ctx, 1u << 30) == -EINVAL, "unknown flag: -EINVAL");
	ok(dbgfs_set_dir(ctx, "") == -EINVAL, "empty dir: -EINVAL");
	dbgfs_free(ctx);

	ctx = dbgfs_new("fuse.sshfs");
	ok(ctx && !dbgfs_canonical_dir(ctx) && !dbgfs_env_name(ctx),
	   "other types have no canonical path and no env");
	ok(dbgfs_mount(ctx, NULL, NULL) == -EINVAL,
	   "mount of a type without a canonical path needs a dir");
	dbgfs_free(ctx);
	ok(!dbgfs_new("") && errno == EINVAL, "empty type: EINVAL");
}

/* Undoes the octal escapes (\040) of a mountinfo field, in place. */
static void unescape_field(char *s)
{
	char *d = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*d++ = (s[1] - '0') << 6 | (s[2] - '0') << 3 |
			       (s[3] - '0');
			s += 3;
		} else {
			*d++ = *s;
		}
	}
	*d = '\0';
}

/*
 * The first mount of @type in /proc/self/mountinfo that shows its whole
 * filesystem (root "/"), read without libmount: 0 and its mount point in
 * @want, -ENOENT if there is none.
 */
static int first_mount_of(const char *type, char *want, size_t size)
{
	char line[8192], root[4096], target[4096], fstype[256];
	FILE *f = fopen("/proc/self/mountinfo", "re");
	int ret = -ENOENT;
	char *sep;

	if (!f)
		return -errno;
	while (ret && fgets(line, sizeof(line), f)) {
		sep = strstr(line, " - ");
		if (!sep ||
		    sscanf(line, "%*s %*s %*s %4095s %4095s", root, target) != 2 ||
		    sscanf(sep + 3, "%255s", fstype) != 1)
			continue;
		unescape_field(root);
		unescape_field(target);
		if (strcmp(fstype, type) || strcmp(root, "/"))
			continue;
		snprintf(want, size, "%s", target);
		ret = 0;
	}
	fclose(f);
	return ret;
}

/*
 * Whatever this host has mounted, the real table must parse, and give what
 * a reading of it without libmount gives: the first whole mount of the type
 * (no magic check, no canonical path: the table alone), or -ENOENT.
 */
static void test_real_table(void)
{
	static const char *const types[] = { "dbgfs", "debugfs", "tracefs" };
	char buf[PATH_MAX], want[PATH_MAX];
	size_t i;
	int ret, want_ret;

	for (i = 0; i < 3; i++) {
		struct dbgfs_ctx *ctx = dbgfs_new(types[i]);

		dbgfs_set_flags(ctx, DBGFS_NO_ENV | DBGFS_NO_CANONICAL |
			       DBGFS_NO_VERIFY);
		want_ret = first_mount_of(types[i], want, sizeof(want));
		ret = dbgfs_where(ctx, buf, sizeof(buf));
		if (!ok(ret == want_ret && (ret || !strcmp(buf, want)),
			"this host's table, %s: %s", types[i],
			want_ret ? "not mounted, -ENOENT" : want))
			diag("dbgfs_where: %d (%s), wanted %d (%s)", ret,
			     ret ? strerror(-ret) : buf, want_ret,
			     want_ret ? strerror(-want_ret) : want);
		dbgfs_free(ctx);
	}
}

struct thread_arg {
	struct dbgfs_ctx *ctx;
	int bad;
};

static void *where_thread(void *data)
{
	struct thread_arg *a = data;
	char buf[PATH_MAX];
	int i;

	for (i = 0; i < 200; i++)
		if (dbgfs_where(a->ctx, buf, sizeof(buf)) ||
		    strcmp(buf, "/sys/kernel/debug"))
			a->bad++;
	return NULL;
}

static void test_threads(void)
{
	struct thread_arg args[8];
	pthread_t th[8];
	char path[PATH_MAX];
	struct dbgfs_ctx *ctx = dbgfs_new("debugfs");
	int i, bad = 0;

	snprintf(path, sizeof(path), "%s/several.mountinfo", fixtures);
	dbgfs_set_mountinfo(ctx, path);
	dbgfs_set_flags(ctx, FIXTURE_FLAGS);
	for (i = 0; i < 8; i++) {
		args[i].ctx = ctx;
		args[i].bad = 0;
		pthread_create(&th[i], NULL, where_thread, &args[i]);
	}
	for (i = 0; i < 8; i++) {
		pthread_join(th[i], NULL);
		bad += args[i].bad;
	}
	ok(!bad, "8 threads share one context (%d bad answers)", bad);
	dbgfs_free(ctx);
}

static void expect_join(const char *dir, const char *rel, const char *want)
{
	char buf[PATH_MAX];
	int ret = dbgfs_join(dir, rel, buf, sizeof(buf));

	if (!ok(!ret && !strcmp(buf, want), "join '%s' + '%s' = '%s'",
		dir ? dir : "(null)", rel ? rel : "(null)", want))
		diag("ret %d, got '%s'", ret, ret ? "" : buf);
}

static void test_join(const char *tmp)
{
	struct dbgfs_ctx *ctx = dbgfs_new(NULL);
	char buf[PATH_MAX], want[PATH_MAX];

	expect_join("/sys/kernel/dbgfs", "a/b", "/sys/kernel/dbgfs/a/b");
	expect_join("/sys/kernel/dbgfs/", "a", "/sys/kernel/dbgfs/a");
	expect_join("/sys/kernel/dbgfs//", "a", "/sys/kernel/dbgfs/a");
	expect_join("/", "a", "/a");
	expect_join("/mnt/debug fs", "x", "/mnt/debug fs/x");
	expect_join("/sys/kernel/dbgfs", "/etc/passwd", "/etc/passwd");
	expect_join("/sys/kernel/dbgfs", "", "/sys/kernel/dbgfs");
	expect_join("/sys/kernel/dbgfs", NULL, "/sys/kernel/dbgfs");
	ok(dbgfs_join("/abc", "def", buf, 8) == -ENAMETOOLONG,
	   "join into a short buffer: -ENAMETOOLONG");
	ok(dbgfs_join("/abc", "de", buf, 8) == 0, "join that just fits");

	ok(!dbgfs_path(NULL, "rel/x", buf, sizeof(buf)) &&
	   !strcmp(buf, "rel/x"), "path with NULL ctx is used as given");
	dbgfs_set_flags(ctx, DBGFS_NO_ENV | DBGFS_NO_CANONICAL);
	dbgfs_set_mountinfo(ctx, "/nonexistent");
	ok(!dbgfs_path(ctx, "/abs", buf, sizeof(buf)) && !strcmp(buf, "/abs"),
	   "absolute path needs no mount point");
	ok(dbgfs_path(ctx, "rel", buf, sizeof(buf)) == -ENOENT,
	   "relative path without a mount point fails");
	dbgfs_set_dir(ctx, tmp);
	snprintf(want, sizeof(want), "%s/rel", tmp);
	ok(!dbgfs_path(ctx, "rel", buf, sizeof(buf)) && !strcmp(buf, want),
	   "relative path joins the mount point");
	dbgfs_free(ctx);
}

static void check_case(const char *type, const char *value, int want)
{
	int ret = dbgfs_check_value(type, value, NULL, 0);
	size_t len = strcspn(value, "\n\v");

	/* The test line stays one line: "\\n" for a newline and so on. */
	if (!ok(ret == want, "check_value %s \"%.*s%s%s\"", type, (int)len,
		value, value[len] == '\n' ? "\\n" : value[len] ? "\\v" : "",
		value[len] ? value + len + 1 : ""))
		diag("ret %d, want %d", ret, want);
}

/* Each type's bounds, as the module's writes have them. */
static void test_check_value(void)
{
	static const struct {
		const char *type, *value;
		int want;
	} cases[] = {
		{ "u8", "0", 0 }, { "u8", "255", 0 }, { "u8", "255\n", 0 },
		{ "u8", "0xff", 0 }, { "u8", "0377", 0 }, { "u8", "+7", 0 },
		{ "u8", "256", -ERANGE }, { "u8", "-1", -EINVAL },
		{ "u8", "", -EINVAL }, { "u8", "1 2", -EINVAL },
		{ "u8", " 1", -EINVAL }, { "u8", "\v1", -EINVAL },
		{ "u8", "0x", -EINVAL }, { "u8", "12abc", -EINVAL },
		{ "u8", "000000000000000000000001", -EINVAL },
		{ "u16", "65535", 0 }, { "u16", "65536", -ERANGE },
		{ "u32", "4294967295", 0 }, { "u32", "4294967296", -ERANGE },
		{ "u32", "-1", -EINVAL },
		{ "u64", "18446744073709551615", 0 },
		{ "u64", "0xffffffffffffffff", 0 },
		{ "u64", "18446744073709551616", -ERANGE },
		{ "x8", "0xff", 0 }, { "x8", "0x100", -ERANGE },
		{ "x16", "0xffff", 0 }, { "x16", "0x10000", -ERANGE },
		{ "x32", "0xffffffff", 0 }, { "x32", "0x100000000", -ERANGE },
		{ "x64", "0xffffffffffffffff", 0 }, { "x64", "-1", -EINVAL },
		{ "atomic_t", "-2147483648", 0 }, { "atomic_t", "2147483647", 0 },
		{ "atomic_t", "-2147483649", -ERANGE },
		{ "atomic_t", "2147483648", -ERANGE }, { "atomic_t", "-0x10", 0 },
		{ "bool", "y", 0 }, { "bool", "Y", 0 }, { "bool", "1", 0 },
		{ "bool", "n", 0 }, { "bool", "N", 0 }, { "bool", "0", 0 },
		{ "bool", "on", 0 }, { "bool", "OFF", 0 }, { "bool", "yes\n", 0 },
		{ "bool", "true", 0 }, { "bool", "maybe", -EINVAL },
		{ "bool", "o", -EINVAL }, { "bool", "", -EINVAL },
		{ "bool", "2", -EINVAL },
		{ "u32_array", "1", -EROFS }, { "regset32", "1", -EROFS },
		{ "blob", "anything", 0 }, { "file", "anything", 0 },
		{ "newtype", "anything", 0 },
	};
	long page = sysconf(_SC_PAGESIZE);
	char why[128], *str;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		check_case(cases[i].type, cases[i].value, cases[i].want);
	str = malloc(page + 1);
	memset(str, 'a', page);
	str[page] = '\0';
	ok(dbgfs_check_value("str", str, why, sizeof(why)) == -ERANGE,
	   "check_value str of a page (%ld bytes): -ERANGE", page);
	str[page - 1] = '\0';
	ok(!dbgfs_check_value("str", str, NULL, 0),
	   "check_value str of a page less one (%ld bytes)", page - 1);
	free(str);
	ok(page != 4096 || !strcmp(why, "str takes a string of at most 4095 bytes"),
	   "check_value str: why names the limit");
	ok(dbgfs_check_value("u8", "256", why, sizeof(why)) == -ERANGE &&
	   !strcmp(why, "u8 takes a number from 0 to 255"), "check_value u8: why");
	ok(dbgfs_check_value("x16", "x", why, sizeof(why)) == -EINVAL &&
	   !strcmp(why, "x16 takes a number from 0 to 0xffff"),
	   "check_value x16: why in hex");
	ok(dbgfs_check_value("atomic_t", "1e3", why, sizeof(why)) == -EINVAL &&
	   !strcmp(why, "atomic_t takes a number from -2147483648 to 2147483647"),
	   "check_value atomic_t: why");
	ok(dbgfs_check_value("bool", "maybe", why, sizeof(why)) == -EINVAL &&
	   strstr(why, "bool takes "), "check_value bool: why");
	ok(dbgfs_check_value("regset32", "1", why, sizeof(why)) == -EROFS &&
	   !strcmp(why, "regset32 is read-only"), "check_value regset32: why");
	strcpy(why, "untouched");
	ok(!dbgfs_check_value("u8", "1", why, sizeof(why)) &&
	   !strcmp(why, "untouched"), "check_value: why untouched when taken");
	ok(dbgfs_check_value(NULL, "1", NULL, 0) == -EINVAL &&
	   dbgfs_check_value("u8", NULL, NULL, 0) == -EINVAL,
	   "check_value of NULL: -EINVAL");
}

static void test_type_names(void)
{
	static const char *const names[] = {
		"u8", "u16", "u32", "u64", "x8", "x16", "x32", "x64", "ulong",
		"size_t", "atomic_t", "bool", "str", "blob", "u32_array",
		"regset32", "file",
	};
	unsigned int seen = 0;
	enum dbgfs_type t;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		t = dbgfs_type_from_name(names[i]);
		if (t != DBGFS_TYPE_UNKNOWN && t < 32)
			seen |= 1u << t;
	}
	ok(seen == ((1u << ARRAY_SIZE(names)) - 1) << 1,
	   "type_from_name: %zu names, each its own value", ARRAY_SIZE(names));
	ok(dbgfs_type_from_name("u32") == DBGFS_TYPE_U32 &&
	   dbgfs_type_from_name("file") == DBGFS_TYPE_FILE,
	   "type_from_name: u32, file");
	ok(dbgfs_type_from_name("U32") == DBGFS_TYPE_UNKNOWN &&
	   dbgfs_type_from_name("") == DBGFS_TYPE_UNKNOWN &&
	   dbgfs_type_from_name(NULL) == DBGFS_TYPE_UNKNOWN,
	   "type_from_name: others are unknown");
}

/* The type of a file from its user.dbgfs.type attribute. */
static void test_get_type(const char *tmp)
{
	char *typed = strdup(path_in(tmp, "typed-u32"));
	char *plain = strdup(path_in(tmp, "untyped"));
	struct dbgfs_ctx *ctx = dbgfs_new("dbgfs");
	char buf[DBGFS_TYPE_NAME_MAX];

	write_file(typed, "1\n", 2);
	write_file(plain, "1\n", 2);
	if (setxattr(typed, DBGFS_TYPE_XATTR, "u32", 3, 0)) {
		skip(strerror(errno), "get_type: no user xattrs in %s", tmp);
		goto out;
	}
	ok(!dbgfs_get_type(NULL, typed, buf, sizeof(buf)) &&
	   !strcmp(buf, "u32"), "get_type: u32");
	ok(dbgfs_get_type(NULL, plain, buf, sizeof(buf)) == -ENODATA,
	   "get_type of an untyped file: -ENODATA");
	ok(dbgfs_get_type(NULL, tmp, buf, sizeof(buf)) == -ENODATA,
	   "get_type of a directory: -ENODATA");
	ok(dbgfs_get_type(NULL, typed, buf, 3) == -ERANGE,
	   "get_type into a short buffer: -ERANGE");
	ok(dbgfs_get_type(NULL, path_in(tmp, "nope"), buf, sizeof(buf)) ==
	   -ENOENT, "get_type of a missing file: -ENOENT");
	dbgfs_set_dir(ctx, tmp);
	ok(!dbgfs_get_type(ctx, "typed-u32", buf, sizeof(buf)) &&
	   !strcmp(buf, "u32"), "get_type of a path below the mount point");
out:
	dbgfs_free(ctx);
	unlink(typed);
	unlink(plain);
	free(typed);
	free(plain);
}

int main(int argc, char **argv)
{
	char tmp[] = "/tmp/dbgfs-test.XXXXXX";

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: %s FIXTURE_DIR [TOOL]\n", argv[0]);
		return 2;
	}
	fixtures = argv[1];
	if (!mkdtemp(tmp)) {
		perror("mkdtemp");
		return 2;
	}
	tap_init();
	test_fixtures();
	test_verify();
	test_unreadable(tmp);
	test_lookup_order(tmp);
	test_real_table();
	test_threads();
	test_join(tmp);
	test_values(tmp);
	test_check_value();
	test_type_names();
	test_table(fixtures);
	test_get_type(tmp);
	test_watch_follow(tmp);
	if (argc > 2)
		test_tool(argv[2], fixtures, tmp);
	remove_tree(tmp);
	return tap_done();
}
