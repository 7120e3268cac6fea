// SPDX-License-Identifier: GPL-2.0-only
/*
 * notify: change notification of dbgfs files, from user space, through the
 * notify_client test module (tests/kernel/notify_client.c), whose timer
 * notifies from hard interrupt context.
 *
 * What it shows: poll answers EPOLLPRI | EPOLLERR after a notification and
 * until the next read; typed files notify when written; a poller that
 * rereads after each wake-up loses none of 1,000 notifications (poll and
 * epoll); a burst reaches the poller with its last value; inotify sees
 * IN_MODIFY on the file and its directory; a notification racing removal
 * wakes nobody once dbgfs_remove() has returned; and the tool's watch
 * prints a notified value within a bound, its latency reported.
 *
 * Usage: notify [LOCKSTEP_N [RACE_ROUNDS]]  (defaults 1000 and 10)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/inotify.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tap.h"

#define DIR		"/sys/kernel/dbgfs/notify"
#define WAIT_MS		10000	/* a wake-up that takes longer is lost */
#define STAMPS		50

static int open_file(const char *name, int flags)
{
	char path[256];

	snprintf(path, sizeof(path), DIR "/%s", name);
	return open(path, flags | O_CLOEXEC);
}

/* Writes @text to the file @name; 0 or -errno. */
static int put(const char *name, const char *text)
{
	int fd = open_file(name, O_WRONLY);
	ssize_t n;
	int err = 0;

	if (fd < 0)
		return -errno;
	n = write(fd, text, strlen(text));
	if (n < 0)
		err = -errno;
	close(fd);
	return err;
}

static int put_u64(const char *name, uint64_t v)
{
	char text[32];

	snprintf(text, sizeof(text), "%" PRIu64, v);
	return put(name, text);
}

static int ctl(const char *fmt, uint64_t arg)
{
	char cmd[64];

	snprintf(cmd, sizeof(cmd), fmt, arg);
	return put("ctl", cmd);
}

/*
 * Reads a u64 file through @fd, just opened: the read that re-arms it.
 * Typed files are not seekable (nor pread-able), as in debugfs: a poller
 * opens the file again to read the next value, and polls that open file.
 */
static int read_value(int fd, uint64_t *v)
{
	char buf[64];
	ssize_t n = read(fd, buf, sizeof(buf) - 1);

	if (n <= 0)
		return -1;
	buf[n] = '\0';
	*v = strtoull(buf, NULL, 0);
	return 0;
}

static int get_u64(const char *name, uint64_t *v)
{
	int fd = open_file(name, O_RDONLY);
	int ret;

	if (fd < 0)
		return -1;
	ret = read_value(fd, v);
	close(fd);
	return ret;
}

static short poll_one(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLPRI };

	if (poll(&p, 1, ms) < 0)
		return -1;
	return p.revents;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/*
 * poll on a typed file: readable at once, silent for POLLPRI until a write
 * of the file (not a refused one, @bad, if any), then POLLPRI | POLLERR.
 */
static void typed_file(const char *name, const char *good, const char *bad)
{
	int fd = open_file(name, O_RDONLY);
	struct pollfd in;
	char buf[64];
	short r;

	if (!ok(fd >= 0, "%s: open", name))
		return;
	in = (struct pollfd){ .fd = fd, .events = POLLIN };
	ok(poll(&in, 1, 0) == 1 && in.revents == POLLIN, "%s: poll: readable (0x%x)",
	   name, in.revents);
	r = poll_one(fd, 0);
	ok(r == 0, "%s: poll for POLLPRI before a write: nothing (0x%x)", name, r);
	if (bad) {
		ok(put(name, bad) < 0, "%s: the bad write '%s' is refused", name, bad);
		r = poll_one(fd, 200);
		ok(r == 0, "%s: a refused write notifies nobody (0x%x)", name, r);
	}
	ok(!put(name, good), "%s: write '%s'", name, good);
	r = poll_one(fd, WAIT_MS);
	ok((r & (POLLPRI | POLLERR)) == (POLLPRI | POLLERR),
	   "%s: a write through the file wakes the poller with POLLPRI|POLLERR (0x%x)",
	   name, r);
	r = poll_one(fd, 0);
	ok(r & POLLPRI, "%s: ... and poll answers so until the next read (0x%x)", name, r);
	ok(read(fd, buf, sizeof(buf)) > 0, "%s: read", name);
	r = poll_one(fd, 0);
	ok(!(r & POLLPRI), "%s: after the read poll waits again (0x%x)", name, r);
	close(fd);
}

