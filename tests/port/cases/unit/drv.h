/* SPDX-License-Identifier: GPL-2.0 */
/* A driver of two files and this header, which declares its entries. */
#ifndef DRV_H
#define DRV_H
#include <linux/debugfs.h>

struct drv {
	struct dentry *ddir;
	struct dentry *ports_ddir;
	u32 val;
};

struct drv_port {
	struct drv *drv;
	struct dentry *ddir;
	u32 val;
};

struct dentry *drv_port_dir(struct drv_port *port);
void drv_ports_init(struct drv *drv, struct drv_port *port);
#endif
