// SPDX-License-Identifier: GPL-2.0-only
/* dbgfs --help, dbgfs help COMMAND and dbgfs COMMAND --help. */
#include <stdio.h>
#include <string.h>

#include "compiler.h"
#include "dbgfs.h"

static const char *const helps[][2] = {
	{ NULL,
	  "Usage: dbgfs [GLOBAL OPTIONS] COMMAND [ARGS]\n"
	  "\n"
	  "Find and use a dbgfs, debugfs or tracefs mount.\n"
	  "\n"
	  "Commands:\n"
	  "  where [-0]                   print the mount point\n"
	  "  ls [-R] [-l] [PATH]          list a directory\n"
	  "  get [--max BYTES] PATH       print a file's contents as they come\n"
	  "  set PATH VALUE               write VALUE to a file\n"
	  "  watch PATH [--interval MS] [--count N]\n"
	  "                               print each change of a file\n"
	  "  dump [PATH]                  print a tree with its values\n"
	  "  mount [-o OPTIONS] [DIR]     mount at the canonical place or DIR\n"
	  "  help [COMMAND]               show help\n"
	  "\n"
	  "Global options (also accepted after the command):\n"
	  "  -t, --type T          filesystem type (default dbgfs)\n"
	  "  -m, --mountinfo FILE  read this mount table, skip the canonical path\n"
	  "      --no-verify       trust the mount table (no statfs magic check)\n"
	  "  -j, --json            JSON output (one compact document; watch: one\n"
	  "                        object per line per change); errors as\n"
	  "                        {\"error\": MESSAGE} on stdout\n"
	  "  -p, --pretty          JSON output, indented\n"
	  "  -h, --help            show help\n"
	  "  -V, --version         show the version\n"
	  "\n"
	  "PATH is relative to the mount point unless it is absolute.\n"
	  "Exit status: 0 ok, 1 operation failed (also a write error on stdout,\n"
	  "get past --max, entries ls or dump had to mark), 2 usage, 3 no mount\n"
	  "point.  watch stopped by SIGINT or SIGTERM exits 0.\n" },
	{ "where",
	  "Usage: dbgfs where [-0]\n"
	  "Print the mount point of type T (default dbgfs) alone on a line;\n"
	  "a newline in it is printed as \\012 and a backslash as \\134.\n"
	  "  -0, --null  print it unchanged, followed by a NUL byte\n" },
	{ "ls",
	  "Usage: dbgfs ls [-R] [-l] [PATH]\n"
	  "List PATH (default: the mount point).  Directories end in '/',\n"
	  "symbolic links show their target, files that cannot be read are\n"
	  "marked <write-only> or <unreadable: REASON>.  An entry that cannot\n"
	  "be shown (path past PATH_MAX, 64 levels deep) is marked and the\n"
	  "exit status is 1.\n"
	  "  -R, --recursive  list subdirectories (not crossing mounts)\n"
	  "  -l, --long       show mode and size\n" },
	{ "get",
	  "Usage: dbgfs get [--max BYTES] PATH\n"
	  "Print the contents of PATH unchanged, as they arrive (trace_pipe,\n"
	  "a FIFO: each chunk when it is read).\n"
	  "  --max BYTES  stop with an error after BYTES (k, M, G suffixes;\n"
	  "               default 64M, 0: no limit)\n" },
	{ "set",
	  "Usage: dbgfs set PATH VALUE\n"
	  "Write VALUE to PATH in one write(2), without a newline.\n" },
	{ "watch",
	  "Usage: dbgfs watch PATH [--interval MS] [--count N]\n"
	  "Print the value of PATH, then each change, with a timestamp.\n"
	  "Stops on the first SIGINT or SIGTERM, also in a blocked read,\n"
	  "with exit status 0.\n"
	  "  -i, --interval MS  time between reads (default 1000)\n"
	  "  -c, --count N      stop after N values (default: until Ctrl-C)\n" },
	{ "dump",
	  "Usage: dbgfs dump [PATH]\n"
	  "Print every entry below PATH (default: the mount point) with its\n"
	  "value, as 'path: line' lines or, with --json, as one JSON document\n"
	  "(names that are not UTF-8: null and NAME_hex).\n" },
	{ "mount",
	  "Usage: dbgfs mount [--type T] [-o OPTIONS] [DIR]\n"
	  "Mount type T at DIR (default: its canonical path, created if\n"
	  "missing).  Nothing is done if it is already mounted there.\n"
	  "  -o, --options OPTIONS  mount options, e.g. mode=0755\n" },
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
