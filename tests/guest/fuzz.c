// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz: a seeded random-operation fuzzer for dbgfs (issue 15, item 1), the
 * user-space half; tests/kernel/fuzz_client.c is the kernel half, whose
 * control file fuzz/ctl creates, removes, renames and adopts entries.
 *
 *	fuzz --seed S [--time SECS] [--ops N] [--minimise SECS]
 *	fuzz --replay LOG [--minimise SECS]
 *
 * --client-params P loads fuzz_client.ko with the parameters P (plant=1:
 * its planted bug, for the fuzzer's own test).
 *
 * One 64-bit seed (printed first) decides everything: the number of
 * threads of each kind and, through one splitmix64 stream per thread, each
 * thread's operations.  Worker threads open, read, write, pread, pwrite,
 * lseek, poll, mmap (and touch), fcntl(O_ASYNC), readdir, stat, lstat,
 * readlink, chmod and chown paths of the tree (known ones, also through
 * symlinks, and made-up ones); control threads write commands to fuzz/ctl,
 * hooks among them, which make a file's read, write or release create or
 * remove a sibling (re-entering dbgfs while a removal may run or wait for
 * that operation);
 * a chaos thread drops caches, remounts with other options, loads and
 * unloads fuzz_peer.ko (which owns part of the tree) and reloads
 * fuzz_client.ko itself, and, three times in four, runs a scenario: a
 * short sequence of the same operations, one of them in a helper thread,
 * that sets up an interleaving a removal bug needs (a second remover, a
 * release or write that a removal runs removing a sibling, an rmmod of
 * fuzz_peer while the client's removal runs its release; see
 * exec_scenario()) and tries it, with random slots, names and delays.
 * Which paths exist depends on timing, so a seed decides the choices, not
 * the interleaving.
 *
 * Every operation is logged (a ring of the last FUZZ_RING) with its result.
 * A failure is: a result outside the set allowed for that operation (an
 * EFAULT, say), slab poison in what a read returned (0x6b: freed memory on
 * a kernel with slub_debug), an operation that runs longer than --hang
 * seconds (a watchdog thread), a kernel log line of a splat (BUG:,
 * WARNING:, KASAN, a lockdep report, a leak: guest/splats; fuzz_client's
 * FAIL), or a run that did too little to have tested anything (floors of
 * entries made and removed, opens, reads, writes, EIO answers).  It
 * prints the seed and the log, then replays the log single-threaded, and if
 * that fails too, shrinks it by delta debugging (drop chunks, keep what
 * still fails) for at most --minimise seconds.  A concurrency bug may well
 * not reproduce single-threaded; the output says so.  Prints TAP.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <regex.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "tap.h"

#define M		"/sys/kernel/dbgfs"
#define FZ		M "/fuzz"
#define CTL		FZ "/ctl"
#define SLOTS		64	/* as fuzz_client's FUZZ_SLOTS */
#define NFD		4	/* open files per thread */
#define MAXTHR		8
#define FUZZ_RING	(1 << 17)
#define STRMAX		112

static const char *modules = "/tests/modules";

enum kind {
	OP_OPEN, OP_CLOSE, OP_READ, OP_WRITE, OP_PREAD, OP_PWRITE, OP_LSEEK,
	OP_POLL, OP_MMAP, OP_TOUCH, OP_MUNMAP, OP_FASYNC, OP_READDIR, OP_STAT,
	OP_LSTAT, OP_READLINK, OP_CHMOD, OP_CHOWN,
	OP_CTL, OP_DROP, OP_REMOUNT, OP_PEER_LOAD, OP_PEER_UNLOAD,
	OP_CLIENT_RELOAD, OP_SCENARIO, OP_NR
};

static const char *const kind_names[OP_NR] = {
	"open", "close", "read", "write", "pread", "pwrite", "lseek", "poll",
	"mmap", "touch", "munmap", "fasync", "readdir", "stat", "lstat",
	"readlink", "chmod", "chown", "ctl", "drop", "remount", "peer_load",
	"peer_unload", "client_reload", "scenario",
};

struct op {
	uint64_t	seq;
	uint32_t	ms;		/* since the start */
	int		thr;
	int		kind;
	int		fd;		/* fd slot of the thread */
	long		a, b;		/* flags, length, offset, mode, ... */
	long		ret;
	int		err;
	char		s[STRMAX];	/* path, command or options */
};

struct thr {
	int		id;
	uint64_t	rng;
	int		fds[NFD];
	int		accmode[NFD];
	void		*maps[NFD];	/* a mapping of fds[i], if any */
	bool		map_rw[NFD];
	pthread_t	pt;
	pid_t		tid;
	atomic_ullong	busy_since;	/* ns, 0 when idle */
	struct op	cur;
	unsigned long	ops;
	bool		unmodelled;	/* a scenario's: see sc_cross() */
};

/* The run. */
static struct op *ring;
static atomic_ullong next_seq;
static atomic_bool stop;
static atomic_int failed;
static char fail_what[512];
static struct op fail_op;
static pthread_mutex_t fail_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t t0;
static double budget_secs = 20, hang_secs = 60, minimise_secs;
static unsigned long max_ops;
static atomic_ulong nsigbus, nsigio;
static int kmsg = -1;

/*
 * What a run did, for the floors it must reach (run_seed()): a run in which
 * nothing was ever made answers ENOENT to every open, which is allowed,
 * and would pass without having tested anything.
 */
static struct {
	atomic_ulong creates;	/* control commands that made an entry */
	atomic_ulong removals;	/* rm and lar that removed one */
	atomic_ulong opens;	/* that succeeded, of entries below fuzz/ */
	atomic_ulong reads, writes;	/* that succeeded */
	atomic_ulong eio;	/* answers of files whose entry went */
	atomic_ulong in_flight;	/* operations a removal returned during */
} did;

/* The floors of a run of FLOOR_SECS seconds, or more. */
#define FLOOR_SECS	20
#define FLOOR_CREATES	100
#define FLOOR_REMOVALS	20
#define FLOOR_OPENS	200
#define FLOOR_READS	50
#define FLOOR_WRITES	20
#define FLOOR_EIO	10
#define FLOOR_IN_FLIGHT	10
static bool replaying;
static const char *client_params = "";
/*
 * A hang leaves a thread in the kernel for good, and the process can then
 * never exit: once the report is out, --hung-file FILE is made, for the
 * suite to go on without waiting for it (tests/guest/fuzz.sh).
 */
static bool hung;
static const char *hung_file;

/* What the control threads believe the tree is (a hint, no more). */
static pthread_mutex_t model_lock = PTHREAD_MUTEX_INITIALIZER;
#define MPATH		64
static char model_path[SLOTS][MPATH];	/* relative to FZ; "" = empty */
static char model_kind[SLOTS][8];

static const char *const names[] = {
	"n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9",
	"p", "pf", "pu", "pl", "pq",
	"h0", "h1", "h2", "h3",	/* the files hooks make (fuzz_client) */
};
#define NNAMES		ARRAY_SIZE(names)
#define NOWN		10	/* the first NOWN are the client's */

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static unsigned int rnd(struct thr *t, unsigned int n)
{
	return n ? splitmix64(&t->rng) % n : 0;
}

/* Picks an index by weight. */
static int pick(struct thr *t, const int *w, int n)
{
	int i, sum = 0, r;

	for (i = 0; i < n; i++)
		sum += w[i];
	r = rnd(t, sum);
	for (i = 0; i < n; i++) {
		if (r < w[i])
			return i;
		r -= w[i];
	}
	return n - 1;
}

static void format_op(const struct op *op, char *buf, size_t len)
{
	snprintf(buf, len, "op %" PRIu64 " %u t%d %s %d %ld %ld -> %ld %s | %s",
		 op->seq, op->ms, op->thr, kind_names[op->kind], op->fd, op->a,
		 op->b, op->ret, op->ret < 0 ? strerrorname_np(op->err) : "-",
		 op->s);
}

static bool parse_op(const char *line, struct op *op)
{
	char kname[24], ename[24];
	const char *bar;
	int i, n;

	memset(op, 0, sizeof(*op));
	if (sscanf(line, "op %" SCNu64 " %u t%d %23s %d %ld %ld -> %ld %23s%n",
		   &op->seq, &op->ms, &op->thr, kname, &op->fd, &op->a, &op->b,
		   &op->ret, ename, &n) != 9)
		return false;
	for (i = 0; i < OP_NR; i++)
		if (!strcmp(kname, kind_names[i]))
			break;
	if (i == OP_NR || op->thr < 0 || op->thr >= MAXTHR ||
	    op->fd < 0 || op->fd >= NFD)
		return false;
	op->kind = i;
	bar = strstr(line + n, " | ");
	if (bar)
		snprintf(op->s, sizeof(op->s), "%s", bar + 3);
	op->s[strcspn(op->s, "\n")] = '\0';
	return true;
}

/* Records the first failure and stops the run. */
static void fail(const struct op *op, const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&fail_lock);
	if (!failed) {
		va_start(ap, fmt);
		vsnprintf(fail_what, sizeof(fail_what), fmt, ap);
		va_end(ap);
		if (op)
			fail_op = *op;
		else
			fail_op.kind = -1;
		failed = 1;
	}
	pthread_mutex_unlock(&fail_lock);
	stop = true;
}

