// SPDX-License-Identifier: GPL-2.0-only
/* dbgfs watch: each change of a file's value. */
#define _GNU_SOURCE	/* ppoll() */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statfs.h>
#include <time.h>
#include <unistd.h>

#include <json.h>

#include "dbgfs.h"
#include "read_all.h"

struct watch_opts {
	long interval;
	long count;
	bool interval_set;	/* --interval given: notify waits that long at most */
};

static int parse_long(const char *s, long min, long *val)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < min)
		return -1;
	*val = v;
	return 0;
}

static int watch_opt(void *data, int c, const char *arg)
{
	struct watch_opts *w = data;

	if (c == 'i' && !parse_long(arg, 1, &w->interval)) {
		w->interval_set = true;
		return EXIT_OK;
	}
	if (c == 'c' && !parse_long(arg, 1, &w->count))
		return EXIT_OK;
	if (c == 'i' || c == 'c')
		return usage_error("watch", "bad number '%s'", arg);
	return -1;
}

/* Set by the signal handler: a lock-free atomic is safe there. */
static atomic_int stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* One change: "STAMP VALUE" (its newline dropped), or a JSON line. */
static void print_change(const char *shown, const char *buf, size_t len)
{
	struct timespec ts;
	char stamp[40];
	struct tm tm;
	size_t n;

	clock_gettime(CLOCK_REALTIME, &ts);
	localtime_r(&ts.tv_sec, &tm);
	n = strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(stamp + n, sizeof(stamp) - n, ".%03ld",
		 ts.tv_nsec / 1000000);
	if (json_mode) {
		struct json_object *doc = json_object_new_object();
		bool pretty = json_pretty;

		json_str(doc, "time", stamp);
		json_str(doc, "path", shown);
		json_value(doc, buf, len);
		/* One object per line, also with --pretty. */
		json_pretty = false;
		print_json(doc);
		json_pretty = pretty;
		json_object_put(doc);
	} else {
		if (len && buf[len - 1] == '\n')
			len--;
		printf("%s %.*s\n", stamp, (int)len, buf);
	}
	if (fflush(stdout))
		out_failed();
}

