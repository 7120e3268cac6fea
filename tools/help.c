// SPDX-License-Identifier: GPL-2.0-only
/* dbgfs --help, dbgfs help COMMAND and dbgfs COMMAND --help. */
#include <stdio.h>
#include <string.h>

#include "compiler.h"
#include "dbgfs.h"

/*
 * { command, its help }: build/tools/help.h is dbgfs.help as C strings
 * (tools/Makefile), the tool's own help first, then "}, { NAME," and the
 * help of each command.
 */
static const char *const helps[][2] = {
	{ NULL,
#include "help.h"
	},
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
