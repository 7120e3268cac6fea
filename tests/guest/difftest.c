// SPDX-License-Identifier: GPL-2.0-only
/*
 * difftest: compares, byte for byte, the tree tests/diff/diff_client.c makes
 * in debugfs (/sys/kernel/debug/diff) and in dbgfs (/sys/kernel/dbgfs/diff):
 * reads whole, in pieces and at offsets, stat, readdir, readlink, writes
 * with what they leave behind, writes refused by mode and by permissions,
 * and every errno.  Where dbgfs deliberately differs (doc/differences.md),
 * it checks the dbgfs behaviour and the debugfs one as measured, both from
 * models of the two parsers.  Then the lifetime checks: files of dbgfs held
 * open across removal of their directory and rmmod of their creator.
 *
 * Runs in the test guest as root; prints TAP.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "tap.h"

#define DFS	"/sys/kernel/debug/diff"
#define BFS	"/sys/kernel/dbgfs/diff"
#define MAXDATA	16384

struct res {
	long ret;		/* bytes, or -1 with err */
	int err;
	size_t len;
	char data[MAXDATA];
};

static bool is_61;		/* the guest runs 6.1: older debugfs */
static bool has_real_fops;	/* before 6.14: debugfs_real_fops() */

static void diag_res(const char *who, const struct res *r)
{
	size_t i;

	printf("#   %s: ret %ld err %d (%s) len %zu data '", who, r->ret,
	       r->err, r->err ? strerror(r->err) : "-", r->len);
	for (i = 0; i < r->len && i < 80; i++)
		if (r->data[i] >= 32 && r->data[i] < 127)
			putchar(r->data[i]);
		else
			printf("\\x%02x", (unsigned char)r->data[i]);
	printf("%s'\n", r->len > 80 ? "..." : "");
}

static bool res_eq(const struct res *a, const struct res *b)
{
	return a->ret == b->ret && a->err == b->err && a->len == b->len &&
	       !memcmp(a->data, b->data, a->len);
}

static void fail_errno(struct res *r)
{
	r->ret = -1;
	r->err = errno;
}

static void put(struct res *r, const void *p, size_t n)
{
	if (r->len + n > MAXDATA)
		n = MAXDATA - r->len;
	memcpy(r->data + r->len, p, n);
	r->len += n;
}

/* Reads @path in @chunk-byte reads from @off (-1: no lseek) to the end. */
static void do_read(struct res *r, const char *path, size_t chunk, long off,
		    int whence)
{
	char buf[8192];
	ssize_t n;
	int fd;

	memset(r, 0, sizeof(*r));
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return fail_errno(r);
	if (off >= 0) {
		off_t pos = lseek(fd, off, whence);

		if (pos < 0) {
			fail_errno(r);
			r->ret = -2;
			close(fd);
			return;
		}
		put(r, &pos, sizeof(pos));
	}
	while ((n = read(fd, buf, chunk)) > 0) {
		put(r, buf, n);
		r->ret += n;
	}
	if (n < 0)
		fail_errno(r);
	close(fd);
}

static void do_pread(struct res *r, const char *path, size_t len, long off)
{
	char buf[8192];
	int fd;

	memset(r, 0, sizeof(*r));
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return fail_errno(r);
	r->ret = pread(fd, buf, len, off);
	if (r->ret < 0)
		fail_errno(r);
	else
		put(r, buf, r->ret);
	close(fd);
}

static void do_write(struct res *r, const char *path, const char *data,
		     size_t len, long off)
{
	int fd;

	memset(r, 0, sizeof(*r));
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return fail_errno(r);
	if (off > 0 && lseek(fd, off, SEEK_SET) < 0) {
		fail_errno(r);
		r->ret = -2;
	} else {
		r->ret = write(fd, data, len);
		if (r->ret < 0)
			fail_errno(r);
	}
	close(fd);
}

static void do_stat(struct res *r, const char *path)
{
	struct stat st;

	memset(r, 0, sizeof(*r));
	if (lstat(path, &st))
		return fail_errno(r);
	r->len = snprintf(r->data, MAXDATA, "type %o mode %04o size %lld",
			  st.st_mode & S_IFMT, st.st_mode & 07777,
			  (long long)st.st_size);
}

static int name_cmp(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static void do_readdir(struct res *r, const char *path)
{
	struct dirent **names;
	int i, n;

	memset(r, 0, sizeof(*r));
	n = scandir(path, &names, NULL, name_cmp);
	if (n < 0)
		return fail_errno(r);
	for (i = 0; i < n; i++) {
		put(r, names[i]->d_name, strlen(names[i]->d_name));
		put(r, "\n", 1);
		free(names[i]);
	}
	free(names);
	r->ret = n;
}

static void do_readlink(struct res *r, const char *path)
{
	memset(r, 0, sizeof(*r));
	r->ret = readlink(path, r->data, MAXDATA);
	if (r->ret < 0)
		fail_errno(r);
	else
		r->len = r->ret;
}

/* The same operations as user and group 65534. */
enum nobody_op { NB_READ, NB_WRITE, NB_STAT };

static void as_nobody(struct res *r, enum nobody_op op, const char *path,
		      const char *data)
{
	int fds[2], status;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	if (pipe(fds))
		return fail_errno(r);
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		if (setgroups(0, NULL) || setgid(65534) || setuid(65534)) {
			fail_errno(r);
			r->ret = -3;
		} else if (op == NB_READ) {
			do_read(r, path, 4096, -1, SEEK_SET);
		} else if (op == NB_WRITE) {
			do_write(r, path, data, strlen(data), 0);
		} else {
			do_stat(r, path);
		}
		if (write(fds[1], r, sizeof(*r)) != sizeof(*r))
			_exit(1);
		_exit(0);
	}
	close(fds[1]);
	if (pid < 0 || read(fds[0], r, sizeof(*r)) != sizeof(*r)) {
		r->ret = -4;
		r->err = EIO;
	}
	close(fds[0]);
	waitpid(pid, &status, 0);
}

static char dpath[PATH_MAX], bpath[PATH_MAX];
static struct res rd, rb;

static void paths(const char *rel)
{
	snprintf(dpath, sizeof(dpath), "%s/%s", DFS, rel);
	snprintf(bpath, sizeof(bpath), "%s/%s", BFS, rel);
}

