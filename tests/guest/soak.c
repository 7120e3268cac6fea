// SPDX-License-Identifier: GPL-2.0-only
/*
 * soak: many create/remove cycles of dbgfs entries, with opens and reads in
 * between and across each removal, and the memory they leave behind (none:
 * the lifetime rules of doc/guide.md).  The entries are dbgfs_bench.ko's
 * u32 files (bench/kmod), made and removed in the kernel; the kernel's
 * memory counters are read as the benchmark reads them (bench/kctl.c).
 * Simple attributes are not seekable: the reads are read(), not pread().
 *
 * usage: soak run ENTRIES ROUND MAX_B
 *        soak snapshot FILE
 *        soak compare FILE ENTRIES MAX_B
 *
 * run makes ENTRIES u32 files in rounds of ROUND (flat and tree shapes, one
 * and two kernel threads, in turn); each round walks the tree (readdir and
 * stat of every entry), opens and reads some files, keeps some open while
 * another thread reads them during the removal, and checks that those
 * answer EIO afterwards.  Before the first counted round and after the
 * last, the caches are dropped and dbgfs' slab caches shrunk: their object
 * counts must match exactly, dentries and inodes be back (but for SLACK),
 * and SUnreclaim within MAX_B bytes per entry.  snapshot and compare do the
 * same for the time before dbgfs is loaded and after it is gone.  Prints
 * TAP.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "kctl.h"
#include "tap.h"

#define TREE		"/sys/kernel/dbgfs/bench_tree"
#define SLAB		"/sys/kernel/slab/"
#define READS		64	/* files opened and read each round */
#define HELD		8	/* of them, kept open across the removal */
/*
 * Dentries and inodes the rest of the system may make between two counts
 * (the /proc and /sys files read to count them are among them).
 */
#define SLACK		16

struct counts {
	long sunreclaim;	/* kB */
	long dentries, inodes;
	long nodes, dbgfs_inodes;	/* objects of dbgfs' caches; -1: none */
	bool loaded;			/* dbgfs was: its caches must be there */
};

static struct {
	long rounds, walked_short, reads, bad_reads;
	long held, eio_after, left, files_walked;
	/*
	 * The racer's reads: answered before the removal began (ok_before),
	 * EIO (after it began), another error (bad), and a read that
	 * answered after an EIO of the same file (revived).
	 */
	long racing_reads, racing_ok_before, racing_eio, racing_bad,
	     racing_revived;
} st;

static int held_fds[HELD];
static int nr_held;
static atomic_bool stop, removing;

static long first_number(const char *path)
{
	FILE *f = fopen(path, "r");
	long v;

	if (!f)
		die("%s: %s", path, strerror(errno));
	if (fscanf(f, "%ld", &v) != 1)
		die("%s: no number", path);
	fclose(f);
	return v;
}

/* A dbgfs cache's live objects, exact once it is shrunk; -1 if absent. */
static long cache_objects(const char *cache)
{
	char path[128];

	snprintf(path, sizeof(path), SLAB "%s/shrink", cache);
	if (access(path, W_OK)) {
		diag("%s: %s", path, strerror(errno));
		return -1;
	}
	write_file(path, "1");
	snprintf(path, sizeof(path), SLAB "%s/objects", cache);
	return first_number(path);
}

/*
 * Shrinks every slab cache: their CPU slabs go back to the lists that the
 * counts see, and KASAN's quarantine (the debug kernel) gives back what it
 * holds of each.
 */
static void shrink_caches(void)
{
	DIR *d = opendir(SLAB);
	char path[320];
	struct dirent *e;
	int fd;

	if (!d)
		die(SLAB ": %s", strerror(errno));
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), SLAB "%s/shrink", e->d_name);
		fd = open(path, O_WRONLY);
		if (fd < 0)
			continue;
		if (write(fd, "1", 1) != 1)
			die("%s: %s", path, strerror(errno));
		close(fd);
	}
	closedir(d);
}

static struct counts measure(void)
{
	struct counts c;

	drop_dcache();
	shrink_caches();
	c.sunreclaim = read_meminfo().sunreclaim;
	c.dentries = first_number("/proc/sys/fs/dentry-state");
	c.inodes = first_number("/proc/sys/fs/inode-nr");
	c.nodes = cache_objects("dbgfs_node");
	c.dbgfs_inodes = cache_objects("dbgfs_inode");
	c.loaded = true;
	return c;
}

