/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The one reader of a whole file descriptor, for libdbgfs and the dbgfs
 * command both.  A header of inline functions, as util-linux's all-io.h:
 * the command may link the shared library, which exports none of it.
 */
#ifndef DBGFS_READ_ALL_H
#define DBGFS_READ_ALL_H

#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

/* The first buffer of read_all(); each next one is twice as large. */
#define READ_ALL_FIRST	4096

/*
 * Make room in *@bufp, of *@capp bytes and a NUL, for more: twice the
 * bytes, not more than @max (0: no limit).  0 or -ENOMEM.
 */
static inline int read_all_grow(char **bufp, size_t *capp, size_t max)
{
	size_t cap = *capp ? 2 * *capp : READ_ALL_FIRST;
	char *buf;

	if (max && cap > max)
		cap = max;
	buf = realloc(*bufp, cap + 1);
	if (!buf)
		return -ENOMEM;
	*bufp = buf;
	*capp = cap;
	return 0;
}

/* Should a read(2) that a signal interrupted be made again? */
static inline bool read_all_retry(const atomic_int *stop)
{
	return errno == EINTR && !(stop && *stop);
}

/*
 * Read @fd to its end, at most @max bytes (0: no limit), into *@bufp and
 * *@lenp: malloc'ed and NUL-terminated (the NUL not counted); free() it.
 * A read interrupted by a signal is made again, unless @stop is given and
 * *@stop set: then -EINTR, so that a read that blocks (trace_pipe, a FIFO
 * with an idle writer) does not outlive Ctrl-C.  0 or -errno, with
 * nothing allocated.
 */
static inline int read_all(int fd, size_t max, const atomic_int *stop,
			   char **bufp, size_t *lenp)
{
	size_t len = 0, cap = 0;
	char *buf = NULL;
	ssize_t n;
	int err;

	do {
		if (len == cap) {
			err = read_all_grow(&buf, &cap, max);
			if (err)
				goto fail;
		}
		if (len == cap)		/* @max bytes read */
			break;
		n = read(fd, buf + len, cap - len);
		if (n < 0 && read_all_retry(stop))
			continue;
		if (n < 0) {
			err = -errno;
			goto fail;
		}
		len += n;
	} while (n);
	buf[len] = '\0';
	*bufp = buf;
	*lenp = len;
	return 0;
fail:
	free(buf);
	return err;
}

#endif /* DBGFS_READ_ALL_H */
