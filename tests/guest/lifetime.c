// SPDX-License-Identifier: GPL-2.0-only
/*
 * lifetime: the guest user-space tests of dbgfs' lifetime guarantees
 * (doc/design.md, section 4) and access rules (section 5), driven through the
 * lifetime_client test module's files under /sys/kernel/dbgfs/lc.
 *
 * Runs as root in the guest, with dbgfs mounted (mode=755, so that the
 * non-root checks can reach the files) and lifetime_client loaded.  Ends by
 * unloading the client with files still open.  Prints TAP.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "lc.h"
#include "tap.h"

#define LC_IOC_PING	_IO('l', 1)
#define NOBODY		65534
#define BIG_N		2000

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The errno of open(), or 0 (and the file closed again). */
static int open_errno(const char *path, int flags)
{
	int fd = open(path, flags);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

static int stat_errno(const char *path)
{
	struct stat st;

	return lstat(path, &st) ? errno : 0;
}

/* Reads a whole small file into buf; returns the length or -errno. */
static ssize_t slurp(const char *path, char *buf, size_t size)
{
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	if (n < 0)
		n = -errno;
	else
		buf[n] = '\0';
	close(fd);
	return n;
}

static bool read_stats3(int *opens, int *releases, int *slow)
{
	char buf[256];

	return slurp(LC "/stats", buf, sizeof(buf)) > 0 &&
	       sscanf(buf, "opens=%d releases=%d slow=%d", opens, releases,
		      slow) == 3;
}

/* One KEY=N field of lc/stats, or -1. */
static int stat_field(const char *key)
{
	char buf[256], pat[32], *p;
	int v;

	if (slurp(LC "/stats", buf, sizeof(buf)) <= 0)
		return -1;
	snprintf(pat, sizeof(pat), " %s=", key);
	p = strstr(buf, pat);
	if (!p || sscanf(p + strlen(pat), "%d", &v) != 1)
		return -1;
	return v;
}

static bool read_stats(int *opens, int *releases)
{
	int slow;

	return read_stats3(opens, releases, &slow);
}

/* Waits up to 10 s for a read to sleep in lc/slow. */
static bool slow_read_started(void)
{
	int o, r, slow, i;

	for (i = 0; i < 1000; i++) {
		if (read_stats3(&o, &r, &slow) && slow > 0)
			return true;
		usleep(10000);
	}
	return false;
}

static void drop_inodes(void)
{
	int fd = open("/proc/sys/vm/drop_caches", O_WRONLY);

	if (fd >= 0) {
		if (write(fd, "2", 1) != 1)
			diag("drop_caches: %s", strerror(errno));
		close(fd);
	}
}

static void test_stat(void)
{
	struct stat st, st2, dst;
	char buf[64];
	ssize_t n;

	ok(!lstat(LC "/data", &st) && S_ISREG(st.st_mode) &&
	   (st.st_mode & 07777) == 0644 && st.st_nlink == 1,
	   "stat data: regular, 0644, nlink 1");
	ok(!lstat(LC "/ctl", &st2) && (st2.st_mode & 07777) == 0200,
	   "stat ctl: 0200");
	ok(!lstat(LC "/p444", &st2) && (st2.st_mode & 07777) == 0444,
	   "stat p444: 0444");
	ok(!lstat(LC "/link", &st2) && S_ISLNK(st2.st_mode), "link is a symlink");
	n = readlink(LC "/link", buf, sizeof(buf));
	ok(n == 4 && !memcmp(buf, "data", 4), "readlink link = data");
	ok(!stat(LC "/link", &st2) && st2.st_ino == st.st_ino,
	   "stat through the link reaches data");
	ok(!lstat(LC, &dst) && S_ISDIR(dst.st_mode) &&
	   (dst.st_mode & 07777) == 0755 && dst.st_nlink == 2,
	   "lc: directory 0755, nlink 2 (no subdirectories)");
	ok(!lc_ctl("mkdir sub1") && !lc_ctl("mkdir sub2") && !lstat(LC, &dst) &&
	   dst.st_nlink == 4, "two subdirectories: nlink 4");
	ok(!lstat(LC "/sub1", &st2) && st2.st_nlink == 2, "sub1: nlink 2");
	ok(!lc_ctl("remove sub2") && !lstat(LC, &dst) && dst.st_nlink == 3,
	   "one removed: nlink 3");
	drop_inodes();
	ok(!lstat(LC "/data", &st2) && st2.st_ino == st.st_ino,
	   "inode number of data stable across drop_caches");
	ok(slurp(LC "/data", buf, sizeof(buf)) == 5 && !strcmp(buf, "data\n"),
	   "read data");
	ok(slurp(LC "/short", buf, sizeof(buf)) == 6 &&
	   !strcmp(buf, "short\n"), "read a short-fops file");
	ok(open_errno(LC "/nonesuch", O_RDONLY) == ENOENT,
	   "open of a missing name: ENOENT");
}

static bool readdir_names(const char *path, char names[][256], int *nr,
			  int max, unsigned long *ino_of_data)
{
	DIR *d = opendir(path);
	struct dirent *de;

	*nr = 0;
	if (!d)
		return false;
	while ((de = readdir(d))) {
		if (ino_of_data && !strcmp(de->d_name, "data"))
			*ino_of_data = de->d_ino;
		if (*nr < max)
			snprintf(names[*nr], 256, "%s", de->d_name);
		(*nr)++;
	}
	closedir(d);
	return true;
}

/*
 * A directory reader sought past the end (INT_MAX, where no name hash
 * goes) reads nothing and is left at the end, as kernfs leaves it.
 */
static void test_readdir_past_end(void)
{
	off_t past = (off_t)INT_MAX + 10;
	char buf[1024];
	long n = -1;
	off_t at = -1;
	int fd = open(LC, O_RDONLY | O_DIRECTORY);

	if (fd >= 0 && lseek(fd, past, SEEK_SET) == past) {
		n = getdents64(fd, buf, sizeof(buf));
		at = lseek(fd, 0, SEEK_CUR);
	}
	if (fd >= 0)
		close(fd);
	ok(n == 0 && at == INT_MAX,
	   "readdir sought past the end: nothing, position back at the end (%ld, %lld)",
	   n, (long long)at);
}

static void test_readdir(void)
{
	static const char *const want[] = {
		".", "..", "ctl", "data", "slow", "events", "stats", "p600", "p644",
		"p444", "chm", "short", "link", "sub1", "map", "pmap", "async",
	};
	char names[64][256];
	unsigned long dino = 0;
	struct stat st;
	int nr, i, j, found = 0, dups = 0;

	ok(readdir_names(LC, names, &nr, 64, &dino), "readdir lc");
	for (i = 0; i < (int)ARRAY_SIZE(want); i++) {
		int seen = 0;

		for (j = 0; j < nr && j < 64; j++)
			seen += !strcmp(names[j], want[i]);
		found += seen == 1;
		dups += seen > 1;
	}
	ok(found == (int)ARRAY_SIZE(want) && !dups &&
	   nr == found, "readdir lc: every entry once, nothing else (%d)", nr);
	ok(!lstat(LC "/data", &st) && st.st_ino == dino,
	   "readdir d_ino matches stat");
	test_readdir_past_end();
}

/* readdir of a directory that changes under it. */
struct churn {
	atomic_bool stop;
	atomic_int ops;
	int errors;
};

static void *churn_thread(void *arg)
{
	struct churn *c = arg;
	int i = 0, err;

	while (!c->stop) {
		err = lc_ctl("create big/x%d", i % 50);
		if (err && err != EEXIST)
			c->errors++;
		err = lc_ctl("remove big/x%d", (i + 25) % 50);
		if (err && err != ENOENT)
			c->errors++;
		c->ops += 2;
		i++;
	}
	return NULL;
}

static void test_readdir_churn(void)
{
	static unsigned char seen[BIG_N];
	/* small, so that the churn interleaves with many calls */
	static _Alignas(struct dirent64) char buf[sizeof(struct dirent64)];
	struct churn c = { 0 };
	bool pass;
	pthread_t t;
	int fd, pos, calls = 0, dups = 0, missing = 0, others = 0, extra = 0;
	int ops_first = -1, ops_last = -1;
	long n, f;
	double t0;

	t0 = now();
	pass = !lc_ctl("populate big %d", BIG_N);
	ok(pass, "populate big with %d files (%.2fs)", BIG_N, now() - t0);
	memset(seen, 0, sizeof(seen));
	fd = open(LC "/big", O_RDONLY | O_DIRECTORY);
	ok(fd >= 0, "open big");
	if (fd < 0)
		return;
	pthread_create(&t, NULL, churn_thread, &c);
	while ((n = getdents64(fd, buf, sizeof(buf))) > 0) {
		ops_last = c.ops;
		if (!calls++)
			ops_first = ops_last;
		for (pos = 0; pos < n;) {
			struct dirent64 *de = (void *)(buf + pos);
			char *end;

			pos += de->d_reclen;
			if (de->d_name[0] == 'f') {
				f = strtol(de->d_name + 1, &end, 10);
				if (*end || f < 0 || f >= BIG_N) {
					extra++;
					continue;
				}
				if (seen[f]++)
					dups++;
			} else if (de->d_name[0] == 'x' ||
				   !strcmp(de->d_name, ".") ||
				   !strcmp(de->d_name, "..")) {
				others++;
			} else {
				extra++;
			}
		}
		usleep(200);	/* let the churn interleave */
	}
	c.stop = true;
	pthread_join(t, NULL);
	close(fd);
	for (f = 0; f < BIG_N; f++)
		missing += !seen[f];
	ok(n == 0, "getdents64 ends cleanly (%d calls)", calls);
	ok(!dups && !missing && !extra,
	   "changing directory: every stable entry seen exactly once (%d dups, %d missing, %d unknown, %d churn ops)",
	   dups, missing, extra, c.ops);
	ok(!c.errors, "churn commands answered as expected");
	ok(calls > 1 && ops_last > ops_first,
	   "the churn changed the directory while it was read (%d churn ops between the first and the last of %d getdents64 calls)",
	   ops_last - ops_first, calls);
	ok(!lc_ctl("unpopulate big") && stat_errno(LC "/big") == ENOENT,
	   "unpopulate big");
}

static void test_rename(void)
{
	struct stat st1, st2;
	char buf[64];
	int fd;

	ok(!lc_ctl("create ren_a"), "create ren_a");
	ok(!lstat(LC "/ren_a", &st1), "stat ren_a");
	fd = open(LC "/ren_a", O_RDONLY);
	ok(fd >= 0, "open ren_a");
	ok(!lc_ctl("rename ren_a ren_b"), "rename ren_a ren_b");
	ok(stat_errno(LC "/ren_a") == ENOENT, "old name: ENOENT");
	ok(open_errno(LC "/ren_a", O_RDONLY) == ENOENT, "open old name: ENOENT");
	ok(!lstat(LC "/ren_b", &st2) && st2.st_ino == st1.st_ino,
	   "new name: same inode");
	ok(slurp(LC "/ren_b", buf, sizeof(buf)) > 0 && !strcmp(buf, "ren_b\n"),
	   "new name reads");
	ok(fd >= 0 && pread(fd, buf, sizeof(buf), 0) > 0,
	   "fd opened before the rename keeps working");
	ok(!lc_ctl("mkdir rdir") && !lc_ctl("rename ren_b rdir/ren_c") &&
	   stat_errno(LC "/ren_b") == ENOENT && !stat_errno(LC "/rdir/ren_c"),
	   "move into a subdirectory");
	ok(lc_ctl("create ren_d") == 0 && lc_ctl("rename ren_d rdir/ren_c") == EEXIST,
	   "rename onto a taken name: EEXIST");
	ok(fd >= 0 && pread(fd, buf, sizeof(buf), 0) > 0, "fd still works");
	ok(!lc_ctl("remove rdir") && stat_errno(LC "/rdir/ren_c") == ENOENT,
	   "remove the directory");
	ok(fd >= 0 && pread(fd, buf, sizeof(buf), 0) == -1 && errno == EIO,
	   "fd of an entry removed with its directory: EIO");
	if (fd >= 0)
		close(fd);
	ok(!lc_ctl("remove ren_d"), "remove ren_d");
}

/* Section 4.2: a file held open across its removal. */
struct poller {
	int fd;
	short revents;
	int rc, err;
	double done;
	atomic_int tid;		/* set by the thread before it polls */
};

/*
 * The state letter of thread @tid of this process, and the number of the
 * system call it sleeps in (-1 while it runs).
 */
static bool thread_state(int tid, char *state, long *nr)
{
	char path[64], buf[512], *p;
	ssize_t n;

	*state = '?';
	*nr = -1;
	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
	n = slurp(path, buf, sizeof(buf));
	p = n > 0 ? strrchr(buf, ')') : NULL;
	if (!p || sscanf(p, ") %c", state) != 1)
		return false;
	snprintf(path, sizeof(path), "/proc/self/task/%d/syscall", tid);
	/* "running" while it runs: no number */
	if (slurp(path, buf, sizeof(buf)) > 0 && buf[0] >= '0' &&
	    buf[0] <= '9')
		*nr = strtol(buf, NULL, 10);
	return true;
}

static bool is_poll_syscall(long nr)
{
	return nr == SYS_poll || nr == SYS_ppoll || nr == SYS_epoll_wait ||
#ifdef SYS_epoll_pwait2
	       nr == SYS_epoll_pwait2 ||
#endif
	       nr == SYS_epoll_pwait;
}

/*
 * Waits up to 10 s for the poller to sleep in poll() or epoll_wait(): its
 * state 'S' inside one of those system calls.  Reports it as a test point.
 */
static bool poller_asleep(struct poller *p, const char *what)
{
	double t0 = now();
	char state = '?';
	long nr = -1;
	bool asleep;

	while (!(asleep = p->tid && thread_state(p->tid, &state, &nr) &&
			  state == 'S' && is_poll_syscall(nr)) &&
	       now() - t0 < 10)
		usleep(10000);
	return ok(asleep,
		  "%s asleep in its system call before the event (state %c, syscall %ld, after %.3fs)",
		  what, state, nr, now() - t0);
}

static void *poll_thread(void *arg)
{
	struct poller *p = arg;
	struct pollfd pfd = { .fd = p->fd, .events = POLLIN };

	p->tid = gettid();
	p->rc = poll(&pfd, 1, 10000);
	p->err = errno;
	p->revents = pfd.revents;
	p->done = now();
	return NULL;
}

static void *epoll_thread(void *arg)
{
	struct poller *p = arg;
	struct epoll_event ev = { .events = EPOLLIN }, out;
	int ep = epoll_create1(0);

	p->tid = gettid();
	epoll_ctl(ep, EPOLL_CTL_ADD, p->fd, &ev);
	p->rc = epoll_wait(ep, &out, 1, 10000);
	p->err = errno;
	p->revents = p->rc > 0 ? out.events : 0;
	p->done = now();
	close(ep);
	return NULL;
}

static void test_removed_while_open(void)
{
	int fd, fd2, pathfd, o0, r0, o1, r1, o2, r2;
	struct poller p = { 0 }, pe = { 0 };
	struct pollfd pfd;
	bool pass, asleep, easleep;
	pthread_t t, te;
	char buf[64], proc[64];
	double t0;

	fd = open(LC "/data", O_RDWR);
	fd2 = open(LC "/data", O_RDONLY);
	pathfd = open(LC "/data", O_PATH);
	ok(fd >= 0 && fd2 >= 0 && pathfd >= 0, "open data twice (and O_PATH)");
	ok(write(fd, "hello\n", 6) == 6, "write data");
	ok(pread(fd2, buf, sizeof(buf), 0) == 6 && !memcmp(buf, "hello\n", 6),
	   "read back");
	ok(lseek(fd, 2, SEEK_SET) == 2, "lseek data");
	ok(ioctl(fd, LC_IOC_PING) == 42, "ioctl data");
	pfd = (struct pollfd){ .fd = fd, .events = POLLIN | POLLOUT };
	ok(poll(&pfd, 1, 0) == 1 && pfd.revents == POLLOUT,
	   "poll data: POLLOUT only");

	/* A poller woken by the client. */
	p.fd = fd;
	pthread_create(&t, NULL, poll_thread, &p);
	asleep = poller_asleep(&p, "a poll of data");
	t0 = now();
	ok(!lc_ctl("wake"), "ctl wake");
	pthread_join(t, NULL);
	ok(asleep && p.done >= t0 && p.rc == 1 && (p.revents & POLLIN),
	   "a sleeping poll wakes with POLLIN (%.3fs)", p.done - t0);
	ok(pread(fd, buf, sizeof(buf), 0) > 0, "read clears the event");

	/* Pollers asleep while the file goes. */
	p = (struct poller){ .fd = fd };
	pe = (struct poller){ .fd = fd2 };
	pthread_create(&t, NULL, poll_thread, &p);
	pthread_create(&te, NULL, epoll_thread, &pe);
	asleep = poller_asleep(&p, "a poll of data");
	easleep = poller_asleep(&pe, "an epoll_wait on data");
	pass = read_stats(&o0, &r0);
	ok(pass, "stats before removal: opens=%d releases=%d", o0, r0);
	ok(fgetxattr(fd, "user.dbgfs.type", buf, sizeof(buf)) == 4 &&
	   !memcmp(buf, "file", 4), "fgetxattr of its type: a client's file");
	t0 = now();
	ok(!lc_ctl("remove data"), "remove data through ctl while open");
	pthread_join(t, NULL);
	pthread_join(te, NULL);
	ok(asleep && p.done >= t0 && p.rc == 1 && (p.revents & POLLHUP),
	   "a poll asleep at removal returns POLLHUP (rc %d, revents %#x, %.3fs)",
	   p.rc, p.revents, p.done - t0);
	ok(easleep && pe.done >= t0 && pe.rc == 1 && (pe.revents & EPOLLHUP),
	   "an epoll_wait asleep at removal returns EPOLLHUP (rc %d, events %#x, %.3fs)",
	   pe.rc, pe.revents, pe.done - t0);
	pass = read_stats(&o1, &r1) && o1 == o0 + 1 && r1 == r0 + 3;
	ok(pass,
	   "removal ran release for both open files (releases %d -> %d)",
	   r0, r1);
	ok(read(fd, buf, sizeof(buf)) == -1 && errno == EIO, "read: EIO");
	ok(pread(fd2, buf, sizeof(buf), 0) == -1 && errno == EIO, "pread: EIO");
	ok(write(fd, "x", 1) == -1 && errno == EIO, "write: EIO");
	ok(lseek(fd, 0, SEEK_SET) == -1 && errno == EIO, "lseek: EIO");
	ok(ioctl(fd, LC_IOC_PING) == -1 && errno == EIO, "ioctl: EIO");
	pfd = (struct pollfd){ .fd = fd, .events = POLLIN | POLLOUT };
	ok(poll(&pfd, 1, 0) == 1 && pfd.revents == POLLHUP, "poll: POLLHUP");
	ok(fstat(fd, &(struct stat){ 0 }) == 0, "fstat still works");
	ok(fgetxattr(fd, "user.dbgfs.type", buf, sizeof(buf)) == -1 &&
	   errno == EIO, "fgetxattr of its type: EIO");
	ok(flistxattr(fd, buf, sizeof(buf)) == -1 && errno == EIO,
	   "flistxattr: EIO");
	ok(stat_errno(LC "/data") == ENOENT, "lookup of the removed name: ENOENT");
	ok(open_errno(LC "/data", O_RDONLY) == ENOENT,
	   "open of the removed name: ENOENT");
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", pathfd);
	ok(open_errno(proc, O_RDONLY) == ENOENT,
	   "open of the removed file through an O_PATH fd: ENOENT");
	ok(stat_errno(LC "/link") == 0 && open_errno(LC "/link", O_RDONLY) == ENOENT,
	   "the symlink dangles: ENOENT");
	close(fd);
	close(fd2);
	close(pathfd);
	pass = read_stats(&o2, &r2) && r2 == r1 + 1 && o2 == o1 + 1;
	ok(pass, "closing the removed files ran no second release");
	ok(o2 - r2 == 1,
	   "opens and releases balance but for stats itself (opens=%d releases=%d)",
	   o2, r2);
}

/* Section 4.1: removal waits for the operation in flight. */
struct slow_reader {
	ssize_t n;
	int err;
	double start, done;
};

static void *slow_thread(void *arg)
{
	struct slow_reader *s = arg;
	char buf[16];
	int fd = open(LC "/slow", O_RDONLY);

	s->start = now();
	s->n = fd < 0 ? -1 : read(fd, buf, sizeof(buf));
	s->err = errno;
	s->done = now();
	if (fd >= 0)
		close(fd);
	return NULL;
}

static void test_remove_waits(void)
{
	struct slow_reader s = { 0 };
	double t0, t1;
	pthread_t t;
	int err;

	pthread_create(&t, NULL, slow_thread, &s);
	ok(slow_read_started(), "a read sleeps in slow");
	t0 = now();
	err = lc_ctl("remove slow");
	t1 = now();
	pthread_join(t, NULL);
	/* The client answers EBUSY if its read still ran when removal returned. */
	ok(!err, "remove slow while a read sleeps in it; the read was over when removal returned (%s)",
	   strerror(err));
	ok(s.n == 5, "the read in flight completed (%zd bytes)", s.n);
	printf("# remove waited %.3f s for the slow read (read took %.3f s)\n",
	       t1 - t0, s.done - s.start);
	ok(t1 - t0 > 1.0, "remove waited (%.3fs)", t1 - t0);
	ok(open_errno(LC "/slow", O_RDONLY) == ENOENT, "slow is gone");
}

/*
 * Section 4, every remover: a second remover of what a first one is
 * removing returns only once the first one's drain is over.  A read sleeps
 * in DIR/slow; the first remover (a thread) waits for it; the second one
 * must not return while the read still runs, which the client counts: its
 * removers answer EBUSY if a read of a slow file is in flight when they
 * return.
 */
struct second_case {
	const char *what;
	const char *setup[4];
	const char *slow;	/* the file the read sleeps in */
	const char *first;	/* the first remover's command */
	const char *gone;	/* ENOENT once the first remover unlinked it */
	const char *second;	/* the second remover's command */
};

struct remover {
	const char *cmd;
	int err;
};

static void *remover_thread(void *arg)
{
	struct remover *r = arg;

	r->err = lc_ctl("%s", r->cmd);
	return NULL;
}

struct path_reader {
	const char *path;
	ssize_t n;
};

static void *path_read_thread(void *arg)
{
	struct path_reader *pr = arg;
	char buf[16];
	int fd = open(pr->path, O_RDONLY);

	pr->n = fd < 0 ? -1 : read(fd, buf, sizeof(buf));
	if (fd >= 0)
		close(fd);
	return NULL;
}

/* Waits up to 10 s for PATH to be gone from the tree. */
static bool unlinked(const char *path)
{
	int i;

	for (i = 0; i < 1000; i++) {
		if (stat_errno(path) == ENOENT)
			return true;
		usleep(10000);
	}
	return false;
}

static void second_remover(const struct second_case *c)
{
	char slow[128], gone[128];
	struct path_reader pr = { .path = slow };
	struct remover first = { .cmd = c->first };
	pthread_t tr, tf;
	bool pass = true;
	int i, err;

	snprintf(slow, sizeof(slow), LC "/%s", c->slow);
	snprintf(gone, sizeof(gone), LC "/%s", c->gone);
	for (i = 0; i < 4 && c->setup[i]; i++)
		pass = pass && !lc_ctl("%s", c->setup[i]);
	ok(pass, "%s: set up", c->what);
	if (!pass)
		return;
	pthread_create(&tr, NULL, path_read_thread, &pr);
	ok(slow_read_started(), "%s: a read sleeps in %s", c->what, c->slow);
	pthread_create(&tf, NULL, remover_thread, &first);
	ok(unlinked(gone), "%s: the first remover (%s) unlinked %s", c->what,
	   c->first, c->gone);
	err = lc_ctl("%s", c->second);
	ok(!err,
	   "%s: the second remover (%s) returned after the read, not while it ran (%s)",
	   c->what, c->second, strerror(err));
	pthread_join(tf, NULL);
	ok(!first.err, "%s: the first remover returned after the read (%s)",
	   c->what, strerror(first.err));
	pthread_join(tr, NULL);
	ok(pr.n == 5, "%s: the read completed (%zd bytes)", c->what, pr.n);
}

static void test_second_remover(void)
{
	static const struct second_case cases[] = {
		{ "held handle", { "mkdir r1", "slow r1/slow", "hold r1/slow" },
		  "r1/slow", "rmwait r1", "r1", "rmheld" },
		{ "lookup_and_remove", { "mkdir r2", "slow r2/slow", "hold r2" },
		  "r2/slow", "rmwait r2", "r2", "larheld slow" },
		{ "same directory twice", { "mkdir r3", "slow r3/slow", "hold r3" },
		  "r3/slow", "rmwait r3", "r3", "rmheld" },
		{ "parent while a child drains", { "mkdir r4", "slow r4/slow" },
		  "r4/slow", "rmwait r4/slow", "r4/slow", "rmwait r4" },
	};
	int i;

	for (i = 0; i < (int)ARRAY_SIZE(cases); i++)
		second_remover(&cases[i]);
}

/*
 * A release that removes other entries, run by a close and by removal.
 * Enough victims that one shares the reaper's open-file lock.
 */
#define VICTIMS_N	256

static void test_release_removes(void)
{
	char buf[16];
	int fd;

	ok(!lc_ctl("populate victims %d", VICTIMS_N) && !lc_ctl("reaper reaper"),
	   "populate victims with %d files, create reaper", VICTIMS_N);
	fd = open(LC "/reaper", O_RDONLY);
	ok(fd >= 0, "open reaper");
	close(fd);
	ok(stat_errno(LC "/victims") == ENOENT,
	   "the release run by close removed victims");
	ok(!lc_ctl("remove reaper"), "remove reaper");

	ok(!lc_ctl("populate victims %d", VICTIMS_N) && !lc_ctl("mkdir rp") &&
	   !lc_ctl("reaper rp/reaper"),
	   "populate victims again, create rp/reaper");
	fd = open(LC "/rp/reaper", O_RDONLY);
	ok(fd >= 0, "open rp/reaper");
	ok(!lc_ctl("remove rp"), "remove rp while rp/reaper is open");
	ok(stat_errno(LC "/victims") == ENOENT,
	   "the release run by removal removed victims");
	ok(read(fd, buf, sizeof(buf)) == -1 && errno == EIO,
	   "read of the removed reaper: EIO");
	close(fd);
}

/* fail_nth of dbgfs: the N-th allocation from now fails. */
static int set_fail_nth(int n)
{
	char buf[16];
	int fd = open("/sys/module/dbgfs/parameters/fail_nth", O_WRONLY), len;
	int err = 0;

	if (fd < 0)
		return errno;
	len = snprintf(buf, sizeof(buf), "%d", n);
	if (write(fd, buf, len) != len)
		err = errno;
	close(fd);
	return err;
}

/*
 * A poll whose forwarder onto the client's queue cannot be allocated must
 * not sleep on a queue nobody wakes.
 */
static void test_poll_nomem(void)
{
	struct poller p = { 0 }, pe = { 0 };
	struct pollfd pfd;
	pthread_t t;
	double t0;
	int fd;

	fd = open(LC "/data", O_RDONLY);
	ok(fd >= 0, "open data for the poll allocation failure");
	if (fd < 0)
		return;
	ok(!set_fail_nth(1), "fail_nth=1: the poll forwarder will fail");
	p.fd = fd;
	t0 = now();
	pthread_create(&t, NULL, poll_thread, &p);
	pthread_join(t, NULL);
	set_fail_nth(0);
	ok(p.rc == 1 && (p.revents & POLLERR),
	   "a poll whose forwarder failed returns POLLERR, not asleep (rc %d, revents %#x, %.3fs)",
	   p.rc, p.revents, p.done - t0);
	close(fd);
	/* epoll: its later scans queue nothing, the error must stay. */
	fd = open(LC "/data", O_RDONLY);
	ok(fd >= 0 && !set_fail_nth(1), "open data again, fail_nth=1");
	pe.fd = fd;
	t0 = now();
	pthread_create(&t, NULL, epoll_thread, &pe);
	pthread_join(t, NULL);
	set_fail_nth(0);
	ok(pe.rc == 1 && (pe.revents & EPOLLERR),
	   "an epoll whose forwarder failed returns EPOLLERR, not asleep (rc %d, events %#x, %.3fs)",
	   pe.rc, pe.revents, pe.done - t0);
	close(fd);
	fd = open(LC "/data", O_RDONLY);
	pfd = (struct pollfd){ .fd = fd, .events = POLLIN | POLLOUT };
	ok(fd >= 0 && poll(&pfd, 1, 0) == 1 && pfd.revents == POLLOUT,
	   "a new open file polls normally (revents %#x)", pfd.revents);
	if (fd >= 0)
		close(fd);
}

/* Section 4: fasync of a file released by removal. */
static atomic_int sigio_count;

static void on_sigio(int sig)
{
	(void)sig;
	atomic_fetch_add(&sigio_count, 1);
}

static bool wait_sigio(int want)
{
	int i;

	for (i = 0; i < 100 && atomic_load(&sigio_count) < want; i++)
		usleep(10000);
	return atomic_load(&sigio_count) >= want;
}

static void test_fasync(void)
{
	struct sigaction sa = { .sa_handler = on_sigio };
	int fd, bad0;
	bool pass;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGIO, &sa, NULL);
	atomic_store(&sigio_count, 0);
	bad0 = stat_field("asyncbad");
	fd = open(LC "/async", O_RDONLY);
	ok(fd >= 0 && !fcntl(fd, F_SETOWN, getpid()) &&
	   !fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_ASYNC),
	   "open async, F_SETOWN, O_ASYNC");
	ok(stat_field("async") == 1, "the client's fasync queue holds the file");
	pass = !lc_ctl("sigio") && wait_sigio(1);
	ok(pass, "the client's kill_fasync sends SIGIO (%d)", atomic_load(&sigio_count));
	ok(!lc_ctl("remove async"), "remove async while O_ASYNC is set");
	ok(stat_field("async") == 0,
	   "removal ran the client's fasync(-1): its queue is empty");
	ok(stat_field("asyncbad") == bad0,
	   "... before the client's release (asyncbad %d)",
	   stat_field("asyncbad"));
	ok(fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_ASYNC) == 0,
	   "clearing O_ASYNC after removal succeeds");
	close(fd);
	ok(!lc_ctl("sigio") && !lc_ctl("sigio"),
	   "the client signals again after the close");
	usleep(100000);
	ok(atomic_load(&sigio_count) == 1, "no SIGIO after removal (%d)", atomic_load(&sigio_count));

	/* Closed after removal with O_ASYNC still set. */
	ok(!lc_ctl("mkasync"), "mkasync");
	fd = open(LC "/async", O_RDONLY);
	ok(fd >= 0 && !fcntl(fd, F_SETOWN, getpid()) &&
	   !fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_ASYNC) &&
	   stat_field("async") == 1, "open async again with O_ASYNC");
	ok(!lc_ctl("remove async") && stat_field("async") == 0,
	   "removal empties the queue again");
	close(fd);
	ok(!lc_ctl("sigio") && stat_field("async") == 0 &&
	   stat_field("asyncbad") == bad0,
	   "close with O_ASYNC set after removal: nothing left, release after fasync");
	signal(SIGIO, SIG_DFL);
	ok(!lc_ctl("mkasync"), "mkasync for the exit check");
}

