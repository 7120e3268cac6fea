// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench: the user-space half of the benchmark, run in the guest after
 * dbgfs_bench.ko (bench/kmod) is loaded.  The same workloads run against
 * the kernel's debugfs and against dbgfs, in alternating order, several
 * times; the medians are printed as
 *
 *   csv: workload,n,threads,fs,value,unit
 *
 * with progress lines starting with "# " in between.  Absolute times mean
 * little under TCG; the ratio of the two filesystems in one boot does.
 *
 * Usage: bench [--smoke] [--sizes N,N,...] [--reps R] [--large-reps R]
 *              [--profile WORKLOAD/THREADS/FS]
 *
 * --smoke runs everything once at N=100, for the test suite.  --profile
 * (bench/profile) has perf record sample only while that one timed span runs:
 * perf started with its events disabled and --control fifo:CTL,ACK, the
 * fifos' paths in $BENCH_PERF_CTL and $BENCH_PERF_ACK.
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
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "kctl.h"

#define BLOB_SIZE	(64UL << 20)
#define MAX_KEYS	512
#define MAX_REPS	16
#define MAX_CACHES	512
#define MAX_SIZES	8

struct fs {
	const char *name;
	const char *root;
};

static struct fs fss[2] = {
	{ "debugfs", "/sys/kernel/debug" },
	{ "dbgfs", "/sys/kernel/dbgfs" },
};

static int smoke;
static unsigned int sizes[MAX_SIZES] = { 1000, 10000, 100000 };
static unsigned int nr_sizes = 3;
static unsigned int reps = 7, large_reps = 5;
static unsigned int u64_ops = 100000, lookup_ops = 10000, blob_passes = 2;

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

/* Called right before a timed span; record() ends it. */
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

/* Results: every value of every key, medians printed at the end. */
struct key {
	char workload[64];
	unsigned long n;
	unsigned int threads;
	const char *fs;
	const char *unit;
	double values[MAX_REPS];
	unsigned int nr;
};

static struct key keys[MAX_KEYS];
static unsigned int nr_keys;

static void record(const char *workload, unsigned long n, unsigned int threads,
		   const char *fs, double value, const char *unit)
{
	struct key *k;
	unsigned int i;

	if (profiling) {
		perf_command("disable\n");
		profiling = 0;
	}
	for (i = 0; i < nr_keys; i++) {
		k = &keys[i];
		if (!strcmp(k->workload, workload) && k->n == n &&
		    k->threads == threads && !strcmp(k->fs, fs))
			break;
	}
	if (i == nr_keys) {
		if (nr_keys == MAX_KEYS)
			die("too many results");
		k = &keys[nr_keys++];
		snprintf(k->workload, sizeof(k->workload), "%s", workload);
		k->n = n;
		k->threads = threads;
		k->fs = fs;
		k->unit = unit;
		k->nr = 0;
	}
	k = &keys[i];
	if (k->nr < MAX_REPS)
		k->values[k->nr++] = value;
	printf("# %s n=%lu threads=%u %s: %.1f %s\n", workload, n, threads, fs,
	       value, unit);
	fflush(stdout);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(struct key *k)
{
	qsort(k->values, k->nr, sizeof(double), cmp_double);
	if (k->nr % 2)
		return k->values[k->nr / 2];
	return (k->values[k->nr / 2 - 1] + k->values[k->nr / 2]) / 2;
}

static void record_mem(const char *shape, const char *phase, unsigned long n,
		       const char *fs, struct meminfo *base,
		       struct meminfo *now)
{
	char name[64];

	snprintf(name, sizeof(name), "slab_%s_%s", shape, phase);
	record(name, n, 1, fs, (now->slab - base->slab) * 1024.0 / n,
	       "B/entry");
	snprintf(name, sizeof(name), "sunreclaim_%s_%s", shape, phase);
	record(name, n, 1, fs,
	       (now->sunreclaim - base->sunreclaim) * 1024.0 / n, "B/entry");
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
			  struct slabinfo *base, struct slabinfo *now)
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
		record(name, n, 1, fs,
		       (double)grown * now->caches[i].size / n, "B/entry");
	}
}

