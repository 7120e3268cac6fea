// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench: the user-space half of the benchmark, run in the guest after
 * dbgfs_bench.ko (bench/kmod) is loaded.  The same workloads run against
 * four filesystems in one boot: the kernel's debugfs, dbgfs, sysfs (a
 * kobject per directory, an attribute per file) and the floor (the bench
 * module's filesystem whose lookup only parses the name and makes an
 * inode: what the VFS alone charges a filesystem that instantiates on
 * lookup).  Every value of every repetition is printed as
 *
 *   csv: workload,n,threads,mode,fs,rep,value,unit
 *
 * (bench/report takes the ratios within each repetition and their medians),
 * with progress lines starting with "# " in between.  Absolute times mean
 * little under TCG; the ratio of two filesystems in one repetition does.
 *
 * The user-space workloads (walks, lookups, open+read+close, readdir) run
 * interleaved: chunks of --chunk operations (500) round-robin over the
 * filesystems, the order rotating by one each round, each filesystem's
 * time summed over its chunks.  They run in both path modes (mode "sys":
 * the filesystems under /sys/kernel, where sysfs' kernel directory sends
 * every path walk from RCU to ref-walk; mode "own": each at its own mount
 * point, /bench/FS, which bench mounts), rotating which comes first; rows
 * that do not walk paths have mode "-".  Creation and removal are timed in
 * the kernel, one filesystem after the other, in an order that rotates
 * with the repetition; the floor has none.
 *
 * Usage: bench [--smoke] [--sizes N,N,...] [--reps R] [--large-reps R]
 *              [--chunk C] [--profile WORKLOAD/THREADS/FS]
 *
 * --smoke runs everything once at N=100 in chunks of 30, for the test
 * suite.  --profile (bench/profile) has perf record sample only while that
 * one span's chunks run: perf started with its events disabled and
 * --control fifo:CTL,ACK, the fifos' paths in $BENCH_PERF_CTL and
 * $BENCH_PERF_ACK.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "kctl.h"

#define BLOB_SIZE	(64UL << 20)
#define MAX_CACHES	512
#define MAX_SIZES	8
#define MAX_REPS	16
#define NR_FS		4
#define NR_MODES	2
#define MAX_DEPTH	12
#define DENTS_BUF	32768
#define U64_TEXT	"81985529216486895\n"	/* 0x0123456789abcdef */

enum { DEBUGFS, DBGFS, SYSFS, FLOOR };

struct fs {
	const char *name;
	const char *root[NR_MODES];	/* sys, own */
	const char *type;		/* bench mounts it at root[1] */
	int kernel;			/* made by the module, timed there */
	int blob;			/* has bench/blob */
};

static const char * const modes[NR_MODES] = { "sys", "own" };

static const struct fs fss[NR_FS] = {
	{ "debugfs", { "/sys/kernel/debug", "/bench/debugfs" }, "debugfs",
	  1, 1 },
	{ "dbgfs", { "/sys/kernel/dbgfs", "/bench/dbgfs" }, "dbgfs", 1, 1 },
	{ "sysfs", { "/sys/kernel/bench_sysfs",
		     "/bench/sysfs/kernel/bench_sysfs" }, "sysfs", 1, 0 },
	{ "floor", { "/sys/kernel/bench_floor", "/bench/floor" },
	  "dbgfs_bench_floor", 0, 0 },
};

/* Where each filesystem is mounted by bench (own mode; the floor twice). */
static const char * const mounts[][2] = {
	{ "/bench/debugfs", "debugfs" },
	{ "/bench/dbgfs", "dbgfs" },
	{ "/bench/sysfs", "sysfs" },
	{ "/bench/floor", "dbgfs_bench_floor" },
	{ "/sys/kernel/bench_floor", "dbgfs_bench_floor" },
};

static unsigned int sizes[MAX_SIZES] = { 1000, 10000, 100000 };
static unsigned int nr_sizes = 3;
static unsigned int reps = 7, large_reps = 5, chunk = 500;
static unsigned int u64_ops = 20000, lookup_ops = 10000, blob_passes = 2;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* --profile: the span perf samples, and perf's control and ack fifos. */
static const char *profile;
static int perf_ctl = -1, perf_ack = -1, profiling;

