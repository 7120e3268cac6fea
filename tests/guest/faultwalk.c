// SPDX-License-Identifier: GPL-2.0-only
/*
 * faultwalk OP...: the fail_nth walk of faults.sh over the paths user space
 * reaches, on the files of tests/kernel/fault_client.c.  For each OP, and
 * N = 1, 2, ...: fail_nth=N, run the operation; until it succeeds, each
 * failure must be the one the knob made (the knob is back at 0) and answer
 * ENOMEM (a poll: POLLERR, as documented), and leave nothing behind; an
 * operation that succeeds although its N-th allocation failed swallowed
 * the failure, which fails too.  After the success, the same operation
 * must succeed again.  TAP on stdout.
 *
 * OPs: plain u8 attr array str_read str_write poll epoll readdir lookup
 * devm_add devm_open mount (mount needs dbgfs unmounted everywhere).
 *
 * faultwalk --failslab OP...: the same walks with the kernel's failslab in
 * place of dbgfs' knob, through /proc/thread-self/fail-nth (the caller
 * sets failslab's ignore-gfp-wait to N): every slab allocation of the
 * operation fails in turn, the kernel's and dbgfs' own.  The kernel
 * tolerates some failures by design (a cache it can do without), so a
 * success after a failure is noted, not failed.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tap.h"

#define FC		"/sys/kernel/dbgfs/fault_client"
#define KNOB		"/sys/module/dbgfs/parameters/fail_nth"
#define REFCNT		"/sys/module/dbgfs/refcnt"
#define MNT		"/tmp/faultmnt"
#define MAX_WALK	64
#define MAX_SLAB_WALK	400
#define FAIL_NTH	"/proc/thread-self/fail-nth"
#define MANY		200
/* What a poll answers when its forwarder could not be allocated. */
#define FAIL_POLLERR	(-10000)
/* The operation ran, but gave the wrong answer. */
#define FAIL_WRONG	(-10001)

struct op {
	const char	*name;
	/* Looked up before each attempt, so that its lookup is not walked. */
	const char	*path;
	int		(*prep)(void);
	int		(*run)(void);
	/* After a failure: nothing changed.  After the success: all there. */
	bool		(*clean)(char *why, size_t len);
	bool		(*done)(char *why, size_t len);
	void		(*unprep)(void);
	int		want;
	unsigned int	min_allocs;
};

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY), err = 0;
	ssize_t len = strlen(s);

	if (fd < 0)
		return -errno;
	if (write(fd, s, len) != len)
		err = -errno;
	close(fd);
	return err;
}

/* The whole of @path into @buf (NUL-terminated), or -errno. */
static int read_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY), err;
	ssize_t n, total = 0;

	if (fd < 0)
		return -errno;
	while ((n = read(fd, buf + total, size - 1 - total)) > 0)
		total += n;
	err = n < 0 ? -errno : 0;
	close(fd);
	buf[total] = '\0';
	return err;
}

/* With --failslab: fail-nth of this thread, kept open (no allocation). */
static int slab_fd = -1;

static int set_knob(int n)
{
	char buf[16];
	int len = snprintf(buf, sizeof(buf), "%d", n);

	if (slab_fd < 0)
		return write_file(KNOB, buf);
	return pwrite(slab_fd, buf, len, 0) == len ? 0 : -errno;
}

static int get_knob(void)
{
	char buf[16];
	ssize_t n;

	if (slab_fd < 0)
		return read_file(KNOB, buf, sizeof(buf)) ? -1 : atoi(buf);
	n = pread(slab_fd, buf, sizeof(buf) - 1, 0);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return atoi(buf);
}

static int refcnt(void)
{
	char buf[16];

	if (read_file(REFCNT, buf, sizeof(buf)))
		return -1;
	return atoi(buf);
}

static const char *err_name(int err)
{
	static char buf[64];

	if (err == FAIL_POLLERR)
		return "POLLERR";
	if (err == FAIL_WRONG)
		return "a wrong answer";
	if (!err)
		return "success";
	snprintf(buf, sizeof(buf), "%s", strerror(-err));
	return buf;
}

/* open(@path) and one read that must give @want; 0 or -errno. */
static int open_read(const char *path, const char *want)
{
	char buf[128];
	int err = read_file(path, buf, sizeof(buf));

	if (err)
		return err;
	return strcmp(buf, want) ? FAIL_WRONG : 0;
}

