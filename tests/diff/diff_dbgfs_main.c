// SPDX-License-Identifier: GPL-2.0
/* diff_client.c against <dbgfs.h>. */
#include "diff_client.c"