static void perf_command(const char *cmd)
{
	char ack[16];

	if (write(perf_ctl, cmd, strlen(cmd)) != (ssize_t)strlen(cmd) ||
	    read(perf_ack, ack, sizeof(ack)) <= 0)
		die("perf control %s: %s", cmd, strerror(errno));
}

/* Called right before a timed chunk; profile_end() right after it. */
static void profile_begin(const char *workload, unsigned int threads,
			  const char *fs)
{
	char span[128];

	if (!profile)
		return;
	snprintf(span, sizeof(span), "%s/%u/%s", workload, threads, fs);
	if (strcmp(span, profile))
		return;
	perf_command("enable\n");
	profiling = 1;
}

static void profile_end(void)
{
	if (profiling) {
		perf_command("disable\n");
		profiling = 0;
	}
}

static void profile_open(void)
{
	const char *ctl = getenv("BENCH_PERF_CTL"), *ack = getenv("BENCH_PERF_ACK");

	if (!ctl || !ack)
		die("--profile needs BENCH_PERF_CTL and BENCH_PERF_ACK");
	perf_ctl = open(ctl, O_WRONLY | O_CLOEXEC);
	perf_ack = open(ack, O_RDONLY | O_CLOEXEC);
	if (perf_ctl < 0 || perf_ack < 0)
		die("open %s, %s: %s", ctl, ack, strerror(errno));
}

/* Every value as it comes: bench/report takes ratios and medians. */
static void record(const char *workload, unsigned long n, unsigned int threads,
		   const char *mode, const char *fs, unsigned int rep,
		   double value, const char *unit)
{
	printf("csv: %s,%lu,%u,%s,%s,%u,%.1f,%s\n", workload, n, threads, mode,
	       fs, rep, value, unit);
}

static void record_mem(const char *shape, const char *phase, unsigned long n,
		       const char *fs, unsigned int rep, long slab_kb,
		       long sunreclaim_kb)
{
	char name[64];

	snprintf(name, sizeof(name), "slab_%s_%s", shape, phase);
	record(name, n, 1, "-", fs, rep, slab_kb * 1024.0 / n, "B/entry");
	snprintf(name, sizeof(name), "sunreclaim_%s_%s", shape, phase);
	record(name, n, 1, "-", fs, rep, sunreclaim_kb * 1024.0 / n,
	       "B/entry");
}

/* /proc/slabinfo: active objects and object size of every cache. */
struct cache {
	char name[64];
	long active, size;
};

struct slabinfo {
	struct cache caches[MAX_CACHES];
	unsigned int nr;
};

static int read_slabinfo(struct slabinfo *s)
{
	FILE *f = fopen("/proc/slabinfo", "r");
	char line[512];
	struct cache *c;

	s->nr = 0;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f) && s->nr < MAX_CACHES) {
		c = &s->caches[s->nr];
		if (line[0] == '#' || !strncmp(line, "slabinfo", 8))
			continue;
		if (sscanf(line, "%63s %ld %*d %ld", c->name, &c->active,
			   &c->size) == 3)
			s->nr++;
	}
	fclose(f);
	return 0;
}

/* The caches that grew by at least n/4 objects, in bytes per entry. */
static void record_caches(const char *phase, unsigned long n, const char *fs,
			  unsigned int rep, struct slabinfo *base,
			  struct slabinfo *now)
{
	unsigned int i, j;
	char name[96];
	long grown;

	for (i = 0; i < now->nr; i++) {
		grown = now->caches[i].active;
		for (j = 0; j < base->nr; j++)
			if (!strcmp(base->caches[j].name, now->caches[i].name))
				grown -= base->caches[j].active;
		if (grown < (long)n / 4)
			continue;
		snprintf(name, sizeof(name), "cache_%s:%s", phase,
			 now->caches[i].name);
		record(name, n, 1, "-", fs, rep,
		       (double)grown * now->caches[i].size / n, "B/entry");
	}
}

/*
 * A find-style walk that can stop after any entry and go on later: every
 * entry read with getdents64 and, with @stat, stat'ed with fstatat() and
 * its directories walked in turn.
 */