static int run_plain(void)
{
	return open_read(FC "/plain", "plain\n");
}

/* Every open of plain that reached the client was released. */
static bool plain_balanced(char *why, size_t len)
{
	char buf[32];
	int opens = -1, releases = -2;

	if (!read_file(FC "/counts", buf, sizeof(buf)))
		sscanf(buf, "%d %d", &opens, &releases);
	snprintf(why, len, "opens %d, releases %d", opens, releases);
	return opens == releases;
}

static int run_u8(void)
{
	return open_read(FC "/u8", "42\n");
}

static int run_attr(void)
{
	return open_read(FC "/attr", "7\n");
}

static int run_array(void)
{
	return open_read(FC "/array", "1 22 333 4294967295\n");
}

static int run_str_read(void)
{
	return open_read(FC "/str", "hello\n");
}

static int run_str_write(void)
{
	return write_file(FC "/str", "changed\n");
}

static bool str_is(const char *want, char *why, size_t len)
{
	char buf[64];
	int err = read_file(FC "/str", buf, sizeof(buf));

	snprintf(why, len, "str reads '%.*s' (%s)", (int)strcspn(buf, "\n"),
		 buf, err_name(err));
	return !err && !strcmp(buf, want);
}

static bool str_unchanged(char *why, size_t len)
{
	return str_is("hello\n", why, len);
}

static bool str_changed(char *why, size_t len)
{
	bool pass = str_is("changed\n", why, len);

	return !write_file(FC "/str", "hello") && pass;
}

static int run_poll(void)
{
	struct pollfd pfd;
	int fd = open(FC "/poll", O_RDONLY), rc, err;

	if (fd < 0)
		return -errno;
	pfd = (struct pollfd){ .fd = fd, .events = POLLIN };
	rc = poll(&pfd, 1, 20);
	err = rc < 0 ? -errno : 0;
	close(fd);
	if (rc == 1 && (pfd.revents & POLLERR))
		return FAIL_POLLERR;
	return rc > 0 ? FAIL_WRONG : err;
}

static int run_epoll(void)
{
	struct epoll_event ev = { .events = EPOLLIN };
	int fd = open(FC "/poll", O_RDONLY), epfd, rc, err = 0;

	if (fd < 0)
		return -errno;
	epfd = epoll_create1(0);
	if (epfd < 0 || epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev)) {
		err = -errno;
	} else {
		rc = epoll_wait(epfd, &ev, 1, 20);
		if (rc < 0)
			err = -errno;
		else if (rc == 1 && (ev.events & EPOLLERR))
			err = FAIL_POLLERR;
		else if (rc)
			err = FAIL_WRONG;
	}
	if (epfd >= 0)
		close(epfd);
	close(fd);
	return err;
}

/* All of many/ in small getdents64() calls: each is a batch of its own. */
static int run_readdir(void)
{
	static unsigned char seen[MANY];
	char buf[1024];
	int fd = open(FC "/many", O_RDONLY | O_DIRECTORY), entries = 0, i;
	long n;

	if (fd < 0)
		return -errno;
	memset(seen, 0, sizeof(seen));
	while ((n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < n;) {
			struct dirent64 *d = (struct dirent64 *)(buf + off);

			entries++;
			if (d->d_name[0] == 'f' && sscanf(d->d_name + 1, "%d", &i) == 1 &&
			    i >= 0 && i < MANY)
				seen[i]++;
			off += d->d_reclen;
		}
	}
	i = errno;
	close(fd);
	if (n < 0)
		return -i;
	for (i = 0; i < MANY; i++)
		if (seen[i] != 1)
			return FAIL_WRONG;
	return entries == MANY + 2 ? 0 : FAIL_WRONG;
}

/* A lookup of a path whose dentries and inodes the dcache has let go. */
static int run_lookup(void)
{
	struct stat st;
	int err = write_file("/proc/sys/vm/drop_caches", "2");

	if (err)
		return err;
	if (stat(FC "/many/f123", &st))
		return -errno;
	return S_ISREG(st.st_mode) ? 0 : FAIL_WRONG;
}

static int devm_ctl(const char *cmd)
{
	return write_file(FC "/devm", cmd);
}

