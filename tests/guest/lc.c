// SPDX-License-Identifier: GPL-2.0-only
/* Commands to the lifetime test client (tests/lifetime/kmod). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lc.h"

int lc_ctl(const char *fmt, ...)
{
	char cmd[128];
	va_list ap;
	int fd, err = 0;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	fd = open(LC "/ctl", O_WRONLY);
	if (fd < 0)
		return errno;
	if (write(fd, cmd, strlen(cmd)) < 0)
		err = errno;
	close(fd);
	return err;
}