struct walker {
	int fds[MAX_DEPTH];
	char *bufs[MAX_DEPTH];
	long len[MAX_DEPTH], off[MAX_DEPTH];
	int depth, stat;
	unsigned long count;
};

static void walker_push(struct walker *w, int fd, const char *path)
{
	if (fd < 0)
		die("open %s: %s", path, strerror(errno));
	if (++w->depth == MAX_DEPTH)
		die("%s: deeper than %d", path, MAX_DEPTH);
	w->fds[w->depth] = fd;
	if (!w->bufs[w->depth])
		w->bufs[w->depth] = malloc(DENTS_BUF);
	if (!w->bufs[w->depth])
		die("out of memory");
	w->len[w->depth] = w->off[w->depth] = 0;
}

static void walker_start(struct walker *w, const char *path, int stat)
{
	w->depth = -1;
	w->stat = stat;
	w->count = 0;
	walker_push(w, open(path, O_RDONLY | O_DIRECTORY), path);
}

/* Up to @max entries; 0 when the walk is over. */
static unsigned int walker_step(struct walker *w, unsigned int max)
{
	struct dirent64 *de;
	unsigned int done = 0;
	struct stat st;
	int d;

	while (done < max && w->depth >= 0) {
		d = w->depth;
		if (w->off[d] >= w->len[d]) {
			w->len[d] = getdents64(w->fds[d], w->bufs[d], DENTS_BUF);
			if (w->len[d] < 0)
				die("getdents64: %s", strerror(errno));
			w->off[d] = 0;
			if (!w->len[d]) {
				close(w->fds[d]);
				w->depth--;
			}
			continue;
		}
		de = (struct dirent64 *)(w->bufs[d] + w->off[d]);
		w->off[d] += de->d_reclen;
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		w->count++;
		done++;
		if (!w->stat)
			continue;
		if (fstatat(w->fds[d], de->d_name, &st, AT_SYMLINK_NOFOLLOW))
			die("stat %s: %s", de->d_name, strerror(errno));
		if (S_ISDIR(st.st_mode))
			walker_push(w, openat(w->fds[d], de->d_name,
					      O_RDONLY | O_DIRECTORY),
				    de->d_name);
	}
	return done;
}

static void walker_free(struct walker *w)
{
	int d;

	for (d = 0; d < MAX_DEPTH; d++) {
		free(w->bufs[d]);
		w->bufs[d] = NULL;
	}
}

/* An untimed walk of a whole tree; its entries. */
static unsigned long walk_all(const char *path)
{
	struct walker w = { .depth = -1 };

	walker_start(&w, path, 1);
	while (walker_step(&w, 1U << 30))
		;
	walker_free(&w);
	return w.count;
}

/* Threads of user-space workloads; each runs fn(arg, index). */
struct uthread {
	pthread_t tid;
	void (*fn)(void *arg, unsigned int index);
	void *arg;
	unsigned int index;
};

static void *uthread_main(void *p)
{
	struct uthread *t = p;

	t->fn(t->arg, t->index);
	return NULL;
}

static void run_threads(unsigned int nr, void (*fn)(void *, unsigned int),
			void *arg)
{
	struct uthread t[2];
	unsigned int i;

	if (nr == 1) {
		fn(arg, 0);
		return;
	}
	for (i = 0; i < nr; i++) {
		t[i] = (struct uthread){ .fn = fn, .arg = arg, .index = i };
		if (pthread_create(&t[i].tid, NULL, uthread_main, &t[i]))
			die("pthread_create");
	}
	for (i = 0; i < nr; i++)
		pthread_join(t[i].tid, NULL);
}

/*
 * One filesystem's share of an interleaved workload: a walk (walk_*,
 * readdir), or operations [pos, count) split over threads (lookups: stat()
 * of ROOT/bench_tree/f<idx[i]>; u64: open+read+close of ROOT/bench/u64).
 */
struct job {
	const struct fs *fs;
	char path[256];
	struct walker w;
	const unsigned int *idx;
	unsigned int pos, count, threads;
	unsigned int first, last;	/* this chunk's, per thread */
	void (*fn)(void *job, unsigned int index);
};

