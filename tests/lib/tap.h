/* SPDX-License-Identifier: GPL-2.0-only */
/* TAP output for the test programs; see tap.c. */
#ifndef DBGFS_TAP_H
#define DBGFS_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "compiler.h"

void tap_init(void);
/* One test point; returns @pass so callers can add diagnostics. */
__printf(2, 3)
bool ok(bool pass, const char *fmt, ...);
__printf(2, 3)
void skip(const char *why, const char *fmt, ...);
__printf(1, 2)
void diag(const char *fmt, ...);
/* The plan and a summary; returns the exit status. */
int tap_done(void);

#endif /* DBGFS_TAP_H */
