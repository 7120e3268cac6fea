// SPDX-License-Identifier: GPL-2.0-only
/* dbgfs mount: mount a type at its canonical path or a directory. */
#include <getopt.h>

#include "dbgfs.h"

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

int cmd_mount(struct tool *t, int argc, char **argv)
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