static void lookup_fn(void *p, unsigned int index)
{
	struct job *j = p;
	unsigned int i, per = (j->last - j->first) / j->threads;
	unsigned int lo = j->first + index * per;
	unsigned int hi = index == j->threads - 1 ? j->last : lo + per;
	char path[320];
	struct stat st;

	for (i = lo; i < hi; i++) {
		snprintf(path, sizeof(path), "%s/f%u", j->path, j->idx[i]);
		if (stat(path, &st))
			die("stat %s: %s", path, strerror(errno));
	}
}

static void u64_fn(void *p, unsigned int index)
{
	struct job *j = p;
	unsigned int i, per = (j->last - j->first) / j->threads;
	unsigned int n = index == j->threads - 1 ?
			 j->last - j->first - index * per : per;
	char buf[64];
	ssize_t len;
	int fd;

	for (i = 0; i < n; i++) {
		fd = open(j->path, O_RDONLY);
		if (fd < 0)
			die("open %s: %s", j->path, strerror(errno));
		len = read(fd, buf, sizeof(buf));
		if (len != sizeof(U64_TEXT) - 1 || memcmp(buf, U64_TEXT, len))
			die("read %s (thread %u): not " U64_TEXT, j->path,
			    index);
		close(fd);
	}
}

static unsigned int job_step(struct job *j)
{
	unsigned int max = chunk * j->threads;

	if (!j->fn)
		return walker_step(&j->w, max);
	j->first = j->pos;
	j->last = j->pos + (j->count - j->pos < max ? j->count - j->pos : max);
	if (j->first == j->last)
		return 0;
	run_threads(j->threads, j->fn, j);
	j->pos = j->last;
	return j->last - j->first;
}

/*
 * Runs the jobs in chunks round-robin, the first of each round one further
 * than the last round's (and @rot further in the first), and records each
 * filesystem's nanoseconds per operation; returns the operations of job 0.
 */
static unsigned long interleave(const char *workload, unsigned long n,
				const char *mode, unsigned int rep,
				struct job *jobs, unsigned int nr,
				unsigned int rot, const char *unit)
{
	unsigned long ops[NR_FS] = { 0 };
	uint64_t ns[NR_FS] = { 0 }, start;
	unsigned int round, k, f, done[NR_FS] = { 0 }, left = nr, c;

	for (round = rot; left; round++) {
		for (k = 0; k < nr; k++) {
			f = (k + round) % nr;
			if (done[f])
				continue;
			profile_begin(workload, jobs[f].threads,
				      jobs[f].fs->name);
			start = now_ns();
			c = job_step(&jobs[f]);
			ns[f] += now_ns() - start;
			profile_end();
			ops[f] += c;
			if (!c) {
				done[f] = 1;
				left--;
			}
		}
	}
	for (f = 0; f < nr; f++)
		record(workload, n, jobs[f].threads, mode, jobs[f].fs->name,
		       rep, ops[f] ? (double)ns[f] / ops[f] : 0, unit);
	return ops[0];
}

/* The interleaved walk of every filesystem's ROOT/bench_tree, after drop_caches. */
static void bench_walk(const char *shape, unsigned long n, unsigned int m,
		       unsigned int rep, int stat)
{
	static struct job jobs[NR_FS];
	unsigned int f;
	char name[64];

	drop_dcache();
	for (f = 0; f < NR_FS; f++) {
		jobs[f] = (struct job){ .fs = &fss[f], .threads = 1 };
		jobs[f].w.depth = -1;
		snprintf(jobs[f].path, sizeof(jobs[f].path), "%s/bench_tree",
			 fss[f].root[m]);
		walker_start(&jobs[f].w, jobs[f].path, stat);
	}
	if (stat)
		snprintf(name, sizeof(name), "walk_%s", shape);
	else
		snprintf(name, sizeof(name), "readdir");
	interleave(name, n, modes[m], rep, jobs, NR_FS, rep, "ns/entry");
	for (f = 0; f < NR_FS; f++) {
		walker_free(&jobs[f].w);
		if (jobs[f].w.count != jobs[0].w.count ||
		    (!strcmp(shape, "flat") && jobs[f].w.count != n))
			die("%s %s of %s: %lu entries, %s %lu", name, shape,
			    jobs[f].path, jobs[f].w.count, fss[0].name,
			    jobs[0].w.count);
	}
}