/* Both results must be equal. */
static bool check_same(const char *fmt, ...)
{
	char desc[512];
	va_list ap;
	bool eq = res_eq(&rd, &rb);

	va_start(ap, fmt);
	vsnprintf(desc, sizeof(desc), fmt, ap);
	va_end(ap);
	ok(eq, "same: %s", desc);
	if (!eq) {
		diag_res("debugfs", &rd);
		diag_res("dbgfs  ", &rb);
	}
	return eq;
}

/* A measured difference: each side must be what is expected of it. */
static void check_differs(const struct res *want_d, const struct res *want_b,
		    const char *fmt, ...)
{
	char desc[512];
	va_list ap;
	bool ok_d = res_eq(&rd, want_d), ok_b = res_eq(&rb, want_b);

	va_start(ap, fmt);
	vsnprintf(desc, sizeof(desc), fmt, ap);
	va_end(ap);
	ok(ok_d && ok_b, "differs as documented: %s", desc);
	if (!ok_d) {
		diag_res("debugfs", &rd);
		diag_res("  wanted", want_d);
	}
	if (!ok_b) {
		diag_res("dbgfs  ", &rb);
		diag_res("  wanted", want_b);
	}
}

static void set_res(struct res *r, long ret, int err, const char *data,
		    size_t len)
{
	memset(r, 0, sizeof(*r));
	r->ret = ret;
	r->err = err;
	put(r, data, len);
}

/*
 * The tree diff_client.c makes, with the modes it gives: what both
 * filesystems must show, so that an entry missing from both fails.
 */
struct entry {
	const char *path;	/* "" is diff itself */
	unsigned int type;	/* S_IFREG, S_IFDIR or S_IFLNK */
	unsigned int mode;	/* as created */
	const char *kind;	/* a file's user.dbgfs.type in dbgfs */
};

static const struct entry tree[] = {
	{ "", S_IFDIR, 0755, NULL },
	{ "u8", S_IFREG, 0644, "u8" }, { "u16", S_IFREG, 0644, "u16" },
	{ "u32", S_IFREG, 0644, "u32" }, { "u64", S_IFREG, 0644, "u64" },
	{ "x8", S_IFREG, 0644, "x8" }, { "x16", S_IFREG, 0644, "x16" },
	{ "x32", S_IFREG, 0644, "x32" }, { "x64", S_IFREG, 0644, "x64" },
	{ "xul", S_IFREG, 0644, "x64" }, { "ulong", S_IFREG, 0644, "ulong" },
	{ "size_t", S_IFREG, 0644, "size_t" },
	{ "atomic_t", S_IFREG, 0644, "atomic_t" },
	{ "bool", S_IFREG, 0644, "bool" }, { "str", S_IFREG, 0644, "str" },
	{ "blob", S_IFREG, 0644, "blob" }, { "blob_ro", S_IFREG, 0444, "blob" },
	{ "u32_array", S_IFREG, 0444, "u32_array" },
	{ "u32_array_max", S_IFREG, 0444, "u32_array" },
	{ "u32_array_empty", S_IFREG, 0444, "u32_array" },
	{ "regset32", S_IFREG, 0444, "regset32" },
	{ "devm", S_IFREG, 0444, "file" }, { "show", S_IFREG, 0444, "file" },
	{ "attr", S_IFREG, 0644, "file" },
	{ "attr_signed", S_IFREG, 0644, "file" },
	{ "ctl", S_IFREG, 0200, "file" }, { "sized", S_IFREG, 0444, "file" },
	{ "pick0", S_IFREG, 0644, "file" }, { "pick1", S_IFREG, 0644, "file" },
	{ "modes", S_IFDIR, 0755, NULL },
	{ "modes/u32_0444", S_IFREG, 0444, "u32" },
	{ "modes/u32_0400", S_IFREG, 0400, "u32" },
	{ "modes/u32_0200", S_IFREG, 0200, "u32" },
	{ "modes/u32_0600", S_IFREG, 0600, "u32" },
	{ "modes/u32_0644", S_IFREG, 0644, "u32" },
	{ "modes/u32_0666", S_IFREG, 0666, "u32" },
	{ "modes/u32_0000", S_IFREG, 0000, "u32" },
	{ "modes/x8_0600", S_IFREG, 0600, "x8" },
	{ "modes/atomic_0444", S_IFREG, 0444, "atomic_t" },
	{ "modes/bool_0444", S_IFREG, 0444, "bool" },
	{ "modes/bool_0200", S_IFREG, 0200, "bool" },
	{ "modes/str_0444", S_IFREG, 0444, "str" },
	{ "modes/str_0200", S_IFREG, 0200, "str" },
	{ "modes/blob_0200", S_IFREG, 0200, "blob" },
	{ "a", S_IFDIR, 0755, NULL }, { "a/b", S_IFDIR, 0755, NULL },
	{ "a/b/c", S_IFDIR, 0755, NULL }, { "a/b/c/deep", S_IFREG, 0644, "u32" },
	{ "link", S_IFLNK, 0777, NULL },
	{ "life1", S_IFDIR, 0755, NULL }, { "life1/num", S_IFREG, 0644, "u32" },
	{ "life1/blob", S_IFREG, 0444, "blob" },
	{ "life1/seq", S_IFREG, 0444, "file" },
	{ "life2", S_IFDIR, 0755, NULL }, { "life2/num", S_IFREG, 0644, "u32" },
	{ "life2/blob", S_IFREG, 0444, "blob" },
	{ "life2/seq", S_IFREG, 0444, "file" },
};

static bool is_blob(const char *f)
{
	return strstr(f, "blob") != NULL;
}

/* 6.1's debugfs masks a blob's mode with 0444. */
static unsigned int debugfs_mode(const struct entry *e)
{
	return is_61 && is_blob(e->path) ? e->mode & 0444 : e->mode;
}

static const char *type_name(unsigned int type)
{
	return type == S_IFDIR ? "directory" : type == S_IFLNK ? "symlink" :
	       "file";
}

/* lstat() of @path as "type T mode M", or its errno. */
static void stat_mode(struct res *r, const char *path)
{
	struct stat st;

	memset(r, 0, sizeof(*r));
	if (lstat(path, &st))
		return fail_errno(r);
	r->len = snprintf(r->data, MAXDATA, "type %o mode %04o",
			  st.st_mode & S_IFMT, st.st_mode & 07777);
}

