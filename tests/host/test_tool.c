// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host tests of the dbgfs command: mount point lookup through fixture
 * tables, and ls/get/set/watch/dump on a temporary tree given by absolute
 * paths or through DBGFS_DIR.  Permission cases run as nobody, since root
 * reads everything.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <json.h>
#include <linux/magic.h>

#include "common.h"
#include "dbgfs.h"
#include "libdbgfs.h"
#include "tap.h"

/* The tool must not see the caller's DBGFS_DIR and friends. */
#define CLEAN_ENV "env -u DBGFS_DIR -u DEBUGFS_DIR -u TRACEFS_DIR "

static const char *tool, *fixtures;
static char tree[1024];
/* "NAME=VALUE " assignments for the next commands, or "". */
static char env_set[2048];

__printf(3, 4)
static void run(struct run *r, bool as_nobody, const char *fmt, ...)
{
	char cmd[8192];
	va_list ap;
	int n;

	n = snprintf(cmd, sizeof(cmd), CLEAN_ENV "%s%s ", env_set, tool);
	va_start(ap, fmt);
	vsnprintf(cmd + n, sizeof(cmd) - n, fmt, ap);
	va_end(ap);
	run_cmd(cmd, as_nobody, r);
}

static bool result_is(struct run *r, int status, const char *out,
		      const char *err)
{
	bool pass = r->status == status && (!out || !strcmp(r->out, out)) &&
		    (!err || !strcmp(r->err, err));

	if (!pass)
		diag("status %d, stdout '%s', stderr '%s'", r->status, r->out,
		     r->err);
	return pass;
}

/* Run, check status and exact outputs (NULL: any), report one point. */
__printf(6, 7)
static void expect(const char *what, int status, const char *out,
		   const char *err, bool as_nobody, const char *fmt, ...)
{
	char cmd[8192];
	struct run r;
	va_list ap;
	int n;

	n = snprintf(cmd, sizeof(cmd), CLEAN_ENV "%s%s ", env_set, tool);
	va_start(ap, fmt);
	vsnprintf(cmd + n, sizeof(cmd) - n, fmt, ap);
	va_end(ap);
	run_cmd(cmd, as_nobody, &r);
	ok(result_is(&r, status, out, err), "tool: %s", what);
	run_free(&r);
}

static bool contains(struct run *r, const char *needle)
{
	if (strstr(r->out, needle))
		return true;
	diag("'%s' not in output:", needle);
	diag("%s", r->out);
	return false;
}

static void test_where(void)
{
	char err[8192];

	expect("where finds a mount point with a space", 0, "/mnt/debug fs\n",
	       "", false,
	       "--mountinfo %s/space.mountinfo --no-verify where --type debugfs",
	       fixtures);
	expect("where --type tracefs below debugfs", 0,
	       "/sys/kernel/debug/tracing\n", "", false,
	       "-m %s/nested.mountinfo --no-verify where --type tracefs",
	       fixtures);
	expect("global --type before the command", 0, "/mnt/whole\n", "",
	       false, "--type debugfs -m %s/bind.mountinfo --no-verify where",
	       fixtures);
	expect("where without a mount: exit 3", 3, "",
	       "dbgfs: no debugfs mount found\n", false,
	       "-m %s/none.mountinfo --no-verify where -t debugfs", fixtures);
	expect("where with magic check refuses a fixture path: exit 3", 3, "",
	       NULL, false, "-m %s/space.mountinfo where -t debugfs",
	       fixtures);
	snprintf(err, sizeof(err), "dbgfs: %s: Is a directory\n", fixtures);
	expect("where with an unreadable table: exit 3 and the reason", 3, "",
	       err, false, "-m %s where -t debugfs", fixtures);
	snprintf(err, sizeof(err),
		 "dbgfs: %s (from DBGFS_DIR): No such file or directory\n",
		 path_in(tree, "nope"));
	snprintf(env_set, sizeof(env_set), "DBGFS_DIR=%s ",
		 path_in(tree, "nope"));
	expect("where with a missing DBGFS_DIR: exit 3", 3, "", err, false,
	       "where");
	snprintf(env_set, sizeof(env_set), "DBGFS_DIR=%s ", tree);
	expect("where prints DBGFS_DIR", 0, NULL, "", false, "where");
	*env_set = '\0';
}

static void test_usage(void)
{
	static const char *const cmds[] = {
		"where", "ls", "get", "set", "watch", "dump", "mount"
	};
	char want[64];
	struct run r;
	size_t i;

	expect("no command: exit 2", 2, "", NULL, false, "%s", "");
	expect("unknown command: exit 2, one line", 2, "",
	       "dbgfs: unknown command 'frob' (see 'dbgfs --help')\n", false,
	       "frob");
	expect("unknown option: exit 2", 2, "", NULL, false, "ls --frob");
	expect("get without PATH: exit 2", 2, "", NULL, false, "get");
	expect("watch --interval abc: exit 2", 2, "", NULL, false,
	       "watch x --interval abc");
	run(&r, false, "--help");
	ok(r.status == 0 && contains(&r, "Usage: dbgfs"), "tool: --help");
	run_free(&r);
	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		snprintf(want, sizeof(want), "Usage: dbgfs %s", cmds[i]);
		run(&r, false, "%s --help", cmds[i]);
		ok(r.status == 0 && contains(&r, want), "tool: %s --help",
		   cmds[i]);
		run_free(&r);
	}
	run(&r, false, "help dump");
	ok(r.status == 0 && contains(&r, "Usage: dbgfs dump"),
	   "tool: help dump");
	run_free(&r);
}

/* The tree the walk tests use; see the listings below. */
static void make_tree(const char *tmp)
{
	snprintf(tree, sizeof(tree), "%s/tree", tmp);
	chmod(tmp, 0755);
	mkdir(tree, 0755);
	mkdir(path_in(tree, "sub"), 0755);
	mkdir(path_in(tree, "closed"), 0700);
	write_file(path_in(tree, "closed/inner"), "i\n", 2);
	write_file(path_in(tree, "num"), "123\n", 4);
	write_file(path_in(tree, "multi"), "a\nb\n", 4);
	write_file(path_in(tree, "bin"), "\0\1\377", 3);
	write_file(path_in(tree, "wo"), "x", 1);
	chmod(path_in(tree, "wo"), 0200);
	write_file(path_in(tree, "secret"), "s\n", 2);
	/*
	 * Root runs the permission cases as nobody; anyone else is the
	 * owner, and an owner without read bits of its own is refused too.
	 */
	chmod(path_in(tree, "secret"), geteuid() ? 0044 : 0600);
	chmod(path_in(tree, "closed"), geteuid() ? 0055 : 0700);
	write_file(path_in(tree, "sub/flag"), "Y\n", 2);
	write_file(path_in(tree, "sub/neg"), "0\n", 2);
	symlink("../num", path_in(tree, "sub/link"));
	write_file(path_in(tree, "with space"), "sp\n", 3);
	write_file(path_in(tree, "utf"), "h\303\251llo\n", 7);
	write_file(path_in(tree, "zz"), "last\n", 5);
}