/* A find-style walk: every entry read from its directory and stat'ed. */
static unsigned long walk(int dirfd)
{
	unsigned long count = 0;
	struct dirent *de;
	struct stat st;
	DIR *dir;
	int fd;

	dir = fdopendir(dirfd);
	if (!dir)
		die("fdopendir: %s", strerror(errno));
	while ((de = readdir(dir))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (fstatat(dirfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW))
			die("stat %s: %s", de->d_name, strerror(errno));
		count++;
		if (S_ISDIR(st.st_mode)) {
			fd = openat(dirfd, de->d_name, O_RDONLY | O_DIRECTORY);
			if (fd < 0)
				die("open %s: %s", de->d_name, strerror(errno));
			count += walk(fd);
		}
	}
	closedir(dir);
	return count;
}

static unsigned long walk_path(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY);

	if (fd < 0)
		die("open %s: %s", path, strerror(errno));
	return walk(fd);
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

static uint64_t run_threads(unsigned int nr, void (*fn)(void *, unsigned int),
			    void *arg)
{
	struct uthread t[2];
	uint64_t start = now_ns();
	unsigned int i;

	if (nr == 1) {
		fn(arg, 0);
		return now_ns() - start;
	}
	for (i = 0; i < nr; i++) {
		t[i] = (struct uthread){ .fn = fn, .arg = arg, .index = i };
		if (pthread_create(&t[i].tid, NULL, uthread_main, &t[i]))
			die("pthread_create");
	}
	for (i = 0; i < nr; i++)
		pthread_join(t[i].tid, NULL);
	return now_ns() - start;
}

/* lookup: stat of random existing paths of the flat directory. */
struct lookup_arg {
	const struct fs *fs;
	const unsigned int *idx;
	unsigned int count, threads;
};

static void lookup_fn(void *p, unsigned int index)
{
	struct lookup_arg *a = p;
	unsigned int i, per = a->count / a->threads;
	char path[256];
	struct stat st;

	for (i = index * per; i < (index + 1) * per; i++) {
		snprintf(path, sizeof(path), "%s/bench_tree/f%u", a->fs->root,
			 a->idx[i]);
		if (stat(path, &st))
			die("stat %s: %s", path, strerror(errno));
	}
}

static void bench_lookup(const struct fs *fs, unsigned long n)
{
	static unsigned int idx[100000];
	struct lookup_arg a = { .fs = fs, .idx = idx };
	uint32_t x = 2463534242U;
	unsigned int i, t;
	uint64_t ns;

	a.count = lookup_ops < n ? lookup_ops : n;
	if (a.count > ARRAY_SIZE(idx))
		a.count = ARRAY_SIZE(idx);
	for (i = 0; i < a.count; i++) {	/* xorshift32, the same paths each time */
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		idx[i] = x % n;
	}
	for (t = 1; t <= 2; t++) {
		a.threads = t;
		drop_dcache();
		profile_begin("lookup_cold", t, fs->name);
		ns = run_threads(t, lookup_fn, &a);
		record("lookup_cold", n, t, fs->name, (double)ns / a.count,
		       "ns/op");
		profile_begin("lookup_warm", t, fs->name);
		ns = run_threads(t, lookup_fn, &a);
		record("lookup_warm", n, t, fs->name, (double)ns / a.count,
		       "ns/op");
	}
}