/*
 * Removal releases n open files of one node in time linear in n: the time
 * per file for 8n open files is close to that for n.
 */
#define MANY_SMALL	500
#define MANY_BIG	4000

static double remove_with_open(int n, int *fds)
{
	double t0, dt;
	int i, opened = 0;

	if (lc_ctl("create many"))
		return -1;
	for (i = 0; i < n; i++) {
		fds[i] = open(LC "/many", O_RDONLY);
		opened += fds[i] >= 0;
	}
	t0 = now();
	if (lc_ctl("remove many"))
		opened = -1;
	dt = now() - t0;
	for (i = 0; i < n; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	return opened == n ? dt : -1;
}

static void test_release_many(void)
{
	static int fds[MANY_BIG];
	struct rlimit rl = { MANY_BIG + 256, MANY_BIG + 256 };
	double small = 1e9, big = 1e9, dt, ratio;
	int i, o0 = 0, r0 = 0, o1 = 0, r1 = 0;
	bool pass;

	ok(!setrlimit(RLIMIT_NOFILE, &rl), "RLIMIT_NOFILE %d", MANY_BIG + 256);
	pass = read_stats(&o0, &r0);
	for (i = 0; i < 3; i++) {
		dt = remove_with_open(MANY_SMALL, fds);
		pass &= dt >= 0;
		if (dt >= 0 && dt < small)
			small = dt;
		dt = remove_with_open(MANY_BIG, fds);
		pass &= dt >= 0;
		if (dt >= 0 && dt < big)
			big = dt;
	}
	ok(pass, "remove a file held open %d and %d times, three times each",
	   MANY_SMALL, MANY_BIG);
	ratio = (big / MANY_BIG) / (small / MANY_SMALL);
	pass = read_stats(&o1, &r1);
	ok(pass && o1 - o0 == r1 - r0,
	   "every one of them released once (opens %d, releases %d)",
	   o1 - o0, r1 - r0);
	printf("# removal with %d open files: %.3f s, with %d: %.3f s (%.1f us and %.1f us per file)\n",
	       MANY_SMALL, small, MANY_BIG, big, small * 1e6 / MANY_SMALL,
	       big * 1e6 / MANY_BIG);
	ok(pass && ratio < 3.0,
	   "time per released file grows less than 3x from %d to %d open files (x%.2f)",
	   MANY_SMALL, MANY_BIG, ratio);
}

/*
 * Open files are listed in buckets that many nodes share (open.c): the
 * removal of a file releases its own open files and no neighbour's.
 * NEIGHBOURS files, four times the buckets, each open once; the odd ones
 * are removed, then every descriptor is read.
 */
#define NEIGHBOURS	256

static void test_removal_spares_neighbours(void)
{
	static int fds[NEIGHBOURS];
	int i, opened = 0, removed = 0, eio = 0, intact = 0;
	int o0 = 0, r0 = 0, o1 = 0, r1 = 0;
	char path[64], want[16], buf[16];
	bool pass;
	ssize_t n;

	ok(!lc_ctl("populate nb %d", NEIGHBOURS),
	   "populate nb with %d files", NEIGHBOURS);
	for (i = 0; i < NEIGHBOURS; i++) {
		snprintf(path, sizeof(path), LC "/nb/f%d", i);
		fds[i] = open(path, O_RDONLY);
		opened += fds[i] >= 0;
	}
	ok(opened == NEIGHBOURS, "opened all %d of them (%d)", NEIGHBOURS,
	   opened);
	pass = read_stats(&o0, &r0);
	for (i = 1; i < NEIGHBOURS; i += 2)
		removed += !lc_ctl("remove nb/f%d", i);
	ok(removed == NEIGHBOURS / 2, "removed the odd ones (%d)", removed);
	/* One more: the release of the first read of stats. */
	pass &= read_stats(&o1, &r1);
	ok(pass && r1 - r0 == NEIGHBOURS / 2 + 1,
	   "the removals ran the releases of their own open files only (%d, want %d)",
	   r1 - r0, NEIGHBOURS / 2 + 1);
	for (i = 0; i < NEIGHBOURS; i++) {
		if (fds[i] < 0)
			continue;
		n = pread(fds[i], buf, sizeof(buf) - 1, 0);
		if (i % 2) {
			eio += n < 0 && errno == EIO;
			continue;
		}
		snprintf(want, sizeof(want), "f%d\n", i);
		intact += n == (ssize_t)strlen(want) &&
			  !memcmp(buf, want, n);
	}
	ok(eio == NEIGHBOURS / 2, "each removed file's open file reads EIO (%d)",
	   eio);
	ok(intact == NEIGHBOURS / 2,
	   "each kept file's open file still reads its name (%d)", intact);
	for (i = 0; i < NEIGHBOURS; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	ok(!lc_ctl("unpopulate nb") && stat_errno(LC "/nb") == ENOENT,
	   "unpopulate nb");
}

/* Touches *p; returns 0 or the signal it raised. */
static sigjmp_buf touch_env;

static void on_touch_signal(int sig)
{
	siglongjmp(touch_env, sig);
}

static int touch(const char *p, char *out)
{
	struct sigaction sa = { .sa_handler = on_touch_signal }, obus, osegv;
	int sig;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, &obus);
	sigaction(SIGSEGV, &sa, &osegv);
	sig = sigsetjmp(touch_env, 1);
	if (!sig)
		*out = __atomic_load_n(p, __ATOMIC_RELAXED);
	sigaction(SIGBUS, &obus, NULL);
	sigaction(SIGSEGV, &osegv, NULL);
	return sig;
}

/* Section 4: a mapping across the removal of its file. */
static void test_map_removed(void)
{
	int fd, vo0, vc0, late0;
	char *p, c = 0;
	long pg = sysconf(_SC_PAGESIZE);

	vo0 = stat_field("vmopen");
	vc0 = stat_field("vmclose");
	late0 = stat_field("late");
	fd = open(LC "/map", O_RDONLY);
	p = fd < 0 ? MAP_FAILED : mmap(NULL, 2 * pg, PROT_READ, MAP_SHARED, fd, 0);
	ok(p != MAP_FAILED, "mmap two pages of map");
	if (p == MAP_FAILED) {
		if (fd >= 0)
			close(fd);
		return;
	}
	ok(!touch(p, &c) && !memcmp(p, "map\n", 4), "the mapping reads map");
	ok(touch(p + pg, &c) == SIGBUS, "the page the client has not: SIGBUS");
	ok(!mprotect(p + pg, pg, PROT_NONE) &&
	   stat_field("vmopen") == vo0 + 2,
	   "mprotect splits the vma: the client's vm open ran (%d)",
	   stat_field("vmopen") - vo0);
	close(fd);
	ok(!lc_ctl("remove map"), "remove map while it is mapped");
	ok(touch(p, &c) == SIGBUS, "touch after removal: SIGBUS");
	ok(stat_field("late") == late0,
	   "no fault reached the client after removal (%d)",
	   stat_field("late") - late0);
	ok(!munmap(p, 2 * pg), "munmap");
	ok(stat_field("vmclose") - vc0 == stat_field("vmopen") - vo0,
	   "the client's vm close ran once per vma (%d opens, %d closes)",
	   stat_field("vmopen") - vo0, stat_field("vmclose") - vc0);
	ok(!lc_ctl("mkmap"), "mkmap");
}

/* Section 4.3: a mapping pins the client; rmmod says so. */
static void test_map_rmmod(void)
{
	int fd, rc, err;
	char *p, c = 0;
	long pg = sysconf(_SC_PAGESIZE);

	fd = open(LC "/map", O_RDONLY);
	p = fd < 0 ? MAP_FAILED : mmap(NULL, pg, PROT_READ, MAP_SHARED, fd, 0);
	ok(p != MAP_FAILED && !touch(p, &c) && c == 'm',
	   "mmap map and read it");
	if (fd >= 0)
		close(fd);
	if (p == MAP_FAILED)
		return;
	rc = syscall(SYS_delete_module, "lifetime_client", O_NONBLOCK);
	err = errno;
	printf("# delete_module(lifetime_client, O_NONBLOCK) while mapped: %d (%s)\n",
	       rc, rc ? strerror(err) : "unloaded");
	ok(rc == -1 && (err == EAGAIN || err == EBUSY),
	   "rmmod while a mapping exists is refused: %s", rc ? strerror(err) : "unloaded");
	ok(system("grep -q '^lifetime_client ' /proc/modules") == 0,
	   "the client is still loaded");
	ok(!touch(p, &c) && !memcmp(p, "map\n", 4), "the mapping still reads");
	ok(!munmap(p, pg), "munmap");
}

/*
 * pmap: a client that maps through mmap_prepare alone (where the kernel has
 * it) maps through dbgfs too, pins its module while mapped, and its faults
 * end with the file's removal.
 */
static void test_pmap(void)
{
	int fd, rc, err, preps0, late0, prepare = stat_field("prepare");
	char *p, c = 0;
	long pg = sysconf(_SC_PAGESIZE);

	printf("# pmap maps through %s\n",
	       prepare == 1 ? "mmap_prepare" : "mmap (the kernel has no mmap_prepare)");
	preps0 = stat_field("preps");
	late0 = stat_field("late");
	fd = open(LC "/pmap", O_RDONLY);
	p = fd < 0 ? MAP_FAILED : mmap(NULL, pg, PROT_READ, MAP_SHARED, fd, 0);
	err = errno;
	ok(p != MAP_FAILED, "mmap pmap: %s", p != MAP_FAILED ? "mapped" : strerror(err));
	if (fd >= 0)
		close(fd);
	if (p == MAP_FAILED)
		return;
	ok(stat_field("preps") - preps0 == (prepare == 1),
	   "the client's mmap_prepare ran %d times (%s)", stat_field("preps") - preps0,
	   prepare == 1 ? "once expected" : "none expected");
	ok(!touch(p, &c) && !memcmp(p, "map\n", 4), "the pmap mapping reads map");
	rc = syscall(SYS_delete_module, "lifetime_client", O_NONBLOCK);
	err = errno;
	ok(rc == -1 && (err == EAGAIN || err == EBUSY),
	   "rmmod while a pmap mapping exists is refused: %s",
	   rc ? strerror(err) : "unloaded");
	ok(!lc_ctl("remove pmap"), "remove pmap while it is mapped");
	ok(touch(p, &c) == SIGBUS, "touch pmap after removal: SIGBUS");
	ok(stat_field("late") == late0, "no fault reached the client after removal (%d)",
	   stat_field("late") - late0);
	ok(!munmap(p, pg), "munmap pmap");
	ok(!lc_ctl("mkpmap"), "mkpmap");
}

/* An open racing with removal gets ENOENT, nothing else. */
struct opener {
	atomic_bool stop;
	int opened, enoent, other, eio, reads;
};

static void *open_race_thread(void *arg)
{
	struct opener *o = arg;
	char buf[16];
	int fd;

	while (!o->stop) {
		fd = open(LC "/race", O_RDONLY);
		if (fd < 0) {
			if (errno == ENOENT)
				o->enoent++;
			else
				o->other++;
			continue;
		}
		o->opened++;
		if (read(fd, buf, sizeof(buf)) < 0) {
			if (errno == EIO)
				o->eio++;
			else
				o->other++;
		} else {
			o->reads++;
		}
		close(fd);
	}
	return NULL;
}

static void test_open_race(void)
{
	struct opener o = { 0 };
	pthread_t t[2];
	int i, bad = 0;

	/* There from the start: an ENOENT is one the race gave. */
	if (lc_ctl("create race"))
		bad++;
	pthread_create(&t[0], NULL, open_race_thread, &o);
	pthread_create(&t[1], NULL, open_race_thread, &o);
	for (i = 0; i < 200; i++) {
		if (i && lc_ctl("create race"))
			bad++;
		usleep(1000);
		if (lc_ctl("remove race"))
			bad++;
		usleep(200);	/* gone a while, too */
	}
	o.stop = true;
	pthread_join(t[0], NULL);
	pthread_join(t[1], NULL);
	ok(!bad && !o.other,
	   "open racing with removal: only ENOENT or EIO (opened %d, read %d, ENOENT %d, EIO %d, other %d)",
	   o.opened, o.reads, o.enoent, o.eio, o.other);
	ok(o.opened > 0 && o.enoent > 0,
	   "open racing with removal: the race happened (opened %d, ENOENT %d)",
	   o.opened, o.enoent);
	diag("open racing with removal: %d reads of an opened file got EIO",
	     o.eio);
}

/* Section 5: permissions, as nobody in a child. */
static int as_nobody(int (*fn)(void))
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY))
			_exit(100);
		_exit(fn());
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static int nobody_write_p644(void) { return open_errno(LC "/p644", O_WRONLY); }
static int nobody_read_p644(void) { return open_errno(LC "/p644", O_RDONLY); }
static int nobody_read_p600(void) { return open_errno(LC "/p600", O_RDONLY); }
static int nobody_write_p444(void) { return open_errno(LC "/p444", O_WRONLY); }
static int nobody_rdwr_p444(void) { return open_errno(LC "/p444", O_RDWR); }
static int nobody_read_chm(void) { return open_errno(LC "/chm", O_RDONLY); }
static int nobody_write_chm(void) { return open_errno(LC "/chm", O_WRONLY); }
static int nobody_ctl(void) { return open_errno(LC "/ctl", O_WRONLY); }
static int nobody_stat_p644(void) { return stat_errno(LC "/p644"); }
static int nobody_x_root(void)
{
	return access("/sys/kernel/dbgfs", X_OK) ? errno : 0;
}

