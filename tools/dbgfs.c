// SPDX-License-Identifier: GPL-2.0-only
/*
 * dbgfs - inspect dbgfs, debugfs and tracefs from the command line.
 *
 * Subcommands: where, ls, get, set, watch, dump, mount.  See dbgfs.1.
 */
#define _GNU_SOURCE	/* vasprintf() */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <json.h>

#include "compiler.h"
#include "dbgfs.h"

static const char *const helps[][2] = {
	{ NULL,
	  "Usage: dbgfs [GLOBAL OPTIONS] COMMAND [ARGS]\n"
	  "\n"
	  "Find and use a dbgfs, debugfs or tracefs mount.\n"
	  "\n"
	  "Commands:\n"
	  "  where [-0]                   print the mount point\n"
	  "  ls [-R] [-l] [PATH]          list a directory\n"
	  "  get [--max BYTES] PATH       print a file's contents as they come\n"
	  "  set PATH VALUE               write VALUE to a file\n"
	  "  watch PATH [--interval MS] [--count N]\n"
	  "                               print each change of a file\n"
	  "  dump [PATH]                  print a tree with its values\n"
	  "  mount [-o OPTIONS] [DIR]     mount at the canonical place or DIR\n"
	  "  help [COMMAND]               show help\n"
	  "\n"
	  "Global options (also accepted after the command):\n"
	  "  -t, --type T          filesystem type (default dbgfs)\n"
	  "  -m, --mountinfo FILE  read this mount table, skip the canonical path\n"
	  "      --no-verify       trust the mount table (no statfs magic check)\n"
	  "  -j, --json            JSON output (one compact document; watch: one\n"
	  "                        object per line per change); errors as\n"
	  "                        {\"error\": MESSAGE} on stdout\n"
	  "  -p, --pretty          JSON output, indented\n"
	  "  -h, --help            show help\n"
	  "  -V, --version         show the version\n"
	  "\n"
	  "PATH is relative to the mount point unless it is absolute.\n"
	  "Exit status: 0 ok, 1 operation failed (also a write error on stdout,\n"
	  "get past --max, entries ls or dump had to mark), 2 usage, 3 no mount\n"
	  "point.  watch stopped by SIGINT or SIGTERM exits 0.\n" },
	{ "where",
	  "Usage: dbgfs where [-0]\n"
	  "Print the mount point of type T (default dbgfs) alone on a line;\n"
	  "a newline in it is printed as \\012 and a backslash as \\134.\n"
	  "  -0, --null  print it unchanged, followed by a NUL byte\n" },
	{ "ls",
	  "Usage: dbgfs ls [-R] [-l] [PATH]\n"
	  "List PATH (default: the mount point).  Directories end in '/',\n"
	  "symbolic links show their target, files that cannot be read are\n"
	  "marked <write-only> or <unreadable: REASON>.  An entry that cannot\n"
	  "be shown (path past PATH_MAX, 64 levels deep) is marked and the\n"
	  "exit status is 1.\n"
	  "  -R, --recursive  list subdirectories (not crossing mounts)\n"
	  "  -l, --long       show mode and size\n" },
	{ "get",
	  "Usage: dbgfs get [--max BYTES] PATH\n"
	  "Print the contents of PATH unchanged, as they arrive (trace_pipe,\n"
	  "a FIFO: each chunk when it is read).\n"
	  "  --max BYTES  stop with an error after BYTES (k, M, G suffixes;\n"
	  "               default 64M, 0: no limit)\n" },
	{ "set",
	  "Usage: dbgfs set PATH VALUE\n"
	  "Write VALUE to PATH in one write(2), without a newline.\n" },
	{ "watch",
	  "Usage: dbgfs watch PATH [--interval MS] [--count N]\n"
	  "Print the value of PATH, then each change, with a timestamp.\n"
	  "Stops on the first SIGINT or SIGTERM, also in a blocked read,\n"
	  "with exit status 0.\n"
	  "  -i, --interval MS  time between reads (default 1000)\n"
	  "  -c, --count N      stop after N values (default: until Ctrl-C)\n" },
	{ "dump",
	  "Usage: dbgfs dump [PATH]\n"
	  "Print every entry below PATH (default: the mount point) with its\n"
	  "value, as 'path: line' lines or, with --json, as one JSON document\n"
	  "(names that are not UTF-8: null and NAME_hex).\n" },
	{ "mount",
	  "Usage: dbgfs mount [--type T] [-o OPTIONS] [DIR]\n"
	  "Mount type T at DIR (default: its canonical path, created if\n"
	  "missing).  Nothing is done if it is already mounted there.\n"
	  "  -o, --options OPTIONS  mount options, e.g. mode=0755\n" },
};

