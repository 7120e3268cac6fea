// SPDX-License-Identifier: GPL-2.0-only
/*
 * rcu: what RCU readers may still see must outlive them (doc/design.md, section 4.8),
 * through the rcu_client test module (/sys/kernel/dbgfs/rc).
 *
 * usage: rcu [SECONDS]   (default 10)
 *
 * For SECONDS, at once: a writer replaces rc/str with strings of one
 * capital letter; a peeker reads the string as the client does (under
 * rcu_read_lock(), slowly) and checks it is whole; two resolvers follow the
 * symlink rc/links/l with stat(), whose long target a path walk in RCU
 * mode reads without a reference; a remover makes the link and the str file again,
 * looks the old name up (which drops its dentry and inode) and drops the
 * caches.  A freed string shows as a torn peek (slab poison on the stock
 * kernels) or as a KASAN report (debug kernel) that the runner fails.
 * Prints TAP.
 */
#define _GNU_SOURCE
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

#include "compiler.h"
#include "tap.h"

#define RC		"/sys/kernel/dbgfs/rc"
#define STR_LEN		2000

static atomic_bool stop;
static atomic_long writes, peeks, torn, resolved, gone, relinks, odd;
static char torn_sample[64];

static int rc_ctl(const char *cmd)
{
	int fd = open(RC "/ctl", O_WRONLY), err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, cmd, strlen(cmd)) < 0)
		err = errno;
	close(fd);
	return err;
}

static void *writer(void *arg)
{
	char buf[STR_LEN];
	int letter = 0, fd;

	(void)arg;
	while (!atomic_load(&stop)) {
		memset(buf, 'A' + letter, sizeof(buf));
		letter = (letter + 1) % 26;
		fd = open(RC "/str", O_WRONLY);
		if (fd < 0)
			continue;	/* between restr's removal and creation */
		if (pwrite(fd, buf, sizeof(buf), 0) == (ssize_t)sizeof(buf))
			atomic_fetch_add(&writes, 1);
		else if (errno != EIO)
			atomic_fetch_add(&odd, 1);
		close(fd);
	}
	return NULL;
}

/* A whole string: "init", or STR_LEN times one capital letter. */
static bool whole(const char *s, ssize_t n)
{
	ssize_t i;

	if (n == 5 && !memcmp(s, "init\n", 5))
		return true;
	if (n != STR_LEN + 1 || s[STR_LEN] != '\n' || s[0] < 'A' || s[0] > 'Z')
		return false;
	for (i = 1; i < STR_LEN; i++)
		if (s[i] != s[0])
			return false;
	return true;
}

static void *peeker(void *arg)
{
	static char buf[8192];
	ssize_t n;
	int fd;

	(void)arg;
	fd = open(RC "/peek", O_RDONLY);
	if (fd < 0) {
		atomic_fetch_add(&odd, 1);
		return NULL;
	}
	while (!atomic_load(&stop)) {
		n = pread(fd, buf, sizeof(buf), 0);
		if (n < 0) {
			atomic_fetch_add(&odd, 1);
			break;
		}
		atomic_fetch_add(&peeks, 1);
		if (!whole(buf, n) && !atomic_fetch_add(&torn, 1))
			snprintf(torn_sample, sizeof(torn_sample),
				 "%zd bytes: %.16s...%.16s", n, buf,
				 n > 16 ? buf + n - 16 : buf);
	}
	close(fd);
	return NULL;
}

/* Follows links/l with stat(): the walk reads its target in RCU mode. */
static void *resolver(void *arg)
{
	const struct stat *t = arg;
	struct stat st;

	while (!atomic_load(&stop)) {
		if (stat(RC "/links/l", &st)) {
			/* Between relink's removal and creation. */
			atomic_fetch_add(errno == ENOENT ? &gone : &odd, 1);
			continue;
		}
		if (st.st_ino == t->st_ino)
			atomic_fetch_add(&resolved, 1);
		else
			atomic_fetch_add(&odd, 1);
	}
	return NULL;
}

static void drop_dentries(void)
{
	int fd = open("/proc/sys/vm/drop_caches", O_WRONLY);

	if (fd < 0)
		return;
	if (write(fd, "2", 1) != 1)
		atomic_fetch_add(&odd, 1);
	close(fd);
}

static void *remover(void *arg)
{
	struct stat st;
	long i;

	(void)arg;
	for (i = 0; !atomic_load(&stop); i++) {
		if (rc_ctl("relink"))
			atomic_fetch_add(&odd, 1);
		else
			atomic_fetch_add(&relinks, 1);
		/* Finds the old dentry stale: it and its inode go now. */
		lstat(RC "/links/l", &st);
		if (i % 8 == 7 && rc_ctl("restr"))
			atomic_fetch_add(&odd, 1);
		if (i % 16 == 15)
			drop_dentries();
		/* Rare enough that most walks find the new link's atime set and stay in
		 * RCU mode (a first follow updates it, in ref mode).
		 */
		usleep(50000);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	void *(*fns[])(void *) = { writer, peeker, resolver, resolver,
				   remover };
	pthread_t threads[ARRAY_SIZE(fns)];
	int secs = argc > 1 ? atoi(argv[1]) : 10;
	struct stat t;
	unsigned int i;

	tap_init();
	if (stat(RC "/links/t", &t)) {
		ok(false, "stat links/t: %s", strerror(errno));
		return tap_done();
	}
	for (i = 0; i < ARRAY_SIZE(fns); i++)
		if (pthread_create(&threads[i], NULL, fns[i], &t)) {
			diag("pthread_create: %s", strerror(errno));
			return 1;
		}
	sleep(secs > 0 ? secs : 10);
	atomic_store(&stop, true);
	for (i = 0; i < ARRAY_SIZE(fns); i++)
		pthread_join(threads[i], NULL);

	ok(atomic_load(&writes) > 0 && atomic_load(&peeks) > 0,
	   "str: %ld writes replaced the string while it was read %ld times",
	   atomic_load(&writes), atomic_load(&peeks));
	if (!ok(!atomic_load(&torn),
		"str: every read under rcu_read_lock() saw a whole string (%ld torn)",
		atomic_load(&torn)))
		diag("first torn read: %s", torn_sample);
	ok(atomic_load(&resolved) > 0 && atomic_load(&relinks) > 0,
	   "symlink: links/l resolved to links/t %ld times while it was made %ld times (%ld between)",
	   atomic_load(&resolved), atomic_load(&relinks), atomic_load(&gone));
	ok(!atomic_load(&odd), "no unexpected errors or contents (%ld)",
	   atomic_load(&odd));
	return tap_done();
}