static void bench_readdir(const struct fs *fs, unsigned long n)
{
	static char buf[32768];
	unsigned long count = 0;
	char path[256];
	uint64_t start;
	long len, off;
	int fd;

	snprintf(path, sizeof(path), "%s/bench_tree", fs->root);
	profile_begin("readdir", 1, fs->name);
	start = now_ns();
	fd = open(path, O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		die("open %s: %s", path, strerror(errno));
	while ((len = getdents64(fd, buf, sizeof(buf))) > 0)
		for (off = 0; off < len;
		     off += ((struct dirent64 *)(buf + off))->d_reclen)
			count++;
	if (len < 0)
		die("getdents64 %s: %s", path, strerror(errno));
	close(fd);
	record("readdir", n, 1, fs->name, (double)(now_ns() - start) / n,
	       "ns/entry");
	if (count != n + 2)
		die("readdir %s: %lu entries, not %lu", path, count, n + 2);
}

/*
 * One filesystem, one shape, one size: create (timed in the kernel),
 * memory idle, walk, memory after it and after drop_caches, lookups in the
 * flat directory (bench/report plots them against N), readdir of the flat
 * directory of the largest size, remove.
 */
static void bench_entries(const struct fs *fs, const char *shape,
		       unsigned long n, int largest)
{
	static struct slabinfo s0, s1;
	struct meminfo m0, m1;
	char name[64], path[256];
	unsigned long entries;
	int flat = !strcmp(shape, "flat");
	int caches = largest && flat;
	uint64_t ns, start;

	drop_dcache();
	m0 = read_meminfo();
	if (caches && read_slabinfo(&s0))
		caches = 0;
	snprintf(name, sizeof(name), "create_%s", shape);
	profile_begin(name, 1, fs->name);
	ns = kcmd("create %s %s %lu 1", fs->name, shape, n);
	record(name, n, 1, fs->name, (double)ns / n, "ns/entry");

	settle();
	m1 = read_meminfo();
	record_mem(shape, "idle", n, fs->name, &m0, &m1);
	if (caches && !read_slabinfo(&s1))
		record_caches("idle", n, fs->name, &s0, &s1);

	snprintf(path, sizeof(path), "%s/bench_tree", fs->root);
	snprintf(name, sizeof(name), "walk_%s", shape);
	profile_begin(name, 1, fs->name);
	start = now_ns();
	entries = walk_path(path);
	ns = now_ns() - start;
	record(name, n, 1, fs->name, (double)ns / entries, "ns/entry");
	settle();
	m1 = read_meminfo();
	record_mem(shape, "walked", n, fs->name, &m0, &m1);
	if (caches && !read_slabinfo(&s1))
		record_caches("walked", n, fs->name, &s0, &s1);

	drop_dcache();
	m1 = read_meminfo();
	record_mem(shape, "dropped", n, fs->name, &m0, &m1);

	if (flat)
		bench_lookup(fs, n);
	if (largest && flat)
		bench_readdir(fs, n);

	snprintf(name, sizeof(name), "remove_%s", shape);
	profile_begin(name, 1, fs->name);
	ns = kcmd("remove %s", fs->name);
	record(name, n, 1, fs->name, (double)ns / n, "ns/entry");
}

/* Creation and removal with two kthreads. */
static void bench_tree_threads(const struct fs *fs, const char *shape,
			       unsigned long n)
{
	char name[64];
	uint64_t ns;

	settle();
	snprintf(name, sizeof(name), "create_%s", shape);
	profile_begin(name, 2, fs->name);
	ns = kcmd("create %s %s %lu 2", fs->name, shape, n);
	record(name, n, 2, fs->name, (double)ns / n, "ns/entry");
	snprintf(name, sizeof(name), "remove_%s", shape);
	profile_begin(name, 2, fs->name);
	ns = kcmd("remove %s", fs->name);
	record(name, n, 2, fs->name, (double)ns / n, "ns/entry");
}

/* open+read+close of the u64 file. */
struct file_arg {
	char path[256];
	unsigned int ops, threads;
	char *bufs[2];
};

static void u64_fn(void *p, unsigned int index)
{
	struct file_arg *a = p;
	unsigned int i;
	char buf[64];
	int fd;

	for (i = 0; i < a->ops / a->threads; i++) {
		fd = open(a->path, O_RDONLY);
		if (fd < 0)
			die("open %s: %s", a->path, strerror(errno));
		if (read(fd, buf, sizeof(buf)) <= 0)
			die("read %s (thread %u)", a->path, index);
		close(fd);
	}
}

static void bench_u64(const struct fs *fs)
{
	struct file_arg a = { .ops = u64_ops };
	unsigned int t;
	uint64_t ns;

	snprintf(a.path, sizeof(a.path), "%s/bench/u64", fs->root);
	for (t = 1; t <= 2; t++) {
		a.threads = t;
		profile_begin("u64_open_read_close", t, fs->name);
		ns = run_threads(t, u64_fn, &a);
		record("u64_open_read_close", a.ops, t, fs->name,
		       (double)ns / a.ops, "ns/op");
	}
}

static void blob_fn(void *p, unsigned int index)
{
	struct file_arg *a = p;
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

static void bench_blob(const struct fs *fs)
{
	struct file_arg a = { .ops = 0 };
	unsigned int t;
	uint64_t ns;

	snprintf(a.path, sizeof(a.path), "%s/bench/blob", fs->root);
	for (t = 0; t < 2; t++) {
		a.bufs[t] = malloc(1 << 20);
		if (!a.bufs[t])
			die("out of memory");
	}
	for (t = 1; t <= 2; t++) {
		a.threads = t;
		profile_begin("blob_read", t, fs->name);
		ns = run_threads(t, blob_fn, &a);
		record("blob_read", BLOB_SIZE, t, fs->name,
		       (double)t * blob_passes * BLOB_SIZE / (1 << 20) /
		       (ns / 1e9), "MiB/s");
	}
	free(a.bufs[0]);
	free(a.bufs[1]);
}

static void parse_args(int argc, char **argv)
{
	char *s, *tok;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--smoke")) {
			smoke = 1;
			sizes[0] = 100;
			nr_sizes = 1;
			reps = large_reps = 1;
			u64_ops = 1000;
			lookup_ops = 100;
			blob_passes = 1;
		} else if (!strcmp(argv[i], "--sizes") && i + 1 < argc) {
			nr_sizes = 0;
			s = argv[++i];
			while ((tok = strsep(&s, ",")) && nr_sizes < MAX_SIZES)
				sizes[nr_sizes++] = strtoul(tok, NULL, 10);
		} else if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
			reps = strtoul(argv[++i], NULL, 10);
		} else if (!strcmp(argv[i], "--large-reps") && i + 1 < argc) {
			large_reps = strtoul(argv[++i], NULL, 10);
		} else if (!strcmp(argv[i], "--profile") && i + 1 < argc) {
			profile = argv[++i];
			profile_open();
		} else {
			die("usage: bench [--smoke] [--sizes N,N,...] [--reps R] [--large-reps R] [--profile WORKLOAD/THREADS/FS]");
		}
	}
	if (!reps || reps > MAX_REPS || !large_reps || large_reps > MAX_REPS)
		die("reps must be 1 to %d", MAX_REPS);
}