/* Sleep @ms milliseconds unless a signal asks to stop. */
static void nap(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (!stop && nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* open() @path for watch: the fd or -errno, -EINTR once a signal asked to stop. */
static int open_watched(const char *path)
{
	int fd;

	do {
		fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	} while (fd < 0 && errno == EINTR && !stop);
	return fd < 0 ? -errno : fd;
}

/* Read all of @path (at most VALUE_MAX bytes) through a new open file. */
static int read_watched(const char *path, char **bufp, size_t *lenp)
{
	int fd = open_watched(path), ret;

	if (fd < 0)
		return fd;
	ret = read_all(fd, VALUE_MAX, &stop, bufp, lenp);
	close(fd);
	return ret;
}

/* The value last printed, and how many have been. */
struct seen {
	char *buf;
	size_t len;
	long printed;
};

/*
 * Take the outcome @ret of a read of @buf, @len: print the value if it
 * changed.  An exit code once watch is done (a signal, --count values, an
 * error, which it reports), else -1.
 */
static int took(struct seen *s, const char *shown, int ret, char *buf,
		size_t len, const struct watch_opts *w)
{
	if (ret == -EINTR && stop)
		return EXIT_OK;
	if (ret) {
		err_path(shown, ret);
		return EXIT_FAIL;
	}
	if (s->buf && len == s->len && !memcmp(buf, s->buf, len)) {
		free(buf);
		return -1;
	}
	print_change(shown, buf, len);
	free(s->buf);
	s->buf = buf;
	s->len = len;
	return w->count && ++s->printed >= w->count ? EXIT_OK : -1;
}

/* Reopen and reread @path every --interval. */
static int interval_loop(struct seen *s, const char *shown, const char *path,
			 const struct watch_opts *w)
{
	size_t len = 0;
	char *buf = NULL;
	int ret;

	while (!stop) {
		ret = read_watched(path, &buf, &len);
		ret = took(s, shown, ret, buf, len, w);
		if (ret >= 0)
			return ret;
		nap(w->interval);
	}
	/* Stopped by SIGINT or SIGTERM: the user's choice, not a failure. */
	return EXIT_OK;
}

/*
 * Wait for a change notification on @fd, at most --interval if it was
 * given: 1 when there is one (or the wait timed out), 0 when a signal
 * asked to stop, -errno (-ENOENT: the file was removed, POLLHUP).
 * SIGINT and SIGTERM are held from the check of stop until ppoll()
 * waits, so that one that comes in between is not lost.
 */
static int wait_change(int fd, const struct watch_opts *w)
{
	struct pollfd pfd = { .fd = fd, .events = POLLPRI };
	struct timespec ts = { w->interval / 1000,
			       (w->interval % 1000) * 1000000L };
	sigset_t block, old;
	int n, err;

	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	do {
		sigprocmask(SIG_BLOCK, &block, &old);
		n = stop ? 0 : ppoll(&pfd, 1, w->interval_set ? &ts : NULL,
				     &old);
		err = errno;
		sigprocmask(SIG_SETMASK, &old, NULL);
		if (stop)
			return 0;
	} while (n < 0 && err == EINTR);
	if (n < 0)
		return -err;
	if (pfd.revents & (POLLHUP | POLLNVAL))
		return -ENOENT;
	return 1;
}

/* The next notification on @fd: -1 to read again, else an exit code. */
static int notify_wait(struct seen *s, const char *shown, int fd,
		       const struct watch_opts *w)
{
	int ret = wait_change(fd, w);

	if (ret > 0)
		return -1;
	if (!ret)
		return EXIT_OK;
	return took(s, shown, ret, NULL, 0, w);
}

/*
 * Read the dbgfs file @path through the open file @fd, wait for its next
 * change notification on that open file, and again through a new one.
 * Typed files cannot seek nor pread(), as in debugfs; an open file takes
 * in the notifications before it, and its read those until the read, so
 * none after the read is missed.
 */
static int notify_loop(struct seen *s, const char *shown, const char *path,
		       int fd, const struct watch_opts *w)
{
	size_t len = 0;
	char *buf = NULL;
	int ret;

	for (;;) {
		ret = read_all(fd, VALUE_MAX, &stop, &buf, &len);
		ret = took(s, shown, ret, buf, len, w);
		if (ret < 0)
			ret = notify_wait(s, shown, fd, w);
		close(fd);
		if (ret >= 0)
			return ret;
		fd = open_watched(path);
		if (fd < 0)
			return took(s, shown, fd, NULL, 0, w);
	}
}

/* -v: how watch follows @shown, a line on stderr. */
static void say_mode(const char *shown, enum watch_mode mode,
		     unsigned long f_type, const struct watch_opts *w)
{
	char name[64];

	if (mode == WATCH_NOTIFY && w->interval_set)
		fprintf(stderr, "dbgfs watch: %s: waiting for change notifications, at most %ld ms\n",
			shown, w->interval);
	else if (mode == WATCH_NOTIFY)
		fprintf(stderr, "dbgfs watch: %s: waiting for change notifications\n",
			shown);
	else
		fprintf(stderr, "dbgfs watch: %s: rereading every %ld ms (no change notification on %s)\n",
			shown, w->interval, fs_name(f_type, name, sizeof(name)));
}

/* Follow @path by dbgfs' change notification, else every --interval. */
static int watch_file(struct tool *t, const char *shown, const char *path,
		      const struct watch_opts *w)
{
	struct seen s = { NULL, 0, 0 };
	unsigned long f_type = 0;
	enum watch_mode mode;
	struct statfs st;
	int fd, ret;

	fd = open_watched(path);
	if (fd < 0)
		return took(&s, shown, fd, NULL, 0, w);
	if (!fstatfs(fd, &st))
		f_type = (unsigned long)st.f_type;
	mode = watch_mode(f_type);
	if (t->verbose)
		say_mode(shown, mode, f_type, w);
	if (mode == WATCH_NOTIFY) {
		ret = notify_loop(&s, shown, path, fd, w);
	} else {
		close(fd);
		ret = interval_loop(&s, shown, path, w);
	}
	free(s.buf);
	return ret;
}

int cmd_watch(struct tool *t, int argc, char **argv)
{
	static const struct option own[] = {
		{ "interval", required_argument, NULL, 'i' },
		{ "count", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 }
	};
	struct watch_opts w = { .interval = 1000 };
	/*
	 * One-shot: the first signal asks to stop; should it come just
	 * before a read that then blocks, the second one ends the tool.
	 */
	struct sigaction sa = { .sa_handler = on_signal,
				.sa_flags = SA_RESETHAND };
	char path[PATH_MAX];
	int ret;

	ret = tool_getopt(t, "watch", argc, argv, "i:c:", own, watch_opt, &w);
	if (ret)
		return ret;
	if (optind + 1 != argc)
		return usage_error("watch", "expected one PATH%s", "");
	ret = resolve(t, argv[optind], path, sizeof(path));
	if (ret)
		return ret;
	/* No SA_RESTART: Ctrl-C must cut the sleep short. */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	return watch_file(t, argv[optind], path, &w);
}