/* The module's counts are gone with it: snapshot and compare need no kctl. */
static struct counts measure_unloaded(void)
{
	struct counts c = { .nodes = -1, .dbgfs_inodes = -1 };

	sync();
	write_file("/proc/sys/vm/drop_caches", "2");
	/* what is freed after a grace period: wait for a few of them */
	usleep(500000);
	shrink_caches();
	c.sunreclaim = read_meminfo().sunreclaim;
	c.dentries = first_number("/proc/sys/fs/dentry-state");
	c.inodes = first_number("/proc/sys/fs/inode-nr");
	return c;
}

static void compare(const struct counts *a, const struct counts *b,
		    long entries, double max_b)
{
	double sunreclaim = (b->sunreclaim - a->sunreclaim) * 1024.0 / entries;
	double dentries = (double)(b->dentries - a->dentries) / entries;
	double inodes = (double)(b->inodes - a->inodes) / entries;

	/* -1: the cache's shrink file is not there, or not writable. */
	if (a->loaded) {
		ok(a->nodes >= 0 && a->nodes == b->nodes,
		   "dbgfs_node objects: %ld before, %ld after", a->nodes,
		   b->nodes);
		ok(a->dbgfs_inodes >= 0 && a->dbgfs_inodes == b->dbgfs_inodes,
		   "dbgfs_inode objects: %ld before, %ld after",
		   a->dbgfs_inodes, b->dbgfs_inodes);
	}
	ok(b->dentries - a->dentries <= SLACK,
	   "dentries: %ld before, %ld after (%.4f per entry), at most %d more",
	   a->dentries, b->dentries, dentries, SLACK);
	ok(b->inodes - a->inodes <= SLACK,
	   "inodes: %ld before, %ld after (%.4f per entry), at most %d more",
	   a->inodes, b->inodes, inodes, SLACK);
	ok(sunreclaim <= max_b,
	   "SUnreclaim: %ld kB before, %ld kB after: %.3f B per entry, at most %.3f",
	   a->sunreclaim, b->sunreclaim, sunreclaim, max_b);
}

static void read_one(const char *path)
{
	char buf[32];
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0) {
		st.bad_reads++;
		diag("open %s: %s", path, strerror(errno));
		return;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	st.reads++;
	if (n < 2 || buf[n - 1] != '\n' || buf[0] < '0' || buf[0] > '9') {
		st.bad_reads++;
		diag("read %s: %zd", path, n);
	}
	if (nr_held < HELD)
		held_fds[nr_held++] = fd;
	else
		close(fd);
}

/* readdir and stat of every entry below @path; reads the first READS files */
static long walk(const char *path, long *files)
{
	DIR *d = opendir(path);
	char sub[512];
	struct dirent *e;
	struct stat sb;
	long entries = 0;

	if (!d)
		die("opendir %s: %s", path, strerror(errno));
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
		if (stat(sub, &sb))
			die("stat %s: %s", sub, strerror(errno));
		entries++;
		if (S_ISDIR(sb.st_mode))
			entries += walk(sub, files);
		else if ((*files)++ < READS)
			read_one(sub);
	}
	closedir(d);
	return entries;
}

/*
 * Reads the held files while they are removed.  read_one() read each
 * once, so a read answers the end of the file (0) until the removal, EIO
 * after it.
 */
static void *racer(void *arg)
{
	bool eio[HELD] = { false };
	char buf[32];
	bool began, began_after;
	ssize_t n;
	int i;

	(void)arg;
	while (!atomic_load(&stop)) {
		for (i = 0; i < nr_held; i++) {
			began = atomic_load(&removing);
			st.racing_reads++;
			n = read(held_fds[i], buf, sizeof(buf));
			began_after = atomic_load(&removing);
			if (n < 0 && errno == EIO && !began_after) {
				st.racing_bad++;
				diag("racing read: EIO before the removal began");
			} else if (n < 0 && errno == EIO) {
				st.racing_eio++;
				eio[i] = true;
			} else if (n < 0) {
				st.racing_bad++;
				diag("racing read: %s", strerror(errno));
			} else if (eio[i]) {
				st.racing_revived++;
			} else if (!began) {
				st.racing_ok_before++;
			}
		}
	}
	return NULL;
}

