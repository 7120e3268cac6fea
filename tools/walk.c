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
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dbgfs.h"

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
int walk(const char *root, const char *file_rel, bool recursive,
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

bool no_read_bits(mode_t mode)
{
	return !(mode & 0444);
}

/* The exit status of ls and dump from what walk() returned. */
int walk_status(const char *shown, int ret)
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
int root_operand(struct tool *t, const char *cmd, int argc, char **argv,
		 char *buf, size_t size, const char **shown)
{
	if (optind + 1 < argc)
		return usage_error(cmd, "unexpected argument '%s'",
				   argv[optind + 1]);
	*shown = optind < argc ? argv[optind] : "";
	return resolve(t, *shown, buf, size);
}

