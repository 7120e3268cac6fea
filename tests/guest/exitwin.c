// SPDX-License-Identifier: GPL-2.0-only
/*
 * exitwin: the window between a client's exit() and dbgfs' owner cleanup
 * (item 6 of issue 9).  The exiter test module forgets exiter/num and
 * exiter/rel, and its exit() frees their data and then sleeps.  Two threads
 * hammer both files (open+read+close, and reads of rel held open)
 * while this program unloads the module, as often as it must: rmmod answers
 * EAGAIN while a read is in flight.  An epoll set holds rel's poll on the
 * client's wait queue across rmmod: exit() frees that queue (after
 * wake_up_pollfree()), so dbgfs' cleanup must not touch it, and the set
 * must then see EPOLLHUP.  The held rel is also O_ASYNC, on the fasync
 * list in the same data: dbgfs' cleanup must not call exiter's fasync to
 * take it off (exit() did; the list is freed).  Every read that succeeds must answer "42\n";
 * freed data would read as slab poison, or as a KASAN report on the debug
 * kernel.  Prints TAP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tap.h"

#define EX	"/sys/kernel/dbgfs/exiter"

struct hammer {
	atomic_bool stop;
	int held_num, held_rel;
	atomic_int good, bad, eio, enoent, other;
	atomic_int other_errno;
	char first_bad[32];
	pthread_mutex_t lock;
};

/* Counts one read's answer: n bytes in buf, or -1 and errno. */
static void count(struct hammer *h, ssize_t n, const char *buf, int err)
{
	if (n < 0) {
		if (err == EIO)
			h->eio++;
		else if (err == ENOENT)
			h->enoent++;
		else if (!h->other++)
			h->other_errno = err;
		return;
	}
	if (n == 3 && !memcmp(buf, "42\n", 3)) {
		h->good++;
		return;
	}
	pthread_mutex_lock(&h->lock);
	if (!h->bad++)
		snprintf(h->first_bad, sizeof(h->first_bad), "%.*s",
			 (int)(n > 0 && buf[n - 1] == '\n' ? n - 1 : n), buf);
	pthread_mutex_unlock(&h->lock);
}

static void *hammer_thread(void *arg)
{
	struct hammer *h = arg;
	char buf[32];
	ssize_t n;
	int fd;

	while (!h->stop) {
		fd = open(EX "/num", O_RDONLY);
		if (fd < 0) {
			count(h, -1, buf, errno);
		} else {
			n = read(fd, buf, sizeof(buf));
			count(h, n, buf, errno);
			close(fd);
		}
		/* Number files are not seekable: only the held rel is re-read. */
		n = pread(h->held_rel, buf, sizeof(buf), 0);
		count(h, n, buf, errno);
		/* Gaps with no read in flight, in which rmmod can succeed. */
		usleep(1000);
	}
	return NULL;
}

/*
 * rmmod of the module, retried while it answers EAGAIN: a read in flight
 * holds the module, so that its exit() cannot begin under it.  Returns 0
 * or the -errno that ended the tries; counts the refusals in *busy.
 */
static int unload(int *busy)
{
	int i;

	for (i = 0; i < 10000; i++) {
		if (!syscall(SYS_delete_module, "exiter", O_NONBLOCK))
			return 0;
		if (errno != EAGAIN)
			return -errno;
		++*busy;
		usleep(1000);
	}
	return -EAGAIN;
}

int main(void)
{
	struct hammer h = { .lock = PTHREAD_MUTEX_INITIALIZER };
	pthread_t t[2];
	struct epoll_event ev = { .events = EPOLLIN };
	struct stat st;
	char buf[32];
	int i, rc, ep, busy = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_init();
	h.held_num = open(EX "/num", O_RDONLY);
	h.held_rel = open(EX "/rel", O_RDONLY);
	if (!ok(h.held_num >= 0 && h.held_rel >= 0,
		"open exiter/num and exiter/rel to hold across rmmod"))
		return tap_done();
	signal(SIGIO, SIG_IGN);
	ok(!fcntl(h.held_rel, F_SETOWN, getpid()) &&
	   !fcntl(h.held_rel, F_SETFL, O_ASYNC) &&
	   (fcntl(h.held_rel, F_GETFL) & O_ASYNC),
	   "O_ASYNC on the held rel (it is on exiter's fasync list)");
	ep = epoll_create1(0);
	ok(ep >= 0 && !epoll_ctl(ep, EPOLL_CTL_ADD, h.held_rel, &ev) &&
	   epoll_wait(ep, &ev, 1, 0) == 1 && ev.events == EPOLLIN,
	   "an epoll set on the held rel, which is readable");
	for (i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, hammer_thread, &h);
	usleep(300000);
	rc = unload(&busy);
	usleep(300000);
	h.stop = true;
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	ok(rc == 0, "rmmod exiter while two threads read its files (%s, %d refused first)",
	   rc ? strerror(-rc) : "unloaded", busy);
	ok(h.good > 0, "reads before rmmod answered 42 (%d)", h.good);
	ok(!h.bad,
	   "no read answered anything but 42: nothing read freed data (%d did, the first '%s')",
	   h.bad, h.first_bad);
	ok(!h.other,
	   "reads failed with EIO or ENOENT only (EIO %d, ENOENT %d, other %d, the first %s)",
	   h.eio, h.enoent, h.other, h.other ? strerror(h.other_errno) : "-");
	errno = 0;
	ok(read(h.held_num, buf, sizeof(buf)) == -1 && errno == EIO,
	   "the held num answers EIO after rmmod (%s)", strerror(errno));
	errno = 0;
	ok(pread(h.held_rel, buf, sizeof(buf), 0) == -1 && errno == EIO,
	   "the held rel answers EIO after rmmod (%s)", strerror(errno));
	ev.events = 0;
	rc = epoll_wait(ep, &ev, 1, 1000);
	ok(rc == 1 && (ev.events & EPOLLHUP),
	   "the epoll set sees EPOLLHUP on rel after rmmod (%d, events %#x)", rc, ev.events);
	ok(!close(h.held_num) && !close(h.held_rel) && !close(ep),
	   "close the held files and the epoll set");
	ok(stat(EX, &st) == -1 && errno == ENOENT, "exiter/ is gone");
	return tap_done();
}