int main(int argc, char **argv)
{
	static const char * const shapes[] = { "flat", "tree" };
	uint64_t start = now_ns();
	unsigned int s, r, i, f, nr;
	const struct fs *fs;
	unsigned long n;
	struct key *k;

	parse_args(argc, argv);
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (s = 0; s < nr_sizes; s++) {
		n = sizes[s];
		nr = n >= 100000 ? large_reps : reps;
		for (r = 0; r < nr; r++) {
			printf("# n=%lu repetition %u of %u (%.0f s so far)\n",
			       n, r + 1, nr, (now_ns() - start) / 1e9);
			for (i = 0; i < 2; i++)
				for (f = 0; f < 2; f++) {
					fs = &fss[(f + r) % 2];
					bench_entries(fs, shapes[i], n,
						   s == nr_sizes - 1);
					bench_tree_threads(fs, shapes[i], n);
				}
		}
	}
	for (r = 0; r < reps; r++) {
		printf("# reads: repetition %u of %u (%.0f s so far)\n", r + 1,
		       reps, (now_ns() - start) / 1e9);
		for (f = 0; f < 2; f++) {
			bench_u64(&fss[(f + r) % 2]);
			bench_blob(&fss[(f + r) % 2]);
		}
	}
	printf("# done in %.0f s; medians:\n", (now_ns() - start) / 1e9);
	for (i = 0; i < nr_keys; i++) {
		k = &keys[i];
		printf("csv: %s,%lu,%u,%s,%.1f,%s\n", k->workload, k->n,
		       k->threads, k->fs, median(k), k->unit);
	}
	return 0;
}