static void test_get_set(void)
{
	char err[8192];
	char *buf;
	size_t len;

	expect("get prints the contents", 0, "123\n", "", false, "get %s",
	       path_in(tree, "num"));
	snprintf(err, sizeof(err), "dbgfs: %s: No such file or directory\n",
		 path_in(tree, "missing"));
	expect("get of a missing file: exit 1, one line", 1, "", err, false,
	       "get %s", path_in(tree, "missing"));
	expect("set writes the value", 0, "", "", false, "set %s 456",
	       path_in(tree, "num"));
	ok(!read_whole(path_in(tree, "num"), &buf, &len) && len == 3 &&
	   !memcmp(buf, "456", 3), "tool: set wrote exactly '456'");
	free(buf);
	expect("set of a negative value", 0, "", "", false, "set %s -5",
	       path_in(tree, "sub/neg"));
	snprintf(err, sizeof(err), "dbgfs: %s: Is a directory\n", tree);
	expect("set of a directory: exit 1", 1, "", err, false, "set %s 1",
	       tree);
	snprintf(env_set, sizeof(env_set), "DBGFS_DIR=%s ", tree);
	expect("get of a relative path through DBGFS_DIR", 0, "456", "",
	       false, "get num");
	snprintf(env_set, sizeof(env_set), "DEBUGFS_DIR=%s ", tree);
	expect("get of a relative path through DEBUGFS_DIR", 0, "Y\n", "",
	       false, "-t debugfs get sub/flag");
	*env_set = '\0';
	expect("relative path without a mount point: exit 3", 3, "", NULL,
	       false, "-m %s/none.mountinfo get num", fixtures);
	snprintf(err, sizeof(err), "dbgfs: %s: Permission denied\n",
		 path_in(tree, "secret"));
	expect("get of an unreadable file as nobody: exit 1", 1, "", err,
	       true, "get %s", path_in(tree, "secret"));
}

static const char ls_root[] =
	"bin\nclosed/\nmulti\nnum\nsecret\nsub/\nutf\nwith space\n"
	"wo <write-only>\nzz\n";
static const char ls_nobody[] =
	"bin\nclosed/\nmulti\nnum\nsecret <unreadable: Permission denied>\n"
	"sub/\nutf\nwith space\nwo <write-only>\nzz\n";
static const char ls_r_nobody[] =
	"bin\nclosed/ <unreadable: Permission denied>\nmulti\nnum\n"
	"secret <unreadable: Permission denied>\nsub/\nsub/flag\n"
	"sub/link -> ../num\nsub/neg\nutf\nwith space\nwo <write-only>\nzz\n";
static const char dump_nobody[] =
	"bin: <binary, 3 bytes>\nclosed/ <unreadable: Permission denied>\n"
	"multi: a\nmulti: b\nnum: 456\n"
	"secret: <unreadable: Permission denied>\nsub/\nsub/flag: Y\n"
	"sub/link -> ../num\nsub/neg: -5\nutf: h\303\251llo\n"
	"with space: sp\nwo: <write-only>\nzz: last\n";

static void test_ls_dump_text(void)
{
	/* Not root: the test's own user cannot read "secret" either. */
	expect("ls lists a directory, marks write-only", 0,
	       geteuid() ? ls_nobody : ls_root, "", false, "ls %s", tree);
	expect("ls as nobody marks unreadable files", 0, ls_nobody, "", true,
	       "ls %s", tree);
	expect("ls -R goes on past an unreadable directory", 0, ls_r_nobody,
	       "", true, "ls -R %s", tree);
	snprintf(env_set, sizeof(env_set), "DBGFS_DIR=%s ", tree);
	expect("ls of a file lists the file", 0, "num\n", "", false,
	       "ls num");
	*env_set = '\0';
	expect("dump shows values and errors without aborting", 0,
	       dump_nobody, "", true, "dump %s", tree);
}

static bool hex_equals(const char *hex, const char *buf, size_t len)
{
	size_t i;
	unsigned int byte;

	if (strlen(hex) != 2 * len)
		return false;
	for (i = 0; i < len; i++)
		if (sscanf(hex + 2 * i, "%2x", &byte) != 1 ||
		    (unsigned char)buf[i] != byte)
			return false;
	return true;
}

/* Does @e agree with the file it names?  (The guest test does the same.) */
static bool entry_matches(const char *root, struct json_object *e)
{
	struct json_object *path, *val, *hex, *type;
	const char *file;
	char *buf = NULL;
	size_t len;
	bool same;

	if (!json_object_object_get_ex(e, "path", &path) ||
	    !json_object_object_get_ex(e, "type", &type))
		return false;
	if (strcmp(json_object_get_string(type), "file"))
		return true;
	file = path_in(root, json_object_get_string(path));
	if (!json_object_object_get_ex(e, "value", &val))
		return false;
	/* Unreadable entries are checked on their own. */
	if (!val && json_object_object_get_ex(e, "error", &hex))
		return true;
	if (read_whole(file, &buf, &len))
		return false;
	if (val)
		same = json_object_get_string_len(val) == (int)len &&
		       !memcmp(json_object_get_string(val), buf, len);
	else
		same = json_object_object_get_ex(e, "hex", &hex) &&
		       hex_equals(json_object_get_string(hex), buf, len);
	free(buf);
	return same;
}

static struct json_object *find_entry(struct json_object *entries,
				      const char *path)
{
	size_t i, n = json_object_array_length(entries);
	struct json_object *e, *p;

	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(entries, i);
		if (json_object_object_get_ex(e, "path", &p) &&
		    !strcmp(json_object_get_string(p), path))
			return e;
	}
	return NULL;
}

static const char *field(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) || !v)
		return "(null)";
	return json_object_get_string(v);
}

static void test_dump_json(void)
{
	struct json_object *doc, *entries, *e;
	struct run r;
	size_t i, n, bad = 0;

	run(&r, true, "dump --json %s", tree);
	doc = json_tokener_parse(r.out);
	ok(r.status == 0 && doc, "tool: dump --json parses as JSON");
	if (!doc || !json_object_object_get_ex(doc, "entries", &entries)) {
		ok(false, "tool: dump --json has entries");
		run_free(&r);
		return;
	}
	ok(!strcmp(field(doc, "root"), tree), "tool: dump --json root");
	n = json_object_array_length(entries);
	for (i = 0; i < n; i++)
		if (!entry_matches(tree, json_object_array_get_idx(entries, i)))
			bad++;
	ok(n == 13 && !bad, "tool: %zu JSON entries, %zu differ from the files",
	   n, bad);
	e = find_entry(entries, "secret");
	ok(e && !strcmp(field(e, "value"), "(null)") &&
	   !strcmp(field(e, "error"), "Permission denied"),
	   "tool: unreadable file is null with an error");
	e = find_entry(entries, "wo");
	ok(e && !strcmp(field(e, "writeonly"), "true"),
	   "tool: write-only file is marked");
	e = find_entry(entries, "closed");
	ok(e && !strcmp(field(e, "error"), "Permission denied"),
	   "tool: unreadable directory has an error");
	e = find_entry(entries, "bin");
	ok(e && !strcmp(field(e, "hex"), "0001ff"), "tool: binary as hex");
	e = find_entry(entries, "sub/link");
	ok(e && !strcmp(field(e, "target"), "../num"), "tool: symlink target");
	json_object_put(doc);
	run_free(&r);

	run(&r, false, "dump --json %s", path_in(tree, "num"));
	doc = json_tokener_parse(r.out);
	ok(doc && !strcmp(field(doc, "root"), tree) &&
	   json_object_object_get_ex(doc, "entries", &entries) &&
	   json_object_array_length(entries) == 1 &&
	   !strcmp(field(find_entry(entries, "num"), "value"), "456"),
	   "tool: dump --json of one file");
	json_object_put(doc);
	run_free(&r);
}

static bool lines_match(const char *out, const char *const *values, int n)
{
	static const char pat[] =
		"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3} (.*)$";
	char *copy = strdup(out), *line, *save = NULL;
	regmatch_t m[2];
	regex_t re;
	int i = 0;
	bool good = true;

	regcomp(&re, pat, REG_EXTENDED);
	for (line = strtok_r(copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), i++) {
		if (i >= n || regexec(&re, line, 2, m, 0) ||
		    strcmp(line + m[1].rm_so, values[i]))
			good = false;
	}
	regfree(&re);
	free(copy);
	return good && i == n;
}

