// SPDX-License-Identifier: GPL-2.0-only
/*
 * stress: threads creating, removing, renaming, looking up, opening,
 * reading, polling and listing the same dbgfs entries for a fixed time,
 * through the lifetime_client test module (/sys/kernel/dbgfs/lc).
 *
 * usage: stress [SECONDS [THREADS [SEED]]]   (default 20 s, 6 threads,
 * seed 20240601).  Every syscall must succeed or fail with an errno that
 * the race allows; the kernel log is the runner's to check.  Prints TAP.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lc.h"
#include "tap.h"

#define ST	LC "/st"
#define NAMES	8
#define DIRS	3
#define HELD	4

enum { OP_CREATE, OP_REMOVE, OP_RENAME, OP_STAT, OP_READ, OP_HOLD,
	OP_READDIR, OP_POPULATE, OP_UNPOPULATE, OP_DIRSTAT, OP_DROP, OP_NR };

static const char *const op_names[OP_NR] = {
	"create", "remove", "rename", "stat", "open+read+poll", "held fd",
	"readdir", "populate", "unpopulate", "stat in dir", "drop_caches",
};

static atomic_bool stop;
static long counts[OP_NR];
static long bad;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void report_unexpected(const char *what, int err)
{
	pthread_mutex_lock(&lock);
	if (bad++ < 20)
		printf("# unexpected: %s: %s\n", what, strerror(err));
	pthread_mutex_unlock(&lock);
}

/* err must be 0 or one of the allowed errnos (a 0-terminated list). */
static void expect(const char *what, int err, ...)
{
	va_list ap;
	int e;

	if (!err)
		return;
	va_start(ap, err);
	while ((e = va_arg(ap, int)))
		if (e == err)
			break;
	va_end(ap);
	if (!e)
		report_unexpected(what, err);
}

struct worker {
	pthread_t thread;
	unsigned int seed;
	int held[HELD];
	long counts[OP_NR];
};

static void op_read(struct worker *w, const char *path)
{
	struct pollfd pfd;
	char buf[64];
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0) {
		expect("open", errno, ENOENT, 0);
		return;
	}
	n = read(fd, buf, sizeof(buf));
	if (n < 0)
		expect("read", errno, EIO, 0);
	pfd = (struct pollfd){ .fd = fd, .events = POLLIN };
	if (poll(&pfd, 1, 0) < 0)
		report_unexpected("poll", errno);
	if (lseek(fd, 0, SEEK_SET) < 0)
		expect("lseek", errno, EIO, 0);
	close(fd);
	(void)w;
}

static void op_hold(struct worker *w, const char *path)
{
	int i = rand_r(&w->seed) % HELD;
	struct pollfd pfd;
	char buf[64];

	if (w->held[i] >= 0) {
		if (read(w->held[i], buf, sizeof(buf)) < 0)
			expect("read of a held fd", errno, EIO, 0);
		pfd = (struct pollfd){ .fd = w->held[i], .events = POLLIN };
		if (poll(&pfd, 1, 0) != 1)
			report_unexpected("poll of a held fd", errno);
		close(w->held[i]);
		w->held[i] = -1;
		return;
	}
	w->held[i] = open(path, O_RDONLY);
	if (w->held[i] < 0)
		expect("open to hold", errno, ENOENT, 0);
}

static void op_readdir(void)
{
	DIR *d = opendir(ST);
	struct dirent *de;

	if (!d) {
		report_unexpected("opendir", errno);
		return;
	}
	errno = 0;
	while ((de = readdir(d)))
		;
	if (errno)
		report_unexpected("readdir", errno);
	closedir(d);
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	char path[128];
	struct stat st;
	int op, a, b, d, fd;

	while (!stop) {
		op = rand_r(&w->seed) % OP_NR;
		a = rand_r(&w->seed) % NAMES;
		b = rand_r(&w->seed) % NAMES;
		d = rand_r(&w->seed) % DIRS;
		snprintf(path, sizeof(path), ST "/s%d", a);
		switch (op) {
		case OP_CREATE:
			expect("create", lc_ctl("create st/s%d", a), EEXIST, 0);
			break;
		case OP_REMOVE:
			expect("remove", lc_ctl("remove st/s%d", a), ENOENT, 0);
			break;
		case OP_RENAME:
			expect("rename", lc_ctl("rename st/s%d st/s%d", a, b),
			       ENOENT, EEXIST, 0);
			break;
		case OP_STAT:
			if (lstat(path, &st))
				expect("stat", errno, ENOENT, 0);
			else if (!S_ISREG(st.st_mode))
				report_unexpected("stat: not a file", EINVAL);
			break;
		case OP_READ:
			op_read(w, path);
			break;
		case OP_HOLD:
			op_hold(w, path);
			break;
		case OP_READDIR:
			op_readdir();
			break;
		case OP_POPULATE:
			expect("populate", lc_ctl("populate st/d%d 20", d),
			       ENOENT, 0);
			break;
		case OP_UNPOPULATE:
			expect("unpopulate", lc_ctl("unpopulate st/d%d", d),
			       ENOENT, 0);
			break;
		case OP_DIRSTAT:
			snprintf(path, sizeof(path), ST "/d%d/f%d", d, a);
			if (lstat(path, &st))
				expect("stat in dir", errno, ENOENT, 0);
			else
				op_read(w, path);
			break;
		case OP_DROP:
			if (rand_r(&w->seed) % 16)
				break;
			fd = open("/proc/sys/vm/drop_caches", O_WRONLY);
			if (fd < 0 || write(fd, "2", 1) != 1)
				report_unexpected("drop_caches", errno);
			if (fd >= 0)
				close(fd);
			break;
		}
		w->counts[op]++;
	}
	for (a = 0; a < HELD; a++)
		if (w->held[a] >= 0)
			close(w->held[a]);
	return NULL;
}

int main(int argc, char **argv)
{
	int secs = argc > 1 ? atoi(argv[1]) : 20;
	int nthreads = argc > 2 ? atoi(argv[2]) : 6;
	unsigned int seed = argc > 3 ? strtoul(argv[3], NULL, 0) : 20240601;
	struct worker *w;
	long total = 0;
	int i, j;

	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_init();
	diag("stress: %d s, %d threads, seed %u", secs, nthreads, seed);
	w = nthreads > 0 ? calloc(nthreads, sizeof(*w)) : NULL;
	if (!ok(w && secs >= 1, "arguments"))
		return tap_done();
	ok(!lc_ctl("mkdir st"), "mkdir st");
	for (i = 0; i < nthreads; i++) {
		w[i].seed = seed + i;
		for (j = 0; j < HELD; j++)
			w[i].held[j] = -1;
		pthread_create(&w[i].thread, NULL, worker_main, &w[i]);
	}
	sleep(secs);
	stop = true;
	for (i = 0; i < nthreads; i++) {
		pthread_join(w[i].thread, NULL);
		for (j = 0; j < OP_NR; j++)
			counts[j] += w[i].counts[j];
	}
	for (j = 0; j < OP_NR; j++) {
		printf("# %-16s %ld\n", op_names[j], counts[j]);
		total += counts[j];
	}
	ok(!bad, "%ld operations, all answered as the races allow (%ld unexpected)",
	   total, bad);
	ok(!lc_ctl("remove st"), "remove st");
	free(w);
	return tap_done();
}