enum { OPT_NO_VERIFY = 256, OPT_MAX };

/* get's default --max: bounded, and far above any attribute file. */
#define GET_MAX_DEFAULT ((size_t)64 << 20)

/* Options every subcommand accepts, ahead of its own ones. */
#define COMMON_SHORT "t:m:hVjp"
static const struct option common_long[] = {
	{ "type", required_argument, NULL, 't' },
	{ "json", no_argument, NULL, 'j' },
	{ "pretty", no_argument, NULL, 'p' },
	{ "mountinfo", required_argument, NULL, 'm' },
	{ "no-verify", no_argument, NULL, OPT_NO_VERIFY },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
};

/* Print the help of @cmd (NULL: the tool's); -1 if there is no such command. */
int help(const char *cmd)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(helps); i++) {
		if ((!cmd && !helps[i][0]) ||
		    (cmd && helps[i][0] && !strcmp(cmd, helps[i][0]))) {
			fputs(helps[i][1], stdout);
			return 0;
		}
	}
	return -1;
}

/* Remembered at the first failed write to stdout, reported at exit. */
static int out_errno;

void out_failed(void)
{
	if (!out_errno)
		out_errno = errno ? errno : EIO;
}

/*
 * coreutils' close_stdout(): output that did not reach its file is an
 * error of every command, whatever it returned.
 */
int finish_stdout(int ret)
{
	if (fflush(stdout) && !out_errno)
		out_errno = errno ? errno : EIO;
	if (ferror(stdout) && !out_errno)
		out_errno = EIO;
	if (fclose(stdout) && !out_errno && errno != EBADF)
		out_errno = errno;
	if (!out_errno)
		return ret;
	fail("write error: %s", strerror(out_errno));
	return ret && ret != EXIT_OK ? ret : EXIT_FAIL;
}

__noreturn void exit_tool(int ret)
{
	exit(finish_stdout(ret));
}

bool json_mode, json_pretty;

/* @doc on one line (-j) or indented (-p), and a newline. */
void print_json(struct json_object *doc)
{
	int flags = JSON_C_TO_STRING_NOSLASHESCAPE |
		    (json_pretty ? JSON_C_TO_STRING_PRETTY |
				   JSON_C_TO_STRING_SPACED :
				   JSON_C_TO_STRING_PLAIN);

	if (puts(json_object_to_json_string_ext(doc, flags)) == EOF)
		out_failed();
}

/*
 * One error line on stderr: "dbgfs: MESSAGE"; with --json a document
 * {"error": "MESSAGE"} on stdout instead (as bpftool does), unless stdout
 * is what failed.
 */
void fail(const char *fmt, ...)
{
	struct json_object *doc;
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	if (json_mode && !out_errno && msg) {
		doc = json_object_new_object();
		json_str(doc, "error", msg);
		print_json(doc);
		json_object_put(doc);
	} else {
		fprintf(stderr, "dbgfs: %s\n", msg ? msg : fmt);
	}
	free(msg);
}

int usage_error(const char *cmd, const char *fmt, const char *arg)
{
	char msg[1024];

	snprintf(msg, sizeof(msg), fmt, arg);
	fail("%s%s%s (see 'dbgfs %s%s--help')", cmd ? cmd : "",
	     cmd ? ": " : "", msg, cmd ? cmd : "", cmd ? " " : "");
	return EXIT_USAGE;
}

void err_path(const char *path, int err)
{
	fail("%s: %s", path, strerror(err < 0 ? -err : err));
}