/* Cold (after drop_caches) and warm stat() of random files, interleaved. */
static void bench_lookup(unsigned long n, unsigned int m, unsigned int rep)
{
	static unsigned int idx[100000];
	static struct job jobs[NR_FS];
	uint32_t x = 2463534242U;
	unsigned int i, t, f, count;

	count = lookup_ops < n ? lookup_ops : n;
	if (count > ARRAY_SIZE(idx))
		count = ARRAY_SIZE(idx);
	for (i = 0; i < count; i++) {	/* xorshift32, the same paths each time */
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		idx[i] = x % n;
	}
	for (t = 1; t <= 2; t++) {
		for (f = 0; f < NR_FS; f++) {
			jobs[f] = (struct job){ .fs = &fss[f], .idx = idx,
				.count = count, .threads = t,
				.fn = lookup_fn };
			snprintf(jobs[f].path, sizeof(jobs[f].path),
				 "%s/bench_tree", fss[f].root[m]);
		}
		drop_dcache();
		interleave("lookup_cold", n, modes[m], rep, jobs, NR_FS, rep,
			   "ns/op");
		for (f = 0; f < NR_FS; f++)
			jobs[f].pos = 0;
		interleave("lookup_warm", n, modes[m], rep, jobs, NR_FS, rep,
			   "ns/op");
	}
}

/* open+read+close of ROOT/bench/u64, interleaved, one and two threads. */
static void bench_u64(unsigned int m, unsigned int rep)
{
	static struct job jobs[NR_FS];
	unsigned int t, f;

	for (t = 1; t <= 2; t++) {
		for (f = 0; f < NR_FS; f++) {
			jobs[f] = (struct job){ .fs = &fss[f], .threads = t,
				.count = u64_ops, .fn = u64_fn };
			snprintf(jobs[f].path, sizeof(jobs[f].path),
				 "%s/bench/u64", fss[f].root[m]);
		}
		interleave("u64_open_read_close", u64_ops, modes[m], rep, jobs,
			   NR_FS, rep, "ns/op");
	}
}

/* Creation by one thread, timed in the kernel, and the slab it took. */
static void bench_create(const struct fs *fs, const char *shape,
			 unsigned long n, unsigned int rep, struct meminfo *idle,
			 int caches)
{
	static struct slabinfo s0, s1;
	struct meminfo m0, m1;
	char name[64];
	uint64_t ns;

	settle();
	m0 = read_meminfo();
	if (caches && read_slabinfo(&s0))
		caches = 0;
	snprintf(name, sizeof(name), "create_%s", shape);
	profile_begin(name, 1, fs->name);
	ns = kcmd("create %s %s %lu 1", fs->name, shape, n);
	profile_end();
	if (fs->kernel)
		record(name, n, 1, "-", fs->name, rep, (double)ns / n,
		       "ns/entry");
	settle();
	m1 = read_meminfo();
	idle->slab = m1.slab - m0.slab;
	idle->sunreclaim = m1.sunreclaim - m0.sunreclaim;
	record_mem(shape, "idle", n, fs->name, rep, idle->slab,
		   idle->sunreclaim);
	if (caches && !read_slabinfo(&s1))
		record_caches("idle", n, fs->name, rep, &s0, &s1);
}

/*
 * The slab a walk adds to a filesystem's idle entries (the others' are
 * idle meanwhile), and what stays of it after drop_caches.
 */
static void bench_walk_mem(const struct fs *fs, const char *shape,
			   unsigned long n, unsigned int rep,
			   struct meminfo *idle, int caches)
{
	static struct slabinfo s0, s1;
	struct meminfo m0, m1;
	char path[256];

