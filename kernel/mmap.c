// SPDX-License-Identifier: GPL-2.0
/*
 * Mappings of dbgfs files.  A vma made by the client's mmap gets dbgfs'
 * vm_ops in place of the client's, which the open file keeps.  Faults (and access, mkwrite)
 * run the client's under an active reference, or answer SIGBUS once the
 * node is removed; removal also zaps the pages already mapped, so that
 * every later touch faults.  open and close belong to the vma's life and
 * always run, also after removal (they balance the client's count of its
 * mappings): so each vma pins the module that made the node (whose code
 * the client's vm_ops are, whether or not its fops set .owner) and the
 * fops' owner, and rmmod of the client is refused while a mapping exists.
 */
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>

#include <dbgfs.h>
#include "internal.h"
#include "open.h"

static struct dbgfs_open *dbgfs_vma_open_file(struct vm_area_struct *vma)
{
	struct file *file = vma->vm_file;
	struct dbgfs_open *of;

	/* A vma holds its file, whose open file stays on the list till then. */
	of = dbgfs_lookup_open(dbgfs_file_node(file), file);
	WARN_ON_ONCE(!of);
	return of;
}

static void dbgfs_vma_open(struct vm_area_struct *vma)
{
	struct dbgfs_open *of = dbgfs_vma_open_file(vma);

	if (!of)
		return;
	/* The vma this one is copied from holds references already. */
	if (!of->vm_pinned) {
		__module_get(of->vm_module);
		__module_get(of->vm_owner);
	}
	if (of->vm_ops && of->vm_ops->open)
		of->vm_ops->open(vma);
}

static void dbgfs_vma_close(struct vm_area_struct *vma)
{
	struct dbgfs_open *of = dbgfs_vma_open_file(vma);

	if (!of)
		return;
	if (of->vm_ops && of->vm_ops->close)
		of->vm_ops->close(vma);
	if (!of->vm_pinned) {
		module_put(of->vm_owner);
		module_put(of->vm_module);
	}
}

/*
 * The vma methods that run client code on a fault or an access: under an
 * active reference, or @gone once the node is removed; @none when the
 * client's vm_ops lack the method.
 */
#define DBGFS_VMA_METHOD(method, type, gone, none, vma_of, params, args) \
static type dbgfs_vma_##method params					\
{									\
	struct vm_area_struct *vma = (vma_of);				\
	struct dbgfs_open *of = dbgfs_vma_open_file(vma);		\
	struct dbgfs_node *node = dbgfs_file_node(vma->vm_file);	\
	type ret = (none);						\
									\
	if (!of || !dbgfs_get_active(node))				\
		return gone;						\
	if (of->vm_ops && of->vm_ops->method)				\
		ret = of->vm_ops->method args;				\
	dbgfs_put_active(node);						\
	return ret;							\
}

DBGFS_VMA_METHOD(fault, vm_fault_t, VM_FAULT_SIGBUS, VM_FAULT_SIGBUS,
		 vmf->vma, (struct vm_fault *vmf), (vmf))
DBGFS_VMA_METHOD(page_mkwrite, vm_fault_t, VM_FAULT_SIGBUS, 0,
		 vmf->vma, (struct vm_fault *vmf), (vmf))
DBGFS_VMA_METHOD(pfn_mkwrite, vm_fault_t, VM_FAULT_SIGBUS, 0,
		 vmf->vma, (struct vm_fault *vmf), (vmf))
DBGFS_VMA_METHOD(access, int, -EINVAL, -EINVAL, vma_arg,
		 (struct vm_area_struct *vma_arg, unsigned long addr,
		  void *buf, int len, int write),
		 (vma, addr, buf, len, write))

/*
 * Whether a vma has page_mkwrite, pfn_mkwrite or access changes how the mm
 * treats it (write notification, ptrace access), so the wrapper has them
 * only when the client's vm_ops do: one wrapper for each combination.
 */
#define DBGFS_VM_MKWRITE	0x1
#define DBGFS_VM_PFN_MKWRITE	0x2
#define DBGFS_VM_ACCESS		0x4
#define DBGFS_VM_COMBINATIONS	8
#define DBGFS_VM_OPS(i) {							\
	.open		= dbgfs_vma_open,				\
	.close		= dbgfs_vma_close,				\
	.fault		= dbgfs_vma_fault,				\
	.page_mkwrite	= (i) & DBGFS_VM_MKWRITE ? dbgfs_vma_page_mkwrite : NULL, \
	.pfn_mkwrite	= (i) & DBGFS_VM_PFN_MKWRITE ? dbgfs_vma_pfn_mkwrite : NULL, \
	.access		= (i) & DBGFS_VM_ACCESS ? dbgfs_vma_access : NULL, \
}

static const struct vm_operations_struct dbgfs_vm_ops[DBGFS_VM_COMBINATIONS] = {
	DBGFS_VM_OPS(0), DBGFS_VM_OPS(1), DBGFS_VM_OPS(2), DBGFS_VM_OPS(3),
	DBGFS_VM_OPS(4), DBGFS_VM_OPS(5), DBGFS_VM_OPS(6), DBGFS_VM_OPS(7),
};

static const struct vm_operations_struct *
dbgfs_vm_ops_for(const struct vm_operations_struct *ops)
{
	unsigned int i = 0;

	if (ops && ops->page_mkwrite)
		i |= DBGFS_VM_MKWRITE;
	if (ops && ops->pfn_mkwrite)
		i |= DBGFS_VM_PFN_MKWRITE;
	if (ops && ops->access)
		i |= DBGFS_VM_ACCESS;
	return &dbgfs_vm_ops[i];
}

