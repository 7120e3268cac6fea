// SPDX-License-Identifier: GPL-2.0
/* diff_client.c against <linux/debugfs.h>. */
#define DIFF_DEBUGFS
#include "diff_client.c"