static void round_of(unsigned int n)
{
	const char *shape = st.rounds % 2 ? "tree" : "flat";
	unsigned int threads = st.rounds / 2 % 2 + 1;
	pthread_t t;
	long files = 0;
	char buf[32];
	int i;

	kcmd("create dbgfs %s %u %u", shape, n, threads);
	walk(TREE, &files);
	st.files_walked += files;
	if (files != n) {
		st.walked_short++;
		diag("round %ld (%s, %u threads): walk saw %ld of %u files",
		     st.rounds, shape, threads, files, n);
	}
	atomic_store(&stop, false);
	atomic_store(&removing, false);
	if (pthread_create(&t, NULL, racer, NULL))
		die("pthread_create");
	usleep(1000);	/* reads of the live files first */
	atomic_store(&removing, true);
	kcmd("remove dbgfs");
	atomic_store(&stop, true);
	pthread_join(t, NULL);
	for (i = 0; i < nr_held; i++) {
		st.held++;
		if (read(held_fds[i], buf, sizeof(buf)) < 0 && errno == EIO)
			st.eio_after++;
		close(held_fds[i]);
	}
	nr_held = 0;
	if (!access(TREE, F_OK))
		st.left++;
	st.rounds++;
}

static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int run(long entries, unsigned int round, double max_b)
{
	struct counts before, after;
	long done = 0;
	double t0;
	unsigned int n;

	/* one round first, so that what dbgfs allocates once is there */
	round_of(round);
	st = (typeof(st)){ 0 };
	before = measure();
	t0 = seconds();
	while (done < entries) {
		n = entries - done < round ? entries - done : round;
		round_of(n);
		done += n;
	}
	diag("%ld entries in %.1f s: %.0f per second, with %ld reads",
	     done, seconds() - t0, done / (seconds() - t0), st.reads);
	after = measure();

	ok(done == entries && st.files_walked == done && !st.left,
	   "%ld entries created, %ld walked, and removed in %ld rounds",
	   done, st.files_walked, st.rounds);
	ok(!st.walked_short, "every round's walk saw all its files (%ld short)",
	   st.walked_short);
	ok(st.reads > 0 && !st.bad_reads, "%ld reads of a number, %ld bad",
	   st.reads, st.bad_reads);
	ok(st.held == st.rounds * HELD && st.eio_after == st.held,
	   "files held across removal answer EIO after it: %ld of %ld",
	   st.eio_after, st.held);
	ok(st.racing_ok_before > 0 && st.racing_eio > 0 && !st.racing_bad &&
	   !st.racing_revived,
	   "reads raced the removals: %ld, %ld answered before it, %ld EIO, %ld neither, %ld answered after an EIO",
	   st.racing_reads, st.racing_ok_before, st.racing_eio, st.racing_bad,
	   st.racing_revived);
	ok(!st.left, "the tree is gone after each removal (%ld left)", st.left);
	compare(&before, &after, done, max_b);
	return tap_done();
}

static void snapshot(const char *file)
{
	struct counts c = measure_unloaded();
	FILE *f = fopen(file, "w");

	if (!f || fprintf(f, "%ld %ld %ld\n", c.sunreclaim, c.dentries,
			  c.inodes) < 0 || fclose(f))
		die("%s: %s", file, strerror(errno));
}

static int compare_with(const char *file, long entries, double max_b)
{
	struct counts before = { .nodes = -1, .dbgfs_inodes = -1 }, after;
	FILE *f = fopen(file, "r");

	if (!f || fscanf(f, "%ld %ld %ld", &before.sunreclaim,
			 &before.dentries, &before.inodes) != 3)
		die("%s: no snapshot", file);
	fclose(f);
	after = measure_unloaded();
	compare(&before, &after, entries, max_b);
	return tap_done();
}

int main(int argc, char **argv)
{
	tap_init();
	if (argc == 5 && !strcmp(argv[1], "run"))
		return run(atol(argv[2]), atoi(argv[3]), atof(argv[4]));
	if (argc == 3 && !strcmp(argv[1], "snapshot")) {
		snapshot(argv[2]);
		return 0;
	}
	if (argc == 5 && !strcmp(argv[1], "compare"))
		return compare_with(argv[2], atol(argv[3]), atof(argv[4]));
	fprintf(stderr, "usage: soak run ENTRIES ROUND MAX_B | snapshot FILE | compare FILE ENTRIES MAX_B\n");
	return 2;
}
