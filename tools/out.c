// SPDX-License-Identifier: GPL-2.0-only
/* The dbgfs command's standard output and its error messages. */
#define _GNU_SOURCE	/* vasprintf() */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "compiler.h"
#include "dbgfs.h"

/* Remembered at the first failed write to stdout, reported at exit. */
static int out_errno;

void out_failed(void)
{
	if (!out_errno)
		out_errno = errno ? errno : EIO;
}

/*
 * coreutils' close_stdout(): output that did not reach its file is an
 * error of every command, whatever it returned.
 */
int finish_stdout(int ret)
{
	if (fflush(stdout) && !out_errno)
		out_errno = errno ? errno : EIO;
	if (ferror(stdout) && !out_errno)
		out_errno = EIO;
	if (fclose(stdout) && !out_errno && errno != EBADF)
		out_errno = errno;
	if (!out_errno)
		return ret;
	fail("write error: %s", strerror(out_errno));
	return ret && ret != EXIT_OK ? ret : EXIT_FAIL;
}

__noreturn void exit_tool(int ret)
{
	exit(finish_stdout(ret));
}

/*
 * One error line on stderr: "dbgfs: MESSAGE"; with --json a document
 * {"error": "MESSAGE"} on stdout instead (as bpftool does), unless stdout
 * is what failed.
 */
void fail(const char *fmt, ...)
{
	struct json_object *doc;
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	if (json_mode && !out_errno && msg) {
		doc = json_object_new_object();
		json_str(doc, "error", msg);
		print_json(doc);
		json_object_put(doc);
	} else {
		fprintf(stderr, "dbgfs: %s\n", msg ? msg : fmt);
	}
	free(msg);
}

int usage_error(const char *cmd, const char *fmt, const char *arg)
{
	char msg[1024];

	snprintf(msg, sizeof(msg), fmt, arg);
	fail("%s%s%s (see 'dbgfs %s%s--help')", cmd ? cmd : "",
	     cmd ? ": " : "", msg, cmd ? cmd : "", cmd ? " " : "");
	return EXIT_USAGE;
}

void err_path(const char *path, int err)
{
	fail("%s: %s", path, strerror(err < 0 ? -err : err));
}