/* Both show @e with its type and mode. */
static void check_entry(const struct entry *e)
{
	struct res want_d, want_b;
	bool ok_d, ok_b;

	paths(e->path);
	stat_mode(&rd, dpath);
	stat_mode(&rb, bpath);
	set_res(&want_d, 0, 0, "", 0);
	want_d.len = snprintf(want_d.data, MAXDATA, "type %o mode %04o",
			      e->type, debugfs_mode(e));
	set_res(&want_b, 0, 0, "", 0);
	want_b.len = snprintf(want_b.data, MAXDATA, "type %o mode %04o",
			      e->type, e->mode);
	ok_d = res_eq(&rd, &want_d);
	ok_b = res_eq(&rb, &want_b);
	ok(ok_d && ok_b, "tree: '%s' is a %s of mode %04o in both%s", e->path,
	   type_name(e->type), e->mode,
	   debugfs_mode(e) != e->mode ? " (6.1's debugfs: masked)" : "");
	if (!ok_d) {
		diag_res("debugfs", &rd);
		diag_res(" wanted", &want_d);
	}
	if (!ok_b) {
		diag_res("dbgfs  ", &rb);
		diag_res(" wanted", &want_b);
	}
}

/* @dir lists ".", ".." and the entries of the tree below it, sorted. */
/* The pick files are made only where debugfs has debugfs_real_fops(). */
static bool in_tree(const struct entry *e)
{
	return has_real_fops || strncmp(e->path, "pick", 4);
}

static void expected_listing(struct res *r, const char *dir)
{
	const char *names[ARRAY_SIZE(tree) + 2] = { ".", ".." };
	size_t i, j, n = 2, dlen = strlen(dir);
	const char *name;

	for (i = 0; i < ARRAY_SIZE(tree); i++) {
		const char *p = tree[i].path;

		if (!*p || (dlen && (strncmp(p, dir, dlen) || p[dlen] != '/')) ||
		    !in_tree(&tree[i]))
			continue;
		name = dlen ? p + dlen + 1 : p;
		if (!strchr(name, '/'))
			names[n++] = name;
	}
	for (i = 1; i < n; i++)		/* insertion sort, as scandir's */
		for (j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
			name = names[j];
			names[j] = names[j - 1];
			names[j - 1] = name;
		}
	set_res(r, n, 0, "", 0);
	for (i = 0; i < n; i++) {
		put(r, names[i], strlen(names[i]));
		put(r, "\n", 1);
	}
}

/* Blobs: dbgfs reports their size; 6.1's debugfs masks the mode, 0444. */
static void check_stat(const struct entry *e)
{
	const char *f = e->path;
	struct res want_d, want_b;
	long size;

	paths(f);
	do_stat(&rd, dpath);
	do_stat(&rb, bpath);
	if (!is_blob(f)) {
		check_same("stat %s", f);
		return;
	}
	do_read(&want_b, bpath, 4096, -1, SEEK_SET);
	size = want_b.len;
	set_res(&want_b, 0, 0, "", 0);
	want_b.len = snprintf(want_b.data, MAXDATA,
			      "type 100000 mode %04o size %ld", e->mode, size);
	set_res(&want_d, 0, 0, "", 0);
	want_d.len = snprintf(want_d.data, MAXDATA,
			      "type 100000 mode %04o size 0", debugfs_mode(e));
	check_differs(&want_d, &want_b, "stat %s: dbgfs size %ld%s", f, size,
		is_61 ? ", mode not masked" : "");
}

static void check_reads(const char *f)
{
	static const size_t chunks[] = { 4096, 1, 3, 7, 100 };
	static const long offs[] = { 0, 1, 5, 17, 4000, 100000 };
	struct res want_d, want_b;
	size_t i;

	paths(f);
	for (i = 0; i < ARRAY_SIZE(chunks); i++) {
		do_read(&rd, dpath, chunks[i], -1, SEEK_SET);
		do_read(&rb, bpath, chunks[i], -1, SEEK_SET);
		if (strcmp(f, "u32_array_max")) {
			check_same("read %s in %zu-byte reads", f, chunks[i]);
			continue;
		}
		/*
		 * debugfs formats into exactly 11 bytes per value and loses
		 * the last newline when every value has 10 digits.
		 */
		set_res(&want_d, 21, 0, "4294967295 4000000000", 21);
		set_res(&want_b, 22, 0, "4294967295 4000000000\n", 22);
		check_differs(&want_d, &want_b,
			      "read %s in %zu-byte reads: dbgfs ends the line",
			      f, chunks[i]);
	}
	for (i = 0; i < ARRAY_SIZE(offs); i++) {
		do_read(&rd, dpath, 4096, offs[i], SEEK_SET);
		do_read(&rb, bpath, 4096, offs[i], SEEK_SET);
		check_same("read %s from lseek %ld", f, offs[i]);
		do_pread(&rd, dpath, 5, offs[i]);
		do_pread(&rb, bpath, 5, offs[i]);
		check_same("pread %s 5 at %ld", f, offs[i]);
	}
	do_read(&rd, dpath, 4096, 2, SEEK_CUR);
	do_read(&rb, bpath, 4096, 2, SEEK_CUR);
	check_same("read %s from SEEK_CUR 2", f);
	do_read(&rd, dpath, 4096, 0, SEEK_END);
	do_read(&rb, bpath, 4096, 0, SEEK_END);
	if (!is_blob(f) || rd.ret == -2) {
		check_same("read %s from SEEK_END", f);
	} else {
		char whole[MAXDATA];
		off_t pos = 0;
		size_t n;

		do_read(&want_d, dpath, 4096, -1, SEEK_SET);
		n = want_d.len;
		memcpy(whole, want_d.data, n);
		set_res(&want_d, n, 0, (char *)&pos, sizeof(pos));
		put(&want_d, whole, n);
		pos = n;
		set_res(&want_b, 0, 0, (char *)&pos, sizeof(pos));
		check_differs(&want_d, &want_b,
			"SEEK_END of %s: end of the blob, not 0", f);
	}
}