static int nobody_x_lc(void) { return access(LC, X_OK) ? errno : 0; }
static int nobody_chmod(void) { return chmod(LC "/p644", 0666) ? errno : 0; }

static void test_permissions(void)
{
	struct stat st1, st2;
	char buf[64];
	bool pass;
	int err;

	err = as_nobody(nobody_read_p644);
	ok(!err, "nobody can read 0644 (%s)", strerror(err));
	if (err) {
		diag("nobody: stat %s: %s", LC "/p644",
		     strerror(as_nobody(nobody_stat_p644)));
		diag("nobody: access %s: %s", "/sys/kernel/dbgfs",
		     strerror(as_nobody(nobody_x_root)));
		diag("nobody: access %s: %s", LC, strerror(as_nobody(nobody_x_lc)));
	}
	ok(as_nobody(nobody_write_p644) == EACCES, "nobody cannot write 0644");
	ok(as_nobody(nobody_read_p600) == EACCES, "nobody cannot read 0600");
	ok(as_nobody(nobody_write_p444) == EACCES, "nobody cannot write 0444");
	ok(as_nobody(nobody_rdwr_p444) == EACCES, "nobody cannot open 0444 O_RDWR");
	ok(as_nobody(nobody_ctl) == EACCES, "nobody cannot write ctl (0200)");
	err = as_nobody(nobody_chmod);
	ok(err == EPERM, "nobody cannot chmod root's file (%s)", strerror(err));
	ok(slurp(LC "/p600", buf, sizeof(buf)) > 0, "root reads 0600");
	ok(as_nobody(nobody_read_chm) == EACCES, "chm (0600): nobody cannot read");
	ok(!lstat(LC "/chm", &st1), "stat chm");
	ok(!chmod(LC "/chm", 0440) && !chown(LC "/chm", NOBODY, NOBODY),
	   "root: chmod 0440, chown nobody:nogroup");
	drop_inodes();
	pass = !lstat(LC "/chm", &st2) && (st2.st_mode & 07777) == 0440 &&
	       st2.st_uid == NOBODY && st2.st_gid == NOBODY &&
	       st2.st_ino == st1.st_ino;
	ok(pass,
	   "mode and owner persist after drop_caches (%o %u:%u)",
	   st2.st_mode & 07777, st2.st_uid, st2.st_gid);
	ok(as_nobody(nobody_read_chm) == 0, "nobody, the new owner, can read it");
	ok(as_nobody(nobody_write_chm) == EACCES,
	   "nobody cannot write it (0440)");
	ok(!chmod(LC "/chm", 0600) && !chown(LC "/chm", 0, 0), "chmod back");

	/* Owners other than root's live beside the tree (kernel/ids.c). */
	ok(!chown(LC "/chm", NOBODY, 0), "chown nobody:root");
	drop_inodes();
	ok(!lstat(LC "/chm", &st2) && st2.st_uid == NOBODY && st2.st_gid == 0,
	   "an owner with only the uid changed persists after drop_caches (%u:%u)",
	   st2.st_uid, st2.st_gid);
	ok(!chown(LC "/chm", 0, 0), "chown root:root");
	drop_inodes();
	ok(!lstat(LC "/chm", &st2) && st2.st_uid == 0 && st2.st_gid == 0,
	   "back to root's after drop_caches (%u:%u)", st2.st_uid, st2.st_gid);
	/* Instantiated first: the chown's record is dbgfs' next allocation. */
	ok(!set_fail_nth(1), "fail_nth=1");
	err = chown(LC "/chm", NOBODY, NOBODY) ? errno : 0;
	set_fail_nth(0);
	drop_inodes();
	ok(err == ENOMEM && !lstat(LC "/chm", &st2) && st2.st_uid == 0 &&
	   st2.st_gid == 0,
	   "a chown whose record cannot be allocated: ENOMEM, owner unchanged (%s, %u:%u)",
	   strerror(err), st2.st_uid, st2.st_gid);
}

