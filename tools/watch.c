// SPDX-License-Identifier: GPL-2.0-only
/* dbgfs watch: each change of a file's value. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <json.h>

#include "dbgfs.h"

struct watch_opts {
	long interval;
	long count;
	bool bad;
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

	if (c == 'i' && !parse_long(arg, 1, &w->interval))
		return EXIT_OK;
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

/*
 * Read all of @path (at most @max bytes) for watch.  Unlike the library's
 * reader it gives up on EINTR once a signal asked to stop: a read that
 * blocks (trace_pipe, a FIFO with an idle writer) must not outlive Ctrl-C.
 * -EINTR then.
 */
static int read_watched(const char *path, size_t max, char **bufp,
			size_t *lenp)
{
	size_t len = 0;
	char *buf;
	ssize_t n;
	int fd, err = 0;

	do {
		fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	} while (fd < 0 && errno == EINTR && !stop);
	if (fd < 0)
		return -errno;
	buf = malloc(max + 1);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	while (len < max) {
		n = read(fd, buf + len, max - len);
		if (n < 0 && errno == EINTR && !stop)
			continue;
		if (n < 0) {
			err = -errno;
			break;
		}
		if (!n)
			break;
		len += n;
	}
	close(fd);
	if (err) {
		free(buf);
		return err;
	}
	buf[len] = '\0';
	*bufp = buf;
	*lenp = len;
	return 0;
}

static int watch_loop(const char *shown, const char *path,
		      const struct watch_opts *w)
{
	char *prev = NULL, *buf = NULL;
	size_t prev_len = 0, len = 0;
	long printed = 0;
	int ret;

	while (!stop) {
		ret = read_watched(path, VALUE_MAX, &buf, &len);
		if (ret == -EINTR && stop)
			break;
		if (ret) {
			free(prev);
			err_path(shown, ret);
			return EXIT_FAIL;
		}
		if (!prev || len != prev_len || memcmp(buf, prev, len)) {
			print_change(shown, buf, len);
			free(prev);
			prev = buf;
			prev_len = len;
			if (w->count && ++printed >= w->count)
				break;
		} else {
			free(buf);
		}
		nap(w->interval);
	}
	free(prev);
	/* Stopped by SIGINT or SIGTERM: the user's choice, not a failure. */
	return EXIT_OK;
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
	return watch_loop(argv[optind], path, &w);
}