/* The parsers of the kernel: kstrtoull()/kstrtoll() in base 0. */
static int kstrtoull_model(const char *s, uint64_t *res)
{
	unsigned int base = 10, digits = 0;
	uint64_t v = 0;
	bool overflow = false;

	if (*s == '+')
		s++;
	if (s[0] == '0') {
		if ((s[1] == 'x' || s[1] == 'X') &&
		    strchr("0123456789abcdefABCDEF", s[2]) && s[2]) {
			base = 16;
			s += 2;
		} else {
			base = 8;
		}
	}
	for (;; s++, digits++) {
		unsigned int d;

		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (*s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			break;
		if (d >= base)
			break;
		if (v > (UINT64_MAX - d) / base)
			overflow = true;
		v = v * base + d;
	}
	if (overflow)
		return -ERANGE;
	if (!digits)
		return -EINVAL;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = v;
	return 0;
}

static int kstrtoll_model(const char *s, int64_t *res)
{
	uint64_t v;
	int err;

	if (*s == '-') {
		err = kstrtoull_model(s + 1, &v);
		if (err)
			return err;
		if (v > (uint64_t)INT64_MAX + 1)
			return -ERANGE;
		*res = -(int64_t)v;
		return 0;
	}
	err = kstrtoull_model(s, &v);
	if (err)
		return err;
	if (v > INT64_MAX)
		return -ERANGE;
	*res = v;
	return 0;
}

static int kstrtobool_model(const char *s, bool *res)
{
	switch (s[0]) {
	case 'y': case 'Y': case 't': case 'T': case '1':
		*res = true;
		return 0;
	case 'n': case 'N': case 'f': case 'F': case '0':
		*res = false;
		return 0;
	case 'o': case 'O':
		if (s[1] == 'n' || s[1] == 'N') {
			*res = true;
			return 0;
		}
		if (s[1] == 'f' || s[1] == 'F') {
			*res = false;
			return 0;
		}
	}
	return -EINVAL;
}

enum kind { DEC, HEX, SIGNED, ATTR, ATTR_SIGNED };

struct numfile {
	const char *name;
	unsigned int bytes;
	enum kind kind;
};

static const struct numfile numfiles[] = {
	{ "u8", 1, DEC }, { "u16", 2, DEC }, { "u32", 4, DEC },
	{ "u64", 8, DEC }, { "x8", 1, HEX }, { "x16", 2, HEX },
	{ "x32", 4, HEX }, { "x64", 8, HEX }, { "xul", 8, HEX },
	{ "ulong", 8, DEC }, { "size_t", 8, DEC }, { "atomic_t", 4, SIGNED },
	{ "attr", 8, ATTR }, { "attr_signed", 8, ATTR_SIGNED },
	{ "modes/u32_0600", 4, DEC }, { "a/b/c/deep", 4, DEC },
};

struct input {
	const char *s;
	size_t len;
};

#define IN(str) { str, sizeof(str) - 1 }
static const struct input num_inputs[] = {
	IN("0"), IN("1"), IN("42\n"), IN("+5"), IN("0x1f"), IN("0X1F"),
	IN("017"), IN("255"), IN("256"), IN("300"), IN("65535"),
	IN("65536"), IN("4294967295"), IN("4294967296"),
	IN("18446744073709551615"), IN("18446744073709551616"), IN("-1"),
	IN("-2147483648"), IN("-2147483649"), IN("2147483647"),
	IN("2147483648"), IN("9223372036854775807"),
	IN("9223372036854775808"), IN("-9223372036854775808"),
	IN("-9223372036854775809"), IN(""), IN("\n"), IN("abc"),
	IN("12abc"), IN("12 "), IN(" 12"), IN("12\n\n"), IN("0x"), IN("09"),
	IN("1\0xyz"), IN("00000000000000000000012"),
	IN("00000000000000000000012\n"), IN("000000000000000000000123"),
	IN("000000000000000000000000000007"), IN("01777777777777777777777"),
	IN("0x10\n"), IN("500"), IN("1001"),
};

static const char *errname(int e)
{
	return e == EINVAL ? "EINVAL" : e == ERANGE ? "ERANGE" :
	       e == EACCES ? "EACCES" : e ? strerror(e) : "ok";
}

static void format_num(struct res *r, const struct numfile *nf, uint64_t v)
{
	int n;

	switch (nf->kind) {
	case DEC:
		n = snprintf(r->data, MAXDATA, "%llu\n",
			     (unsigned long long)v);
		break;
	case HEX:
		n = snprintf(r->data, MAXDATA, "0x%0*llx\n", nf->bytes * 2,
			     (unsigned long long)v);
		break;
	case SIGNED:
		n = snprintf(r->data, MAXDATA, "%lld\n",
			     (long long)(int32_t)(uint32_t)v);
		break;
	case ATTR:
		n = snprintf(r->data, MAXDATA, "attr=%llu\n",
			     (unsigned long long)v);
		break;
	default:
		n = snprintf(r->data, MAXDATA, "%lld\n", (long long)v);
		break;
	}
	r->ret = n;
	r->err = 0;
	r->len = n;
}

static uint64_t truncate_to(const struct numfile *nf, uint64_t v)
{
	return nf->bytes == 8 ? v : v & ((1ULL << (nf->bytes * 8)) - 1);
}

/* The set methods of the client's attribute files refuse above 1000. */
static int attr_set(const struct numfile *nf, uint64_t v)
{
	return (nf->kind == ATTR || nf->kind == ATTR_SIGNED) && v > 1000 ?
	       -EINVAL : 0;
}

static int parse(const struct numfile *nf, const char *s, uint64_t *v)
{
	bool sig = nf->kind == SIGNED || nf->kind == ATTR_SIGNED;
	int64_t sv;
	int err;

	if (!sig)
		return kstrtoull_model(s, v);
	err = kstrtoll_model(s, &sv);
	*v = sv;
	return err;
}

/* debugfs: parse the first 23 bytes, truncate to the type, claim all. */
static int model_debugfs(const struct numfile *nf, const struct input *in,
			 uint64_t *stored)
{
	char buf[24];
	size_t n = in->len < 23 ? in->len : 23;
	uint64_t v;
	int err;

	memcpy(buf, in->s, n);
	buf[n] = '\0';
	err = parse(nf, buf, &v);
	if (!err)
		err = attr_set(nf, v);
	if (err)
		return err;
	*stored = truncate_to(nf, v);
	return 0;
}

/* dbgfs: all of it must be one number that fits, or nothing happens. */
static int model_dbgfs(const struct numfile *nf, const struct input *in,
		       uint64_t *stored)
{
	char buf[32];
	uint64_t v;
	int err;

	if (in->len > 24 || (in->len == 24 && in->s[23] != '\n'))
		return -EINVAL;
	memcpy(buf, in->s, in->len);
	buf[in->len] = '\0';
	if (strlen(buf) != in->len)
		return -EINVAL;
	err = parse(nf, buf, &v);
	if (err)
		return err;
	if (nf->kind == SIGNED) {
		if ((int64_t)v < INT32_MIN || (int64_t)v > INT32_MAX)
			return -ERANGE;
	} else if (nf->kind != ATTR_SIGNED && nf->bytes < 8 &&
		   v >> (nf->bytes * 8)) {
		return -ERANGE;
	}
	err = attr_set(nf, v);
	if (err)
		return err;
	*stored = nf->kind == SIGNED ? truncate_to(nf, v) : v;
	return 0;
}

static void write_then_read(const char *f, const char *s, size_t len,
			    long off, struct res *wd, struct res *wb)
{
	paths(f);
	do_write(wd, dpath, s, len, off);
	do_write(wb, bpath, s, len, off);
	do_read(&rd, dpath, 4096, -1, SEEK_SET);
	do_read(&rb, bpath, 4096, -1, SEEK_SET);
}

static void show_input(char *out, size_t size, const struct input *in)
{
	size_t i, o = 0;

	for (i = 0; i < in->len && i < 32 && o + 5 < size; i++)
		if (in->s[i] == '\n')
			o += snprintf(out + o, size - o, "\\n");
		else if (in->s[i] == '\0')
			o += snprintf(out + o, size - o, "\\0");
		else
			out[o++] = in->s[i];
	out[o] = '\0';
	if (in->len > 32)
		snprintf(out + o, size - o, "...(%zu)", in->len);
}

/* The outcome a model predicts: the write's, then the read after it. */
static void predict(struct res *w, struct res *after, int err,
		    const struct numfile *nf, uint64_t v, size_t len,
		    const struct res *before)
{
	set_res(w, err ? -1 : (long)len, -err, "", 0);
	if (err)
		*after = *before;
	else
		format_num(after, nf, v);
}

static int num_differences;

static void check_num_writes(const struct numfile *nf)
{
	struct res before, wd, wb, pwd, pwb, ad, ab;
	char desc[64];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(num_inputs); i++) {
		const struct input *in = &num_inputs[i];
		uint64_t vd = 0, vb = 0;
		int ed, eb;

		show_input(desc, sizeof(desc), in);
		paths(nf->name);
		do_read(&before, bpath, 4096, -1, SEEK_SET);
		ed = model_debugfs(nf, in, &vd);
		eb = model_dbgfs(nf, in, &vb);
		write_then_read(nf->name, in->s, in->len, 0, &wd, &wb);
		predict(&pwd, &ad, ed, nf, vd, in->len, &before);
		predict(&pwb, &ab, eb, nf, vb, in->len, &before);
		if (ed == eb && (ed || vd == vb)) {
			bool same = res_eq(&wd, &wb) && res_eq(&rd, &rb) &&
				    res_eq(&wb, &pwb) && res_eq(&rb, &ab);

			ok(same, "same: write '%s' to %s: %s", desc, nf->name,
			   errname(-eb));
			if (!same) {
				diag_res("debugfs write", &wd);
				diag_res("dbgfs write  ", &wb);
				diag_res("wanted       ", &pwb);
				diag_res("debugfs after", &rd);
				diag_res("dbgfs after  ", &rb);
				diag_res("wanted       ", &ab);
			}
			continue;
		}
		num_differences++;
		ok(res_eq(&wb, &pwb) && res_eq(&rb, &ab),
		   "strict: write '%s' to %s: dbgfs %s", desc, nf->name,
		   errname(-eb));
		if (!res_eq(&wb, &pwb) || !res_eq(&rb, &ab)) {
			diag_res("dbgfs write", &wb);
			diag_res("wanted     ", &pwb);
			diag_res("dbgfs after", &rb);
			diag_res("wanted     ", &ab);
		}
		ok(res_eq(&wd, &pwd) && res_eq(&rd, &ad),
		   "measured: write '%s' to %s: debugfs %s%s", desc,
		   nf->name, errname(-ed), ed ? "" : ", stores the cut value");
		if (!res_eq(&wd, &pwd) || !res_eq(&rd, &ad)) {
			diag_res("debugfs write", &wd);
			diag_res("wanted       ", &pwd);
			diag_res("debugfs after", &rd);
			diag_res("wanted       ", &ad);
		}
		/* Back in step. */
		write_then_read(nf->name, "7", 1, 0, &wd, &wb);
		if (!res_eq(&rd, &rb))
			check_same("resync %s", nf->name);
	}
}