	drop_dcache();
	m0 = read_meminfo();
	if (caches && read_slabinfo(&s0))
		caches = 0;
	snprintf(path, sizeof(path), "%s/bench_tree", fs->root[0]);
	walk_all(path);
	settle();
	m1 = read_meminfo();
	record_mem(shape, "walked", n, fs->name, rep,
		   idle->slab + m1.slab - m0.slab,
		   idle->sunreclaim + m1.sunreclaim - m0.sunreclaim);
	if (caches && !read_slabinfo(&s1))
		record_caches("walked", n, fs->name, rep, &s0, &s1);
	drop_dcache();
	m1 = read_meminfo();
	record_mem(shape, "dropped", n, fs->name, rep,
		   idle->slab + m1.slab - m0.slab,
		   idle->sunreclaim + m1.sunreclaim - m0.sunreclaim);
}

static void bench_remove(const struct fs *fs, const char *shape,
			 unsigned long n, unsigned int threads,
			 unsigned int rep)
{
	char name[64];
	uint64_t ns;

	snprintf(name, sizeof(name), "remove_%s", shape);
	profile_begin(name, threads, fs->name);
	ns = kcmd("remove %s", fs->name);
	profile_end();
	if (fs->kernel)
		record(name, n, threads, "-", fs->name, rep, (double)ns / n,
		       "ns/entry");
}

/*
 * One shape, one size, one repetition: every filesystem's tree made by one
 * thread (in turn), the slab of each idle and walked, the interleaved
 * walks and (flat) lookups and readdir in both path modes, removal (in
 * turn); then creation and removal with two kthreads.
 */
static void bench_entries(const char *shape, unsigned long n,
			  unsigned int rep, int largest)
{
	struct meminfo idle[NR_FS];
	int flat = !strcmp(shape, "flat");
	unsigned int k, f, m;
	char name[64];
	uint64_t ns;

	for (k = 0; k < NR_FS; k++) {
		f = (k + rep) % NR_FS;
		bench_create(&fss[f], shape, n, rep, &idle[f], largest && flat);
	}
	for (k = 0; k < NR_FS; k++) {
		f = (k + rep) % NR_FS;
		bench_walk_mem(&fss[f], shape, n, rep, &idle[f],
			       largest && flat);
	}
	for (k = 0; k < NR_MODES; k++) {
		m = (k + rep) % NR_MODES;
		bench_walk(shape, n, m, rep, 1);
		if (flat)
			bench_lookup(n, m, rep);
		if (flat && largest)
			bench_walk(shape, n, m, rep, 0);
	}
	for (k = 0; k < NR_FS; k++)
		bench_remove(&fss[(k + rep) % NR_FS], shape, n, 1, rep);

	settle();
	for (k = 0; k < NR_FS; k++) {
		f = (k + rep) % NR_FS;
		if (!fss[f].kernel)
			continue;
		snprintf(name, sizeof(name), "create_%s", shape);
		profile_begin(name, 2, fss[f].name);
		ns = kcmd("create %s %s %lu 2", fss[f].name, shape, n);
		profile_end();
		record(name, n, 2, "-", fss[f].name, rep, (double)ns / n,
		       "ns/entry");
		bench_remove(&fss[f], shape, n, 2, rep);
	}
}

/* Reads of the 64 MiB blob (debugfs and dbgfs), in turn. */
struct blob_arg {
	char path[256];
	char *bufs[2];
};

static void blob_fn(void *p, unsigned int index)
{
	struct blob_arg *a = p;
	unsigned long total = 0;
	unsigned int pass;
	ssize_t len;
	int fd;

	for (pass = 0; pass < blob_passes; pass++) {
		fd = open(a->path, O_RDONLY);
		if (fd < 0)
			die("open %s: %s", a->path, strerror(errno));
		while ((len = read(fd, a->bufs[index], 1 << 20)) > 0)
			total += len;
		if (len < 0)
			die("read %s: %s", a->path, strerror(errno));
		close(fd);
	}
	if (total != blob_passes * BLOB_SIZE)
		die("read %lu bytes of %s", total, a->path);
}

