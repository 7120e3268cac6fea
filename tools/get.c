// SPDX-License-Identifier: GPL-2.0-only
/* dbgfs get: a file's contents, as they come. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <json.h>

#include "dbgfs.h"
#include "read_all.h"

/* get's default --max: bounded, and far above any attribute file. */
#define GET_MAX_DEFAULT ((size_t)64 << 20)

/* Parse BYTES, with an optional k, M or G (powers of 1024). */
static int parse_size(const char *s, size_t *val)
{
	unsigned long long v;
	unsigned int shift = 0;
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -1;
	if (*end == 'k' || *end == 'K')
		shift = 10;
	else if (*end == 'm' || *end == 'M')
		shift = 20;
	else if (*end == 'g' || *end == 'G')
		shift = 30;
	if (shift)
		end++;
	if (*end || v > (SIZE_MAX >> shift))
		return -1;
	*val = (size_t)v << shift;
	return 0;
}

struct get_opts {
	size_t max;
};

static int get_opt(void *data, int c, const char *arg)
{
	struct get_opts *g = data;

	if (c != OPT_MAX)
		return -1;
	if (parse_size(arg, &g->max))
		return usage_error("get", "bad size '%s'", arg);
	return EXIT_OK;
}

/* Write @len bytes to stdout now; false (remembered for exit) on error. */
static bool put_now(const void *buf, size_t len)
{
	if (fwrite(buf, 1, len, stdout) != len || fflush(stdout)) {
		out_failed();
		return false;
	}
	return true;
}

/*
 * Copy @fd to stdout as it comes: a file without end (trace_pipe, a FIFO)
 * shows each chunk when it arrives, and memory stays one buffer whatever
 * the size.  More than @max bytes (0: no limit) is an error after the
 * first @max are out.
 */
static int stream_fd(int fd, const char *shown, size_t max)
{
	static char buf[65536];
	size_t total = 0, want;
	ssize_t n;

	for (;;) {
		want = sizeof(buf);
		/* One byte past @max tells a longer file from one of @max. */
		if (max && max - total < want)
			want = max - total + 1;
		n = read(fd, buf, want);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			err_path(shown, errno);
			return EXIT_FAIL;
		}
		if (!n)
			return EXIT_OK;
		if (max && (size_t)n > max - total) {
			if (!put_now(buf, max - total))
				return EXIT_FAIL;
			fail("%s: longer than --max %zu bytes", shown, max);
			return EXIT_FAIL;
		}
		total += n;
		if (!put_now(buf, n))
			return EXIT_FAIL;
	}
}

/*
 * get --json: the file in memory (at most @max bytes, 0: no limit), then
 * one document {"path", "size", "value"} ("value": null and "hex" for
 * binary).
 */
static int get_json(int fd, const char *shown, size_t max)
{
	struct json_object *doc;
	size_t len = 0;
	char *buf = NULL;
	int ret;

	/* One byte past @max tells a longer file from one of @max. */
	ret = read_all(fd, max ? max + 1 : 0, NULL, &buf, &len);
	if (ret) {
		err_path(shown, -ret);
		return EXIT_FAIL;
	}
	if (max && len > max) {
		free(buf);
		fail("%s: longer than --max %zu bytes", shown, max);
		return EXIT_FAIL;
	}
	doc = json_object_new_object();
	json_str(doc, "path", shown);
	json_value(doc, buf, len);
	print_json(doc);
	json_object_put(doc);
	free(buf);
	return EXIT_OK;
}

int cmd_get(struct tool *t, int argc, char **argv)
{
	static const struct option own[] = {
		{ "max", required_argument, NULL, OPT_MAX },
		{ NULL, 0, NULL, 0 }
	};
	struct get_opts g = { GET_MAX_DEFAULT };
	char path[PATH_MAX];
	int fd, ret;

	ret = tool_getopt(t, "get", argc, argv, "", own, get_opt, &g);
	if (ret)
		return ret;
	if (optind + 1 != argc)
		return usage_error("get", "expected one PATH%s", "");
	ret = resolve(t, argv[optind], path, sizeof(path));
	if (ret)
		return ret;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		err_path(argv[optind], errno);
		return EXIT_FAIL;
	}
	if (json_mode)
		ret = get_json(fd, argv[optind], g.max);
	else
		ret = stream_fd(fd, argv[optind], g.max);
	close(fd);
	return ret;
}