static const struct input bool_inputs[] = {
	IN("y"), IN("Y"), IN("yes"), IN("n"), IN("N"), IN("no"), IN("1"),
	IN("0"), IN("t"), IN("T"), IN("true"), IN("f"), IN("false"),
	IN("on"), IN("off"), IN("ON"), IN("oFF"), IN("o"), IN("maybe"),
	IN("x"), IN(""), IN("\n"), IN("y\n"), IN("2"), IN(" y"), IN("y\0z"),
	IN("yyyyyyyyyyyyyyyyyyyyyyyyyyyy"), IN("nnnnnnnnnnnnnnnnnnnnnnn\n"),
};

static void bool_after(struct res *r, bool v)
{
	set_res(r, 2, 0, v ? "Y\n" : "N\n", 2);
}

static void check_bool_writes(void)
{
	struct res before, wd, wb, pwd, pwb, ad, ab;
	char desc[64], buf[32];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bool_inputs); i++) {
		const struct input *in = &bool_inputs[i];
		size_t n = in->len < 3 ? in->len : 3;
		bool vd = false, vb = false;
		int ed, eb;

		show_input(desc, sizeof(desc), in);
		paths("bool");
		do_read(&before, bpath, 4096, -1, SEEK_SET);
		memcpy(buf, in->s, n);
		buf[n] = '\0';
		ed = kstrtobool_model(buf, &vd);
		eb = -EINVAL;
		if (in->len <= 24 && (in->len < 24 || in->s[23] == '\n')) {
			memcpy(buf, in->s, in->len);
			buf[in->len] = '\0';
			if (strlen(buf) == in->len)
				eb = kstrtobool_model(buf, &vb);
		}
		write_then_read("bool", in->s, in->len, 0, &wd, &wb);
		/* debugfs claims the whole write, parsed or not. */
		set_res(&pwd, in->len, 0, "", 0);
		set_res(&pwb, eb ? -1 : (long)in->len, -eb, "", 0);
		if (ed)
			ad = before;
		else
			bool_after(&ad, vd);
		if (eb)
			ab = before;
		else
			bool_after(&ab, vb);
		if (!ed && !eb && vd == vb) {
			bool same = res_eq(&wd, &wb) && res_eq(&rd, &rb) &&
				    res_eq(&wb, &pwb) && res_eq(&rb, &ab);

			ok(same, "same: write '%s' to bool", desc);
			if (!same) {
				diag_res("debugfs write", &wd);
				diag_res("dbgfs write  ", &wb);
				diag_res("debugfs after", &rd);
				diag_res("dbgfs after  ", &rb);
			}
			continue;
		}
		num_differences++;
		ok(res_eq(&wb, &pwb) && res_eq(&rb, &ab),
		   "strict: write '%s' to bool: dbgfs %s", desc,
		   errname(-eb));
		if (!res_eq(&wb, &pwb) || !res_eq(&rb, &ab)) {
			diag_res("dbgfs write", &wb);
			diag_res("dbgfs after", &rb);
			diag_res("wanted     ", &ab);
		}
		ok(res_eq(&wd, &pwd) && res_eq(&rd, &ad),
		   "measured: write '%s' to bool: debugfs claims %zu bytes%s",
		   desc, in->len, ed ? ", ignores it" : "");
		if (!res_eq(&wd, &pwd) || !res_eq(&rd, &ad)) {
			diag_res("debugfs write", &wd);
			diag_res("debugfs after", &rd);
			diag_res("wanted       ", &ad);
		}
		write_then_read("bool", "Y", 1, 0, &wd, &wb);
	}
}