static void test_watch(void)
{
	static const char *const one[] = { "456" };
	static const char *const two[] = { "1", "9" };
	const char *w = path_in(tree, "w");
	const char *wout = path_in(tree, "w.out"), *wint = path_in(tree, "w.int");
	struct run r;

	run(&r, false, "watch %s --count 1", path_in(tree, "num"));
	ok(r.status == 0 && lines_match(r.out, one, 1),
	   "tool: watch --count 1 prints a timestamp and the value");
	if (r.status)
		diag("'%s' '%s'", r.out, r.err);
	run_free(&r);
	write_file(w, "1\n", 2);
	/* The change comes once watch has shown the first value. */
	run(&r, false,
	    "watch %s --interval 20 --count 2 > %s & until [ -s %s ]; "
	    "do sleep 0.05; done; printf 9 > %s; wait; cat %s",
	    w, wout, wout, w, wout);
	ok(r.status == 0 && lines_match(r.out, two, 2),
	   "tool: watch prints each change");
	if (!lines_match(r.out, two, 2))
		diag("'%s' '%s'", r.out, r.err);
	run_free(&r);
	/* Its handler is in place once it has shown the value. */
	run(&r, false, "watch %s --interval 20 > %s & until [ -s %s ]; "
	    "do sleep 0.05; done; kill -INT $!; wait $!",
	    w, wint, wint);
	ok(r.status == 0, "tool: watch stops cleanly on SIGINT");
	run_free(&r);
	expect("watch of a missing file: exit 1", 1, "", NULL, false,
	       "watch %s --count 1", path_in(tree, "missing"));
}

/* -v's line for a file of @dir's filesystem, reread every @ms. */
static void want_reread_line(char *buf, size_t size, const char *file,
			     const char *dir, long ms)
{
	struct statfs st;
	char name[64];

	snprintf(buf, size,
		 "dbgfs watch: %s: rereading every %ld ms (no change notification on %s)\n",
		 file, ms, statfs(dir, &st) ? "?" :
		 fs_name((unsigned long)st.f_type, name, sizeof(name)));
}

/*
 * watch -v: a file of another filesystem than dbgfs is reread every
 * interval, and watch says so on stderr, one line; stdout is as without.
 */
static void test_watch_verbose(void)
{
	static const char *const two[] = { "1", "9" };
	const char *w = path_in(tree, "wv"), *wout = path_in(tree, "wv.out");
	const char *werr = path_in(tree, "wv.err");
	char want[8192], shm[] = "/dev/shm/dbgfs-watch.XXXXXX", *err;
	size_t len;
	struct statfs st;
	struct run r;

	write_file(w, "1\n", 2);
	want_reread_line(want, sizeof(want), w, tree, 1000);
	run(&r, false, "-v watch %s --count 1", w);
	ok(r.status == 0 && !strcmp(r.err, want) && lines_match(r.out, two, 1),
	   "tool: watch -v: rereading every 1000 ms by default, on stderr");
	if (strcmp(r.err, want))
		diag("stderr '%s', want '%s'", r.err, want);
	run_free(&r);

	want_reread_line(want, sizeof(want), w, tree, 20);
	run(&r, false,
	    "watch --verbose %s -i 20 -c 2 2>%s > %s & until [ -s %s ]; "
	    "do sleep 0.05; done; printf 9 > %s; wait; "
	    "cat %s", w, werr, wout, wout, w, wout);
	if (read_whole(werr, &err, &len))
		err = NULL;
	ok(r.status == 0 && lines_match(r.out, two, 2) && err &&
	   !strcmp(err, want),
	   "tool: watch -v --interval 20: each change as before, and the line");
	if (!lines_match(r.out, two, 2) || !err || strcmp(err, want))
		diag("'%s' '%s'", r.out, err ? err : "");
	free(err);
	run_free(&r);

	run(&r, false, "-j -v watch %s --count 1", w);
	want_reread_line(want, sizeof(want), w, tree, 1000);
	ok(r.status == 0 && !strcmp(r.err, want) && *r.out == '{' &&
	   !strchr(r.out, '\n')[1], "tool: watch -j -v: the line on stderr alone");
	run_free(&r);

	if (statfs("/dev/shm", &st) || st.f_type != TMPFS_MAGIC ||
	    !mkdtemp(shm)) {
		skip("no tmpfs at /dev/shm", "tool: watch -v on tmpfs");
		return;
	}
	chmod(shm, 0755);
	w = path_in(shm, "v");
	write_file(w, "5\n", 2);
	snprintf(want, sizeof(want),
		 "dbgfs watch: %s: rereading every 30 ms (no change notification on tmpfs)\n",
		 w);
	expect("watch -v on tmpfs: rereading every 30 ms", 0, NULL, want,
	       false, "watch -v -i 30 -c 1 %s", w);
	remove_tree(shm);
}

/*
 * A FIFO with a writer that holds it open and writes nothing: a read
 * blocks as on trace_pipe.  watch must still stop on the first signal.
 */
static void test_watch_blocked(void)
{
	const char *fifo = path_in(tree, "fifo.watch");
	static const char *const sigs[] = { "INT", "TERM" };
	struct run r;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sigs); i++) {
		unlink(fifo);
		mkfifo(fifo, 0644);
		/*
		 * The writer touches "opened" once both ends are open: watch
		 * is past its open(), so its handler is in place.
		 */
		unlink(path_in(tree, "opened"));
		run(&r, false,
		    "watch %s > /dev/null & w=$!; "
		    "(exec 3> %s; : > %s; exec sleep 30) & i=0; "
		    "until [ -e %s ] || [ $i -ge 100 ]; do sleep 0.1; "
		    "i=$((i + 1)); done; sleep 0.2; kill -%s $w; i=0; "
		    "while kill -0 $w 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; "
		    "i=$((i + 1)); done; "
		    "if kill -0 $w 2>/dev/null; then echo stuck; kill -9 $w; fi; "
		    "wait $w; echo rc=$?",
		    fifo, fifo, path_in(tree, "opened"),
		    path_in(tree, "opened"), sigs[i]);
		ok(!strcmp(r.out, "rc=0\n") && !*r.err,
		   "tool: watch blocked in a read stops on SIG%s, exit 0",
		   sigs[i]);
		if (strcmp(r.out, "rc=0\n") || *r.err)
			diag("stdout '%s' stderr '%s'", r.out, r.err);
		run_free(&r);
	}
	unlink(fifo);
}