/* What a refused vma is left with: the mmap path may still close it. */
static const struct vm_operations_struct dbgfs_refused_vm_ops = {};

/*
 * Methods dbgfs does not pass on: they would run client code outside an
 * active reference, or change what the mapping is.
 */
static bool dbgfs_vm_ops_wrappable(const struct vm_operations_struct *ops)
{
	if (!ops)
		return true;
	return !ops->may_split && !ops->mremap && !ops->mprotect &&
	       !ops->huge_fault && !ops->map_pages && !ops->pagesize &&
	       !ops->name && !dbgfs_vm_ops_finds_page(ops) &&
	       !dbgfs_vm_ops_has_mapped(ops) &&
#ifdef CONFIG_NUMA
	       !ops->set_policy && !ops->get_policy &&
#endif
	       true;
}

/*
 * Where both mapping paths begin: an active reference on the node, its
 * open file, and the fops' owner held (which fails while that module is
 * going).  Returns the client's fops.
 */
static const struct file_operations *dbgfs_mmap_begin(struct file *file,
						       struct dbgfs_open **ofp)
{
	struct dbgfs_node *node = dbgfs_file_node(file);
	const struct file_operations *fops;

	if (!dbgfs_get_active(node))
		return ERR_PTR(-EIO);
	fops = dbgfs_node_fops(node);
	*ofp = dbgfs_lookup_open(node, file);
	if (!WARN_ON_ONCE(!*ofp) && try_module_get(fops->owner))
		return fops;
	dbgfs_put_active(node);
	return ERR_PTR(-ENODEV);
}

/*
 * One set of vm_ops per open file, as in kernfs: the first mapping records
 * the client's, and the modules that its vmas (or, if @pinned, the open
 * file) hold; a later mapping must bring the same.  Returns 1 when this
 * call recorded them, 0 when they match, or -EINVAL.
 */
static int dbgfs_record_vm_ops(struct dbgfs_open *of, struct dbgfs_node *node,
			       const struct vm_operations_struct *ops,
			       struct module *owner, bool pinned)
{
	struct mutex *lock = dbgfs_open_lock(node);
	int ret = 0;

	if (!dbgfs_vm_ops_wrappable(ops))
		return -EINVAL;
	mutex_lock(lock);
	if (!of->mmapped) {
		of->vm_ops = ops;
		of->vm_module = dbgfs_node_module(node);
		of->vm_owner = owner;
		of->vm_pinned = pinned;
		of->mmapped = true;
		ret = 1;
	} else if (of->vm_ops != ops) {
		ret = -EINVAL;
	}
	mutex_unlock(lock);
	return ret;
}

int dbgfs_proxy_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct dbgfs_node *node = dbgfs_file_node(file);
	struct module *mod = dbgfs_node_module(node);
	const struct file_operations *fops;
	struct dbgfs_open *of;
	int ret;

	fops = dbgfs_mmap_begin(file, &of);
	if (IS_ERR(fops))
		return PTR_ERR(fops);
	/* Each vma pins both modules; the active reference holds mod. */
	__module_get(mod);
	ret = fops->mmap(file, vma);
	if (!ret) {
		ret = dbgfs_record_vm_ops(of, node, vma->vm_ops, fops->owner,
					  false);
		if (ret >= 0) {
			vma->vm_ops = dbgfs_vm_ops_for(vma->vm_ops);
			ret = 0;
		} else {
			/* The client made its vma: let it undo that. */
			if (vma->vm_ops && vma->vm_ops->close)
				vma->vm_ops->close(vma);
			vma->vm_ops = &dbgfs_refused_vm_ops;
		}
	}
	if (ret) {
		module_put(mod);
		module_put(fops->owner);
	}
	dbgfs_put_active(node);
	return ret;
}

#ifdef DBGFS_HAS_MMAP_PREPARE
/*
 * A client's mmap_prepare describes the mapping before its vma exists, and
 * the mapping may still fail, or merge with a vma next to it, without a
 * word to the file: so no vma can be sure to hold a reference of its own.
 * The open file pins the client's modules (the node's and the fops'
 * owner) from its first mapping to its release instead, which comes after
 * the last of its vmas is gone; the vmas' open and close leave the counts
 * alone.
 */
int dbgfs_proxy_mmap_prepare(struct vm_area_desc *desc)
{
	struct file *file = desc->file;
	struct dbgfs_node *node = dbgfs_file_node(file);
	const struct file_operations *fops;
	struct dbgfs_open *of;
	int ret;

	fops = dbgfs_mmap_begin(file, &of);
	if (IS_ERR(fops))
		return PTR_ERR(fops);
	ret = fops->mmap_prepare(desc);
	/* The vmas find @of by their file: it must stay this one. */
	if (!ret && desc->vm_file != file)
		ret = -EINVAL;
	if (!ret)
		ret = dbgfs_record_vm_ops(of, node, desc->vm_ops, fops->owner,
					  true);
	if (ret == 1)
		/* The open file keeps the owner; the active ref holds mod. */
		__module_get(dbgfs_node_module(node));
	else
		module_put(fops->owner);
	if (ret >= 0)
		desc->vm_ops = dbgfs_vm_ops_for(desc->vm_ops);
	dbgfs_put_active(node);
	return ret < 0 ? ret : 0;
}
#endif