/* Waits for a notification, with poll or with epoll; its revents. */
struct waiter {
	int fd;
	int epfd;	/* -1: poll */
};

/* Opens value again and reads it: the next wait is on that open file. */
static int waiter_reopen(struct waiter *w, uint64_t *v)
{
	struct epoll_event ev = { .events = EPOLLPRI };

	if (w->fd >= 0) {
		if (w->epfd >= 0)
			epoll_ctl(w->epfd, EPOLL_CTL_DEL, w->fd, NULL);
		close(w->fd);
	}
	w->fd = open_file("value", O_RDONLY);
	if (w->fd < 0 || read_value(w->fd, v))
		return -1;
	ev.data.fd = w->fd;
	if (w->epfd >= 0 && epoll_ctl(w->epfd, EPOLL_CTL_ADD, w->fd, &ev))
		return -1;
	return 0;
}

static unsigned int wait_pri(struct waiter *w)
{
	struct epoll_event ev;
	int n;

	if (w->epfd < 0)
		return (unsigned short)poll_one(w->fd, WAIT_MS);
	n = epoll_wait(w->epfd, &ev, 1, WAIT_MS);
	return n == 1 ? ev.events : 0;
}

/*
 * The timer makes the next value only once the last one is acked, so each
 * of @n notifications must wake the poller: one lost, and it waits for good.
 */
static void notify_lockstep(uint64_t n, bool use_epoll)
{
	const char *how = use_epoll ? "epoll" : "poll";
	uint64_t v0, v, expect, wakes = 0, t0;
	struct waiter w = { .fd = -1, .epfd = -1 };
	bool in_order = true;
	unsigned int r = 0;

	if (use_epoll)
		w.epfd = epoll_create1(EPOLL_CLOEXEC);
	if (!ok(!waiter_reopen(&w, &v0) && !put_u64("ack", v0),
		"%s lockstep: open value, read it, ack it", how))
		return;
	t0 = now_ns();
	ok(!ctl("lockstep %" PRIu64, v0 + n), "%s lockstep: start %" PRIu64 " notifications",
	   how, n);
	for (expect = v0 + 1; expect <= v0 + n; ) {
		r = wait_pri(&w);
		if (!(r & POLLPRI))
			break;
		wakes++;
		if (waiter_reopen(&w, &v))
			break;
		if (v == expect - 1)
			continue;	/* a wake-up more than needed */
		if (v != expect) {
			in_order = false;
			break;
		}
		put_u64("ack", v);
		expect++;
	}
	ok(expect == v0 + n + 1,
	   "%s lockstep: all %" PRIu64 " notifications woke the poller (%" PRIu64 " seen; revents 0x%x)",
	   how, n, expect - v0 - 1, r);
	ok(in_order, "%s lockstep: each reread found the next value", how);
	diag("%s lockstep: %" PRIu64 " notifications, %" PRIu64 " wake-ups, %.2f s",
	     how, n, wakes, (now_ns() - t0) / 1e9);
	ctl("lockstep 0", 0);
	if (use_epoll)
		close(w.epfd);
	close(w.fd);
}

/* n notifications in one interrupt: the poller ends with the last value. */
static void notify_burst(uint64_t n)
{
	struct waiter w = { .fd = -1, .epfd = -1 };
	uint64_t v0, v = 0, wakes = 0;

	if (!ok(!waiter_reopen(&w, &v0), "burst: open value and read it"))
		return;
	ok(!ctl("burst %" PRIu64, n), "burst: %" PRIu64 " notifications in one tick", n);
	while (v != v0 + n && (wait_pri(&w) & POLLPRI)) {
		wakes++;
		if (waiter_reopen(&w, &v))
			break;
	}
	ok(v == v0 + n, "burst: the poller's last reread has the last value (%" PRIu64
	   " of %" PRIu64 ")", v - v0, n);
	ok(wakes >= 1 && wakes <= n, "burst: %" PRIu64 " wake-ups for %" PRIu64
	   " notifications (at least one, at most one each)", wakes, n);
	close(w.fd);
}