/* get prints what a file without end gives as it comes, and stops at --max. */
static void test_get_stream(void)
{
	const char *fifo = path_in(tree, "fifo.get"), *out = path_in(tree, "get.out");
	char err[256];
	struct run r;

	unlink(fifo);
	mkfifo(fifo, 0644);
	run(&r, false,
	    "get %s > %s & g=$!; exec 3> %s; printf 'first\\n' >&3; i=0; "
	    "until grep -q first %s || [ $i -ge 50 ]; do sleep 0.1; "
	    "i=$((i + 1)); done; grep -q first %s && echo streamed; "
	    "printf 'second\\n' >&3; exec 3>&-; wait $g; echo rc=$?; cat %s",
	    fifo, out, fifo, out, out, out);
	ok(!strcmp(r.out, "streamed\nrc=0\nfirst\nsecond\n"),
	   "tool: get prints the first chunk before the writer closes");
	if (strcmp(r.out, "streamed\nrc=0\nfirst\nsecond\n"))
		diag("stdout '%s' stderr '%s'", r.out, r.err);
	run_free(&r);
	unlink(fifo);

	/* The old tool grew its buffer until ENOMEM: keep that small. */
	expect("get --max 4096 /dev/zero prints 4096 bytes", 0, "4096\n", "",
	       false, "get --max 4096 /dev/zero 2>/dev/null | wc -c");
	run(&r, false,
	    "get --max 4096 /dev/zero 2>&1 >/dev/null; echo rc=$?");
	ok(!strcmp(r.out, "dbgfs: /dev/zero: longer than --max 4096 bytes\nrc=1\n"),
	   "tool: get --max: clear error, exit 1");
	run_free(&r);
	snprintf(err, sizeof(err),
		 "dbgfs: /dev/zero: longer than --max %d bytes\n", 64 << 20);
	run(&r, false, "get /dev/zero 2>%s | wc -c; cat %s",
	    path_in(tree, "zero.err"), path_in(tree, "zero.err"));
	ok(r.status == 0 && !strncmp(r.out, "67108864\n", 9) &&
	   !strcmp(r.out + 9, err),
	   "tool: get stops at the default --max of 64 MiB");
	if (r.status || strncmp(r.out, "67108864\n", 9))
		diag("stdout '%s' stderr '%s'", r.out, r.err);
	run_free(&r);
	run(&r, false, "--version >/dev/null; "
	    "(ulimit -v 65536; exec %s get --max 1G /dev/zero) | head -c 200000000 | wc -c",
	    tool);
	ok(!strcmp(r.out, "200000000\n"),
	   "tool: get streams with bounded memory (200 MB under a 64 MiB ulimit -v)");
	if (strcmp(r.out, "200000000\n"))
		diag("stdout '%s' stderr '%s'", r.out, r.err);
	run_free(&r);
	expect("get --max 0: no limit", 0, "70000000\n", "", false,
	       "get --max 0 /dev/zero | head -c 70000000 | wc -c");
	expect("get --max 2k reads 2048 bytes", 0, "2048\n", "", false,
	       "get --max 2k /dev/zero 2>/dev/null | wc -c");
	expect("get --max x is refused", 2, "", NULL, false,
	       "get --max x %s", path_in(tree, "num"));
}

/* rm -r below @dirfd by file descriptors: nftw() stops at PATH_MAX. */
static void remove_at(int dirfd, const char *name)
{
	struct dirent *d;
	DIR *dir;
	int fd;

	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
	if (fd < 0) {
		unlinkat(dirfd, name, 0);
		return;
	}
	dir = fdopendir(fd);
	if (!dir) {
		close(fd);
		return;
	}
	while ((d = readdir(dir)))
		if (strcmp(d->d_name, ".") && strcmp(d->d_name, ".."))
			remove_at(fd, d->d_name);
	closedir(dir);
	unlinkat(dirfd, name, AT_REMOVEDIR);
}

/* A chain of @levels directories named @name below @top, a file at the end. */
static bool make_chain(const char *top, const char *name, int levels)
{
	int fd = open(top, O_RDONLY | O_DIRECTORY), next, i;
	bool good = fd >= 0;

	for (i = 0; good && i < levels; i++) {
		good = !mkdirat(fd, name, 0755);
		next = good ? openat(fd, name, O_RDONLY | O_DIRECTORY) : -1;
		close(fd);
		fd = next;
		good = good && fd >= 0;
	}
	if (good) {
		next = openat(fd, "end", O_WRONLY | O_CREAT, 0644);
		good = next >= 0;
		if (good)
			close(next);
	}
	if (fd >= 0)
		close(fd);
	return good;
}

/* ls and dump never leave out an entry without saying so. */
static void test_dropped(const char *tmp)
{
	char name[201], *deep = strdup(path_in(tmp, "deep"));
	char *depth = strdup(path_in(tmp, "depth"));
	struct json_object *doc;
	struct run r;
	int i;

	memset(name, 'n', 200);
	name[200] = '\0';
	mkdir(deep, 0755);
	mkdir(depth, 0755);
	ok(make_chain(deep, name, 24) && make_chain(depth, "d", 70),
	   "tool: a tree past PATH_MAX and one 70 levels deep");
	for (i = 0; i < 2; i++) {
		const char *cmd = i ? "dump" : "ls -R";

		run(&r, false, "%s %s", cmd, deep);
		ok(r.status == 1 && contains(&r, " <unreadable: File name too long>\n"),
		   "tool: %s past PATH_MAX: a marker, exit 1", cmd);
		ok(strstr(r.err, "entries not shown"),
		   "tool: %s past PATH_MAX: says so on stderr", cmd);
		run_free(&r);
		run(&r, false, "%s %s", cmd, depth);
		ok(r.status == 1 &&
		   contains(&r, " <not listed: more than 64 levels deep>\n"),
		   "tool: %s 70 levels deep: a marker, exit 1", cmd);
		run_free(&r);
	}
	run(&r, false, "dump --json %s", depth);
	doc = json_tokener_parse(r.out);
	ok(r.status == 1 && doc && strstr(r.out, "more than 64 levels deep"),
	   "tool: dump --json 70 levels deep: a document with the marker, exit 1");
	json_object_put(doc);
	run_free(&r);
	remove_at(AT_FDCWD, deep);
	remove_at(AT_FDCWD, depth);
	free(deep);
	free(depth);
}

/* Parse @text as strict JSON that must be valid UTF-8; NULL if it is not. */
static struct json_object *parse_utf8_json(const char *text)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *doc;

	json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
			       JSON_TOKENER_VALIDATE_UTF8);
	doc = json_tokener_parse_ex(tok, text, strlen(text) + 1);
	if (!doc)
		diag("JSON error: %s",
		     json_tokener_error_desc(json_tokener_get_error(tok)));
	json_tokener_free(tok);
	return doc;
}

/* Names and link targets that are not UTF-8 still give valid JSON. */
static void test_json_names(const char *tmp)
{
	char *dir = strdup(path_in(tmp, "names"));
	struct json_object *doc, *entries, *e, *v;
	size_t i, n;
	struct run r;
	bool found_file = false, found_link = false, found_utf = false;

	mkdir(dir, 0755);
	write_file(path_in(dir, "\377\376"), "x\n", 2);
	symlink("\377\376", path_in(dir, "link"));
	write_file(path_in(dir, "h\303\251"), "y\n", 2);
	run(&r, false, "dump --json %s", dir);
	doc = parse_utf8_json(r.out);
	ok(r.status == 0 && doc,
	   "tool: dump --json of names with bytes \\xff\\xfe is valid UTF-8 JSON");
	if (doc && json_object_object_get_ex(doc, "entries", &entries)) {
		n = json_object_array_length(entries);
		for (i = 0; i < n; i++) {
			e = json_object_array_get_idx(entries, i);
			if (json_object_object_get_ex(e, "path_hex", &v) &&
			    !strcmp(json_object_get_string(v), "fffe") &&
			    json_object_object_get_ex(e, "path", &v) && !v &&
			    !strcmp(field(e, "value"), "x\n"))
				found_file = true;
			if (!strcmp(field(e, "path"), "link") &&
			    json_object_object_get_ex(e, "target", &v) && !v &&
			    !strcmp(field(e, "target_hex"), "fffe"))
				found_link = true;
			if (!strcmp(field(e, "path"), "h\303\251") &&
			    !json_object_object_get_ex(e, "path_hex", &v))
				found_utf = true;
		}
	}
	ok(found_file, "tool: a name that is not UTF-8: path null, path_hex");
	ok(found_link, "tool: a target that is not UTF-8: target null, target_hex");
	ok(found_utf, "tool: a UTF-8 name stays a string");
	json_object_put(doc);
	run_free(&r);
	remove_tree(dir);
	free(dir);
}

