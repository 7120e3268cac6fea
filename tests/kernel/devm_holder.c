// SPDX-License-Identifier: GPL-2.0
/*
 * devm_holder: owns a device and nothing of dbgfs, for api.sh: devm_user
 * makes a dbgfs devm seq file on this device, and the device (with that
 * managed resource) outlives devm_user and may outlive dbgfs' unload
 * attempt.  Its removal releases the device's managed resources.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/module.h>

#include "devm_holder.h"

struct device *devm_holder_dev;
EXPORT_SYMBOL_GPL(devm_holder_dev);

static int __init devm_holder_init(void)
{
	devm_holder_dev = root_device_register("devm_holder");
	return PTR_ERR_OR_ZERO(devm_holder_dev);
}

static void __exit devm_holder_exit(void)
{
	root_device_unregister(devm_holder_dev);
}

module_init(devm_holder_init);
module_exit(devm_holder_exit);
MODULE_DESCRIPTION("dbgfs test: a device that outlives a devm seq file's creator");
MODULE_LICENSE("GPL");
