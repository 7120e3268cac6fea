// SPDX-License-Identifier: GPL-2.0-only
/* dbgfs set: write a value to a file. */
#include <getopt.h>
#include <limits.h>

#include "dbgfs.h"

int cmd_set(struct tool *t, int argc, char **argv)
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