/* where's output is one line whatever the mount point holds; -0 is raw. */
static void test_where_escapes(void)
{
	struct run r;

	expect("where escapes a newline in the mount point as \\012", 0,
	       "/mnt/new\\012line\n", "", false,
	       "-m %s/newline.mountinfo --no-verify where -t debugfs",
	       fixtures);
	expect("where escapes a backslash as \\134", 0,
	       "/mnt/back\\134slash\n", "", false,
	       "-m %s/backslash.mountinfo --no-verify where -t debugfs",
	       fixtures);
	expect("where keeps a space and a tab as they are", 0,
	       "/mnt/a b\tc\\134d\\012e\n", "", false,
	       "-m %s/all-escapes.mountinfo --no-verify where", fixtures);
	run(&r, false, "-m %s/newline.mountinfo --no-verify where -0 -t debugfs",
	    fixtures);
	ok(r.status == 0 && r.out_len == 14 &&
	   !memcmp(r.out, "/mnt/new\nline", 13) && r.out[13] == '\0',
	   "tool: where -0 prints the raw mount point and a NUL");
	run_free(&r);
	run(&r, false, "-m %s/all-escapes.mountinfo --no-verify where --null",
	    fixtures);
	ok(r.status == 0 && r.out_len == 15 &&
	   !memcmp(r.out, "/mnt/a b\tc\\d\ne", 14) && r.out[14] == '\0',
	   "tool: where --null");
	run_free(&r);
}

/* One JSON document on one line (compact), or NULL. */
static struct json_object *compact_doc(struct run *r)
{
	char *nl = strchr(r->out, '\n');

	if (!nl || nl[1]) {
		diag("not one line: '%s'", r->out);
		return NULL;
	}
	return parse_utf8_json(r->out);
}

/* The global -j/--json and -p/--pretty of bpftool and systemd's tools. */
static void test_json_cli(void)
{
	struct json_object *doc, *entries, *e;
	struct run r;
	char *line, *save = NULL;
	int lines = 0, good = 0;

	run(&r, false, "-j -m %s/space.mountinfo --no-verify where -t debugfs",
	    fixtures);
	doc = compact_doc(&r);
	ok(r.status == 0 && doc && !strcmp(field(doc, "mount"), "/mnt/debug fs") &&
	   !strcmp(field(doc, "fstype"), "debugfs") &&
	   !strcmp(field(doc, "source"), "table"),
	   "tool: -j where: one compact document");
	json_object_put(doc);
	run_free(&r);
	run(&r, false, "-m %s/newline.mountinfo --no-verify where --pretty -t debugfs",
	    fixtures);
	doc = parse_utf8_json(r.out);
	ok(r.status == 0 && doc && strstr(r.out, "{\n") &&
	   !strcmp(field(doc, "mount"), "/mnt/new\nline"),
	   "tool: where --pretty: indented, the raw mount point");
	json_object_put(doc);
	run_free(&r);

	run(&r, false, "--json ls %s", tree);
	doc = compact_doc(&r);
	ok(r.status == 0 && doc && json_object_object_get_ex(doc, "entries", &entries) &&
	   json_object_array_length(entries) >= 10 &&
	   !strcmp(field(find_entry(entries, "sub"), "type"), "dir") &&
	   !strcmp(field(find_entry(entries, "wo"), "writeonly"), "true") &&
	   !strcmp(field(find_entry(entries, "num"), "size"), "3"),
	   "tool: ls --json: the entries with type, size, write-only");
	json_object_put(doc);
	run_free(&r);
	run(&r, false, "ls -R -j %s", tree);
	doc = compact_doc(&r);
	ok(r.status == 0 && doc && json_object_object_get_ex(doc, "entries", &entries) &&
	   !strcmp(field(find_entry(entries, "sub/link"), "target"), "../num"),
	   "tool: ls -R -j: below directories, link targets");
	json_object_put(doc);
	run_free(&r);

	run(&r, false, "get -j %s", path_in(tree, "num"));
	doc = compact_doc(&r);
	ok(r.status == 0 && doc && !strcmp(field(doc, "value"), "456") &&
	   !strcmp(field(doc, "size"), "3"), "tool: get -j: value and size");
	json_object_put(doc);
	run_free(&r);
	run(&r, false, "get -j %s", path_in(tree, "bin"));
	doc = compact_doc(&r);
	ok(r.status == 0 && doc && !strcmp(field(doc, "value"), "(null)") &&
	   !strcmp(field(doc, "hex"), "0001ff"), "tool: get -j of binary: hex");
	json_object_put(doc);
	run_free(&r);
	expect("get -j --max 2 of a longer file: exit 1", 1, NULL, "", false,
	       "get -j --max 2 %s", path_in(tree, "num"));

	run(&r, false, "dump -j %s", tree);
	doc = compact_doc(&r);
	ok(r.status == 0 && doc, "tool: dump -j: one compact document");
	json_object_put(doc);
	run_free(&r);
	run(&r, false, "-p dump %s", tree);
	doc = parse_utf8_json(r.out);
	ok(r.status == 0 && doc && strstr(r.out, "\n  \"entries\""),
	   "tool: -p dump: pretty");
	json_object_put(doc);
	run_free(&r);

	write_file(path_in(tree, "wj"), "1\n", 2);
	run(&r, false,
	    "watch -j %s --interval 20 --count 2 > %s & until [ -s %s ]; "
	    "do sleep 0.05; done; printf 9 > %s; wait; cat %s",
	    path_in(tree, "wj"), path_in(tree, "wj.out"),
	    path_in(tree, "wj.out"), path_in(tree, "wj"),
	    path_in(tree, "wj.out"));
	for (line = strtok_r(r.out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), lines++) {
		doc = parse_utf8_json(line);
		if (doc && !strcmp(field(doc, "value"), lines ? "9" : "1\n") &&
		    strchr(field(doc, "time"), 'T'))
			good++;
		json_object_put(doc);
	}
	ok(r.status == 0 && lines == 2 && good == 2,
	   "tool: watch -j: one object per line per change");
	run_free(&r);

	run(&r, false, "--json get %s", path_in(tree, "missing"));
	doc = compact_doc(&r);
	e = NULL;
	ok(r.status == 1 && doc && !*r.err &&
	   json_object_object_get_ex(doc, "error", &e) &&
	   strstr(json_object_get_string(e), "No such file or directory"),
	   "tool: --json: an error is a JSON document on stdout, exit 1");
	json_object_put(doc);
	run_free(&r);
	run(&r, false, "--json -m %s/none.mountinfo --no-verify where", fixtures);
	doc = compact_doc(&r);
	ok(r.status == 3 && doc && !*r.err &&
	   !strcmp(field(doc, "error"), "no dbgfs mount found"),
	   "tool: --json: no mount point, exit 3");
	json_object_put(doc);
	run_free(&r);
	run(&r, false, "--json frob");
	doc = compact_doc(&r);
	ok(r.status == 2 && doc && !*r.err && strstr(field(doc, "error"), "frob"),
	   "tool: --json: a usage error, exit 2");
	json_object_put(doc);
	run_free(&r);
}

/* --version and the library's .pc come from the one VERSION file. */
static void test_version(const char *tool_path)
{
	char want[128], pcpath[4096], *ver = NULL, *pc = NULL, *p;
	size_t len;
	struct run r;

	if (read_whole(path_in(fixtures, "../../../VERSION"), &ver, &len) ||
	    !len || ver[len - 1] != '\n') {
		ok(false, "tool: VERSION holds one line");
		free(ver);
		return;
	}
	snprintf(want, sizeof(want), "dbgfs %s", ver);
	expect("--version prints the VERSION file's version", 0, want, "",
	       false, "--version");
	expect("-V too, also after the command", 0, want, "", false,
	       "ls -V");
	snprintf(pcpath, sizeof(pcpath), "%s", tool_path);
	p = strrchr(pcpath, '/');
	snprintf(p ? p + 1 : pcpath, sizeof(pcpath) - (p ? p + 1 - pcpath : 0),
		 "../lib/libdbgfs.pc");
	ver[len - 1] = '\0';
	snprintf(want, sizeof(want), "\nVersion: %s\n", ver);
	ok(!read_whole(pcpath, &pc, &len) && strstr(pc, want),
	   "tool: libdbgfs.pc has the same version");
	free(pc);
	snprintf(want, sizeof(want), "{\"version\":\"%s\"}\n", ver);
	run(&r, false, "-j --version");
	ok(r.status == 0 && !strcmp(r.out, want), "tool: -j --version");
	run_free(&r);
	ok(!strcmp(dbgfs_version(), ver),
	   "tool: libdbgfs.so's dbgfs_version() is VERSION's");
	free(ver);
}