/* IN_MODIFY events of one watch, of a child named @name or of any. */
struct watch {
	int wd;
	const char *name;
	int count;
	int gone;	/* IN_IGNORED or IN_DELETE_SELF: the watch went */
};

static void count_event(const struct inotify_event *e, struct watch *w, int nw)
{
	for (; nw--; w++) {
		if (e->wd != w->wd)
			continue;
		if ((e->mask & IN_MODIFY) &&
		    (!w->name || (e->len && !strcmp(e->name, w->name))))
			w->count++;
		if (e->mask & (IN_IGNORED | IN_DELETE_SELF))
			w->gone++;
	}
}

/* Reads all that @ifd has (non-blocking), counting into @w. */
static void modify_events(int ifd, struct watch *w, int nw)
{
	char buf[4096] __aligned(__alignof__(struct inotify_event));
	const struct inotify_event *e;
	ssize_t n;
	char *p;

	while ((n = read(ifd, buf, sizeof(buf))) > 0)
		for (p = buf; p < buf + n; p += sizeof(*e) + e->len) {
			e = (const struct inotify_event *)p;
			count_event(e, w, nw);
		}
}

static bool wait_readable(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, ms) == 1;
}

static void notify_inotify(void)
{
	int ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	/* The ctl write's own IN_MODIFY is ctl's, not value's. */
	struct watch w[2] = { { .name = NULL }, { .name = "value" } };
	int i;

	w[0].wd = inotify_add_watch(ifd, DIR "/value", IN_MODIFY);
	w[1].wd = inotify_add_watch(ifd, DIR, IN_MODIFY);
	if (!ok(ifd >= 0 && w[0].wd >= 0 && w[1].wd >= 0,
		"inotify: watch value and its directory for IN_MODIFY"))
		return;
	ok(!ctl("stamp", 0), "inotify: the timer notifies value");
	/* Both events may come apart: wait for each, a while at most. */
	for (i = 0; i < 50 && (!w[0].count || !w[1].count); i++)
		if (wait_readable(ifd, 200))
			modify_events(ifd, w, 2);
	ok(w[0].count >= 1, "inotify: IN_MODIFY on the file's watch (%d)", w[0].count);
	ok(w[1].count >= 1, "inotify: IN_MODIFY named value on the directory's watch (%d)",
	   w[1].count);
	close(ifd);
}

/*
 * One round of removal against notifications: the timer notifies the
 * victim through its own reference all along; once "remove" has returned
 * (dbgfs_remove() has), no IN_MODIFY may come any more.
 */
static bool race_round(int round, uint64_t *late)
{
	struct watch w = { .name = NULL };
	int fd, ifd, before, i, rm;
	short r;
	bool pass = true;

	if (ctl("race", 0))
		return ok(false, "race %d: start", round);
	fd = open_file("victim", O_RDONLY);
	ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	w.wd = inotify_add_watch(ifd, DIR "/victim", IN_MODIFY);
	if (fd < 0 || w.wd < 0) {
		ctl("stop", 0);
		return ok(false, "race %d: open and watch the victim", round);
	}
	for (i = 0; i < 50 && !w.count; i++)
		if (wait_readable(ifd, 100))
			modify_events(ifd, &w, 1);
	before = w.count;
	r = poll_one(fd, WAIT_MS);
	if (!before || !(r & POLLPRI))
		pass = ok(false, "race %d: notifications come before removal (%d, 0x%x)",
			  round, before, r);
	if (ctl("remove", 0))
		pass = ok(false, "race %d: remove", round);
	/* Everything from before the removal returned is queued by now. */
	modify_events(ifd, &w, 1);
	w.count = 0;
	r = poll_one(fd, 0);
	if (r != POLLHUP)
		pass = ok(false, "race %d: poll of the removed file: POLLHUP (0x%x)",
			  round, r);
	usleep(100 * 1000);	/* a hundred ticks that notify the victim */
	modify_events(ifd, &w, 1);
	if (get_u64("late", late) || !*late)
		pass = ok(false, "race %d: the timer notified after removal", round);
	if (w.count)
		pass = ok(false, "race %d: %d IN_MODIFY after removal returned",
			  round, w.count);
	/*
	 * No IN_MODIFY means something only while the watch is there: one
	 * torn down at removal would see none either.
	 */
	rm = inotify_rm_watch(ifd, w.wd);
	if (w.gone || rm)
		pass = ok(false, "race %d: the watch survived the removal (%d events of its end, rm_watch: %s)",
			  round, w.gone, rm ? strerror(errno) : "done");
	if (ctl("stop", 0))
		pass = ok(false, "race %d: stop", round);
	close(ifd);
	close(fd);
	return pass;
}

