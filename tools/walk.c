// SPDX-License-Identifier: GPL-2.0-only
/*
 * dbgfs ls and dump: walking a tree.
 *
 * A walk never aborts on an entry it cannot read: the entry is shown with
 * its error and the walk goes on.  It does not follow symbolic links and
 * does not descend into other filesystems (tracefs is automounted below
 * debugfs, and its trace_pipe would block a dump).
 */
#define _GNU_SOURCE	/* scandirat() */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json.h>

#include "dbgfs.h"

/* Guards against bind-mount loops within one filesystem. */
#define DEPTH_MAX 64

struct entry {
	const char *path;	/* absolute */
	const char *rel;	/* relative to the walk's root */
	struct stat st;
	int err;		/* lstat() (st is zeroed) or scandir() */
	bool xdev;		/* directory of another filesystem */
	bool too_deep;		/* directory not listed: DEPTH_MAX */
};

typedef void (*visit_fn)(void *data, const struct entry *e);

struct walk {
	bool recursive;
	dev_t dev;
	visit_fn visit;
	void *data;
	bool dropped;		/* an entry shown with a marker instead */
};

static int not_dots(const struct dirent *d)
{
	return strcmp(d->d_name, ".") && strcmp(d->d_name, "..");
}

static void free_list(struct dirent **list, int n)
{
	while (n-- > 0)
		free(list[n]);
	free(list);
}

static void walk_children(struct walk *w, const char *path, const char *rel,
			  struct dirent **list, int n, int depth);

/*
 * List directory @path unless it is another filesystem.  Opening it
 * matters: lstat() does not trigger an automount (debugfs' "tracing"),
 * open() does, and then fstat() tells the filesystems apart.
 * Returns the entry count, or -1 with @e->err or @e->xdev set.
 */
static int scan_dir(struct walk *w, const char *path, struct entry *e,
		    struct dirent ***list)
{
	struct stat st;
	int fd, n;

	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		e->err = errno;
		return -1;
	}
	if (fstat(fd, &st) || st.st_dev != w->dev) {
		e->xdev = true;
		close(fd);
		return -1;
	}
	n = scandirat(fd, ".", list, not_dots, alphasort);
	if (n < 0)
		e->err = errno;
	close(fd);
	return n;
}

/*
 * An entry whose path does not fit PATH_MAX: shown with ENAMETOOLONG
 * (its relative name may still be longer, so it is allocated).
 */
static void visit_too_long(struct walk *w, const char *dirrel,
			   const char *name)
{
	struct entry e = { .err = ENAMETOOLONG };
	char *rel;

	if (asprintf(&rel, "%s%s%s", dirrel, *dirrel ? "/" : "", name) < 0)
		rel = NULL;
	e.path = rel ? rel : name;
	e.rel = e.path;
	w->dropped = true;
	w->visit(w->data, &e);
	free(rel);
}

/* Visit one entry of a directory, and what is below it. */
static void walk_one(struct walk *w, const char *dir, const char *dirrel,
		     const char *name, int depth)
{
	char path[PATH_MAX], rel[PATH_MAX];
	struct dirent **list = NULL;
	struct entry e = { .path = path, .rel = rel };
	int n = -1;

	if (dbgfs_join(dir, name, path, sizeof(path)) ||
	    (*dirrel && dbgfs_join(dirrel, name, rel, sizeof(rel)))) {
		visit_too_long(w, dirrel, name);
		return;
	}
	if (!*dirrel)
		snprintf(rel, sizeof(rel), "%s", name);
	if (lstat(path, &e.st)) {
		e.err = errno;
		memset(&e.st, 0, sizeof(e.st));
	}
	if (!e.err && S_ISDIR(e.st.st_mode) && w->recursive) {
		e.xdev = e.st.st_dev != w->dev;
		e.too_deep = !e.xdev && depth >= DEPTH_MAX;
		if (e.too_deep)
			w->dropped = true;
		else if (!e.xdev)
			n = scan_dir(w, path, &e, &list);
	}
	w->visit(w->data, &e);
	if (n >= 0)
		walk_children(w, path, rel, list, n, depth + 1);
}