/* str and blob: dbgfs as newest mainline; 6.1's debugfs refuses writes. */
struct seqwrite {
	const char *file;
	long off;
	const char *data;
	size_t len;
	long ret;		/* what dbgfs (and newer debugfs) return */
	int err;
	const char *after;	/* NULL: a string of 'b' and '\n' */
};

static char big[4096];

static const struct seqwrite seqwrites[] = {
	{ "str", 0, "world\n", 6, 6, 0, "world\n" },
	{ "str", 5, "wide  ", 6, 6, 0, "worldwide\n" },
	{ "str", 3, "x", 1, -1, EINVAL, "worldwide\n" },
	{ "str", 0, "  lead \t ", 9, 9, 0, "  lead\n" },
	{ "str", 0, big, 4096, -1, E2BIG, "  lead\n" },
	{ "str", 0, big, 4095, 4095, 0, NULL },
	{ "str", 0, "", 0, 0, 0, "\n" },
	{ "str", 0, "hello", 5, 5, 0, "hello\n" },
	{ "modes/str_0200", 0, "abc", 3, 3, 0, NULL },
	{ "blob", 0, "ABCD", 4, 4, 0, "ABCD456789abcdef" },
	{ "blob", 14, "XYZ", 3, 2, 0, "ABCD456789abcdXY" },
	{ "blob", 16, "Q", 1, 0, 0, "ABCD456789abcdXY" },
	{ "blob", 20, "Q", 1, 0, 0, "ABCD456789abcdXY" },
	{ "blob", 0, "0123456789abcdef", 16, 16, 0, "0123456789abcdef" },
	{ "modes/blob_0200", 1, "++", 2, 2, 0, "w++!" },
};

/* Is the kernel of release REL older than MAJOR.MINOR? */
static bool kernel_before(const char *rel, unsigned int major,
			  unsigned int minor)
{
	unsigned int ma, mi;

	if (sscanf(rel, "%u.%u", &ma, &mi) != 2)
		return false;
	return ma < major || (ma == major && mi < minor);
}

/*
 * pick0 and pick1 share their methods and find their value by the file
 * operations they were made with: debugfs_real_fops() in debugfs, and
 * dbgfs_real_fops() in dbgfs (in the ported client too, by dbgfs-port).
 * A write to one leaves the other as it was.
 */
static void check_pick_writes(void)
{
	static const struct {
		const char *file, *data, *after0, *after1;
	} steps[] = {
		{ "pick0", "5", "5\n", "200\n" },
		{ "pick1", "7\n", "5\n", "7\n" },
		{ "pick0", "0x10", "16\n", "7\n" },
	};
	struct res wd, wb, r0, r1, want0, want1;
	size_t i;

	if (!has_real_fops) {
		paths("pick0");
		ok(access(dpath, F_OK) && access(bpath, F_OK),
		   "pick0 is made only where debugfs has debugfs_real_fops()");
		return;
	}
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		write_then_read(steps[i].file, steps[i].data,
				strlen(steps[i].data), 0, &wd, &wb);
		check_same("write '%.*s' to %s, through real_fops",
			   (int)strcspn(steps[i].data, "\n"), steps[i].data,
			   steps[i].file);
		paths("pick0");
		do_read(&r0, bpath, 4096, -1, SEEK_SET);
		paths("pick1");
		do_read(&r1, bpath, 4096, -1, SEEK_SET);
		set_res(&want0, strlen(steps[i].after0), 0, steps[i].after0,
			strlen(steps[i].after0));
		set_res(&want1, strlen(steps[i].after1), 0, steps[i].after1,
			strlen(steps[i].after1));
		ok(res_eq(&wd, &wb) && wb.ret == (long)strlen(steps[i].data) &&
		   res_eq(&r0, &want0) && res_eq(&r1, &want1),
		   "dbgfs: write '%.*s' to %s reaches its value by real_fops: pick0 %.*s, pick1 %.*s",
		   (int)strcspn(steps[i].data, "\n"), steps[i].data,
		   steps[i].file,
		   (int)strlen(steps[i].after0) - 1, steps[i].after0,
		   (int)strlen(steps[i].after1) - 1, steps[i].after1);
		if (wb.ret != (long)strlen(steps[i].data) ||
		    !res_eq(&r0, &want0) || !res_eq(&r1, &want1)) {
			diag_res("dbgfs write", &wb);
			diag_res("dbgfs pick0", &r0);
			diag_res("dbgfs pick1", &r1);
		}
	}
}