static int new_ctx(struct tool *t, const char *type)
{
	struct dbgfs_ctx *ctx = dbgfs_new(type);

	if (!ctx) {
		err_path(type, errno);
		return EXIT_FAIL;
	}
	dbgfs_free(t->ctx);
	t->ctx = ctx;
	if (t->mountinfo)
		dbgfs_set_mountinfo(ctx, t->mountinfo);
	dbgfs_set_flags(ctx, t->flags);
	return EXIT_OK;
}

/*
 * Handle an option shared by all commands.  Returns -1 when @c is not one
 * of them, else an exit code (EXIT_OK: go on).
 */
int parse_common(struct tool *t, const char *cmd, int c, const char *arg)
{
	switch (c) {
	case 't':
		if (!*arg)
			return usage_error(cmd, "empty filesystem type%s", "");
		return new_ctx(t, arg);
	case 'm':
		t->mountinfo = arg;
		/* The user named the table to use: the canonical path is not. */
		t->flags |= DBGFS_NO_CANONICAL;
		dbgfs_set_mountinfo(t->ctx, arg);
		dbgfs_set_flags(t->ctx, t->flags);
		return EXIT_OK;
	case 'p':
		json_pretty = true;
		/* fall through */
	case 'j':
		json_mode = true;
		return EXIT_OK;
	case OPT_NO_VERIFY:
		t->flags |= DBGFS_NO_VERIFY;
		dbgfs_set_flags(t->ctx, t->flags);
		return EXIT_OK;
	case 'V':
		if (json_mode) {
			struct json_object *doc = json_object_new_object();

			json_str(doc, "version", dbgfs_version());
			print_json(doc);
			json_object_put(doc);
		} else {
			printf("dbgfs %s\n", dbgfs_version());
		}
		exit_tool(EXIT_OK);
	case 'h':
		help(cmd);
		exit_tool(EXIT_OK);
	case '?':
		return usage_error(cmd, "bad option '%s'", arg);
	case ':':
		return usage_error(cmd, "option '%s' needs an argument", arg);
	}
	return -1;
}

/* The bad option getopt stopped at, for a message of our own. */
static const char *bad_opt(char **argv)
{
	return argv[optind - 1] ? argv[optind - 1] : "?";
}

/*
 * Run getopt_long over a subcommand's arguments with the common options
 * added.  Calls @handle for the command's own options (@own); returns an exit code
 * (EXIT_OK when all went well) and leaves optind at the operands.
 */
int tool_getopt(struct tool *t, const char *cmd, int argc, char **argv,
		const char *shortopts, const struct option *own,
		int (*handle)(void *data, int c, const char *arg), void *data)
{
	struct option opts[16] = { { 0 } };
	size_t n = ARRAY_SIZE(common_long), i;
	char optstring[64];
	int c, ret;

	memcpy(opts, common_long, sizeof(common_long));
	for (i = 0; own && own[i].name && n < ARRAY_SIZE(opts) - 1; i++)
		opts[n++] = own[i];
	/*
	 * A leading '+' in @shortopts stops at the first operand: the
	 * global options end at the command, and `set x -1` must work.
	 */
	if (*shortopts == '+')
		snprintf(optstring, sizeof(optstring), "+:%s%s", COMMON_SHORT,
			 shortopts + 1);
	else
		snprintf(optstring, sizeof(optstring), ":%s%s", COMMON_SHORT,
			 shortopts);
	optind = 0;	/* glibc: start afresh on a new argv */
	opterr = 0;
	while ((c = getopt_long(argc, argv, optstring, opts, NULL)) != -1) {
		const char *arg = (c == '?' || c == ':') ? bad_opt(argv) : optarg;

		ret = parse_common(t, cmd, c, arg);
		if (ret < 0)
			ret = handle ? handle(data, c, optarg) : -1;
		if (ret < 0)
			ret = usage_error(cmd, "bad option '%s'", bad_opt(argv));
		if (ret != EXIT_OK)
			return ret;
	}
	return EXIT_OK;
}