static void bench_blob(const struct fs *fs, unsigned int rep)
{
	struct blob_arg a;
	unsigned int t;
	uint64_t ns;

	snprintf(a.path, sizeof(a.path), "%s/bench/blob", fs->root[0]);
	for (t = 0; t < 2; t++) {
		a.bufs[t] = malloc(1 << 20);
		if (!a.bufs[t])
			die("out of memory");
	}
	for (t = 1; t <= 2; t++) {
		profile_begin("blob_read", t, fs->name);
		ns = now_ns();
		run_threads(t, blob_fn, &a);
		ns = now_ns() - ns;
		profile_end();
		record("blob_read", BLOB_SIZE, t, "sys", fs->name, rep,
		       (double)t * blob_passes * BLOB_SIZE / (1 << 20) /
		       (ns / 1e9), "MiB/s");
	}
	free(a.bufs[0]);
	free(a.bufs[1]);
}

static void mount_all(void)
{
	unsigned int i;

	if (mkdir("/bench", 0755) && errno != EEXIST)
		die("mkdir /bench: %s", strerror(errno));
	for (i = 0; i < ARRAY_SIZE(mounts); i++) {
		if (mkdir(mounts[i][0], 0755) && errno != EEXIST)
			die("mkdir %s: %s", mounts[i][0], strerror(errno));
		if (mount("none", mounts[i][0], mounts[i][1], 0, NULL))
			die("mount -t %s none %s: %s", mounts[i][1],
			    mounts[i][0], strerror(errno));
	}
}

static void umount_all(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(mounts); i++)
		if (umount(mounts[i][0]))
			die("umount %s: %s", mounts[i][0], strerror(errno));
}

static void parse_args(int argc, char **argv)
{
	char *s, *tok;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--smoke")) {
			sizes[0] = 100;
			nr_sizes = 1;
			reps = large_reps = 1;
			u64_ops = 200;
			lookup_ops = 100;
			blob_passes = 1;
			chunk = 30;
		} else if (!strcmp(argv[i], "--sizes") && i + 1 < argc) {
			nr_sizes = 0;
			s = argv[++i];
			while ((tok = strsep(&s, ",")) && nr_sizes < MAX_SIZES)
				sizes[nr_sizes++] = strtoul(tok, NULL, 10);
		} else if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
			reps = strtoul(argv[++i], NULL, 10);
		} else if (!strcmp(argv[i], "--large-reps") && i + 1 < argc) {
			large_reps = strtoul(argv[++i], NULL, 10);
		} else if (!strcmp(argv[i], "--chunk") && i + 1 < argc) {
			chunk = strtoul(argv[++i], NULL, 10);
		} else if (!strcmp(argv[i], "--profile") && i + 1 < argc) {
			profile = argv[++i];
			profile_open();
		} else {
			die("usage: bench [--smoke] [--sizes N,N,...] [--reps R] [--large-reps R] [--chunk C] [--profile WORKLOAD/THREADS/FS]");
		}
	}
	if (!reps || reps > MAX_REPS || !large_reps || large_reps > MAX_REPS)
		die("reps must be 1 to %d", MAX_REPS);
	if (!chunk)
		die("chunk must be at least 1");
}

int main(int argc, char **argv)
{
	static const char * const shapes[] = { "flat", "tree" };
	uint64_t start = now_ns();
	unsigned int s, r, i, nr, m;
	unsigned long n;

	parse_args(argc, argv);
	setvbuf(stdout, NULL, _IOLBF, 0);
	mount_all();
	for (s = 0; s < nr_sizes; s++) {
		n = sizes[s];
		nr = n >= 100000 ? large_reps : reps;
		for (r = 0; r < nr; r++) {
			printf("# n=%lu repetition %u of %u (%.0f s so far)\n",
			       n, r + 1, nr, (now_ns() - start) / 1e9);
			for (i = 0; i < 2; i++)
				bench_entries(shapes[i], n, r,
					      s == nr_sizes - 1);
		}
	}
	for (r = 0; r < reps; r++) {
		printf("# reads: repetition %u of %u (%.0f s so far)\n", r + 1,
		       reps, (now_ns() - start) / 1e9);
		for (i = 0; i < NR_MODES; i++) {
			m = (i + r) % NR_MODES;
			bench_u64(m, r);
		}
		for (i = 0; i < 2; i++)
			bench_blob(&fss[(i + r) % 2], r);
	}
	umount_all();
	printf("# done in %.0f s\n", (now_ns() - start) / 1e9);
	return 0;
}
