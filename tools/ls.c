// SPDX-License-Identifier: GPL-2.0-only
/* dbgfs ls: the entries of a directory, or of a tree with -R. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dbgfs.h"

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

void ls_visit(void *data, const struct entry *e)
{
	bool long_fmt = *(bool *)data;
	char mode[11], type[DBGFS_TYPE_NAME_MAX];

	if (long_fmt) {
		mode_string(e->st.st_mode, mode);
		printf("%s %10lld ", mode, (long long)e->st.st_size);
	}
	printf("%s%s", e->rel, S_ISDIR(e->st.st_mode) ? "/" : "");
	if (S_ISLNK(e->st.st_mode))
		print_link(e);
	/* -l: a typed file's type, e.g. " [u32]". */
	if (long_fmt && entry_type(e, type, sizeof(type)))
		printf(" [%s]", type);
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

static void ls_json_visit(void *data, const struct entry *e)
{
	json_visit(data, e, false);
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
