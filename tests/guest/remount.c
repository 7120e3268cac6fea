// SPDX-License-Identifier: GPL-2.0-only
/*
 * remount PATH [OPTIONS]: mount(2) with MS_REMOUNT and exactly OPTIONS (none
 * if left out).  mount(8), busybox's too, adds the options /proc/mounts
 * shows to a remount's; this passes the kernel only what it is given.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: remount PATH [OPTIONS]\n");
		return 2;
	}
	if (mount(NULL, argv[1], NULL, MS_REMOUNT, argc > 2 ? argv[2] : NULL)) {
		fprintf(stderr, "remount %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	return 0;
}