static void walk_children(struct walk *w, const char *path, const char *rel,
			  struct dirent **list, int n, int depth)
{
	int i;

	for (i = 0; i < n; i++)
		walk_one(w, path, rel, list[i]->d_name, depth);
	free_list(list, n);
}

/*
 * Walk @root: a directory's entries (all levels if @recursive), or a
 * file alone, shown as @file_rel.  Errors on @root itself are returned
 * (negative); 1 if an entry was shown with a marker in place of what it
 * holds (a path past PATH_MAX, a directory past DEPTH_MAX levels).
 */
static int walk(const char *root, const char *file_rel, bool recursive,
		visit_fn visit, void *data)
{
	struct walk w = { recursive, 0, visit, data, false };
	struct dirent **list;
	struct stat st;
	int n;

	if (stat(root, &st))
		return -errno;
	if (!S_ISDIR(st.st_mode)) {
		struct entry e = { root, file_rel, st, 0, false, false };

		visit(data, &e);
		return 0;
	}
	w.dev = st.st_dev;
	n = scandir(root, &list, not_dots, alphasort);
	if (n < 0)
		return -errno;
	walk_children(&w, root, "", list, n, 1);
	return w.dropped ? 1 : 0;
}

static bool no_read_bits(mode_t mode)
{
	return !(mode & 0444);
}

/* " <write-only>" and friends for ls, which does not read files. */
static void print_access(const struct entry *e)
{
	if (e->err)
		printf(" <unreadable: %s>", strerror(e->err));
	else if (e->xdev)
		printf(" <other filesystem>");
	else if (e->too_deep)
		printf(" <not listed: more than %d levels deep>", DEPTH_MAX);
	else if (S_ISDIR(e->st.st_mode))
		return;
	else if (no_read_bits(e->st.st_mode))
		printf(" <write-only>");
	else if (S_ISREG(e->st.st_mode) && access(e->path, R_OK))
		printf(" <unreadable: %s>", strerror(errno));
}

static void mode_string(mode_t mode, char *s)
{
	static const char rwx[] = "rwxrwxrwx";
	int i;

	s[0] = S_ISDIR(mode) ? 'd' : S_ISLNK(mode) ? 'l' :
	       S_ISREG(mode) ? '-' : '?';
	for (i = 0; i < 9; i++)
		s[i + 1] = mode & (1 << (8 - i)) ? rwx[i] : '-';
	s[10] = '\0';
}

static void print_link(const struct entry *e)
{
	char target[PATH_MAX];
	ssize_t n = readlink(e->path, target, sizeof(target) - 1);

	if (n < 0)
		printf(" -> <unreadable: %s>", strerror(errno));
	else
		printf(" -> %.*s", (int)n, target);
}

static void ls_visit(void *data, const struct entry *e)
{
	bool long_fmt = *(bool *)data;
	char mode[11];

	if (long_fmt) {
		mode_string(e->st.st_mode, mode);
		printf("%s %10lld ", mode, (long long)e->st.st_size);
	}
	printf("%s%s", e->rel, S_ISDIR(e->st.st_mode) ? "/" : "");
	if (S_ISLNK(e->st.st_mode))
		print_link(e);
	print_access(e);
	putchar('\n');
}

struct ls_opts {
	bool recursive;
	bool long_fmt;
};

static int ls_opt(void *data, int c, const char *arg)
{
	struct ls_opts *o = data;

	(void)arg;
	if (c == 'R')
		o->recursive = true;
	else if (c == 'l')
		o->long_fmt = true;
	else
		return -1;
	return EXIT_OK;
}

static int walk_json(struct tool *t, const char *root, bool relative,
		     bool recursive, visit_fn visit);
static void ls_json_visit(void *data, const struct entry *e);