/*
 * ESTALE from a path walk: dbgfs renames directories behind the VFS's back
 * (as kernfs does), so a directory's inode can keep its old dentry; the
 * lookup under the new name then moves it with d_splice_alias(), whose
 * __d_unalias() answers ESTALE when it cannot trylock the rename mutex
 * (another lookup unaliasing at once) or the old parent's i_rwsem (a chmod
 * of it).  The VFS retries once with LOOKUP_REVAL, and passes a second
 * ESTALE on.  Seen on 6.1, stat of fuzz/n7/n7 after 37 s of seed
 * 0x5eed00000000d0b6 (CI, 2026-12-04).
 */
static bool walk_error(int e)
{
	return e == ENOENT || e == ENOTDIR || e == ELOOP || e == ESTALE;
}

/* The errors each operation may answer (and EINTR where a signal can come). */
static bool allowed(const struct op *op, int accmode)
{
	int e = op->err;

	if (op->ret >= 0)
		return true;
	switch (op->kind) {
	case OP_OPEN:
		return walk_error(e) || e == EISDIR || e == EIO;
	case OP_READ:
	case OP_PREAD:
		return e == EIO || e == EISDIR || e == EINVAL || e == EACCES ||
		       (e == ESPIPE && op->kind == OP_PREAD) ||
		       (e == EBADF && accmode == O_WRONLY);
	case OP_WRITE:
	case OP_PWRITE:
		return e == EIO || e == EINVAL || e == ERANGE || e == EACCES ||
		       (e == ESPIPE && op->kind == OP_PWRITE) ||
		       (e == EBADF && accmode == O_RDONLY);
	case OP_LSEEK:
		return e == ESPIPE || e == EINVAL || e == EIO;
	case OP_POLL:
		return e == EINTR;
	case OP_MMAP:
		return e == ENODEV || e == EIO || e == EINVAL || e == EACCES;
	case OP_FASYNC:
		return e == EIO;
	case OP_READDIR:
		return walk_error(e) || e == EIO;
	case OP_STAT:
	case OP_LSTAT:
	case OP_CHMOD:
	case OP_CHOWN:
		return walk_error(e);
	case OP_READLINK:
		return walk_error(e) || e == EINVAL;
	case OP_CTL:
		/* fuzz_client's answers, and none while it is unloaded. */
		return e == EINVAL || e == EBUSY || e == ENOENT ||
		       e == EEXIST || e == ENOTDIR || e == EPERM || e == EIO;
	case OP_PEER_LOAD:
	case OP_CLIENT_RELOAD:
		return e == EEXIST || e == ENOENT || e == ENOTDIR ||
		       e == EBUSY || e == EAGAIN;
	case OP_PEER_UNLOAD:
		return e == ENOENT || e == EAGAIN || e == EBUSY;
	case OP_SCENARIO:	/* never fails: its steps are judged each */
	default:
		return false;
	}
}

/* Slab poison (slub_debug's 0x6b) in what a read returned: freed memory. */
static bool poisoned(const char *buf, ssize_t n)
{
	return n >= 4 && (memmem(buf, n, "kkkk", 4) ||
			  memmem(buf, n, "1802201963", 10));
}

/*
 * The kernel log lines that are a failure: the runner's list (guest/splats,
 * one extended regular expression a line) and fuzz_client's own.
 */
static const char *splats_file = "/tests/guest/splats";
static regex_t splats[32];
static int nsplats;

static void splat_add(const char *re)
{
	if (nsplats == ARRAY_SIZE(splats) ||
	    regcomp(&splats[nsplats++], re, REG_EXTENDED | REG_NOSUB)) {
		fprintf(stderr, "fuzz: %s: cannot take '%s'\n", splats_file, re);
		exit(1);
	}
}

static void splats_load(void)
{
	char line[256];
	FILE *f = fopen(splats_file, "r");

	if (!f) {
		fprintf(stderr, "fuzz: %s: %s\n", splats_file, strerror(errno));
		exit(1);
	}
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0])
			splat_add(line);
	}
	fclose(f);
	splat_add("fuzz_client: FAIL");
}

/*
 * The first splat in the kernel log since the last call, if any.  Records
 * the kernel overwrote before they were read are one: a splat may have
 * been among them.
 */
static bool kmsg_splat(char *out, size_t len)
{
	char rec[2048];
	ssize_t n;
	int i;

	for (;;) {
		n = read(kmsg, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE) {
			snprintf(out, len, "records were overwritten before the fuzzer read them");
			return true;
		}
		if (n <= 0)
			return false;
		rec[n] = '\0';
		for (i = 0; i < nsplats; i++) {
			if (!regexec(&splats[i], rec, 0, NULL, 0)) {
				rec[strcspn(rec, "\n")] = '\0';
				rec[len - 1] = '\0';	/* len <= sizeof(rec) */
				memcpy(out, rec, len);
				return true;
			}
		}
	}
}

/* Per-thread: where a SIGBUS of a touch returns to. */
static __thread sigjmp_buf touch_jmp;
static __thread atomic_bool touching;

static void on_sigbus(int sig)
{
	(void)sig;
	if (touching)
		siglongjmp(touch_jmp, 1);
	signal(SIGBUS, SIG_DFL);
	raise(SIGBUS);
}

static void on_sigio(int sig)
{
	(void)sig;
	nsigio++;
}

static int mod_load(const char *name, const char *params)
{
	char path[256];
	int fd, ret;

	snprintf(path, sizeof(path), "%s/%s.ko", modules, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ret = syscall(SYS_finit_module, fd, params, 0);
	if (ret < 0) {
		int e = errno;

		close(fd);
		errno = e;
		return -1;
	}
	close(fd);
	return 0;
}

/* delete_module, retried for a while when something runs in it. */
static int mod_unload(const char *name, int tries)
{
	int ret;

	while ((ret = syscall(SYS_delete_module, name, O_NONBLOCK)) < 0 &&
	       (errno == EAGAIN || errno == EBUSY) && --tries > 0)
		usleep(20000);
	return ret;
}

static long write_file(const char *path, const char *s, int *err)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	long n;

	if (fd < 0) {
		*err = errno;
		return -1;
	}
	n = write(fd, s, strlen(s));
	*err = errno;
	close(fd);
	return n;
}

static void exec_scenario(struct thr *t, struct op *op);

