// SPDX-License-Identifier: GPL-2.0
/*
 * A port's directory below the driver's (fields of drv.h's structs, a function
 * of this file that returns one), and files in another subsystem's directory:
 * a field named ddir too, but of struct other_dev, which the driver does not
 * declare; those are left as they are, with the local that holds the result.
 */
#include <linux/debugfs.h>
#include "drv.h"

struct other_dev;

struct dentry *drv_port_dir(struct drv_port *port)
{
	return port->ddir;
}

void drv_ports_init(struct drv *drv, struct drv_port *port)
{
	port->ddir = debugfs_create_dir("0", drv->ports_ddir);
	debugfs_create_u32("val", 0600, drv_port_dir(port), &port->val);
	debugfs_create_symlink("drv", port->ddir, "../..");
}

void drv_other(struct other_dev *od, struct drv_port *port)
{
	struct dentry *d = debugfs_create_dir("drv", od->ddir);

	debugfs_create_u32("val", 0600, d, &port->val);
}
