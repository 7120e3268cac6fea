// SPDX-License-Identifier: GPL-2.0-only
/* kctl: see kctl.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kctl.h"

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "%s: ", program_invocation_short_name);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

void write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	ssize_t len = strlen(text);

	if (fd < 0)
		die("open %s: %s", path, strerror(errno));
	if (write(fd, text, len) != len)
		die("write '%s' to %s: %s", text, path, strerror(errno));
	close(fd);
}

uint64_t kcmd(const char *fmt, ...)
{
	char cmd[128], buf[128];
	unsigned long long ns;
	unsigned int files;
	va_list ap;
	ssize_t len;
	int fd;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	write_file(KCTL_PARAMS "cmd", cmd);
	fd = open(KCTL_PARAMS "result", O_RDONLY);
	if (fd < 0)
		die("open " KCTL_PARAMS "result: %s", strerror(errno));
	len = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (len <= 0)
		die("read " KCTL_PARAMS "result");
	buf[len] = 0;
	if (sscanf(buf, "ns=%llu files=%u", &ns, &files) != 2)
		die("bad result '%s' of '%s'", buf, cmd);
	return ns;
}

void settle(void)
{
	kcmd("settle");
}

void drop_dcache(void)
{
	sync();
	write_file("/proc/sys/vm/drop_caches", "2");
	settle();
}

struct meminfo read_meminfo(void)
{
	struct meminfo m = { -1, -1 };
	FILE *f = fopen("/proc/meminfo", "r");
	char line[256];
	long v;

	if (!f)
		die("/proc/meminfo: %s", strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "Slab: %ld kB", &v) == 1)
			m.slab = v;
		else if (sscanf(line, "SUnreclaim: %ld kB", &v) == 1)
			m.sunreclaim = v;
	}
	fclose(f);
	if (m.slab < 0 || m.sunreclaim < 0)
		die("no Slab/SUnreclaim in /proc/meminfo");
	return m;
}