static void check_seq_writes(void)
{
	struct res before_d, wd, wb, want_w, want_a;
	size_t i;

	memset(big, 'b', sizeof(big));
	for (i = 0; i < ARRAY_SIZE(seqwrites); i++) {
		const struct seqwrite *sw = &seqwrites[i];

		paths(sw->file);
		do_read(&before_d, dpath, 4096, -1, SEEK_SET);
		write_then_read(sw->file, sw->data, sw->len, sw->off, &wd,
				&wb);
		set_res(&want_w, sw->ret, sw->err, "", 0);
		if (sw->after) {
			set_res(&want_a, strlen(sw->after), 0, sw->after,
				strlen(sw->after));
		} else if (strstr(sw->file, "0200")) {
			set_res(&want_a, -1, EINVAL, "", 0);
		} else {
			set_res(&want_a, 4096, 0, big, 4095);
			put(&want_a, "\n", 1);
		}
		ok(res_eq(&wb, &want_w) && res_eq(&rb, &want_a),
		   "dbgfs: write %zu bytes at %ld to %s", sw->len, sw->off,
		   sw->file);
		if (!res_eq(&wb, &want_w) || !res_eq(&rb, &want_a)) {
			diag_res("dbgfs write", &wb);
			diag_res("wanted     ", &want_w);
			diag_res("dbgfs after", &rb);
			diag_res("wanted     ", &want_a);
		}
		if (!is_61) {
			bool same = res_eq(&wd, &wb) && res_eq(&rd, &rb);

			ok(same, "same: write %zu bytes at %ld to %s", sw->len,
			   sw->off, sw->file);
			if (!same) {
				diag_res("debugfs write", &wd);
				diag_res("debugfs after", &rd);
			}
			continue;
		}
		/* 6.1: str writes -EINVAL, blobs have no write method. */
		set_res(&want_w, -1, EINVAL, "", 0);
		ok(res_eq(&wd, &want_w) && res_eq(&rd, &before_d),
		   "measured: 6.1 debugfs refuses the write to %s (EINVAL)",
		   sw->file);
		if (!res_eq(&wd, &want_w) || !res_eq(&rd, &before_d)) {
			diag_res("debugfs write", &wd);
			diag_res("debugfs after", &rd);
		}
	}
}

/* A one-byte write that would change what @before holds. */
static const char *other_value(const struct res *before)
{
	bool one = before->len == 2 && before->data[1] == '\n' &&
		   (before->data[0] == '1' || before->data[0] == 'Y');

	return one ? "0" : "1";
}

/*
 * Writes the mode refuses, as root: a value other than the file's, which
 * must fail and leave the value as it was, in both.
 */
static void check_refused_writes(void)
{
	static const char *const ro[] = {
		"modes/u32_0444", "modes/u32_0400", "modes/u32_0000",
		"modes/atomic_0444", "modes/bool_0444", "modes/str_0444",
		"u32_array", "regset32", "devm", "show", "sized",
	};
	struct res wd, wb, want, before_d, before_b, after_d, after_b;
	const char *val;
	bool kept;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ro); i++) {
		paths(ro[i]);
		do_read(&before_d, dpath, 4096, -1, SEEK_SET);
		do_read(&before_b, bpath, 4096, -1, SEEK_SET);
		val = other_value(&before_b);
		write_then_read(ro[i], val, 1, 0, &wd, &wb);
		after_d = rd;
		after_b = rb;
		rd = wd;
		rb = wb;
		check_same("root's write to %s refused: %s", ro[i],
		     errname(wb.err));
		kept = wd.ret < 0 && wb.ret < 0 && before_b.ret > 0 &&
		       res_eq(&after_d, &before_d) && res_eq(&after_b, &before_b);
		ok(kept, "root's write of '%s' to %s refused: the value is unchanged in both",
		   val, ro[i]);
		if (!kept) {
			diag_res("debugfs before", &before_d);
			diag_res("debugfs after ", &after_d);
			diag_res("dbgfs before  ", &before_b);
			diag_res("dbgfs after   ", &after_b);
		}
	}
	/* Newer debugfs gives every blob a write method. */
	paths("blob_ro");
	do_read(&before_d, dpath, 4096, -1, SEEK_SET);
	do_read(&before_b, bpath, 4096, -1, SEEK_SET);
	val = other_value(&before_b);
	write_then_read("blob_ro", val, 1, 0, &wd, &wb);
	after_d = rd;
	after_b = rb;
	rd = wd;
	rb = wb;
	kept = wb.ret < 0 && before_b.ret > 0 && res_eq(&after_b, &before_b);
	if (is_61) {
		check_same("root's write to blob_ro refused: %s", errname(wb.err));
		kept = kept && wd.ret < 0 && res_eq(&after_d, &before_d);
	} else {
		set_res(&want, -1, EINVAL, "", 0);
		set_res(&wd, 1, 0, "", 0);
		check_differs(&wd, &want,
			"root's write to 0444 blob_ro: dbgfs EINVAL, debugfs writes");
		write_then_read("blob_ro", "r", 1, 0, &wd, &wb);
	}
	ok(kept, "root's write of '%s' to blob_ro refused: dbgfs' value unchanged%s",
	   val, is_61 ? ", and debugfs'" : "");
	if (!kept) {
		diag_res("debugfs before", &before_d);
		diag_res("debugfs after ", &after_d);
		diag_res("dbgfs before  ", &before_b);
		diag_res("dbgfs after   ", &after_b);
	}
}

/* Permissions, as user 65534. */
static void check_nobody(void)
{
	static const char *const rel[] = {
		"u32", "modes/u32_0444", "modes/u32_0400", "modes/u32_0600",
		"modes/u32_0200", "modes/u32_0666", "bool", "str", "blob",
		"u32_array", "show", "link", "a/b/c/deep",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rel); i++) {
		paths(rel[i]);
		as_nobody(&rd, NB_READ, dpath, NULL);
		as_nobody(&rb, NB_READ, bpath, NULL);
		check_same("nobody reads %s: %s", rel[i], errname(rb.err));
		as_nobody(&rd, NB_WRITE, dpath, "7");
		as_nobody(&rb, NB_WRITE, bpath, "7");
		check_same("nobody writes %s: %s", rel[i], errname(rb.err));
		as_nobody(&rd, NB_STAT, dpath, NULL);
		as_nobody(&rb, NB_STAT, bpath, NULL);
		if (!is_blob(rel[i]))
			check_same("nobody stats %s", rel[i]);
	}
	do_read(&rd, DFS "/modes/u32_0666", 4096, -1, SEEK_SET);
	do_read(&rb, BFS "/modes/u32_0666", 4096, -1, SEEK_SET);
	check_same("what nobody wrote to modes/u32_0666");
}