/* Runs @op for thread state @t; sets op->ret and op->err. */
static void exec_op(struct thr *t, struct op *op, char *buf, size_t buflen)
{
	int *fd = &t->fds[op->fd];
	long ret = 0;	/* stays 0 when there is no such fd or mapping */
	struct stat st;
	struct pollfd pfd;
	int fl;

	errno = 0;
	switch (op->kind) {
	case OP_OPEN:
		if (*fd >= 0) {
			if (t->maps[op->fd])
				munmap(t->maps[op->fd], 4096);
			t->maps[op->fd] = NULL;
			close(*fd);
		}
		ret = *fd = open(op->s, op->a | O_CLOEXEC);
		t->accmode[op->fd] = op->a & O_ACCMODE;
		break;
	case OP_CLOSE:
		if (*fd < 0)
			break;
		if (t->maps[op->fd])
			munmap(t->maps[op->fd], 4096);
		t->maps[op->fd] = NULL;
		ret = close(*fd);
		*fd = -1;
		break;
	case OP_READ:
	case OP_PREAD:
		if (*fd < 0)
			break;
		if ((size_t)op->a > buflen)
			op->a = buflen;
		ret = op->kind == OP_READ ? read(*fd, buf, op->a) :
		      pread(*fd, buf, op->a, op->b);
		if (ret > 0 && poisoned(buf, ret))
			fail(op, "read %ld bytes of slab poison (freed memory): '%.*s'",
			     ret, (int)(ret > 60 ? 60 : ret), buf);
		break;
	case OP_WRITE:
	case OP_PWRITE:
		if (*fd < 0)
			break;
		if ((size_t)op->a > strlen(op->s))
			op->a = strlen(op->s);
		ret = op->kind == OP_WRITE ? write(*fd, op->s, op->a) :
		      pwrite(*fd, op->s, op->a, op->b);
		break;
	case OP_LSEEK:
		if (*fd < 0)
			break;
		ret = lseek(*fd, op->a, op->b);
		break;
	case OP_POLL:
		if (*fd < 0)
			break;
		pfd.fd = *fd;
		pfd.events = POLLIN | POLLOUT;
		ret = poll(&pfd, 1, op->a);
		break;
	case OP_MMAP:
		if (*fd < 0 || t->maps[op->fd])
			break;
		t->maps[op->fd] = mmap(NULL, 4096, PROT_READ |
				       (op->a ? PROT_WRITE : 0), MAP_SHARED,
				       *fd, 0);
		if (t->maps[op->fd] == MAP_FAILED) {
			t->maps[op->fd] = NULL;
			ret = -1;
		} else {
			t->map_rw[op->fd] = op->a;
			ret = 0;
		}
		break;
	case OP_TOUCH:
		if (!t->maps[op->fd])
			break;
		touching = true;
		if (sigsetjmp(touch_jmp, 1)) {
			touching = false;
			nsigbus++;
			ret = 1;	/* SIGBUS: allowed after removal */
			break;
		}
		buf[0] = __atomic_load_n((char *)t->maps[op->fd],
					 __ATOMIC_RELAXED);
		if (t->map_rw[op->fd])
			__atomic_store_n((char *)t->maps[op->fd], 'x',
					 __ATOMIC_RELAXED);
		touching = false;
		ret = 0;
		break;
	case OP_MUNMAP:
		if (!t->maps[op->fd])
			break;
		ret = munmap(t->maps[op->fd], 4096);
		t->maps[op->fd] = NULL;
		break;
	case OP_FASYNC:
		if (*fd < 0)
			break;
		fcntl(*fd, F_SETOWN, getpid());
		fl = fcntl(*fd, F_GETFL);
		ret = fcntl(*fd, F_SETFL, op->a ? fl | O_ASYNC : fl & ~O_ASYNC);
		break;
	case OP_READDIR: {
		int dfd = open(op->s, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		long n;

		ret = dfd;
		if (dfd < 0)
			break;
		while ((n = syscall(SYS_getdents64, dfd, buf, buflen)) > 0)
			ret += n;
		if (n < 0) {
			fl = errno;
			close(dfd);
			errno = fl;
			ret = -1;
			break;
		}
		close(dfd);
		break;
	}
	case OP_STAT:
		ret = stat(op->s, &st);
		break;
	case OP_LSTAT:
		ret = lstat(op->s, &st);
		break;
	case OP_READLINK:
		ret = readlink(op->s, buf, buflen);
		break;
	case OP_CHMOD:
		ret = chmod(op->s, op->a);
		break;
	case OP_CHOWN:
		ret = chown(op->s, op->a, op->b);
		break;
	case OP_CTL:
		ret = write_file(CTL, op->s, &fl);
		errno = fl;
		break;
	case OP_DROP:
		ret = write_file("/proc/sys/vm/drop_caches", op->a == 3 ? "3" : "2",
				 &fl);
		errno = fl;
		break;
	case OP_REMOUNT:
		ret = mount("none", M, "dbgfs", MS_REMOUNT, op->s);
		break;
	case OP_PEER_LOAD:
		ret = mod_load("fuzz_peer", op->s);
		break;
	case OP_PEER_UNLOAD:
		ret = mod_unload("fuzz_peer", 1);
		break;
	case OP_CLIENT_RELOAD:
		if (op->a)	/* with everything forgotten first */
			write_file(CTL, "forget 1", &fl);
		ret = mod_unload("fuzz_client", 50);
		if (ret < 0 && errno != ENOENT)
			break;
		ret = mod_load("fuzz_client", client_params);
		break;
	case OP_SCENARIO:
		exec_scenario(t, op);
		break;
	default:
		break;
	}
	op->ret = ret < 0 ? -1 : ret;
	op->err = ret < 0 ? errno : 0;
}

/* Path generation. */

static void model_random_path(struct thr *t, char *out, size_t len)
{
	int i, depth = 1 + rnd(t, 3);
	size_t n = snprintf(out, len, "%s", FZ);

	for (i = 0; i < depth && n < len; i++)
		n += snprintf(out + n, len - n, "/%s", names[rnd(t, NNAMES)]);
}

/* A path of a slot the model has (kind @want, or any if NULL), or NULL. */
static bool model_slot_path(struct thr *t, const char *want, char *out,
			    size_t len, int *slot)
{
	int tries, s;

	pthread_mutex_lock(&model_lock);
	for (tries = 0; tries < 16; tries++) {
		s = rnd(t, SLOTS);
		if (!model_path[s][0] || (want && strcmp(model_kind[s], want)))
			continue;
		if (out)
			snprintf(out, len, "%s", model_path[s]);
		if (slot)
			*slot = s;
		pthread_mutex_unlock(&model_lock);
		return true;
	}
	pthread_mutex_unlock(&model_lock);
	return false;
}

static void worker_path(struct thr *t, char *out, size_t len)
{
	char rel[MPATH];
	unsigned int r = rnd(t, 100);

	if (r < 60 && model_slot_path(t, NULL, rel, sizeof(rel), NULL)) {
		snprintf(out, len, "%s/%.63s", FZ, rel);
	} else if (r < 75 && model_slot_path(t, "link", rel, sizeof(rel),
					     NULL)) {
		/* Through a symlink: the link itself, or a name below it. */
		if (rnd(t, 2))
			snprintf(out, len, "%s/%.63s/%.3s", FZ, rel,
				 names[rnd(t, NNAMES)]);
		else
			snprintf(out, len, "%s/%.63s", FZ, rel);
	} else if (r < 80) {
		snprintf(out, len, "%s", rnd(t, 2) ? FZ : M);
	} else {
		model_random_path(t, out, len);
	}
}

static void gen_worker(struct thr *t, struct op *op)
{
	static const int w[] = {
		[OP_OPEN] = 20, [OP_CLOSE] = 8, [OP_READ] = 16, [OP_WRITE] = 8,
		[OP_PREAD] = 6, [OP_PWRITE] = 3, [OP_LSEEK] = 4, [OP_POLL] = 4,
		[OP_MMAP] = 3, [OP_TOUCH] = 4, [OP_MUNMAP] = 2, [OP_FASYNC] = 3,
		[OP_READDIR] = 5, [OP_STAT] = 5, [OP_LSTAT] = 2,
		[OP_READLINK] = 3, [OP_CHMOD] = 2, [OP_CHOWN] = 1,
	};
	static const int accm[] = { O_RDONLY, O_WRONLY, O_RDWR };
	static const int modes[] = { 0755, 0700, 0644, 0600, 0444, 0200, 0 };
	static const char alphabet[] = "0123456789 abcdefghij\n";
	static const long lens[] = { 1, 3, 7, 16, 100, 4096 };
	static const int whences[] = { SEEK_SET, SEEK_CUR, SEEK_END };
	int i, n;

	op->kind = pick(t, w, OP_CHOWN + 1);
	op->fd = rnd(t, NFD);
	switch (op->kind) {
	case OP_OPEN:
		op->a = accm[pick(t, (const int[]){ 5, 2, 3 }, 3)];
		if (!rnd(t, 8))
			op->a |= O_NONBLOCK;
		if (!rnd(t, 16))
			op->a |= O_NOFOLLOW;
		/* fall through */
	case OP_READDIR:
	case OP_STAT:
	case OP_LSTAT:
	case OP_READLINK:
		worker_path(t, op->s, sizeof(op->s));
		break;
	case OP_CHMOD:
		worker_path(t, op->s, sizeof(op->s));
		op->a = modes[rnd(t, 7)];
		break;
	case OP_CHOWN:
		worker_path(t, op->s, sizeof(op->s));
		op->a = rnd(t, 2) ? 0 : 65534;
		op->b = rnd(t, 2) ? 0 : 65534;
		break;
	case OP_READ:
	case OP_PREAD:
		op->a = lens[rnd(t, ARRAY_SIZE(lens))];
		op->b = rnd(t, 4) ? 0 : rnd(t, 40);
		break;
	case OP_WRITE:
	case OP_PWRITE:
		/* Numbers, words and bytes of a file's alphabet, never 'k'. */
		n = 1 + rnd(t, 24);
		if (rnd(t, 2)) {
			snprintf(op->s, sizeof(op->s), "%u\n", rnd(t, 1000000));
		} else {
			for (i = 0; i < n; i++)
				op->s[i] = alphabet[rnd(t, sizeof(alphabet) - 1)];
			op->s[n] = '\0';
		}
		op->a = strlen(op->s);
		op->b = rnd(t, 4) ? 0 : rnd(t, 40);
		break;
	case OP_LSEEK:
		op->a = rnd(t, 3) ? 0 : rnd(t, 64);
		op->b = whences[rnd(t, ARRAY_SIZE(whences))];
		break;
	case OP_POLL:
		op->a = rnd(t, 2) ? 0 : 5;
		break;
	case OP_MMAP:
	case OP_FASYNC:
		op->a = rnd(t, 2);
		break;
	default:
		break;
	}
}

/* The slot the model has as the directory of slot @s, or -1 (fuzz/). */
static int model_parent(int s)
{
	char dir[MPATH], *slash;
	int i, p = -1;

	pthread_mutex_lock(&model_lock);
	snprintf(dir, sizeof(dir), "%s", model_path[s]);
	slash = strrchr(dir, '/');
	if (slash) {
		*slash = '\0';
		for (i = 0; i < SLOTS; i++)
			if (!strcmp(model_path[i], dir) &&
			    !strcmp(model_kind[i], "dir"))
				p = i;
	}
	pthread_mutex_unlock(&model_lock);
	return p;
}

static void gen_ctl(struct thr *t, struct op *op)
{
	static const char *const creators[] = {
		"dir", "file", "short", "u32", "blob", "link",
	};
	static const char *const modes[] = { "644", "444", "600", "200", "0" };
	static const char *const events[] = { "read", "write", "release" };
	static const char *const actions[] = { "mk", "rm", "lar", "slow" };
	enum { C_CREATE, C_RM, C_PUT, C_LAR, C_MV, C_CHNAME, C_ADOPT, C_HOOK,
	       C_BAD, C_NR };
	static const int w[C_NR] = { 45, 16, 4, 8, 10, 6, 5, 12, 1 };
	char target[STRMAX];
	int s = rnd(t, SLOTS), p = -1, d = -1, n;
	const char *name = names[rnd(t, NOWN)];
	const char *c;

	op->kind = OP_CTL;
	op->fd = 0;
	/* A parent the model has as a directory, or fuzz/ itself. */
	if (rnd(t, 3))
		model_slot_path(t, "dir", NULL, 0, &p);
	switch (pick(t, w, C_NR)) {
	case C_CREATE:
		c = creators[rnd(t, 6)];
		n = snprintf(op->s, sizeof(op->s), "%s %d %d %s", c, s, p, name);
		if (!strcmp(c, "link")) {
			switch (rnd(t, 4)) {
			case 0:
				snprintf(target, sizeof(target), "..");
				break;
			case 1:
				snprintf(target, sizeof(target), "%s",
					 names[rnd(t, NNAMES)]);
				break;
			case 2:	/* loops, when it names itself */
				snprintf(target, sizeof(target), "%s", name);
				break;
			default:
				snprintf(target, sizeof(target), "%s/%s", FZ,
					 names[rnd(t, NOWN)]);
				break;
			}
			snprintf(op->s + n, sizeof(op->s) - n, " %s", target);
		} else if (strcmp(c, "dir")) {
			snprintf(op->s + n, sizeof(op->s) - n, " %s",
				 modes[rnd(t, 5)]);
		}
		break;
	case C_RM:
		model_slot_path(t, NULL, NULL, 0, &s);
		snprintf(op->s, sizeof(op->s), "rm %d", s);
		break;
	case C_PUT:
		snprintf(op->s, sizeof(op->s), "put %d", s);
		break;
	case C_LAR:
		snprintf(op->s, sizeof(op->s), "lar %d %s", p,
			 names[rnd(t, NNAMES)]);
		break;
	case C_MV:
		model_slot_path(t, NULL, NULL, 0, &s);
		if (rnd(t, 2))
			model_slot_path(t, "dir", NULL, 0, &d);
		/* The old directory: right when the model is, often not. */
		snprintf(op->s, sizeof(op->s), "mv %d %d %d %s", s,
			 rnd(t, 4) ? model_parent(s) : p, d, name);
		break;
	case C_CHNAME:
		model_slot_path(t, NULL, NULL, 0, &s);
		snprintf(op->s, sizeof(op->s), "chname %d %s", s, name);
		break;
	case C_ADOPT:
		snprintf(op->s, sizeof(op->s), "adopt %d %d %s", s, p,
			 names[rnd(t, NNAMES)]);
		break;
	case C_HOOK:
		/*
		 * A file's operation that re-enters dbgfs on a sibling (mostly:
		 * the siblings go when their directory goes), a hook file h0 ..
		 * h3, which the same hooks make.
		 */
		model_slot_path(t, "file", NULL, 0, &s);
		if (rnd(t, 4))
			p = model_parent(s);
		snprintf(op->s, sizeof(op->s), "hook %d %s %s %d h%u", s,
			 events[rnd(t, 3)], actions[rnd(t, 4)], p, rnd(t, 4));
		break;
	default:	/* refused: a bad slot or command */
		snprintf(op->s, sizeof(op->s), "%s %d -1 x",
			 rnd(t, 2) ? "dir" : "zap", rnd(t, 2) ? 64 : -7);
		break;
	}
}

/* Slot @s is now NAME in slot @p (-1: fuzz/); model_lock held. */
static void model_join(int s, int p, const char *name)
{
	char tmp[MPATH];

	if (p == -1)
		snprintf(tmp, sizeof(tmp), "%.31s", name);
	else
		snprintf(tmp, sizeof(tmp), "%.30s/%.31s", model_path[p], name);
	memcpy(model_path[s], tmp, sizeof(tmp));
}

/* What a successful control command means for the model. */
static void model_update(const struct op *op)
{
	char cmd[8], name[32], kind[8] = "";
	int s, p, o, d;

	pthread_mutex_lock(&model_lock);
	if (sscanf(op->s, "%7s %d %d %31s", cmd, &s, &p, name) == 4 &&
	    s >= 0 && s < SLOTS && p >= -1 && p < SLOTS &&
	    strcmp(cmd, "lar") && strcmp(cmd, "mv")) {
		snprintf(kind, sizeof(kind), "%s", cmd);
		if (!strcmp(cmd, "adopt"))
			snprintf(kind, sizeof(kind), "%s",
				 !strcmp(name, "p") ? "dir" :
				 !strcmp(name, "pl") ? "link" : "file");
		model_join(s, p, name);
		snprintf(model_kind[s], sizeof(model_kind[s]), "%s", kind);
	} else if (sscanf(op->s, "rm %d", &s) == 1 && s >= 0 && s < SLOTS) {
		model_path[s][0] = '\0';
	} else if (sscanf(op->s, "put %d", &s) == 1 && s >= 0 && s < SLOTS) {
		model_path[s][0] = '\0';
	} else if (sscanf(op->s, "mv %d %d %d %31s", &s, &o, &d, name) == 4 &&
		   s >= 0 && s < SLOTS && d >= -1 && d < SLOTS) {
		model_join(s, d, name);
	} else if (sscanf(op->s, "chname %d %31s", &s, name) == 2 &&
		   s >= 0 && s < SLOTS) {
		char *slash = strrchr(model_path[s], '/');

		if (slash)
			snprintf(slash + 1, MPATH - (slash + 1 - model_path[s]),
				 "%.31s", name);
		else
			snprintf(model_path[s], MPATH, "%.31s", name);
	}
	pthread_mutex_unlock(&model_lock);
}

static void model_clear(void)
{
	pthread_mutex_lock(&model_lock);
	memset(model_path, 0, sizeof(model_path));
	pthread_mutex_unlock(&model_lock);
}

/*
 * Scenarios (issue 32): the interleavings that removal bugs live in, tried
 * on purpose by the chaos thread instead of left to the luck of the other
 * threads meeting in them.  A scenario is one logged operation (kind and
 * a seed of its own, from which it draws its slots, names and delays, so
 * that a replay does the same); its steps are operations of the usual
 * kinds, each judged as any (allowed(), slab poison in reads), and one of
 * them runs in a helper thread beside the others.  Slots and names are the
 * control threads' too: they may take them away meanwhile, which is
 * allowed and only makes the scenario miss.
 *
 *	second	a file of a new directory, held open (its release slow, or
 *		hooked to sleep), while the helper removes the directory and
 *		the scenario removes the file's own slot, a second remover
 *		that must not return (and free the data) before the release
 *		the first removal runs (issue 9)
 *	reenter	a file whose release (held open) or write (in flight in the
 *		helper) removes a sibling h0 .. h3, while its directory is
 *		removed: the removal runs or drains the operation that removes
 *		what the removal has queued (issue 32, part 2)
 *	cross	fuzz_peer loaded into a new directory of the client, often
 *		forgetful, its files held open, while the helper removes the
 *		directory, p/ or pq (the client's removal runs the peer's slow
 *		release) and the scenario unloads the peer: refused while
 *		its release runs, or its exit() frees what that reads (issue
 *		32, part 1)
 */
enum { SC_SECOND, SC_REENTER, SC_CROSS, SC_NR };
static const char *const sc_names[SC_NR] = { "second", "reenter", "cross" };

/* Counts of the scenarios run, and of what they met, for the diagnostics. */
static atomic_ulong sc_runs[SC_NR], sc_raced[SC_NR], sc_refused;

/* One step of a scenario by thread @id on the fds of @th: judged. */
static struct op __printf(6, 7)
sc_step(struct thr *th, int id, int kind, int fd, long a, const char *fmt, ...)
{
	struct op op = { .thr = id, .kind = kind, .fd = fd, .a = a };
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(op.s, sizeof(op.s), fmt, ap);
	va_end(ap);
	op.ms = (now_ns() - t0) / 1000000;
	exec_op(th, &op, buf, sizeof(buf));
	if (!allowed(&op, th->accmode[fd]))
		fail(&op, "scenario step %s answered %s, which it may not",
		     kind_names[kind], strerrorname_np(op.err));
	if (op.kind == OP_CTL && op.ret > 0 && !th->unmodelled)
		model_update(&op);
	return op;
}

struct sc_helper {
	struct thr	*th;
	int		id, kind, fd;
	long		a;
	char		s[STRMAX];
	pthread_t	pt;
};

static void *sc_helper_main(void *arg)
{
	struct sc_helper *h = arg;

	sc_step(h->th, h->id, h->kind, h->fd, h->a, "%s", h->s);
	return NULL;
}

/* Starts the step in a helper thread; sc_join() waits for it. */
static void __printf(7, 8)
sc_spawn(struct sc_helper *h, struct thr *th, int id, int kind, int fd, long a,
	 const char *fmt, ...)
{
	va_list ap;

	h->th = th;
	h->id = id;
	h->kind = kind;
	h->fd = fd;
	h->a = a;
	va_start(ap, fmt);
	vsnprintf(h->s, sizeof(h->s), fmt, ap);
	va_end(ap);
	if (pthread_create(&h->pt, NULL, sc_helper_main, h)) {
		sc_helper_main(h);	/* no thread: in order, then */
		h->pt = 0;
	}
}

static void sc_join(struct sc_helper *h)
{
	if (h->pt)
		pthread_join(h->pt, NULL);
}

/* A control command as a step: its result. */
static long __printf(3, 4)
sc_ctl(struct thr *th, int id, const char *fmt, ...)
{
	char cmd[STRMAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	return sc_step(th, id, OP_CTL, 0, 0, "%s", cmd).ret;
}

#define CTL_STEP(...)	sc_ctl(th, id, __VA_ARGS__)

/* A new directory @dn (fuzz/@dn) in slot @sd; false if not made. */
static bool sc_new_dir(struct thr *th, int id, int sd, const char *dn)
{
	CTL_STEP("rm %d", sd);
	CTL_STEP("lar -1 %s", dn);
	return CTL_STEP("dir %d -1 %s", sd, dn) > 0;
}

static void sc_second(struct thr *th, int id)
{
	int sd = rnd(th, SLOTS), sf = (sd + 1 + rnd(th, SLOTS - 1)) % SLOTS;
	const char *dn = names[rnd(th, NOWN)], *fn = names[rnd(th, NOWN)];
	struct sc_helper h;
	int i, n;

	CTL_STEP("rm %d", sf);
	if (!sc_new_dir(th, id, sd, dn) ||
	    CTL_STEP("file %d %d %s 644", sf, sd, fn) <= 0)
		return;
	/* Siblings: more for the removal to do before or after the file. */
	for (i = rnd(th, 4); i > 0; i--)
		CTL_STEP("hfile %d h%u", sd, rnd(th, 4));
	if (rnd(th, 2))
		CTL_STEP("hook %d release slow %d h0", sf, sd);
	for (i = 0, n = 1 + rnd(th, 2); i < n; i++)
		sc_step(th, id, OP_OPEN, i, O_RDWR, "%s/%s/%s", FZ, dn, fn);
	sc_raced[SC_SECOND] += th->fds[0] >= 0;
	if (rnd(th, 2))
		sc_spawn(&h, th, id, OP_CTL, 0, 0, "rm %d", sd);
	else
		sc_spawn(&h, th, id, OP_CTL, 0, 0, "lar -1 %s", dn);
	usleep(rnd(th, 6000));
	CTL_STEP("rm %d", sf);
	sc_join(&h);
}

static void sc_reenter(struct thr *th, int id)
{
	int sd = rnd(th, SLOTS), sf = (sd + 1 + rnd(th, SLOTS - 1)) % SLOTS;
	const char *dn = names[rnd(th, NOWN)], *fn = names[rnd(th, NOWN)];
	const char *act = rnd(th, 4) ? "lar" : "rm";
	bool on_write = rnd(th, 2);
	unsigned int k = rnd(th, 4), i, n;
	struct sc_helper h;

	CTL_STEP("rm %d", sf);
	if (!sc_new_dir(th, id, sd, dn) ||
	    CTL_STEP("file %d %d %s 644", sf, sd, fn) <= 0)
		return;
	/* The siblings a hook removes, made by no one else in a new dir. */
	for (i = 0; i < 4; i++)
		CTL_STEP("hfile %d h%u", sd, i);
	CTL_STEP("hook %d %s %s %d h%u", sf, on_write ? "write" : "release",
		 act, sd, k);
	if (on_write) {
		sc_step(th, id, OP_OPEN, 0, O_WRONLY, "%s/%s/%s", FZ, dn, fn);
		sc_spawn(&h, th, id, OP_WRITE, 0, 1, "%u", k);
		usleep(rnd(th, 3000));
	} else {
		for (i = 0, n = 1 + rnd(th, 2); i < n; i++)
			sc_step(th, id, OP_OPEN, i, O_RDONLY, "%s/%s/%s", FZ,
				dn, fn);
	}
	sc_raced[SC_REENTER] += th->fds[0] >= 0;
	if (rnd(th, 2))
		CTL_STEP("rm %d", sd);
	else
		CTL_STEP("lar -1 %s", dn);
	if (on_write)
		sc_join(&h);
	CTL_STEP("rm %d", sf);
}

static void sc_cross(struct thr *th, int id)
{
	int sd = rnd(th, SLOTS), r = rnd(th, 4);
	const char *dn = names[rnd(th, NOWN)];
	unsigned int which = 1 + rnd(th, 3);	/* pf, pq or both */
	struct sc_helper h;
	struct op op;
	int i;

	/*
	 * Loading the peer takes long enough for the control threads to
	 * remove a directory they know of (they remove what the model has)
	 * before it is there: keep this one to ourselves.
	 */
	th->unmodelled = true;
	if (!sc_new_dir(th, id, sd, dn))
		return;
	/* The peer may be busy for a while: its reads sleep. */
	for (i = 0; i < 20; i++) {
		op = sc_step(th, id, OP_PEER_UNLOAD, 0, 0, "%s", "fuzz_peer");
		if (op.ret >= 0 || op.err == ENOENT)
			break;
		usleep(5000);
	}
	if (sc_step(th, id, OP_PEER_LOAD, 0, 0, "dir=%s forget=%d", dn,
		    rnd(th, 4) != 0).ret < 0)
		return;
	if (which & 1)
		sc_step(th, id, OP_OPEN, 0, O_RDONLY, "%s/%s/p/pf", FZ, dn);
	if (which & 2)
		sc_step(th, id, OP_OPEN, 1, O_RDONLY, "%s/%s/pq", FZ, dn);
	sc_raced[SC_CROSS] += th->fds[0] >= 0 || th->fds[1] >= 0;
	/* The directory, by name or by slot, or the peer's p/ or pq in it. */
	if (r == 0)
		sc_spawn(&h, th, id, OP_CTL, 0, 0, "lar -1 %s", dn);
	else if (r == 1)
		sc_spawn(&h, th, id, OP_CTL, 0, 0, "rm %d", sd);
	else
		sc_spawn(&h, th, id, OP_CTL, 0, 0, "lar %d %s", sd,
			 r == 2 ? "p" : "pq");
	usleep(rnd(th, 8000));
	op = sc_step(th, id, OP_PEER_UNLOAD, 0, 0, "%s", "fuzz_peer");
	if (op.ret < 0 && (op.err == EAGAIN || op.err == EBUSY))
		sc_refused++;
	sc_join(&h);
}

/* Runs scenario op->a with the seed op->b; the fds it opened it closes. */
static void exec_scenario(struct thr *t, struct op *op)
{
	struct thr th = { .id = t->id, .rng = op->b };
	int i;

	for (i = 0; i < NFD; i++)
		th.fds[i] = -1;
	switch (op->a) {
	case SC_SECOND:
		sc_second(&th, t->id);
		break;
	case SC_REENTER:
		sc_reenter(&th, t->id);
		break;
	case SC_CROSS:
		sc_cross(&th, t->id);
		break;
	default:
		return;
	}
	sc_runs[op->a]++;
	for (i = 0; i < NFD; i++)
		if (th.fds[i] >= 0)
			close(th.fds[i]);
}

static void gen_chaos(struct thr *t, struct op *op)
{
	static const char *const opts[] = {
		"mode=0700", "mode=0755,uid=0,gid=0", "uid=65534", "gid=65534",
		"mode=0711", "uid=0,gid=0",
	};
	/* Three in four of them scenarios (see above). */
	static const int w[] = { 30, 15, 25, 20, 5, 300 };
	char dir[MPATH] = "";

	op->fd = 0;
	switch (pick(t, w, 6)) {
	case 0:
		op->kind = OP_DROP;
		op->a = rnd(t, 2) ? 2 : 3;
		break;
	case 1:
		op->kind = OP_REMOUNT;
		snprintf(op->s, sizeof(op->s), "%s", opts[rnd(t, 6)]);
		break;
	case 2:
		op->kind = OP_PEER_LOAD;
		/* A directory of the model at the top of fuzz/, or fuzz/. */
		if (rnd(t, 3) && model_slot_path(t, "dir", dir, sizeof(dir),
						  NULL) && strchr(dir, '/'))
			dir[0] = '\0';
		snprintf(op->s, sizeof(op->s), "dir=%s forget=%d", dir,
			 !rnd(t, 3));
		break;
	case 3:
		op->kind = OP_PEER_UNLOAD;
		break;
	case 4:
		op->kind = OP_CLIENT_RELOAD;
		op->a = !rnd(t, 2);
		break;
	default:
		op->kind = OP_SCENARIO;
		op->a = rnd(t, SC_NR);
		op->b = splitmix64(&t->rng) >> 33;
		snprintf(op->s, sizeof(op->s), "%s", sc_names[op->a]);
		break;
	}
}

enum role { R_WORKER, R_CTL, R_CHAOS };
static int nthr;
static enum role roles[MAXTHR];
static struct thr thrs[MAXTHR];

static void log_op(struct op *op)
{
	ring[op->seq % FUZZ_RING] = *op;
}

static bool ctl_is(const struct op *op, const char *const *cmds, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strncmp(op->s, cmds[i], strlen(cmds[i])))
			return true;
	return false;
}

/* Counts what @op did; @removals_before: did.removals when it began. */
static void count_op(const struct op *op, unsigned long removals_before)
{
	static const char *const creates[] = {
		"dir ", "file ", "short ", "u32 ", "blob ", "link ", "adopt ",
	};
	static const char *const removes[] = { "rm ", "lar " };

	switch (op->kind) {
	case OP_CTL:
		if (op->ret > 0 && ctl_is(op, creates, ARRAY_SIZE(creates)))
			did.creates++;
		if (op->ret > 0 && ctl_is(op, removes, ARRAY_SIZE(removes)))
			did.removals++;
		return;
	case OP_OPEN:
		/* The made entries, not fuzz/, its ctl or the root. */
		did.opens += op->ret >= 0 && strcmp(op->s, CTL) &&
			     !strncmp(op->s, FZ "/", sizeof(FZ "/") - 1);
		break;
	case OP_READ:
	case OP_PREAD:
		did.reads += op->ret > 0;
		break;
	case OP_WRITE:
	case OP_PWRITE:
		did.writes += op->ret > 0;
		break;
	default:
		break;
	}
	did.eio += op->ret < 0 && op->err == EIO;
	did.in_flight += did.removals != removals_before;
}

static void *thread_main(void *arg)
{
	struct thr *t = arg;
	unsigned long removals;
	char buf[4096];
	struct op op;

	t->tid = gettid();
	while (!stop) {
		memset(&op, 0, sizeof(op));
		op.thr = t->id;
		switch (roles[t->id]) {
		case R_WORKER:
			gen_worker(t, &op);
			break;
		case R_CTL:
			gen_ctl(t, &op);
			break;
		case R_CHAOS:
			gen_chaos(t, &op);
			/* Scenarios one after another, the rest now and then. */
			usleep(op.kind == OP_SCENARIO ? 5000 + rnd(t, 45000) :
			       50000 + rnd(t, 250000));
			break;
		}
		op.seq = next_seq++;
		if (max_ops && op.seq >= max_ops) {
			stop = true;
			break;
		}
		op.ms = (now_ns() - t0) / 1000000;
		t->cur = op;
		removals = did.removals;
		t->busy_since = now_ns();
		exec_op(t, &op, buf, sizeof(buf));
		t->busy_since = 0;
		t->ops++;
		log_op(&op);
		if (roles[t->id] != R_CHAOS)
			count_op(&op, removals);
		if (!allowed(&op, t->accmode[op.fd]))
			fail(&op, "%s answered %s, which it may not",
			     kind_names[op.kind], strerrorname_np(op.err));
		if (op.kind == OP_CTL && op.ret > 0)
			model_update(&op);
		if (op.kind == OP_CLIENT_RELOAD && op.ret == 0)
			model_clear();
	}
	return NULL;
}

static void print_stack(pid_t tid)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stack", tid);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		diag("  %s", strtok(line, "\n"));
	fclose(f);
}