static void notify_removal(int rounds)
{
	uint64_t late, total = 0;
	int i, good = 0;

	for (i = 0; i < rounds; i++) {
		late = 0;
		good += race_round(i, &late);
		total += late;
	}
	ok(good == rounds, "removal: %d of %d rounds woke nobody after dbgfs_remove() returned, the watch in place",
	   good, rounds);
	diag("removal: %" PRIu64 " notifications after it in all", total);
}

/* A pipe read line by line, each line waited for a while at most. */
struct lines {
	int fd;
	size_t len;
	char buf[4096];
};

/* The next line of @lb, its newline dropped, into @line; -1 if none came. */
static int read_line(struct lines *lb, char *line, size_t size, int ms)
{
	char *nl;
	ssize_t n;

	while (!(nl = memchr(lb->buf, '\n', lb->len))) {
		if (lb->len == sizeof(lb->buf) || !wait_readable(lb->fd, ms))
			return -1;
		n = read(lb->fd, lb->buf + lb->len, sizeof(lb->buf) - lb->len);
		if (n <= 0)
			return -1;
		lb->len += n;
	}
	*nl = '\0';
	strncpy(line, lb->buf, size - 1);
	line[size - 1] = '\0';
	lb->len -= nl + 1 - lb->buf;
	memmove(lb->buf, nl + 1, lb->len);
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* dbgfs watch -v value: from the timer's notification to its line. */
static void watch_latency(void)
{
	static struct lines lo, le;
	int out[2], err[2], status, got = 0, i;
	uint64_t lat[STAMPS], v;
	char line[256], *sp;
	pid_t pid;

	if (pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC))
		return (void)ok(false, "watch: pipes");
	pid = fork();
	if (!pid) {
		dup2(out[1], 1);
		dup2(err[1], 2);
		execlp("dbgfs", "dbgfs", "-v", "watch", DIR "/value", NULL);
		_exit(127);
	}
	close(out[1]);
	close(err[1]);
	lo.fd = out[0];
	le.fd = err[0];
	line[0] = '\0';
	ok(!read_line(&le, line, sizeof(line), WAIT_MS) &&
	   strstr(line, "waiting for change notifications"),
	   "watch -v: says it waits for notifications");
	diag("watch -v: %s", line);
	ok(!read_line(&lo, line, sizeof(line), WAIT_MS),
	   "watch: prints the value it starts with");
	for (i = 0; i < STAMPS; i++) {
		if (ctl("stamp", 0) || read_line(&lo, line, sizeof(line), WAIT_MS))
			break;
		sp = strrchr(line, ' ');
		v = sp ? strtoull(sp + 1, NULL, 10) : 0;
		lat[got++] = now_ns() - v;
	}
	ok(got == STAMPS, "watch: a line for each of %d notifications (%d)", STAMPS, got);
	if (got) {
		qsort(lat, got, sizeof(lat[0]), cmp_u64);
		diag("watch latency, notify to printed line, %d samples: median %.2f ms, 90th %.2f ms, max %.2f ms",
		     got, lat[got / 2] / 1e6, lat[got * 9 / 10] / 1e6, lat[got - 1] / 1e6);
		ok(lat[got - 1] < 2000000000ULL, "watch: every line within 2 s (max %.2f ms)",
		   lat[got - 1] / 1e6);
	}
	kill(pid, SIGTERM);
	ok(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && !WEXITSTATUS(status),
	   "watch: exits 0 on SIGTERM");
	close(out[0]);
	close(err[0]);
}

int main(int argc, char **argv)
{
	uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 0) : 1000;
	int rounds = argc > 2 ? atoi(argv[2]) : 10;

	tap_init();
	typed_file("value", "5", "x");
	typed_file("flag", "Y", "maybe");
	typed_file("text", "hello", NULL);
	typed_file("blob", "abc", NULL);
	notify_lockstep(n, false);
	notify_lockstep(n / 5, true);
	notify_burst(n);
	notify_inotify();
	notify_removal(rounds);
	watch_latency();
	return tap_done();
}