/* Lifetime: dbgfs files held open across removal and rmmod. */
static int open_read1(const char *rel)
{
	char path[PATH_MAX], c;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", BFS, rel);
	fd = open(path, O_RDONLY);
	ok(fd >= 0 && read(fd, &c, 1) == 1, "lifetime: open and read %s",
	   rel);
	return fd;
}

static void expect_eio(int fd, const char *rel, const char *when)
{
	char buf[64];
	ssize_t n = read(fd, buf, sizeof(buf));

	ok(n < 0 && errno == EIO, "lifetime: %s read after %s: EIO", rel,
	   when);
	if (n >= 0 || errno != EIO)
		printf("#   read returned %zd (%s)\n", n, strerror(errno));
}

static void check_lifetime(void)
{
	static const char *const life1[] = {
		"life1/num", "life1/blob", "life1/seq",
	};
	static const char *const life2[] = {
		"life2/num", "life2/blob", "life2/seq", "devm",
	};
	int fds[4];
	size_t i;
	struct stat st;

	for (i = 0; i < 3; i++)
		fds[i] = open_read1(life1[i]);
	do_write(&rb, BFS "/ctl", "1", 1, 0);
	ok(rb.ret == 1, "lifetime: ctl removes life1");
	ok(stat(BFS "/life1", &st) && errno == ENOENT,
	   "lifetime: life1 is gone");
	for (i = 0; i < 3; i++) {
		expect_eio(fds[i], life1[i], "removal of its directory");
		ok(!close(fds[i]), "lifetime: close %s", life1[i]);
	}
	for (i = 0; i < 4; i++)
		fds[i] = open_read1(life2[i]);
	ok(system("rmmod diff_dbgfs") == 0,
	   "lifetime: rmmod diff_dbgfs with files open");
	ok(stat(BFS, &st) && errno == ENOENT, "lifetime: diff is gone");
	for (i = 0; i < 4; i++) {
		expect_eio(fds[i], life2[i], "rmmod of its creator");
		ok(!close(fds[i]), "lifetime: close %s", life2[i]);
	}
}

#define TYPE_XATTR "user.dbgfs.type"

/*
 * dbgfs' side of @e: a file names its kind in its one extended attribute,
 * which cannot be set or removed; a directory or a symlink has none.
 */
static void check_kind(const struct entry *e)
{
	char val[64], list[64];
	ssize_t n, l;
	int err;

	paths(e->path);
	n = lgetxattr(bpath, TYPE_XATTR, val, sizeof(val) - 1);
	err = n < 0 ? errno : 0;
	if (!e->kind) {
		ok(n < 0 && (err == ENODATA || err == EPERM),
		   "type: '%s' has no " TYPE_XATTR " (%s)", e->path,
		   errname(err));
		return;
	}
	val[n > 0 ? n : 0] = '\0';
	ok(n > 0 && !strcmp(val, e->kind), "type: '%s' is a %s", e->path,
	   e->kind);
	if (n < 0 || strcmp(val, e->kind))
		diag("got '%s' (%s)", n < 0 ? "" : val, errname(err));
	l = llistxattr(bpath, list, sizeof(list));
	ok(l == (ssize_t)sizeof(TYPE_XATTR) && !memcmp(list, TYPE_XATTR, l),
	   "type: listxattr of '%s' names " TYPE_XATTR " alone", e->path);
	err = lsetxattr(bpath, TYPE_XATTR, "u8", 2, 0) ? errno : 0;
	ok(err == EOPNOTSUPP, "type: setxattr of '%s' is refused (%s)",
	   e->path, errname(err));
	err = lremovexattr(bpath, TYPE_XATTR) ? errno : 0;
	ok(err == EOPNOTSUPP, "type: removexattr of '%s' is refused (%s)",
	   e->path, errname(err));
}

int main(void)
{
	struct utsname u;
	size_t i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_init();
	uname(&u);
	is_61 = !strncmp(u.release, "6.1.", 4);
	has_real_fops = kernel_before(u.release, 6, 14);
	printf("# kernel %s\n", u.release);

	for (i = 0; i < ARRAY_SIZE(tree); i++)
		if (in_tree(&tree[i]))
			check_entry(&tree[i]);
	for (i = 0; i < ARRAY_SIZE(tree); i++)
		if (in_tree(&tree[i]))
			check_kind(&tree[i]);
	for (i = 0; i < ARRAY_SIZE(tree); i++) {
		struct res want;

		if (tree[i].type != S_IFDIR || !in_tree(&tree[i]))
			continue;
		paths(tree[i].path);
		do_readdir(&rd, dpath);
		do_readdir(&rb, bpath);
		check_same("readdir '%s'", tree[i].path);
		expected_listing(&want, tree[i].path);
		ok(res_eq(&rd, &want) && res_eq(&rb, &want),
		   "tree: readdir '%s' lists the tree's entries, no more",
		   tree[i].path);
		if (!res_eq(&rd, &want) || !res_eq(&rb, &want)) {
			diag_res("debugfs", &rd);
			diag_res("dbgfs  ", &rb);
			diag_res(" wanted", &want);
		}
		do_stat(&rd, dpath);
		do_stat(&rb, bpath);
		check_same("stat dir '%s'", tree[i].path);
	}
	paths("link");
	do_readlink(&rd, dpath);
	do_readlink(&rb, bpath);
	check_same("readlink link");
	do_readlink(&rd, DFS "/u8");
	do_readlink(&rb, BFS "/u8");
	check_same("readlink of a file: %s", errname(rb.err));
	for (i = 0; i < ARRAY_SIZE(tree); i++) {
		if (tree[i].type == S_IFDIR || !in_tree(&tree[i]))
			continue;
		check_stat(&tree[i]);
		check_reads(tree[i].path);
	}
	for (i = 0; i < ARRAY_SIZE(numfiles); i++)
		check_num_writes(&numfiles[i]);
	check_bool_writes();
	check_seq_writes();
	check_pick_writes();
	check_refused_writes();
	check_nobody();
	printf("# %d writes differ by design\n", num_differences);
	check_lifetime();
	return tap_done();
}