static int base_refcnt;

static int prep_devm_add(void)
{
	base_refcnt = refcnt();
	return base_refcnt < 0 ? -EIO : 0;
}

static int run_devm_add(void)
{
	return devm_ctl("add");
}

static bool devm_gone(char *why, size_t len)
{
	struct stat st;
	int rc = stat(FC "/devm_seq", &st), n = refcnt();

	snprintf(why, len, "devm_seq %s, dbgfs refcnt %d (was %d)",
		 rc ? "absent" : "present", n, base_refcnt);
	return rc && errno == ENOENT && n == base_refcnt;
}

/* devm_seq reads its device; "del" releases it and its two resources. */
static bool devm_added(char *why, size_t len)
{
	char buf[32];
	int r = open_read(FC "/devm_seq", "fault_client\n"), d, n;

	d = devm_ctl("del");
	n = read_file(FC "/devm_released", buf, sizeof(buf)) ? -1 : atoi(buf);
	if (r || d || n != 2) {
		snprintf(why, len, "read %s, del %s, %d resources released",
			 err_name(r), err_name(d), n);
		return false;
	}
	return devm_gone(why, len);
}

static int prep_devm_open(void)
{
	return devm_ctl("add");
}

static int run_devm_open(void)
{
	return open_read(FC "/devm_seq", "fault_client\n");
}

static void unprep_devm_open(void)
{
	devm_ctl("del");
}

static bool dbgfs_mounted(void)
{
	char line[512];
	bool found = false;
	FILE *f = fopen("/proc/mounts", "r");

	if (!f)
		return true;
	while (fgets(line, sizeof(line), f))
		if (strstr(line, " dbgfs "))
			found = true;
	fclose(f);
	return found;
}

static int prep_mount(void)
{
	if (mkdir(MNT, 0755) && errno != EEXIST)
		return -errno;
	return dbgfs_mounted() ? -EBUSY : 0;
}

static int run_mount(void)
{
	return mount("none", MNT, "dbgfs", 0, "mode=0755") ? -errno : 0;
}

static bool not_mounted(char *why, size_t len)
{
	snprintf(why, len, "dbgfs %s in /proc/mounts",
		 dbgfs_mounted() ? "is" : "is not");
	return !dbgfs_mounted();
}

/* The root has the options and the tree; then unmounted again. */
static bool mounted(char *why, size_t len)
{
	struct stat root, dir;
	bool pass = !stat(MNT, &root) && !stat(MNT "/fault_client", &dir) &&
		    (root.st_mode & 07777) == 0755 && S_ISDIR(dir.st_mode);

	snprintf(why, len, "root mode %o, fault_client/ %s",
		 root.st_mode & 07777, pass ? "there" : "not there");
	return !umount(MNT) && pass;
}

static const struct op ops[] = {
	{ "plain", FC "/plain", .run = run_plain, .clean = plain_balanced,
	  .done = plain_balanced, .want = -ENOMEM, .min_allocs = 1 },
	{ "u8", FC "/u8", .run = run_u8, .want = -ENOMEM, .min_allocs = 2 },
	{ "attr", FC "/attr", .run = run_attr, .want = -ENOMEM, .min_allocs = 2 },
	{ "array", FC "/array", .run = run_array, .want = -ENOMEM, .min_allocs = 2 },
	{ "str_read", FC "/str", .run = run_str_read, .want = -ENOMEM, .min_allocs = 3 },
	{ "str_write", FC "/str", .run = run_str_write, .clean = str_unchanged,
	  .done = str_changed, .want = -ENOMEM, .min_allocs = 2 },
	/* The open fails with ENOMEM, the forwarder with POLLERR. */
	{ "poll", FC "/poll", .run = run_poll, .want = FAIL_POLLERR, .min_allocs = 2 },
	{ "epoll", FC "/poll", .run = run_epoll, .want = FAIL_POLLERR, .min_allocs = 2 },
	/* A batch per call that has entries; the call at the end allocates none. */
	{ "readdir", FC "/many", .run = run_readdir, .want = -ENOMEM, .min_allocs = 5 },
	{ "lookup", .run = run_lookup, .want = -ENOMEM, .min_allocs = 3 },
	{ "devm_add", FC "/devm", .prep = prep_devm_add, .run = run_devm_add,
	  .clean = devm_gone, .done = devm_added, .want = -ENOMEM,
	  .min_allocs = 6 },
	{ "devm_open", FC "/devm_seq", .prep = prep_devm_open, .run = run_devm_open,
	  .unprep = unprep_devm_open, .want = -ENOMEM, .min_allocs = 2 },
	{ "mount", .prep = prep_mount, .run = run_mount, .clean = not_mounted,
	  .done = mounted, .want = -ENOMEM, .min_allocs = 2 },
};