/* Section 4.3: rmmod of the client while its files are open. */
static bool exit_line(int *opens, int *releases, int *files, int *unbalanced)
{
	char line[256];
	bool found = false;
	FILE *f = popen("dmesg", "r");

	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "lifetime_client: opens=");

		line[strcspn(line, "\n")] = '\0';
		if (p && sscanf(p, "lifetime_client: opens=%d releases=%d files=%d unbalanced=%d",
				opens, releases, files, unbalanced) == 4)
			found = true;
		else if (strstr(line, "lifetime_client: unbalanced: "))
			diag("%s", strstr(line, "unbalanced: "));
	}
	pclose(f);
	return found;
}

static void test_rmmod(void)
{
	struct poller p = { 0 };
	bool asleep;
	int fd1, fd2, fd3, fd4, o = -1, r = -1, files = -1, unbalanced = -1;
	struct pollfd pfd;
	bool pass;
	pthread_t t;
	char buf[64];
	double t0;

	fd1 = open(LC "/p644", O_RDWR);
	fd2 = open(LC "/stats", O_RDONLY);
	fd3 = open(LC "/short", O_RDONLY);
	fd4 = open(LC "/events", O_RDONLY);
	ok(fd1 >= 0 && fd2 >= 0 && fd3 >= 0 && fd4 >= 0,
	   "hold four client files open");
	ok(system("dmesg -c >/dev/null") == 0, "clear the kernel log");
	p.fd = fd4;
	pthread_create(&t, NULL, poll_thread, &p);
	asleep = poller_asleep(&p, "a poll of events");
	t0 = now();
	pass = system("rmmod lifetime_client") == 0;
	ok(pass, "rmmod lifetime_client while they are open (%.3fs)",
	   now() - t0);
	pthread_join(t, NULL);
	ok(asleep && p.done >= t0 && p.rc == 1 && (p.revents & POLLHUP),
	   "a poll asleep in the client's queue at rmmod returns POLLHUP (rc %d, revents %#x)",
	   p.rc, p.revents);
	ok(system("grep -q '^lifetime_client ' /proc/modules") != 0,
	   "the client is gone");
	ok(read(fd1, buf, sizeof(buf)) == -1 && errno == EIO, "read: EIO");
	ok(write(fd1, "x", 1) == -1 && errno == EIO, "write: EIO");
	ok(lseek(fd1, 0, SEEK_SET) == -1 && errno == EIO, "lseek: EIO");
	ok(read(fd2, buf, sizeof(buf)) == -1 && errno == EIO, "stats read: EIO");
	ok(read(fd3, buf, sizeof(buf)) == -1 && errno == EIO,
	   "short-fops read: EIO");
	pfd = (struct pollfd){ .fd = fd1, .events = POLLIN };
	ok(poll(&pfd, 1, 0) == 1 && pfd.revents == POLLHUP,
	   "poll of a file without poll: POLLHUP");
	pfd = (struct pollfd){ .fd = fd4, .events = POLLIN };
	ok(poll(&pfd, 1, 0) == 1 && pfd.revents == POLLHUP,
	   "poll of a file with poll: POLLHUP");
	close(fd4);
	close(fd1);
	close(fd2);
	close(fd3);
	pass = exit_line(&o, &r, &files, &unbalanced) && o == r && files > 0;
	ok(pass,
	   "exit line: release ran once per open (opens=%d releases=%d)",
	   o, r);
	ok(pass && !unbalanced,
	   "exit line: release ran once per open of each file (%d files, %d unbalanced)",
	   files, unbalanced);
	ok(stat_errno(LC) == ENOENT, "lc is gone");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_init();
	if (stat_errno(LC "/ctl")) {
		printf("1..0 # SKIP %s/ctl missing\n", LC);
		return 1;
	}
	test_stat();
	test_readdir();
	test_readdir_churn();
	test_rename();
	test_remove_waits();
	test_second_remover();
	test_open_race();
	test_permissions();
	test_poll_nomem();
	test_removed_while_open();
	test_release_removes();
	test_fasync();
	test_release_many();
	test_removal_spares_neighbours();
	test_map_removed();
	test_map_rmmod();
	test_pmap();
	test_rmmod();
	return tap_done();
}
