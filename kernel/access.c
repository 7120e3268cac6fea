// SPDX-License-Identifier: GPL-2.0
/*
 * The access parameter: what debugfs' "debugfs=" boot parameter means, as
 * a module parameter.  The API's creators ask whether they may create,
 * module init whether to register the filesystem.
 */
#include <linux/bits.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include <dbgfs.h>
#include "internal.h"

#define DBGFS_ALLOW_API		BIT(0)
#define DBGFS_ALLOW_MOUNT	BIT(1)

static unsigned int dbgfs_access = DBGFS_ALLOW_API | DBGFS_ALLOW_MOUNT;

static int dbgfs_access_set(const char *val, const struct kernel_param *kp)
{
	if (sysfs_streq(val, "on"))
		dbgfs_access = DBGFS_ALLOW_API | DBGFS_ALLOW_MOUNT;
	else if (sysfs_streq(val, "no-mount"))
		dbgfs_access = DBGFS_ALLOW_API;
	else if (sysfs_streq(val, "off"))
		dbgfs_access = 0;
	else
		return -EINVAL;
	return 0;
}

static int dbgfs_access_get(char *buf, const struct kernel_param *kp)
{
	const char *word = "off";

	if (dbgfs_access & DBGFS_ALLOW_MOUNT)
		word = "on";
	else if (dbgfs_access & DBGFS_ALLOW_API)
		word = "no-mount";
	return sysfs_emit(buf, "%s\n", word);
}

static const struct kernel_param_ops dbgfs_access_ops = {
	.set = dbgfs_access_set,
	.get = dbgfs_access_get,
};
module_param_cb(access, &dbgfs_access_ops, NULL, 0444);
MODULE_PARM_DESC(access,
		 "on: usable and mountable; no-mount: API only; off: neither");

bool dbgfs_api_allowed(void)
{
	return dbgfs_access & DBGFS_ALLOW_API;
}

bool dbgfs_mount_allowed(void)
{
	return dbgfs_access & DBGFS_ALLOW_MOUNT;
}
