// SPDX-License-Identifier: GPL-2.0-only
/* The JSON document of dbgfs ls and dump: one object per entry of a walk. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <json.h>

#include "dbgfs.h"

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
void json_visit(void *data, const struct entry *e, bool values)
{
	struct json_object *o = json_object_new_object();
	char mode[8], dtype[DBGFS_TYPE_NAME_MAX];
	bool typed = entry_type(e, dtype, sizeof(dtype));

	json_str(o, "path", e->rel);
	json_add(o, "type", json_object_new_string(type_name(e)));
	if (e->st.st_mode) {
		snprintf(mode, sizeof(mode), "%04o", e->st.st_mode & 07777);
		json_add(o, "mode", json_object_new_string(mode));
	}
	if (typed)
		json_str(o, "dbgfs_type", dtype);
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
		json_file(o, e, typed ? dtype : NULL);
	else if (S_ISREG(e->st.st_mode) && no_read_bits(e->st.st_mode))
		json_add(o, "writeonly", json_object_new_boolean(1));
	else if (S_ISREG(e->st.st_mode) && access(e->path, R_OK))
		json_error(o, errno);
	if (!values && S_ISREG(e->st.st_mode))
		json_add(o, "size", json_object_new_int64(e->st.st_size));
out:
	json_object_array_add(data, o);
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash[1] ? slash + 1 : path;
}

/*
 * The document of ls and dump: { "fstype", "mount" (when PATH was
 * relative), "root", "entries": [ { "path" relative to root, "type",
 * "mode", "dbgfs_type" (typed files), ... } ] }.  A file as PATH gives its directory as root and
 * itself as the entry.
 */
int walk_json(struct tool *t, const char *root, bool relative,
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

