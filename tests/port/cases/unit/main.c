// SPDX-License-Identifier: GPL-2.0
/* The driver's directory and its ports' directory, fields of struct drv in drv.h. */
#include <linux/debugfs.h>
#include "drv.h"

void drv_init(struct drv *drv, struct drv_port *port)
{
	drv->ddir = debugfs_create_dir("drv", NULL);
	drv->ports_ddir = debugfs_create_dir("ports", drv->ddir);
	debugfs_create_u32("val", 0600, drv->ddir, &drv->val);
	drv_ports_init(drv, port);
}

void drv_exit(struct drv *drv)
{
	debugfs_remove_recursive(drv->ddir);
}
