/* SPDX-License-Identifier: GPL-2.0 */
/*
 * name_order.h: names that come where a test needs them in a directory's
 * order, which is readdir's and removal's: by dbgfs_name_hash() (internal.h).
 */
#ifndef DBGFS_TEST_NAME_ORDER_H
#define DBGFS_TEST_NAME_ORDER_H

#include <linux/kernel.h>

#include "internal.h"

/*
 * Writes into @buf the first of "@prefix0", "@prefix1", ... whose hash is
 * above @bound (@above) or below it; -ERANGE if none of 10000 is.
 */
static inline int dbgfs_test_pick_name(char *buf, size_t size,
				       const char *prefix, unsigned int bound,
				       bool above)
{
	unsigned int hash;
	int i;

	for (i = 0; i < 10000; i++) {
		snprintf(buf, size, "%s%d", prefix, i);
		hash = dbgfs_name_hash(buf);
		if (above ? hash > bound : hash < bound)
			return 0;
	}
	return -ERANGE;
}

#endif