/* Hangs and splats, once a second (a tenth in replays). */
static bool watch(struct thr *ts, int n)
{
	char line[512], s[600];
	uint64_t now = now_ns(), since;
	int i;

	for (i = 0; i < n; i++) {
		since = ts[i].busy_since;
		/* since may be later than now: an operation that just began. */
		if (since && since < now && now - since > hang_secs * 1e9) {
			format_op(&ts[i].cur, s, sizeof(s));
			fail(&ts[i].cur, "hang: thread %d is in one operation for more than %.0f s: %s",
			     i, hang_secs, s);
			print_stack(ts[i].tid);
			return true;
		}
	}
	if (kmsg_splat(line, sizeof(line))) {
		fail(NULL, "kernel log: %s", line);
		return true;
	}
	return false;
}

static void print_log(uint64_t from, uint64_t to)
{
	char s[600];
	uint64_t i;

	if (to > from + FUZZ_RING) {
		diag("(the ring keeps the last %d of %" PRIu64 " operations)",
		     FUZZ_RING, to - from);
		from = to - FUZZ_RING;
	}
	for (i = from; i < to; i++) {
		format_op(&ring[i % FUZZ_RING], s, sizeof(s));
		printf("# %s\n", s);
	}
}

/* Replay: a fresh client, then @ops in order, one thread. */