/*
 * The bash completion from the tree (there is no make install yet),
 * driven the way bash does: COMP_WORDS, COMP_CWORD, then the function
 * that `complete -p dbgfs` names.
 */
static void test_completion(const char *tmp)
{
	static const struct {
		const char *words, *want, *what;
	} cases[] = {
		{ "''", "dump get help ls mount set watch where",
		  "all commands" },
		{ "d", "dump", "a command" },
		{ "ls --r", "--recursive", "an option of the command" },
		{ "get --m", "--max --mountinfo", "own and global options" },
		{ "--ty", "--type", "a global option before the command" },
		{ "watch --verb", "--verbose", "watch's -v, a global option" },
		{ "--type d", "dbgfs debugfs", "--type values" },
		{ "help w", "watch where", "help COMMAND" },
		{ "get s", "secret sub/", "paths below the mount point" },
		{ "-j get sub/", "sub/flag sub/link sub/neg",
		  "paths in a directory" },
		{ "ls wi", "with\\ space", "a name with a space is quoted" },
		{ "set num ''", "", "not set's VALUE" },
	};
	char script[4096], *comp = realpath(path_in(fixtures,
			"../../../tools/dbgfs.bash-completion"), NULL);
	FILE *f;
	struct run r;
	char cmd[8192], *line, *save = NULL;
	size_t i;

	snprintf(script, sizeof(script), "%s/completion.sh", tmp);
	f = fopen(script, "w");
	if (!comp || !f) {
		ok(false, "tool: bash completion file in tools/");
		free(comp);
		if (f)
			fclose(f);
		return;
	}
	fprintf(f, ". '%s' || exit 1\n"
		"comp() { COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); "
		"COMPREPLY=(); _dbgfs; "
		"echo \"[$(printf '%%s\\n' \"${COMPREPLY[@]}\" | sort | paste -sd ' ')]\"; }\n"
		"complete -p dbgfs\n", comp);
	for (i = 0; i < ARRAY_SIZE(cases); i++)
		fprintf(f, "comp '%s' %s\n", tool, cases[i].words);
	fclose(f);
	snprintf(cmd, sizeof(cmd), CLEAN_ENV "DBGFS_DIR=%s bash %s", tree,
		 script);
	run_cmd(cmd, false, &r);
	line = strtok_r(r.out, "\n", &save);
	ok(r.status == 0 && line && !strcmp(line, "complete -F _dbgfs dbgfs"),
	   "tool: completion: complete -p dbgfs names _dbgfs");
	if (r.status)
		diag("stderr '%s'", r.err);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char want[256];

		snprintf(want, sizeof(want), "[%s]", cases[i].want);
		line = strtok_r(NULL, "\n", &save);
		ok(line && !strcmp(line, want), "tool: completion: %s",
		   cases[i].what);
		if (!line)
			line = "(nothing)";
		if (strcmp(line, want))
			diag("%s: got %s, want %s", cases[i].words, line, want);
	}
	run_free(&r);
	free(comp);
}

/* --help and the man page describe the options and the exit codes. */
static void test_docs(void)
{
	static const char *const in_help[] = {
		"-j, --json", "-p, --pretty", "--max BYTES", "-0, --null",
		"Exit status: 0 ok, 1", "write error", "SIGINT", "[TYPE]",
		"refused before the file is opened",
		"-v, --verbose", "dbgfs when it notifies", "change notification",
	};
	static const char *const in_man[] = {
		"\\-\\-json", "\\-\\-pretty", "\\-\\-max", "\\-\\-null",
		".SH EXIT STATUS", "write error", "SIGINT", "\\e012",
		"path_hex", "bash\\-completion", ".SH TYPED ENTRIES",
		"dbgfs_type",
		"\\-\\-verbose", "POLLPRI", "rereading every",
	};
	char *man = NULL;
	size_t i, len;
	struct run r;

	run(&r, false, "--help; %s help get; %s help where; %s help watch; "
	    "%s help ls; %s help set", tool, tool, tool, tool, tool);
	for (i = 0; i < ARRAY_SIZE(in_help); i++)
		ok(r.status == 0 && contains(&r, in_help[i]),
		   "tool: --help describes '%s'", in_help[i]);
	run_free(&r);
	/* The page as built: dbgfs.1.in with dbgfs.help's lines put in. */
	if (read_whole(path_in(fixtures, "../../../build/tools/dbgfs.1"), &man,
		       &len))
		man = NULL;
	for (i = 0; i < ARRAY_SIZE(in_man); i++)
		ok(man && strstr(man, in_man[i]), "tool: dbgfs.1 describes '%s'",
		   in_man[i]);
	free(man);
}

/*
 * Error paths of issue 10: each message is one line naming its cause, and
 * the exit status says what went wrong.
 */
static void test_errors(void)
{
	char err[8192];
	struct run r;

	expect("help NOSUCH: exit 2, one line", 2, "",
	       "dbgfs: help: unknown command 'nosuch' (see 'dbgfs --help')\n",
	       false, "help nosuch");
	expect("get >/dev/full: exit 1, write error", 1, "",
	       "dbgfs: write error: No space left on device\n", false,
	       "get %s >/dev/full", path_in(tree, "multi"));
	expect("ls >/dev/full: exit 1, write error", 1, "",
	       "dbgfs: write error: No space left on device\n", false,
	       "ls %s >/dev/full", tree);
	expect("dump >/dev/full: exit 1, write error", 1, "",
	       "dbgfs: write error: No space left on device\n", false,
	       "dump %s >/dev/full", tree);
	expect("where >/dev/full: exit 1, write error", 1, "",
	       "dbgfs: write error: No space left on device\n", false,
	       "-m %s/space.mountinfo --no-verify where -t debugfs >/dev/full",
	       fixtures);
	expect("--help >/dev/full: exit 1, write error", 1, "",
	       "dbgfs: write error: No space left on device\n", false,
	       "--help >/dev/full");
	snprintf(err, sizeof(err), "dbgfs: %s/nosuch.mountinfo: No such file or directory\n",
		 fixtures);
	expect("--mountinfo of a missing file names it: exit 3", 3, "", err,
	       false, "-m %s/nosuch.mountinfo where -t debugfs", fixtures);
	expect("--mountinfo of a missing file, --no-verify: names it", 3, "",
	       err, false, "-m %s/nosuch.mountinfo --no-verify where",
	       fixtures);
	snprintf(err, sizeof(err),
		 "dbgfs: %s/space.mountinfo: mount ID 40 at /mnt/debug fs is not debugfs by statfs(2) (try --no-verify to trust the table)\n",
		 fixtures);
	expect("a row failing the statfs check is named, with --no-verify", 3,
	       "", err, false, "-m %s/space.mountinfo where -t debugfs",
	       fixtures);
	expect("a garbage first line of the table is skipped", 0,
	       "/mnt/after-first-garbage\n", "", false,
	       "-m %s/garbage-first.mountinfo --no-verify where -t debugfs",
	       fixtures);
	run(&r, false, "-m %s/garbage-first.mountinfo --no-verify where",
	    fixtures);
	ok(r.status == 3 && !strcmp(r.err, "dbgfs: no dbgfs mount found\n"),
	   "tool: garbage first line: other types still not found");
	run_free(&r);
}

