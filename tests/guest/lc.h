/* SPDX-License-Identifier: GPL-2.0-only */
/* The lifetime test client's directory, and its control file. */
#ifndef DBGFS_LC_H
#define DBGFS_LC_H

#include "compiler.h"

#define LC		"/sys/kernel/dbgfs/lc"

/* Writes a command to lc/ctl; returns 0 or the errno. */
__printf(1, 2) int lc_ctl(const char *fmt, ...);

#endif /* DBGFS_LC_H */