/* Report why the mount point was not found; returns EXIT_NOMOUNT. */
static int err_where(struct tool *t, int err)
{
	const char *env = dbgfs_env_name(t->ctx);
	const char *val = env && !(t->flags & DBGFS_NO_ENV) ? getenv(env) : NULL;
	const char *table = t->mountinfo ? t->mountinfo : "/proc/self/mountinfo";
	char dir[PATH_MAX];
	int id = 0;

	if (val && *val) {
		fail("%s (from %s): %s", val, env, strerror(-err));
	} else if (err != -ENOENT) {
		fail("%s: %s", table, strerror(-err));
	} else if (access(table, R_OK)) {
		/* The library's -ENOENT is also that of a missing table. */
		fail("%s: %s", table, strerror(errno));
	} else if (!dbgfs_where_rejected(t->ctx, dir, sizeof(dir), &id)) {
		char idstr[32] = "";

		if (id)
			snprintf(idstr, sizeof(idstr), "mount ID %d at ", id);
		fail("%s: %s%s is not %s by statfs(2) (try --no-verify to trust the table)",
		     table, idstr, dir, dbgfs_fstype(t->ctx));
	} else {
		fail("no %s mount found", dbgfs_fstype(t->ctx));
	}
	return EXIT_NOMOUNT;
}

