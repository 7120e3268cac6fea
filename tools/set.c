// SPDX-License-Identifier: GPL-2.0-only
/* dbgfs set: write a value to a file. */
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>

#include "dbgfs.h"

/*
 * A typed file (through a symbolic link too) takes only values of its
 * type: anything else is refused before the file is opened, with what
 * the type takes.  A file whose type cannot be read is the kernel's to
 * judge.
 */
static int check_typed(const char *shown, const char *path,
		       const char *value)
{
	char type[DBGFS_TYPE_NAME_MAX], why[160];
	char *real = realpath(path, NULL);
	int ret = 1;

	if (real)
		ret = dbgfs_get_type(NULL, real, type, sizeof(type));
	free(real);
	if (ret || !dbgfs_check_value(type, value, why, sizeof(why)))
		return EXIT_OK;
	fail("%s: refused: %s", shown, why);
	return EXIT_FAIL;
}

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
	ret = check_typed(argv[optind], path, argv[optind + 1]);
	if (ret)
		return ret;
	ret = dbgfs_set_string(NULL, path, argv[optind + 1]);
	if (ret) {
		err_path(argv[optind], ret);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}
