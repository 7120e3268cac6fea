// SPDX-License-Identifier: GPL-2.0-only
/*
 * runas UID GID CMD [ARG...]: drop every supplementary group, set the real,
 * effective and saved group to GID and user to UID, then exec CMD.  Run as
 * root; no setuid bit.  busybox's setpriv cannot change the ids and su
 * needs a passwd entry for each id.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int parse_id(const char *s, unsigned int *id)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || v > 0xfffffffeUL)
		return -1;
	*id = (unsigned int)v;
	return 0;
}

int main(int argc, char **argv)
{
	unsigned int uid, gid;

	if (argc < 4 || parse_id(argv[1], &uid) || parse_id(argv[2], &gid)) {
		fprintf(stderr, "usage: runas UID GID CMD [ARG...]\n");
		return 2;
	}
	if (setgroups(0, NULL) || setresgid(gid, gid, gid) ||
	    setresuid(uid, uid, uid)) {
		fprintf(stderr, "runas: %s\n", strerror(errno));
		return 2;
	}
	execvp(argv[3], argv + 3);
	fprintf(stderr, "runas: %s: %s\n", argv[3], strerror(errno));
	return 127;
}
