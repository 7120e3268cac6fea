// SPDX-License-Identifier: GPL-2.0
/*
 * A test-only knob that fails one allocation: stock kernels have no fault
 * injection.  Writing N to the fail_nth parameter (or giving fail_nth=N to
 * insmod) makes the N-th allocation from then on fail, once.
 *
 * Every allocation dbgfs makes on a path user space or a client can reach
 * goes through one of the wrappers below, so that the real code paths read
 * as plain allocations: module init and its caches, nodes and their names,
 * proxies, owners, inodes (lookup and fill_super), the open-file record,
 * poll forwarders, readdir batches, the typed files' open, read and write
 * buffers, and devm entries with their release action.
 */
#include <linux/atomic.h>
#include <linux/device.h>
#include <linux/moduleparam.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <dbgfs.h>
#include "internal.h"

static atomic_t dbgfs_fail_nth = ATOMIC_INIT(0);

static int dbgfs_fail_nth_set(const char *val, const struct kernel_param *kp)
{
	int n, err = kstrtoint(val, 0, &n);

	if (err)
		return err;
	if (n < 0)
		return -EINVAL;
	atomic_set(&dbgfs_fail_nth, n);
	return 0;
}

static int dbgfs_fail_nth_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&dbgfs_fail_nth));
}

static const struct kernel_param_ops dbgfs_fail_nth_ops = {
	.set = dbgfs_fail_nth_set,
	.get = dbgfs_fail_nth_get,
};
module_param_cb(fail_nth, &dbgfs_fail_nth_ops, NULL, 0600);
MODULE_PARM_DESC(fail_nth, "testing: fail the N-th allocation from now (0: off)");

/*
 * Counts down to the failing allocation.  The counter is global, so tests
 * that use it must not allocate from two threads at once.
 */
bool dbgfs_fault(void)
{
	int n = atomic_read(&dbgfs_fail_nth);

	while (n > 0) {
		int old = atomic_cmpxchg(&dbgfs_fail_nth, n, n - 1);

		if (old == n)
			return n == 1;
		n = old;
	}
	return false;
}

void *dbgfs_kmalloc(size_t size, gfp_t gfp)
{
	return dbgfs_fault() ? NULL : kmalloc(size, gfp);
}

void *dbgfs_kzalloc(size_t size, gfp_t gfp)
{
	return dbgfs_fault() ? NULL : kzalloc(size, gfp);
}

void *dbgfs_kvmalloc(size_t size, gfp_t gfp)
{
	return dbgfs_fault() ? NULL : kvmalloc(size, gfp);
}

char *dbgfs_kstrdup(const char *s, gfp_t gfp)
{
	return dbgfs_fault() ? NULL : kstrdup(s, gfp);
}

const char *dbgfs_kstrdup_const(const char *s, gfp_t gfp)
{
	return dbgfs_fault() ? NULL : kstrdup_const(s, gfp);
}

char *dbgfs_kvasprintf(gfp_t gfp, const char *fmt, va_list args)
{
	return dbgfs_fault() ? NULL : kvasprintf(gfp, fmt, args);
}

char *dbgfs_kasprintf(gfp_t gfp, const char *fmt, ...)
{
	va_list args;
	char *s;

	va_start(args, fmt);
	s = dbgfs_kvasprintf(gfp, fmt, args);
	va_end(args);
	return s;
}

struct kmem_cache *dbgfs_kmem_cache_create(const char *name,
					   unsigned int size,
					   unsigned int align,
					   slab_flags_t flags,
					   void (*ctor)(void *))
{
	return dbgfs_fault() ? NULL :
	       kmem_cache_create(name, size, align, flags, ctor);
}

void *dbgfs_kmem_cache_zalloc(struct kmem_cache *cache, gfp_t gfp)
{
	return dbgfs_fault() ? NULL : kmem_cache_zalloc(cache, gfp);
}

void *dbgfs_alloc_inode_sb(struct super_block *sb, struct kmem_cache *cache,
			   gfp_t gfp)
{
	return dbgfs_fault() ? NULL : alloc_inode_sb(sb, cache, gfp);
}

void *dbgfs_devm_kzalloc(struct device *dev, size_t size, gfp_t gfp)
{
	return dbgfs_fault() ? NULL : devm_kzalloc(dev, size, gfp);
}

/* As devm_add_action_or_reset(): a failure runs @action. */
int dbgfs_devm_add_action_or_reset(struct device *dev, void (*action)(void *),
				   void *data)
{
	if (dbgfs_fault()) {
		action(data);
		return -ENOMEM;
	}
	return devm_add_action_or_reset(dev, action, data);
}

int dbgfs_single_open(struct file *file,
		      int (*show)(struct seq_file *s, void *data), void *data)
{
	return dbgfs_fault() ? -ENOMEM : single_open(file, show, data);
}

/* -ENOMEM when the knob says so: for steps that allocate out of our sight. */
int dbgfs_fault_err(void)
{
	return dbgfs_fault() ? -ENOMEM : 0;
}