/* Typed files: a name, its text and its user.dbgfs.type (NULL: none). */
static const struct {
	const char *name, *text, *type;
	size_t len;
} typed_files[] = {
#define TYPED(name, text, type) { name, text, type, sizeof(text) - 1 }
	TYPED("n8", "7\n", "u8"),
	TYPED("n16", "65535\n", "u16"),
	TYPED("n32", "4294967295\n", "u32"),
	TYPED("n64", "18446744073709551615\n", "u64"),
	TYPED("nlong", "12\n", "ulong"),
	TYPED("nsize", "0\n", "size_t"),
	TYPED("at", "-2147483648\n", "atomic_t"),
	TYPED("h8", "0x0a\n", "x8"),
	TYPED("h16", "0x00ff\n", "x16"),
	TYPED("h32", "0x0000beef\n", "x32"),
	TYPED("h64", "0xffffffffffffffff\n", "x64"),
	TYPED("flag", "Y\n", "bool"),
	TYPED("off", "N\n", "bool"),
	TYPED("s", "hello world\n", "str"),
	TYPED("arr", "1 2 4294967295\n", "u32_array"),
	TYPED("none", "", "u32_array"),
	TYPED("blob", "\0\1", "blob"),
	TYPED("regs", "r0 = 0x00000001\n", "regset32"),
	TYPED("own", "anything\n", "file"),
	TYPED("bad", "abc\n", "u32"),
	TYPED("lead", "07\n", "u8"),
	TYPED("nl", "hello", "str"),
	TYPED("plain", "5\n", NULL),
#undef TYPED
};

/* The typed tree below @tmp, or below build/ where /tmp has no user xattrs. */
static bool make_typed(const char *tmp, char *dir, size_t size)
{
	size_t i;

	snprintf(dir, size, "%s/typed", tmp);
	mkdir(dir, 0755);
	if (setxattr(dir, "user.dbgfs.probe", "", 0, 0)) {
		diag("no user xattrs in %s (%s), trying build/", dir,
		     strerror(errno));
		snprintf(dir, size, "%s/../../../build/tests/host/typed.XXXXXX",
			 fixtures);
		if (!mkdtemp(dir) || setxattr(dir, "user.dbgfs.probe", "", 0, 0))
			return false;
	}
	for (i = 0; i < ARRAY_SIZE(typed_files); i++) {
		const char *f = path_in(dir, typed_files[i].name);

		if (write_file(f, typed_files[i].text, typed_files[i].len) ||
		    (typed_files[i].type &&
		     setxattr(f, "user.dbgfs.type", typed_files[i].type,
			      strlen(typed_files[i].type), 0)))
			return false;
	}
	return !symlink("n8", path_in(dir, "link"));
}

/* The entry @name of a dump: its dbgfs_type is @type, its value @want. */
static bool typed_entry(struct json_object *entries, const char *name,
			const char *type, const char *want)
{
	struct json_object *e = find_entry(entries, name);
	const char *value = field(e, "value");

	if (e && !strcmp(field(e, "dbgfs_type"), type) &&
	    !strcmp(value, want) && !strcmp(field(e, "raw"), "(null)"))
		return true;
	diag("%s: dbgfs_type %s, value %s, raw %s", name,
	     field(e, "dbgfs_type"), value, field(e, "raw"));
	return false;
}

static bool value_is(struct json_object *entries, const char *name,
		     enum json_type type)
{
	struct json_object *v = NULL;

	return json_object_object_get_ex(find_entry(entries, name), "value",
					 &v) && json_object_is_type(v, type);
}

static void test_typed_dump(const char *dir)
{
	static const struct {
		const char *name, *type, *want;
	} numbers[] = {
		{ "n8", "u8", "7" }, { "n16", "u16", "65535" },
		{ "n32", "u32", "4294967295" },
		{ "n64", "u64", "18446744073709551615" },
		{ "nlong", "ulong", "12" }, { "nsize", "size_t", "0" },
		{ "at", "atomic_t", "-2147483648" },
	};
	struct json_object *doc, *entries = NULL, *e, *v = NULL;
	size_t i, good = 0;
	struct run r;

	run(&r, false, "dump --json %s", dir);
	doc = parse_utf8_json(r.out);
	ok(r.status == 0 && doc &&
	   json_object_object_get_ex(doc, "entries", &entries),
	   "tool: typed: dump --json");
	for (i = 0; i < ARRAY_SIZE(numbers); i++)
		if (typed_entry(entries, numbers[i].name,
				numbers[i].type, numbers[i].want) &&
		    value_is(entries, numbers[i].name, json_type_int))
			good++;
	ok(good == ARRAY_SIZE(numbers),
	   "tool: typed: u8..u64, ulong, size_t, atomic_t as JSON numbers");
	ok(strstr(r.out, "\"value\":18446744073709551615}") &&
	   json_object_object_get_ex(find_entry(entries, "n64"), "value", &v) &&
	   json_object_get_uint64(v) == UINT64_MAX,
	   "tool: typed: u64 18446744073709551615 exact");
	ok(typed_entry(entries, "h8", "x8", "0x0a") &&
	   typed_entry(entries, "h16", "x16", "0x00ff") &&
	   typed_entry(entries, "h32", "x32", "0x0000beef") &&
	   typed_entry(entries, "h64", "x64", "0xffffffffffffffff") &&
	   value_is(entries, "h8", json_type_string),
	   "tool: typed: x8..x64 keep their text, without the newline");
	ok(typed_entry(entries, "flag", "bool", "true") &&
	   typed_entry(entries, "off", "bool", "false") &&
	   value_is(entries, "flag", json_type_boolean),
	   "tool: typed: bool as true and false");
	ok(typed_entry(entries, "s", "str", "hello world") &&
	   value_is(entries, "s", json_type_string),
	   "tool: typed: str without its newline");
	e = find_entry(entries, "none");
	ok(strstr(r.out, "\"value\":[1,2,4294967295]}") &&
	   !strcmp(field(find_entry(entries, "arr"), "dbgfs_type"), "u32_array") &&
	   !strcmp(field(e, "dbgfs_type"), "u32_array") &&
	   value_is(entries, "none", json_type_array) &&
	   !strcmp(field(e, "value"), "[ ]"),
	   "tool: typed: u32_array as an array of numbers, [] for none");
	ok(typed_entry(entries, "regs", "regset32", "r0 = 0x00000001\n") &&
	   typed_entry(entries, "own", "file", "anything\n") &&
	   typed_entry(entries, "blob", "blob", "(null)") &&
	   !strcmp(field(find_entry(entries, "blob"), "hex"), "0001"),
	   "tool: typed: regset32, file and blob as untyped values");
	e = find_entry(entries, "bad");
	ok(!strcmp(field(e, "dbgfs_type"), "u32") &&
	   !strcmp(field(e, "value"), "abc\n") &&
	   !strcmp(field(e, "raw"), "true") &&
	   !strcmp(field(find_entry(entries, "lead"), "value"), "07\n") &&
	   !strcmp(field(find_entry(entries, "lead"), "raw"), "true") &&
	   !strcmp(field(find_entry(entries, "nl"), "value"), "hello") &&
	   !strcmp(field(find_entry(entries, "nl"), "raw"), "true"),
	   "tool: typed: a text not of its type stays as it is, \"raw\": true");
	e = find_entry(entries, "plain");
	ok(e && !json_object_object_get_ex(e, "dbgfs_type", &v) &&
	   !json_object_object_get_ex(e, "raw", &v) &&
	   !strcmp(field(e, "value"), "5\n") &&
	   !json_object_object_get_ex(find_entry(entries, "link"),
				      "dbgfs_type", &v),
	   "tool: typed: untyped file and symlink unchanged");
	json_object_put(doc);
	run_free(&r);

	run(&r, false, "ls --json %s", dir);
	doc = parse_utf8_json(r.out);
	ok(doc && json_object_object_get_ex(doc, "entries", &entries) &&
	   !strcmp(field(find_entry(entries, "n32"), "dbgfs_type"), "u32") &&
	   !strcmp(field(find_entry(entries, "plain"), "dbgfs_type"), "(null)"),
	   "tool: typed: ls --json has dbgfs_type");
	json_object_put(doc);
	run_free(&r);
}