/* A poll's open fails with ENOMEM before the poll gets to its forwarder. */
static bool wanted(const struct op *op, int err)
{
	return err == op->want ||
	       (op->want == FAIL_POLLERR && err == -ENOMEM);
}

static void walk(const struct op *op)
{
	unsigned int n, allocs = 0, wants = 0, tolerated = 0;
	unsigned int max = slab_fd < 0 ? MAX_WALK : MAX_SLAB_WALK;
	bool clean = true, swallowed = false;
	struct stat st;
	char why[160];
	int err = 0, knob;

	if (op->prep) {
		err = op->prep();
		if (!ok(!err, "%s: prepare (%s)", op->name, err_name(err)))
			return;
	}
	for (n = 1; n <= max; n++) {
		if (op->path)
			stat(op->path, &st);
		if (set_knob(n)) {
			ok(false, "%s: write %d to %s", op->name, n, KNOB);
			clean = false;
			break;
		}
		err = op->run();
		knob = get_knob();
		set_knob(0);
		if (!err && !knob && slab_fd >= 0) {
			/* The kernel did without it: on to the next. */
			tolerated++;
			if (op->done)
				op->done(why, sizeof(why));
			continue;
		}
		if (!err) {
			swallowed = !knob;
			break;
		}
		allocs++;
		wants += err == op->want;
		if (!ok(wanted(op, err) && !knob,
			"%s: allocation %u failing gives %s (got %s, knob %d)",
			op->name, n, op->want == FAIL_POLLERR ?
			"ENOMEM or POLLERR" : err_name(op->want),
			err_name(err), knob)) {
			clean = false;
			break;
		}
		why[0] = '\0';
		if (op->clean && !ok(op->clean(why, sizeof(why)),
				     "%s: allocation %u failing leaves nothing behind: %s",
				     op->name, n, why)) {
			clean = false;
			break;
		}
	}
	ok(!err && !swallowed && clean,
	   "%s: succeeds once past its allocations (%s after %u failures%s)",
	   op->name, err_name(err), allocs,
	   swallowed ? ", although its last allocation failed" : "");
	why[0] = '\0';
	if (!err && op->done)
		ok(op->done(why, sizeof(why)), "%s: the success did it all: %s",
		   op->name, why);
	err = op->run();
	ok(!err, "%s: a later identical operation succeeds (%s)", op->name,
	   err_name(err));
	why[0] = '\0';
	if (!err && op->done)
		ok(op->done(why, sizeof(why)), "%s: and did it all again: %s",
		   op->name, why);
	if (tolerated)
		diag("%s: %u failed allocations the operation did without",
		     op->name, tolerated);
	ok(allocs >= op->min_allocs,
	   "%s: %u allocations, each failing cleanly (at least %u expected)",
	   op->name, allocs, op->min_allocs);
	if (op->want == FAIL_POLLERR)
		ok(wants, "%s: %u of them in the poll itself: POLLERR", op->name,
		   wants);
	if (op->unprep)
		op->unprep();
}

int main(int argc, char **argv)
{
	size_t i;
	int a;

	tap_init();
	a = 1;
	if (argc > 1 && !strcmp(argv[1], "--failslab")) {
		slab_fd = open(FAIL_NTH, O_RDWR);
		if (!ok(slab_fd >= 0, "open %s", FAIL_NTH))
			return tap_done();
		a++;
	}
	for (; a < argc; a++) {
		for (i = 0; i < ARRAY_SIZE(ops); i++)
			if (!strcmp(argv[a], ops[i].name))
				break;
		if (i == ARRAY_SIZE(ops))
			ok(false, "unknown operation %s", argv[a]);
		else
			walk(&ops[i]);
	}
	return tap_done();
}