static void thr_reset(struct thr *t, int id)
{
	int i;

	for (i = 0; i < NFD; i++) {
		if (t->maps[i])
			munmap(t->maps[i], 4096);
		if (t->fds[i] >= 0 && t->id == id)
			close(t->fds[i]);
		t->fds[i] = -1;
		t->maps[i] = NULL;
		t->accmode[i] = O_RDONLY;
	}
	t->id = id;
}

static void fresh_state(void)
{
	int i;

	for (i = 0; i < MAXTHR; i++)
		thr_reset(&thrs[i], i);
	mod_unload("fuzz_peer", 100);
	mod_unload("fuzz_client", 100);
	mount("none", M, "dbgfs", MS_REMOUNT, "mode=0700,uid=0,gid=0");
	if (mod_load("fuzz_client", client_params) < 0)
		diag("fuzz_client: finit_module: %s", strerror(errno));
	model_clear();
}

/* Whether @n ops of @ops (those with keep[i]) fail when replayed. */
static bool replay(const struct op *ops, size_t n, const bool *keep,
		   bool verbose)
{
	char buf[4096], line[512], s[600];
	struct op op;
	size_t i;

	fresh_state();
	kmsg_splat(line, sizeof(line));	/* what was there before */
	failed = 0;
	stop = false;
	for (i = 0; i < n; i++) {
		if (keep && !keep[i])
			continue;
		op = ops[i];
		thrs[op.thr].busy_since = now_ns();
		exec_op(&thrs[op.thr], &op, buf, sizeof(buf));
		thrs[op.thr].busy_since = 0;
		if (!allowed(&op, thrs[op.thr].accmode[op.fd])) {
			fail(&op, "%s answered %s, which it may not",
			     kind_names[op.kind], strerrorname_np(op.err));
		}
		if (verbose) {
			format_op(&op, s, sizeof(s));
			printf("# replayed: %s\n", s);
		}
		if (failed)
			break;
	}
	usleep(100000);
	if (!failed && kmsg_splat(line, sizeof(line)))
		fail(NULL, "kernel log: %s", line);
	return failed;
}