/* Resolve a user's path; prints the error and returns an exit code. */
int resolve(struct tool *t, const char *path, char *buf, size_t size)
{
	char dir[PATH_MAX];
	int ret;

	if (*path == '/')
		return dbgfs_join(NULL, path, buf, size) ?
			(err_path(path, ENAMETOOLONG), EXIT_FAIL) : EXIT_OK;
	ret = dbgfs_where(t->ctx, dir, sizeof(dir));
	if (ret)
		return err_where(t, ret);
	if (dbgfs_join(dir, path, buf, size)) {
		err_path(path, ENAMETOOLONG);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

/*
 * A mount point alone on a line that cannot be taken for two: a newline
 * is printed as \012 and a backslash as \134, the octal escapes of
 * /proc/self/mountinfo; anything else (a space, a tab) as it is.
 */
static void print_dir_line(const char *dir)
{
	for (; *dir; dir++) {
		if (*dir == '\n')
			fputs("\\012", stdout);
		else if (*dir == '\\')
			fputs("\\134", stdout);
		else
			putchar(*dir);
	}
	putchar('\n');
}

static int where_opt(void *data, int c, const char *arg)
{
	(void)arg;
	if (c != '0')
		return -1;
	*(bool *)data = true;
	return EXIT_OK;
}

static int cmd_where(struct tool *t, int argc, char **argv)
{
	static const struct option own[] = {
		{ "null", no_argument, NULL, '0' },
		{ NULL, 0, NULL, 0 }
	};
	char dir[PATH_MAX];
	bool null = false;
	int ret;

	ret = tool_getopt(t, "where", argc, argv, "0", own, where_opt, &null);
	if (ret)
		return ret;
	if (optind < argc)
		return usage_error("where", "unexpected argument '%s'",
				   argv[optind]);
	ret = dbgfs_where(t->ctx, dir, sizeof(dir));
	if (ret)
		return err_where(t, ret);
	if (json_mode) {
		static const char *const sources[] = {
			[DBGFS_SRC_NONE] = "none",
			[DBGFS_SRC_EXPLICIT] = "explicit",
			[DBGFS_SRC_ENV] = "environment",
			[DBGFS_SRC_CANONICAL] = "canonical",
			[DBGFS_SRC_TABLE] = "table",
			[DBGFS_SRC_MOUNTED] = "mounted",
		};
		enum dbgfs_source src = dbgfs_where_source(t->ctx);
		struct json_object *doc = json_object_new_object();

		json_str(doc, "fstype", dbgfs_fstype(t->ctx));
		json_str(doc, "mount", dir);
		if ((size_t)src < ARRAY_SIZE(sources) && sources[src])
			json_str(doc, "source", sources[src]);
		print_json(doc);
		json_object_put(doc);
	} else if (null) {
		fwrite(dir, 1, strlen(dir) + 1, stdout);
	} else {
		print_dir_line(dir);
	}
	return EXIT_OK;
}

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
	size_t len = 0, cap = 0;
	char *buf = NULL, *nbuf;
	struct json_object *doc;
	ssize_t n;

	for (;;) {
		if (len == cap) {
			cap = cap ? 2 * cap : 65536;
			if (max && cap > max + 1)
				cap = max + 1;
			nbuf = realloc(buf, cap);
			if (!nbuf) {
				free(buf);
				err_path(shown, ENOMEM);
				return EXIT_FAIL;
			}
			buf = nbuf;
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			free(buf);
			err_path(shown, errno);
			return EXIT_FAIL;
		}
		if (!n)
			break;
		len += n;
		if (max && len > max) {
			free(buf);
			fail("%s: longer than --max %zu bytes", shown, max);
			return EXIT_FAIL;
		}
	}
	doc = json_object_new_object();
	json_str(doc, "path", shown);
	json_value(doc, buf ? buf : "", len);
	print_json(doc);
	json_object_put(doc);
	free(buf);
	return EXIT_OK;
}

static int cmd_get(struct tool *t, int argc, char **argv)
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

static int cmd_set(struct tool *t, int argc, char **argv)
{
	char path[PATH_MAX];
	int ret;

	ret = tool_getopt(t, "set", argc, argv, "+", NULL, NULL, NULL);
	if (ret)
		return ret;
	if (optind + 2 != argc)
		return usage_error("set", "expected PATH and VALUE%s", "");
	ret = resolve(t, argv[optind], path, sizeof(path));
	if (ret)
		return ret;
	ret = dbgfs_set_string(NULL, path, argv[optind + 1]);
	if (ret) {
		err_path(argv[optind], ret);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

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

static int cmd_watch(struct tool *t, int argc, char **argv)
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

struct mount_opts {
	const char *options;
};

static int mount_opt(void *data, int c, const char *arg)
{
	struct mount_opts *m = data;

	if (c != 'o')
		return -1;
	m->options = arg;
	return EXIT_OK;
}

static int cmd_mount(struct tool *t, int argc, char **argv)
{
	static const struct option own[] = {
		{ "options", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 }
	};
	struct mount_opts m = { NULL };
	const char *dir;
	int ret;

	ret = tool_getopt(t, "mount", argc, argv, "o:", own, mount_opt, &m);
	if (ret)
		return ret;
	if (optind + 1 < argc)
		return usage_error("mount", "unexpected argument '%s'",
				   argv[optind + 1]);
	dir = optind < argc ? argv[optind] : dbgfs_canonical_dir(t->ctx);
	if (!dir)
		return usage_error("mount", "type %s has no canonical path",
				   dbgfs_fstype(t->ctx));
	ret = dbgfs_mount(t->ctx, dir, m.options);
	if (ret) {
		err_path(dir, ret);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

static const struct {
	const char *name;
	int (*fn)(struct tool *t, int argc, char **argv);
} cmds[] = {
	{ "where", cmd_where },
	{ "ls", cmd_ls },
	{ "get", cmd_get },
	{ "set", cmd_set },
	{ "watch", cmd_watch },
	{ "dump", cmd_dump },
	{ "mount", cmd_mount },
};

static int run(struct tool *t, int argc, char **argv)
{
	const char *name = argv[0];
	size_t i;

	if (!strcmp(name, "help")) {
		if (argc > 2)
			return usage_error(NULL, "help: unexpected argument '%s'",
					   argv[2]);
		if (help(argc > 1 ? argv[1] : NULL))
			return usage_error(NULL, "help: unknown command '%s'",
					   argv[1]);
		return EXIT_OK;
	}
	for (i = 0; i < ARRAY_SIZE(cmds); i++)
		if (!strcmp(name, cmds[i].name))
			return cmds[i].fn(t, argc, argv);
	return usage_error(NULL, "unknown command '%s'", name);
}

int main(int argc, char **argv)
{
	struct tool t = { NULL, NULL, 0 };
	int ret;

	ret = new_ctx(&t, "dbgfs");
	if (ret)
		return ret;
	ret = tool_getopt(&t, NULL, argc, argv, "+", NULL, NULL, NULL);
	if (ret)
		goto out;
	if (optind >= argc) {
		ret = usage_error(NULL, "no command given%s", "");
		goto out;
	}
	ret = run(&t, argc - optind, argv + optind);
out:
	dbgfs_free(t.ctx);
	return finish_stdout(ret);
}
