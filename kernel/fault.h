/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Allocations that a test build can fail.  Stock kernels have no fault
 * injection, so a build with DBGFS_FAULT=1 (what `make check` builds) has a
 * fail_nth parameter (fault.c): writing N makes the N-th allocation from then
 * on fail, once.  Every allocation dbgfs makes on a path user space or a
 * client can reach goes through one of these wrappers: module init and its
 * caches, nodes and their names, proxies, owners, inodes, the open-file
 * record, poll forwarders, readdir batches, the typed files' buffers, and
 * devm entries with their release action.  In any other build, the module a
 * user installs, dbgfs_fault() is false and each wrapper is the plain call.
 */
#ifndef _DBGFS_FAULT_H_
#define _DBGFS_FAULT_H_

#include <linux/device.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

/* The points where a test build can pause (fault.c's pause parameter). */
#define DBGFS_PAUSE_PROXY_GET	1	/* a proxy found, taking references */

#ifdef DBGFS_FAULT
bool dbgfs_fault(void);
void dbgfs_fault_pause(int point);
#else
static inline bool dbgfs_fault(void)
{
	return false;
}

static inline void dbgfs_fault_pause(int point)
{
}
#endif

/* -ENOMEM when the knob says so: for steps that allocate out of our sight. */
static inline int dbgfs_fault_err(void)
{
	return dbgfs_fault() ? -ENOMEM : 0;
}

static inline void *dbgfs_kmalloc(size_t size, gfp_t gfp)
{
	return dbgfs_fault() ? NULL : kmalloc(size, gfp);
}

static inline void *dbgfs_kzalloc(size_t size, gfp_t gfp)
{
	return dbgfs_fault() ? NULL : kzalloc(size, gfp);
}

static inline void *dbgfs_kvmalloc(size_t size, gfp_t gfp)
{
	return dbgfs_fault() ? NULL : kvmalloc(size, gfp);
}

static inline char *dbgfs_kstrdup(const char *s, gfp_t gfp)
{
	return dbgfs_fault() ? NULL : kstrdup(s, gfp);
}

static inline const char *dbgfs_kstrdup_const(const char *s, gfp_t gfp)
{
	return dbgfs_fault() ? NULL : kstrdup_const(s, gfp);
}

static inline __printf(2, 0) char *dbgfs_kvasprintf(gfp_t gfp, const char *fmt,
						    va_list args)
{
	return dbgfs_fault() ? NULL : kvasprintf(gfp, fmt, args);
}

static inline __printf(2, 3) char *dbgfs_kasprintf(gfp_t gfp,
						   const char *fmt, ...)
{
	va_list args;
	char *s;

	va_start(args, fmt);
	s = dbgfs_kvasprintf(gfp, fmt, args);
	va_end(args);
	return s;
}

static inline struct kmem_cache *
dbgfs_kmem_cache_create(const char *name, unsigned int size, unsigned int align,
			slab_flags_t flags, void (*ctor)(void *))
{
	return dbgfs_fault() ? NULL :
	       kmem_cache_create(name, size, align, flags, ctor);
}

static inline void *dbgfs_kmem_cache_zalloc(struct kmem_cache *cache, gfp_t gfp)
{
	return dbgfs_fault() ? NULL : kmem_cache_zalloc(cache, gfp);
}

static inline void *dbgfs_alloc_inode_sb(struct super_block *sb,
					 struct kmem_cache *cache, gfp_t gfp)
{
	return dbgfs_fault() ? NULL : alloc_inode_sb(sb, cache, gfp);
}

static inline void *dbgfs_devm_kzalloc(struct device *dev, size_t size,
				       gfp_t gfp)
{
	return dbgfs_fault() ? NULL : devm_kzalloc(dev, size, gfp);
}

/* As devm_add_action_or_reset(): a failure runs @action. */
static inline int dbgfs_devm_add_action_or_reset(struct device *dev,
						 void (*action)(void *),
						 void *data)
{
	if (dbgfs_fault()) {
		action(data);
		return -ENOMEM;
	}
	return devm_add_action_or_reset(dev, action, data);
}

static inline int dbgfs_single_open(struct file *file,
				    int (*show)(struct seq_file *s, void *data),
				    void *data)
{
	return dbgfs_fault() ? -ENOMEM : single_open(file, show, data);
}

#endif /* _DBGFS_FAULT_H_ */