/* Delta debugging over the ops that fail when replayed. */
static void minimise(const struct op *ops, size_t n)
{
	uint64_t end = now_ns() + minimise_secs * 1e9;
	bool *keep = calloc(n, 1), *trial = calloc(n, 1);
	size_t i, kept = n, chunks = 2, c, lo, hi, j, k, tries = 0;
	char s[600];
	bool shrunk;

	for (i = 0; i < n; i++)
		keep[i] = true;
	while (kept >= 2 && now_ns() < end) {
		shrunk = false;
		for (c = 0; c < chunks && now_ns() < end; c++) {
			/* Drop the c-th of @chunks parts of what is kept. */
			lo = kept * c / chunks;
			hi = kept * (c + 1) / chunks;
			for (i = 0, k = 0; i < n; i++) {
				trial[i] = keep[i];
				if (keep[i] && k >= lo && k < hi)
					trial[i] = false;
				if (keep[i])
					k++;
			}
			tries++;
			if (replay(ops, n, trial, false)) {
				memcpy(keep, trial, n);
				kept -= hi - lo;
				shrunk = true;
				break;
			}
		}
		if (shrunk) {
			chunks = chunks > 2 ? chunks - 1 : 2;
		} else {
			if (chunks >= kept)
				break;
			chunks = chunks * 2 < kept ? chunks * 2 : kept;
		}
	}
	diag("delta debugging: %zu of %zu operations still fail, after %zu replays%s",
	     kept, n, tries, now_ns() < end ? "" : " (time budget spent)");
	for (i = 0, j = 0; i < n; i++) {
		if (!keep[i])
			continue;
		format_op(&ops[i], s, sizeof(s));
		printf("# min: %s\n", s);
		j++;
	}
	replay(ops, n, keep, false);
	diag("the minimised log %s when replayed once more: %s",
	     failed ? "fails" : "passes", failed ? fail_what : "-");
	free(keep);
	free(trial);
}