/* The exit status of ls and dump from what walk() returned. */
static int walk_status(const char *shown, int ret)
{
	if (ret < 0) {
		err_path(shown, ret);
		return EXIT_FAIL;
	}
	if (ret > 0) {
		/* The JSON document has its markers: no second document. */
		if (!json_mode)
			fail("%s: entries not shown in full, see the <...> markers",
			     *shown ? shown : ".");
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

/* Resolve the optional PATH operand of ls and dump. */
static int root_operand(struct tool *t, const char *cmd, int argc,
			char **argv, char *buf, size_t size,
			const char **shown)
{
	if (optind + 1 < argc)
		return usage_error(cmd, "unexpected argument '%s'",
				   argv[optind + 1]);
	*shown = optind < argc ? argv[optind] : "";
	return resolve(t, *shown, buf, size);
}

int cmd_ls(struct tool *t, int argc, char **argv)
{
	static const struct option own[] = {
		{ "recursive", no_argument, NULL, 'R' },
		{ "long", no_argument, NULL, 'l' },
		{ NULL, 0, NULL, 0 }
	};
	struct ls_opts o = { false, false };
	char root[PATH_MAX];
	const char *shown;
	int ret;

	ret = tool_getopt(t, "ls", argc, argv, "Rl", own, ls_opt, &o);
	if (ret)
		return ret;
	ret = root_operand(t, "ls", argc, argv, root, sizeof(root), &shown);
	if (ret)
		return ret;
	if (json_mode)
		ret = walk_json(t, root, *shown != '/', o.recursive,
				ls_json_visit);
	else
		ret = walk(root, *shown ? shown : root, o.recursive, ls_visit,
			   &o.long_fmt);
	return walk_status(*shown ? shown : root, ret);
}

/* Length of the UTF-8 sequence at @s, 0 if it is not a valid one. */
static size_t utf8_len(const unsigned char *s, size_t left)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, k;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	/* No overlong forms, no surrogates, nothing above U+10FFFF. */
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (n > left || s[1] < lo || s[1] > hi)
		return 0;
	for (k = 2; k < n; k++)
		if ((s[k] & 0xc0) != 0x80)
			return 0;
	return n;
}

/*
 * Valid UTF-8; with @text also without control characters other than
 * tab, newline and carriage return (a value that is not text is shown as
 * binary).
 */
static bool is_utf8(const unsigned char *s, size_t len, bool text)
{
	size_t i = 0, n;

	while (i < len) {
		if (s[i] < 0x80) {
			if (text && s[i] < 0x20 && s[i] != '\t' &&
			    s[i] != '\n' && s[i] != '\r')
				return false;
			i++;
			continue;
		}
		n = utf8_len(s + i, len - i);
		if (!n)
			return false;
		i += n;
	}
	return true;
}

struct value {
	char *buf;
	size_t len;
	int err;
	bool truncated;
	bool text;
};

static void read_value(const struct entry *e, struct value *v)
{
	void *buf = NULL;

	memset(v, 0, sizeof(*v));
	/* Non-blocking: a pipe-like file must not stall the walk. */
	v->err = -dbgfs_read_file(NULL, e->path, VALUE_MAX + 1,
				  DBGFS_READ_NONBLOCK, &buf, &v->len);
	if (v->err)
		return;
	v->buf = buf;
	if (v->len > VALUE_MAX) {
		v->len = VALUE_MAX;
		v->truncated = true;
	}
	v->text = is_utf8(buf, v->len, true);
}

static void print_value_lines(const char *rel, const struct value *v)
{
	const char *p = v->buf, *end = v->buf + v->len, *nl;

	if (!v->len)
		printf("%s:\n", rel);
	while (p < end) {
		nl = memchr(p, '\n', end - p);
		if (!nl)
			nl = end;
		printf("%s: %.*s\n", rel, (int)(nl - p), p);
		p = nl + 1;
	}
}

static void print_read_error(const struct entry *e, int err)
{
	if (no_read_bits(e->st.st_mode))
		printf("%s: <write-only>\n", e->rel);
	else
		printf("%s: <unreadable: %s>\n", e->rel, strerror(err));
}

static void dump_text_file(const struct entry *e)
{
	struct value v;

	read_value(e, &v);
	if (v.err)
		print_read_error(e, v.err);
	else if (!v.text)
		printf("%s: <binary, %zu bytes>\n", e->rel, v.len);
	else
		print_value_lines(e->rel, &v);
	if (v.truncated)
		printf("%s: <truncated at %d bytes>\n", e->rel, VALUE_MAX);
	free(v.buf);
}

static void dump_text_visit(void *data, const struct entry *e)
{
	(void)data;
	if (e->err || S_ISDIR(e->st.st_mode) || S_ISLNK(e->st.st_mode)) {
		ls_visit(&(bool){ false }, e);
		return;
	}
	if (!S_ISREG(e->st.st_mode)) {
		printf("%s: <not a regular file>\n", e->rel);
		return;
	}
	dump_text_file(e);
}

static const char *type_name(const struct entry *e)
{
	if (!e->st.st_mode)
		return "unknown";	/* lstat() failed */
	if (S_ISDIR(e->st.st_mode))
		return "dir";
	if (S_ISLNK(e->st.st_mode))
		return "symlink";
	return S_ISREG(e->st.st_mode) ? "file" : "other";
}

static void json_add(struct json_object *o, const char *key,
		     struct json_object *val)
{
	json_object_object_add(o, key, val);
}

static void json_error(struct json_object *o, int err)
{
	json_add(o, "error", json_object_new_string(strerror(err)));
	json_add(o, "errno", json_object_new_int(err));
}

static struct json_object *hex_string(const unsigned char *buf, size_t len)
{
	static const char digits[] = "0123456789abcdef";
	struct json_object *o;
	char *hex = malloc(2 * len + 1);
	size_t i;

	if (!hex)
		return NULL;
	for (i = 0; i < len; i++) {
		hex[2 * i] = digits[buf[i] >> 4];
		hex[2 * i + 1] = digits[buf[i] & 15];
	}
	o = json_object_new_string_len(hex, 2 * len);
	free(hex);
	return o;
}

/*
 * @key: @s as a string when it is UTF-8, else null with @key_hex holding
 * its bytes in hex (as a value that is not text): names and link targets
 * are bytes, JSON strings are Unicode.
 */
void json_name(struct json_object *o, const char *key, const char *s,
	       size_t len)
{
	char hexkey[64];

	if (is_utf8((const unsigned char *)s, len, false)) {
		json_add(o, key, json_object_new_string_len(s, len));
		return;
	}
	snprintf(hexkey, sizeof(hexkey), "%s_hex", key);
	json_add(o, key, NULL);
	json_add(o, hexkey, hex_string((const unsigned char *)s, len));
}

void json_str(struct json_object *o, const char *key, const char *s)
{
	json_name(o, key, s, strlen(s));
}

/* "size" and "value" of @len bytes, or "value": null and "hex" for binary. */
void json_value(struct json_object *o, const char *buf, size_t len)
{
	json_add(o, "size", json_object_new_int64(len));
	if (is_utf8((const unsigned char *)buf, len, true)) {
		json_add(o, "value", json_object_new_string_len(buf, len));
	} else {
		json_add(o, "value", NULL);
		json_add(o, "hex", hex_string((const unsigned char *)buf, len));
	}
}

static void json_file(struct json_object *o, const struct entry *e)
{
	struct value v;

	read_value(e, &v);
	if (v.err) {
		json_add(o, "value", NULL);
		json_error(o, v.err);
		if (no_read_bits(e->st.st_mode))
			json_add(o, "writeonly", json_object_new_boolean(1));
		return;
	}
	json_value(o, v.buf, v.len);
	if (v.truncated)
		json_add(o, "truncated", json_object_new_boolean(1));
	free(v.buf);
}

static void json_link(struct json_object *o, const struct entry *e)
{
	char target[PATH_MAX];
	ssize_t n = readlink(e->path, target, sizeof(target) - 1);

	if (n < 0)
		json_error(o, errno);
	else
		json_name(o, "target", target, n);
}

static void json_too_deep(struct json_object *o)
{
	char msg[64];

	snprintf(msg, sizeof(msg), "not listed: more than %d levels deep",
		 DEPTH_MAX);
	json_add(o, "error", json_object_new_string(msg));
	json_add(o, "truncated", json_object_new_boolean(1));
}

/* One entry of the JSON document; dump reads the file, ls does not. */
static void json_visit(void *data, const struct entry *e, bool values)
{
	struct json_object *o = json_object_new_object();
	char mode[8];

	json_str(o, "path", e->rel);
	json_add(o, "type", json_object_new_string(type_name(e)));
	if (e->st.st_mode) {
		snprintf(mode, sizeof(mode), "%04o", e->st.st_mode & 07777);
		json_add(o, "mode", json_object_new_string(mode));
	}
	if (e->err) {
		json_error(o, e->err);
		goto out;
	}
	if (e->xdev)
		json_add(o, "mountpoint", json_object_new_boolean(1));
	else if (e->too_deep)
		json_too_deep(o);
	else if (S_ISLNK(e->st.st_mode))
		json_link(o, e);
	else if (S_ISREG(e->st.st_mode) && values)
		json_file(o, e);
	else if (S_ISREG(e->st.st_mode) && no_read_bits(e->st.st_mode))
		json_add(o, "writeonly", json_object_new_boolean(1));
	else if (S_ISREG(e->st.st_mode) && access(e->path, R_OK))
		json_error(o, errno);
	if (!values && S_ISREG(e->st.st_mode))
		json_add(o, "size", json_object_new_int64(e->st.st_size));
out:
	json_object_array_add(data, o);
}

static void dump_json_visit(void *data, const struct entry *e)
{
	json_visit(data, e, true);
}

static void ls_json_visit(void *data, const struct entry *e)
{
	json_visit(data, e, false);
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash[1] ? slash + 1 : path;
}

/*
 * The document of ls and dump: { "fstype", "mount" (when PATH was
 * relative), "root", "entries": [ { "path" relative to root, "type",
 * "mode", ... } ] }.  A file as PATH gives its directory as root and
 * itself as the entry.
 */
static int walk_json(struct tool *t, const char *root, bool relative,
		     bool recursive, visit_fn visit)
{
	struct json_object *doc = json_object_new_object();
	struct json_object *entries = json_object_new_array();
	char dir[PATH_MAX], rootdir[PATH_MAX];
	struct stat st;
	int ret;

	snprintf(rootdir, sizeof(rootdir), "%s", root);
	if (!stat(root, &st) && !S_ISDIR(st.st_mode)) {
		char *slash = strrchr(rootdir, '/');

		if (slash)
			*(slash == rootdir ? slash + 1 : slash) = '\0';
	}
	json_str(doc, "fstype", dbgfs_fstype(t->ctx));
	if (relative && !dbgfs_where(t->ctx, dir, sizeof(dir)))
		json_str(doc, "mount", dir);
	json_str(doc, "root", rootdir);
	ret = walk(root, base_name(root), recursive, visit, entries);
	json_add(doc, "entries", entries);
	if (ret >= 0)
		print_json(doc);
	json_object_put(doc);
	return ret;
}

int cmd_dump(struct tool *t, int argc, char **argv)
{
	char root[PATH_MAX];
	const char *shown;
	int ret;

	ret = tool_getopt(t, "dump", argc, argv, "", NULL, NULL, NULL);
	if (ret)
		return ret;
	ret = root_operand(t, "dump", argc, argv, root, sizeof(root), &shown);
	if (ret)
		return ret;
	if (json_mode)
		ret = walk_json(t, root, *shown != '/', true, dump_json_visit);
	else
		ret = walk(root, *shown ? shown : root, true,
			   dump_text_visit, NULL);
	return walk_status(*shown ? shown : root, ret);
}
