// SPDX-License-Identifier: LGPL-2.1-or-later
/* libdbgfs: the version it was built as, the top's VERSION file. */
#include "libdbgfs.h"

const char *dbgfs_version(void)
{
	return LIBDBGFS_VERSION_STRING;
}