static void replay_and_minimise(const struct op *ops, size_t n)
{
	char what[512];

	snprintf(what, sizeof(what), "%s", fail_what);
	if (!replay(ops, n, NULL, false)) {
		diag("replaying the %zu logged operations in one thread does not fail: a concurrency bug, likely; not minimised (rerun the seed)",
		     n);
		snprintf(fail_what, sizeof(fail_what), "%s", what);
		return;
	}
	diag("replaying the %zu logged operations in one thread fails too: %s",
	     n, fail_what);
	if (minimise_secs > 0)
		minimise(ops, n);
	snprintf(fail_what, sizeof(fail_what), "%s", what);
}

static struct op *collect(size_t *n)
{
	uint64_t total = next_seq, from = total > FUZZ_RING ? total - FUZZ_RING : 0;
	struct op *ops = calloc(total - from + 1, sizeof(*ops));
	uint64_t i;

	*n = 0;
	for (i = from; i < total; i++)
		if (ring[i % FUZZ_RING].seq == i && ring[i % FUZZ_RING].kind < OP_NR)
			ops[(*n)++] = ring[i % FUZZ_RING];
	return ops;
}

/* Whether the run did what it exists for: every floor reached. */
static bool work_done(uint64_t seed, double secs)
{
	double f = secs < FLOOR_SECS ? secs / FLOOR_SECS : 1;

	return ok(did.creates >= f * FLOOR_CREATES &&
		  did.removals >= f * FLOOR_REMOVALS &&
		  did.opens >= f * FLOOR_OPENS &&
		  did.reads >= f * FLOOR_READS &&
		  did.writes >= f * FLOOR_WRITES &&
		  did.eio >= f * FLOOR_EIO &&
		  did.in_flight >= f * FLOOR_IN_FLIGHT,
		  "seed 0x%016" PRIx64 ": the work was done: %lu entries made, %lu removed, %lu opens of them, %lu reads, %lu writes, %lu EIO of removed files, %lu operations a removal returned during (floors for %.0f s: %.0f, %.0f, %.0f, %.0f, %.0f, %.0f, %.0f)",
		  seed, (unsigned long)did.creates,
		  (unsigned long)did.removals, (unsigned long)did.opens,
		  (unsigned long)did.reads, (unsigned long)did.writes,
		  (unsigned long)did.eio, (unsigned long)did.in_flight, secs,
		  f * FLOOR_CREATES, f * FLOOR_REMOVALS, f * FLOOR_OPENS,
		  f * FLOOR_READS, f * FLOOR_WRITES, f * FLOOR_EIO,
		  f * FLOOR_IN_FLIGHT);
}