static void test_typed_ls(const char *dir)
{
	struct run r;

	run(&r, false, "ls -l %s", dir);
	ok(r.status == 0 && contains(&r, " 2 n8 [u8]\n") &&
	   contains(&r, " 15 arr [u32_array]\n") &&
	   contains(&r, " 2 plain\n") && contains(&r, " link -> n8\n"),
	   "tool: typed: ls -l shows [TYPE], untyped lines unchanged");
	run_free(&r);
	run(&r, false, "ls %s", dir);
	ok(r.status == 0 && !strchr(r.out, '['),
	   "tool: typed: ls without -l shows no type");
	run_free(&r);
}

/* VALUE is refused for @name: status 1, one line, the file untouched. */
static void expect_refused(const char *dir, const char *name,
			   const char *value, const char *why)
{
	struct timespec old[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
	const char *f = path_in(dir, name);
	char err[8192], what[128], *buf = NULL;
	struct stat st;
	size_t len, i;

	snprintf(what, sizeof(what), "typed: set %s %.12s%s refused, exit 1",
		 name, value, strlen(value) > 12 ? "..." : "");

	for (i = 0; i < ARRAY_SIZE(typed_files); i++)
		if (!strcmp(typed_files[i].name, name))
			break;
	utimensat(AT_FDCWD, f, old, AT_SYMLINK_NOFOLLOW);
	snprintf(err, sizeof(err), "dbgfs: %s: refused: %s\n", f, why);
	expect(what, 1, "", err, false, "set %s '%s'", f, value);
	ok(i < ARRAY_SIZE(typed_files) && !read_whole(f, &buf, &len) &&
	   len == typed_files[i].len && !memcmp(buf, typed_files[i].text, len) &&
	   !stat(f, &st) && st.st_mtime == 1000000000,
	   "tool: typed: %s untouched (contents, mtime)", name);
	free(buf);
}

static void test_typed_set(const char *dir)
{
	char *big = malloc(4097), *buf = NULL, err[8192];
	long page = sysconf(_SC_PAGESIZE);
	struct json_object *doc;
	size_t len;
	struct run r;

	expect_refused(dir, "n8", "256", "u8 takes a number from 0 to 255");
	expect_refused(dir, "flag", "maybe",
		       "bool takes y, Y, 1, on (true) or n, N, 0, off (false)");
	expect_refused(dir, "n32", "-1", "u32 takes a number from 0 to 4294967295");
	expect_refused(dir, "at", "2147483648",
		       "atomic_t takes a number from -2147483648 to 2147483647");
	expect_refused(dir, "h8", "0x100", "x8 takes a number from 0 to 0xff");
	expect_refused(dir, "arr", "1", "u32_array is read-only");
	expect_refused(dir, "regs", "1", "regset32 is read-only");
	if (page == 4096 && big) {
		memset(big, 'a', 4096);
		big[4096] = '\0';
		expect_refused(dir, "s", big,
			       "str takes a string of at most 4095 bytes");
		big[4095] = '\0';
		expect("set of a 4095-byte str", 0, "", "", false, "set %s %s",
		       path_in(dir, "s"), big);
		ok(!read_whole(path_in(dir, "s"), &buf, &len) && len == 4095,
		   "tool: typed: 4095 bytes written to str");
		free(buf);
	} else {
		skip("not 4 KiB pages", "tool: typed: str limit (page size %ld)",
		     page);
	}
	free(big);
	snprintf(err, sizeof(err),
		 "dbgfs: %s: refused: u8 takes a number from 0 to 255\n",
		 path_in(dir, "link"));
	expect("set through a symbolic link checks its target's type", 1, "",
	       err, false, "set %s 300", path_in(dir, "link"));
	run(&r, false, "-j set %s 256", path_in(dir, "n8"));
	doc = parse_utf8_json(r.out);
	ok(r.status == 1 && doc && !*r.err &&
	   strstr(field(doc, "error"), "refused: u8 takes a number from 0 to 255"),
	   "tool: typed: set -j: the refusal as a JSON error");
	json_object_put(doc);
	run_free(&r);

	expect("set of 255 to a u8", 0, "", "", false, "set %s 255",
	       path_in(dir, "n8"));
	expect("set of 0xff to a u8", 0, "", "", false, "set %s 0xff",
	       path_in(dir, "n8"));
	expect("set of -2147483648 to an atomic_t", 0, "", "", false,
	       "set %s -2147483648", path_in(dir, "at"));
	expect("set of off to a bool", 0, "", "", false, "set %s off",
	       path_in(dir, "flag"));
	expect("set of u64 max", 0, "", "", false,
	       "set %s 18446744073709551615", path_in(dir, "n64"));
	ok(!read_whole(path_in(dir, "flag"), &buf, &len) && len == 3 &&
	   !memcmp(buf, "off", 3), "tool: typed: in-range values written");
	free(buf);
	expect("set of an untyped file: unchanged", 0, "", "", false,
	       "set %s 99999", path_in(dir, "plain"));
	expect("set of a blob or file type: the kernel's to judge", 0, "", "",
	       false, "set %s anything", path_in(dir, "own"));
}

/* Issue 16: files with a user.dbgfs.type attribute, as the module gives. */
static void test_typed(const char *tmp)
{
	char dir[4096];

	if (!make_typed(tmp, dir, sizeof(dir))) {
		skip(strerror(errno), "tool: typed entries: no user xattrs");
		return;
	}
	test_typed_ls(dir);
	test_typed_dump(dir);
	test_typed_set(dir);
	if (strncmp(dir, tmp, strlen(tmp)))
		remove_tree(dir);
}

/*
 * The tool and the fixtures as the commands name them: below @tmp (0755),
 * since nobody may not reach the build folder (a clone under /root), and
 * shell words without spaces, whatever the clone's path.
 */
static bool place_tool(const char *tool_path, const char *fixture_dir,
		       const char *tmp)
{
	static char tool_copy[1024], fixtures_link[1024];
	char *bin, *fixtures_abs;
	size_t len;
	int err;

	snprintf(tool_copy, sizeof(tool_copy), "%s/dbgfs", tmp);
	snprintf(fixtures_link, sizeof(fixtures_link), "%s/fixtures", tmp);
	fixtures_abs = realpath(fixture_dir, NULL);
	if (!fixtures_abs || read_whole(tool_path, &bin, &len)) {
		free(fixtures_abs);
		return false;
	}
	err = write_file(tool_copy, bin, len) || chmod(tool_copy, 0755) ||
	      symlink(fixtures_abs, fixtures_link);
	free(fixtures_abs);
	free(bin);
	if (err)
		return false;
	tool = tool_copy;
	fixtures = fixtures_link;
	return true;
}

void test_tool(const char *tool_path, const char *fixture_dir,
	       const char *tmp)
{
	chmod(tmp, 0755);
	if (!ok(place_tool(tool_path, fixture_dir, tmp),
		"tool: copy the tool where nobody can run it (%s)", tmp))
		return;
	make_tree(tmp);
	test_where();
	test_usage();
	test_get_set();
	test_ls_dump_text();
	test_dump_json();
	test_watch();
	test_watch_verbose();
	test_errors();
	test_watch_blocked();
	test_get_stream();
	test_dropped(tmp);
	test_json_names(tmp);
	test_where_escapes();
	test_json_cli();
	test_typed(tmp);
	test_version(tool_path);
	test_completion(tmp);
	test_docs();
}
