// SPDX-License-Identifier: GPL-2.0-only
/* dbgfs dump: a tree with the value of each file, as text or JSON. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "dbgfs.h"

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

/*
 * "size" and "value" of a typed file: its value as JSON of its type, or
 * as an untyped file's with "raw" when the text is not one of the type.
 */
static void json_typed_value(struct json_object *o, const char *type,
			     const struct value *v)
{
	struct json_object *val = NULL;

	if (!v->truncated)
		val = typed_json(type, v->buf, v->len);
	if (!val) {
		json_value(o, v->buf, v->len);
		if (typed_kind(type))
			json_add(o, "raw", json_object_new_boolean(1));
		return;
	}
	json_add(o, "size", json_object_new_int64(v->len));
	json_add(o, "value", val);
}

void json_file(struct json_object *o, const struct entry *e,
	       const char *type)
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
	if (type)
		json_typed_value(o, type, &v);
	else
		json_value(o, v.buf, v.len);
	if (v.truncated)
		json_add(o, "truncated", json_object_new_boolean(1));
	free(v.buf);
}

static void dump_json_visit(void *data, const struct entry *e)
{
	json_visit(data, e, true);
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