static int run_seed(uint64_t seed)
{
	uint64_t x = seed, end;
	char line[512], s[600];
	unsigned long total = 0;
	struct op *ops;
	double secs;
	size_t n;
	int i, nw, nc;

	printf("# seed 0x%016" PRIx64 "\n", seed);
	fflush(stdout);
	/* The seed in the kernel log too, beside any splat it causes. */
	{
		int fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);

		if (fd >= 0) {
			dprintf(fd, "fuzz: seed 0x%016" PRIx64 "\n", seed);
			close(fd);
		}
	}
	nw = 2 + splitmix64(&x) % 3;	/* 2 to 4 workers */
	nc = 1 + splitmix64(&x) % 2;	/* 1 or 2 control writers */
	nthr = nw + nc + 1;
	for (i = 0; i < nthr; i++) {
		roles[i] = i < nw ? R_WORKER : i < nw + nc ? R_CTL : R_CHAOS;
		thr_reset(&thrs[i], i);
		thrs[i].rng = seed ^ splitmix64(&x);
		thrs[i].ops = 0;
		thrs[i].busy_since = 0;
	}
	diag("%d workers, %d control writers, 1 chaos thread; %.0f s%s", nw,
	     nc, budget_secs, max_ops ? " or the op limit" : "");
	fresh_state();
	kmsg_splat(line, sizeof(line));
	next_seq = 0;
	memset(&did, 0, sizeof(did));
	t0 = now_ns();
	end = t0 + budget_secs * 1e9;
	for (i = 0; i < nthr; i++)
		pthread_create(&thrs[i].pt, NULL, thread_main, &thrs[i]);
	while (!stop) {
		usleep(200000);
		if (watch(thrs, nthr))
			break;
		if (now_ns() >= end)
			stop = true;
	}
	if (failed && strncmp(fail_what, "hang:", 5) == 0) {
		/* A thread that never returns cannot be joined. */
		secs = (now_ns() - t0) / 1e9;
		ok(false, "seed 0x%016" PRIx64 ": %s", seed, fail_what);
		diag("failed after %.1f s; the blocked tasks follow on the console",
		     secs);
		write_file("/proc/sysrq-trigger", "w", &i);
		print_log(next_seq > 400 ? next_seq - 400 : 0, next_seq);
		hung = true;
		return 1;
	}
	for (i = 0; i < nthr; i++) {
		pthread_join(thrs[i].pt, NULL);
		total += thrs[i].ops;
	}
	secs = (now_ns() - t0) / 1e9;
	/* Let late reports (a leak, a release after removal) reach the log. */
	usleep(200000);
	if (!failed && kmsg_splat(line, sizeof(line)))
		fail(NULL, "kernel log: %s", line);
	diag("%lu operations in %.1f s: %.0f per second; %lu SIGBUS, %lu SIGIO",
	     total, secs, total / secs, (unsigned long)nsigbus,
	     (unsigned long)nsigio);
	diag("scenarios (run, reached their race): second %lu, %lu; reenter %lu, %lu; cross %lu, %lu (the peer's rmmod refused in %lu)",
	     (unsigned long)sc_runs[SC_SECOND],
	     (unsigned long)sc_raced[SC_SECOND],
	     (unsigned long)sc_runs[SC_REENTER],
	     (unsigned long)sc_raced[SC_REENTER],
	     (unsigned long)sc_runs[SC_CROSS],
	     (unsigned long)sc_raced[SC_CROSS], (unsigned long)sc_refused);
	if (!ok(!failed, "seed 0x%016" PRIx64 ": %lu operations, every result allowed, no hang, no splat",
		seed, total)) {
		diag("%s", fail_what);
		if (fail_op.kind >= 0) {
			format_op(&fail_op, s, sizeof(s));
			diag("failing operation: %s", s);
		}
		diag("failed after %.1f s (%u ms into the run at the operation)",
		     secs, fail_op.kind >= 0 ? fail_op.ms : 0);
		diag("the log (replay with fuzz --replay FILE, these lines without '# '):");
		print_log(next_seq > 2000 ? next_seq - 2000 : 0, next_seq);
		ops = collect(&n);
		replay_and_minimise(ops, n);
		free(ops);
		failed = 1;
	}
	if (!work_done(seed, secs))
		failed = 1;
	return failed;
}

static int run_replay(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	struct op *ops = NULL;
	size_t n = 0, cap = 0;

	if (!f) {
		ok(false, "replay: open %s: %s", path, strerror(errno));
		return 1;
	}
	while (fgets(line, sizeof(line), f)) {
		const char *l = line;

		if (!strncmp(l, "# ", 2))
			l += 2;
		if (!strncmp(l, "min: ", 5))
			l += 5;
		if (n == cap) {
			cap = cap ? cap * 2 : 1024;
			ops = realloc(ops, cap * sizeof(*ops));
		}
		if (parse_op(l, &ops[n]))
			n++;
	}
	fclose(f);
	replaying = true;
	if (!ok(!replay(ops, n, NULL, true), "%zu operations of %s, replayed",
		n, path)) {
		diag("%s", fail_what);
		if (minimise_secs > 0)
			minimise(ops, n);
	}
	free(ops);
	return failed;
}

int main(int argc, char **argv)
{
	const char *replay_file = NULL;
	struct sigaction sa = { 0 };
	uint64_t seed = 1;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--time") && i + 1 < argc)
			budget_secs = atof(argv[++i]);
		else if (!strcmp(argv[i], "--ops") && i + 1 < argc)
			max_ops = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--hang") && i + 1 < argc)
			hang_secs = atof(argv[++i]);
		else if (!strcmp(argv[i], "--minimise") && i + 1 < argc)
			minimise_secs = atof(argv[++i]);
		else if (!strcmp(argv[i], "--replay") && i + 1 < argc)
			replay_file = argv[++i];
		else if (!strcmp(argv[i], "--modules") && i + 1 < argc)
			modules = argv[++i];
		else if (!strcmp(argv[i], "--client-params") && i + 1 < argc)
			client_params = argv[++i];
		else if (!strcmp(argv[i], "--splats") && i + 1 < argc)
			splats_file = argv[++i];
		else if (!strcmp(argv[i], "--hung-file") && i + 1 < argc)
			hung_file = argv[++i];
		else {
			fprintf(stderr, "usage: fuzz --seed S [--time SECS] [--ops N] [--hang SECS] [--minimise SECS] [--modules DIR] [--client-params P] [--splats FILE] [--hung-file FILE] | --replay LOG\n");
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 0; i < MAXTHR; i++) {
		memset(thrs[i].fds, -1, sizeof(thrs[i].fds));
		thrs[i].id = i;
	}
	tap_init();
	ring = calloc(FUZZ_RING, sizeof(*ring));
	if (!ring)
		return 1;
	for (i = 0; i < FUZZ_RING; i++)
		ring[i].seq = UINT64_MAX;
	sa.sa_handler = on_sigbus;
	sa.sa_flags = SA_NODEFER;
	sigaction(SIGBUS, &sa, NULL);
	sa.sa_handler = on_sigio;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGIO, &sa, NULL);
	/* Without the kernel log, a run could not see a splat: no run. */
	splats_load();
	kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (kmsg < 0 || lseek(kmsg, 0, SEEK_END) < 0) {
		fprintf(stderr, "fuzz: /dev/kmsg: %s\n", strerror(errno));
		return 1;
	}
	if (replay_file)
		run_replay(replay_file);
	else
		run_seed(seed);
	i = tap_done();
	if (hung && hung_file) {
		fflush(stdout);
		close(open(hung_file, O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	}
	return i;
}
