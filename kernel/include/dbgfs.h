/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dbgfs: a debug filesystem with safe removal.
 *
 * The API mirrors <linux/debugfs.h>: every dbgfs_* function does what the
 * debugfs_* function of the same suffix does, with an opaque node handle in
 * place of a dentry.  Creators return the node or an ERR_PTR(), never NULL;
 * a NULL parent is the root; an ERR_PTR() parent is handed back unchanged so
 * that callers need not check between calls.
 *
 * Unlike debugfs, removal is a barrier: once dbgfs_remove() returns, no file
 * operation of the removed entries runs or will run, files still open answer
 * -EIO, and entries a module forgot to remove are removed when it goes.
 */
#ifndef _DBGFS_H_
#define _DBGFS_H_

#include <linux/err.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/types.h>

#include "uapi/dbgfs_types.h"

struct dbgfs_node;

/**
 * struct dbgfs_short_fops - the few file operations most debug files need
 * @read: as &file_operations.read
 * @write: as &file_operations.write
 * @llseek: as &file_operations.llseek; NULL makes the file unseekable
 *
 * Accepted by dbgfs_create_file() in place of a full &struct
 * file_operations, as debugfs' &struct debugfs_short_fops is.
 */
struct dbgfs_short_fops {
	ssize_t (*read)(struct file *file, char __user *buf, size_t len,
			loff_t *ppos);
	ssize_t (*write)(struct file *file, const char __user *buf, size_t len,
			 loff_t *ppos);
	loff_t (*llseek)(struct file *file, loff_t offset, int whence);
};

struct dbgfs_node *__dbgfs_create_dir(const char *name,
				      struct dbgfs_node *parent,
				      struct module *owner);
struct dbgfs_node *__dbgfs_create_file(const char *name, umode_t mode,
				       struct dbgfs_node *parent, void *data,
				       const struct file_operations *fops,
				       loff_t size, struct module *owner);
struct dbgfs_node *__dbgfs_create_file_short(const char *name, umode_t mode,
					     struct dbgfs_node *parent,
					     void *data,
					     const struct dbgfs_short_fops *fops,
					     loff_t size, struct module *owner);
struct dbgfs_node *__dbgfs_create_symlink(const char *name,
					  struct dbgfs_node *parent,
					  const char *target,
					  struct module *owner);

/**
 * dbgfs_create_dir - create a directory
 * @name: name of the directory
 * @parent: directory to create it in, or NULL for the root
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node, or an ERR_PTR(): -EINVAL or -ENAMETOOLONG for a bad
 * name, -EEXIST if @name is taken, -ENOENT if @parent was removed, -ENOTDIR
 * if @parent is not a directory, -ENOMEM, -EPERM when dbgfs is switched off
 * (module parameter access=off).  The directory belongs to the calling
 * module and is removed when it goes.
 */
#define dbgfs_create_dir(name, parent) \
	__dbgfs_create_dir(name, parent, THIS_MODULE)

/* Picks the creator by the type of @fops, const or not; NULL is allowed. */
#define __dbgfs_file_creator(fops)					\
	_Generic((const typeof(*(fops)) *)(fops),			\
		 const struct dbgfs_short_fops * : __dbgfs_create_file_short, \
		 const struct file_operations * : __dbgfs_create_file,	\
		 const void * : __dbgfs_create_file)

/**
 * dbgfs_create_file - create a file with its own file operations
 * @name: name of the file
 * @mode: permission bits (S_IFREG is implied)
 * @parent: directory to create it in, or NULL for the root
 * @data: stored in inode->i_private, for the open method to find
 * @fops: a &struct file_operations or a &struct dbgfs_short_fops
 *
 * The file behaves as if @fops were its own: methods @fops lacks behave as
 * the VFS makes them behave when missing (no llseek: -ESPIPE; no poll: the
 * default mask, with EPOLLPRI | EPOLLERR after dbgfs_notify(); no mmap:
 * -ENODEV).  Every method runs under an active reference, so
 * dbgfs_remove() waits for it; after removal, open files answer -EIO
 * (poll: EPOLLHUP) and @fops->release runs once for each of them during
 * removal.  The module owning @fops is not pinned by open files.
 * @fops->release may remove other entries, but not its own file or a
 * directory above it: a release at close runs under an active reference.
 * A removal by another module (of a directory above the file, by
 * dbgfs_lookup_and_remove(), or the cleanup of a module that goes) runs
 * @fops->release, and fasync(-1, file, 0), with the file's module held,
 * as every other method: its rmmod is refused (EAGAIN) until they return.
 * Once its rmmod has begun, such a removal runs none of its code, as after
 * its exit(); its own removals in exit() still run them.
 *
 * Mappings: dbgfs cannot revoke the pages @fops->mmap maps, but it puts
 * its own vm_ops in the vma and calls the client's from them.  Each vma
 * pins the module that created the file (and @fops->owner, if set) until
 * it is unmapped, so that the client's vm_ops never run after its exit,
 * whether or not @fops sets .owner: while a mapping exists, rmmod of the
 * client fails with EAGAIN (delete_module()'s -EWOULDBLOCK), and an mmap
 * while the module is going fails with -ENODEV.
 * vm_ops->fault, ->page_mkwrite, ->pfn_mkwrite and ->access run under an
 * active reference like the file methods; at removal the pages mapped so
 * far are zapped and every later fault answers SIGBUS without calling the
 * client.  vm_ops->open and ->close run for every vma, also after removal
 * and after @fops->release: what they use must live until the last close.
 * All mmaps of one open file must set the same vm_ops, and vm_ops with
 * methods dbgfs does not pass on (may_split, mremap, mprotect, huge_fault,
 * map_pages, pagesize, name, find_special_page, set_policy, get_policy)
 * are refused: the mmap fails with -EINVAL after the client's vm_ops->close
 * has undone it.
 *
 * @fops->open must not replace the file's operations (replace_fops()): the
 * later methods would bypass dbgfs.  Such an open is undone with the
 * release it put in place and fails with -EINVAL (debugfs WARNs).
 *
 * fasync: dbgfs remembers whether @fops->fasync is on for an open file.  A
 * file released by removal gets fasync(-1, file, 0) before @fops->release
 * (as a close does), so the client's fasync list never keeps a file that
 * is freed; kill_fasync() on that list stays safe after dbgfs_remove().
 * After removal, turning fasync on fails with -EIO.
 *
 * What the client may rely on: once dbgfs_remove() of the file (or of a
 * directory above it) has returned, @data and @fops may be freed.  Every
 * method runs with a reference to the calling module held, so no method
 * runs during or after its exit(): rmmod while one is running fails with
 * EAGAIN (delete_module()'s -EWOULDBLOCK; a method that never returns
 * keeps the module loaded), and once rmmod has marked the module GOING
 * none starts any more (open -ENOENT, the others as after removal).
 * Entries its exit() forgot are removed after exit() without calling any
 * of its code, release included, and with one warning.
 * What it may not do: free @data while the file exists and may still be
 * used; use the returned handle after its own removal of the file or of a
 * directory above it (see dbgfs_remove()).
 *
 * Mappings made by @fops->mmap are the client's: dbgfs cannot revoke them.
 * Pollers never sleep on the client's wait queues themselves: removal takes
 * dbgfs' entries off them, so a queue may be freed (or its module unloaded)
 * once dbgfs_remove() has returned.  An open file for which such an entry
 * cannot be allocated answers EPOLLERR to every poll from then on.  A
 * file that exit() forgot keeps its entries on the client's queues until
 * the cleanup after exit(): an exit() that frees such a queue must first
 * call wake_up_pollfree() on it and free it after an RCU grace period, as
 * for any wait queue that goes before its pollers; better, remove the file.
 * Likewise its fasync list: dbgfs calls no fasync(-1) after exit(), so an
 * exit() that frees such a list first takes each file off it, with
 * fasync_helper(-1, fa->fa_file, 0, &list) until the list is empty.
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node, or an ERR_PTR() as for dbgfs_create_dir().
 */
#define dbgfs_create_file(name, mode, parent, data, fops)		\
	__dbgfs_file_creator(fops)(name, mode, parent, data, fops, 0,	\
				   THIS_MODULE)

/**
 * dbgfs_create_file_size - create a file with an initial inode size
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @data: stored in inode->i_private
 * @fops: a &struct file_operations or a &struct dbgfs_short_fops
 * @file_size: the size stat() reports
 *
 * As dbgfs_create_file(), for files whose size is known.
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node, or an ERR_PTR() as for dbgfs_create_dir().
 */
#define dbgfs_create_file_size(name, mode, parent, data, fops, file_size) \
	__dbgfs_file_creator(fops)(name, mode, parent, data, fops,	\
				   file_size, THIS_MODULE)

const struct file_operations *dbgfs_real_fops(const struct file *file);

/**
 * dbgfs_create_symlink - create a symbolic link
 * @name: name of the link
 * @parent: directory to create it in, or NULL for the root
 * @target: what readlink() returns; copied
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node, or an ERR_PTR() as for dbgfs_create_dir().
 */
#define dbgfs_create_symlink(name, parent, target) \
	__dbgfs_create_symlink(name, parent, target, THIS_MODULE)

struct dbgfs_node *dbgfs_lookup(const char *name, struct dbgfs_node *parent);
void dbgfs_node_put(struct dbgfs_node *node);
void __dbgfs_remove(struct dbgfs_node *node, struct module *remover);
void __dbgfs_lookup_and_remove(const char *name, struct dbgfs_node *parent,
			       struct module *remover);

/**
 * dbgfs_remove - remove a node and everything under it
 * @node: the node; NULL or an ERR_PTR() does nothing
 *
 * When this returns, no operation of @node or of anything that was below it
 * runs or will run, and the data and file operations given at their
 * creation are not touched again: operations in flight have been waited
 * for, new ones fail (open -ENOENT; read, write, llseek, ioctl -EIO; poll
 * EPOLLHUP), and the release method of every file still open has run, once.
 * That holds for every remover: if @node, or a directory above it, is being
 * removed already (by another thread, by dbgfs_lookup_and_remove(), by a
 * devm action or by the cleanup of a module that goes), this finishes
 * itself what that removal has not begun of @node and everything below it,
 * and waits for the rest of it, but not for anything else of the other
 * removal (as kernfs' removers drain what they deactivate themselves).
 * If @node is the very node that the other removal removes, it finishes
 * it all, and this waits for it: that remover returns only when it is done.
 * So a client's own operations may remove entries while a removal runs
 * them: a release that the removal of its directory runs, a write (or any
 * method) that a removal of its directory is waiting for, may remove
 * siblings, by handle or by dbgfs_lookup_and_remove().  What they may not
 * remove is their own file or a directory above it, whose removal waits
 * for them.
 *
 * The handle that a creator returned stays valid for its module until that
 * module removes the node or a directory above it, or the module goes: a
 * directory removed by another module leaves your handles of the entries you
 * made in it valid (removed, answering -EIO), for your dbgfs_remove().
 * After your removal of a node, or of a directory above it, has begun, its
 * handle is spent: keep a reference from dbgfs_lookup() if another thread of
 * yours may still use it meanwhile.
 *
 * What a caller must not hold: a lock that an operation of a file being
 * removed may take, since removal waits for that operation and it for the
 * lock.  Active references are a lock class for lockdep (one per
 * file_operations), so kernels with CONFIG_PROVE_LOCKING report such a
 * lock instead of hanging.  What outlives removal, and how it is made
 * safe: mappings (zapped, later faults SIGBUS; see dbgfs_create_file()),
 * fasync (removed files leave the client's list before their release),
 * pollers (woken, off the client's queues), a str file's old strings
 * (freed after a grace period; see dbgfs_create_str()).
 *
 * Context: Process context; sleeps until the removal is complete.  Not
 * from an operation of a file being removed, release included, for that
 * file or a directory above it (it would wait for itself); an operation
 * may remove other entries, also while a removal runs or waits for it.
 */
#define dbgfs_remove(node) __dbgfs_remove(node, THIS_MODULE)

/**
 * dbgfs_lookup_and_remove - remove a node found by name
 * @name: the name of the node
 * @parent: the directory it is in, or NULL for the root
 *
 * As dbgfs_remove() of what dbgfs_lookup() would find, in one step.  Does
 * nothing if there is no such node; if @parent is being removed, the node
 * of that name goes with it, and this finishes or waits for that node's
 * part of the removal as dbgfs_remove() does, not for the rest of it.
 *
 * Context: Process context; sleeps until the removal is complete.
 * Not from an operation (release included) of a file being removed
 * by this call, which would wait for itself; from any other operation,
 * also one that a removal of @parent runs or waits for.
 */
#define dbgfs_lookup_and_remove(name, parent) \
	__dbgfs_lookup_and_remove(name, parent, THIS_MODULE)

void dbgfs_notify(struct dbgfs_node *node);
int dbgfs_rename(struct dbgfs_node *old_dir, struct dbgfs_node *node,
		 struct dbgfs_node *new_dir, const char *new_name);
__printf(2, 3)
int dbgfs_change_name(struct dbgfs_node *node, const char *fmt, ...);
bool dbgfs_initialized(void);

/**
 * dbgfs_remove_recursive - remove a node and everything under it
 * @node: the node, or NULL or an ERR_PTR() (nothing is done)
 *
 * The same as dbgfs_remove(), under debugfs' older name.
 *
 * Context: Process context; sleeps until the removal is complete.
 * Not from an operation (release included) of a file being removed
 * by this call, which would wait for itself.
 */
#define dbgfs_remove_recursive(node) dbgfs_remove(node)

/* Typed attribute files (kernel/attr.c). */

struct device;
struct seq_file;

/**
 * struct dbgfs_blob_wrapper - a binary blob for dbgfs_create_blob()
 * @data: the bytes
 * @size: how many there are; the file never grows beyond them
 */
struct dbgfs_blob_wrapper {
	void *data;
	unsigned long size;
};

/**
 * struct dbgfs_reg32 - one 32-bit register for dbgfs_create_regset32()
 * @name: printed before the value
 * @offset: from &dbgfs_regset32.base, in bytes
 */
struct dbgfs_reg32 {
	char *name;
	unsigned long offset;
};

/**
 * struct dbgfs_regset32 - a set of 32-bit registers
 * @regs: the registers
 * @nregs: how many there are
 * @base: where the register bank is mapped
 * @dev: if not NULL, kept runtime-resumed while the registers are read
 */
struct dbgfs_regset32 {
	const struct dbgfs_reg32 *regs;
	int nregs;
	void __iomem *base;
	struct device *dev;
};

/**
 * struct dbgfs_u32_array - an array for dbgfs_create_u32_array()
 * @array: the values
 * @n_elements: how many there are
 */
struct dbgfs_u32_array {
	u32 *array;
	u32 n_elements;
};

int dbgfs_attr_open(struct inode *inode, struct file *file,
		    int (*get)(void *data, u64 *val),
		    int (*set)(void *data, u64 val), const char *fmt);
int dbgfs_attr_release(struct inode *inode, struct file *file);
ssize_t dbgfs_attr_read(struct file *file, char __user *buf, size_t len,
			loff_t *ppos);
ssize_t dbgfs_attr_write(struct file *file, const char __user *buf,
			 size_t len, loff_t *ppos);
ssize_t dbgfs_attr_write_signed(struct file *file, const char __user *buf,
				size_t len, loff_t *ppos);

#define DEFINE_DBGFS_ATTRIBUTE_XSIGNED(__fops, __get, __set, __fmt, __signed) \
static int __fops ## _open(struct inode *inode, struct file *file)	\
{									\
	__simple_attr_check_format(__fmt, 0ull);			\
	return dbgfs_attr_open(inode, file, __get, __set, __fmt);	\
}									\
static const struct file_operations __fops = {				\
	.owner	 = THIS_MODULE,						\
	.open	 = __fops ## _open,					\
	.release = dbgfs_attr_release,					\
	.read	 = dbgfs_attr_read,					\
	.write	 = (__signed) ? dbgfs_attr_write_signed : dbgfs_attr_write, \
}

/**
 * DEFINE_DBGFS_ATTRIBUTE - define the fops of a file holding one number
 * @__fops: name of the &struct file_operations to define
 * @__get: ``int get(void *data, u64 *val)``, or NULL: reads answer -EACCES
 * @__set: ``int set(void *data, u64 val)``, or NULL: writes answer -EACCES
 * @__fmt: printf format of a read, for an unsigned long long
 *
 * As DEFINE_DEBUGFS_ATTRIBUTE(): pass @__fops to dbgfs_create_file(); @data
 * is the file's.  The file is not seekable; a read formats the value at
 * offset 0 and continues from that text.  A write must be a whole number in
 * base 0 (as kstrtoull(), with one optional trailing newline) of at most 23
 * characters: anything else answers -EINVAL, a number beyond u64 -ERANGE,
 * and @__set is not called.  An error of @__set is the write's.
 */
#define DEFINE_DBGFS_ATTRIBUTE(__fops, __get, __set, __fmt)		\
	DEFINE_DBGFS_ATTRIBUTE_XSIGNED(__fops, __get, __set, __fmt, false)

/**
 * DEFINE_DBGFS_ATTRIBUTE_SIGNED - as DEFINE_DBGFS_ATTRIBUTE(), signed
 * @__fops: name of the &struct file_operations to define
 * @__get: ``int get(void *data, u64 *val)``, or NULL
 * @__set: ``int set(void *data, u64 val)``, or NULL; gets an s64 cast to u64
 * @__fmt: printf format of a read, for a long long
 *
 * Writes are parsed as by kstrtoll(), with the same strictness.
 */
#define DEFINE_DBGFS_ATTRIBUTE_SIGNED(__fops, __get, __set, __fmt)	\
	DEFINE_DBGFS_ATTRIBUTE_XSIGNED(__fops, __get, __set, __fmt, true)

/**
 * DBGFS_VALUE_CREATOR - the creators of value files, from one table
 * @kind: the type's name, as in <uapi/dbgfs_types.h>
 * @ctype: the C type of the value the file holds
 *
 * Declares the function behind each creator of a value file below:
 * __dbgfs_create_u8() behind dbgfs_create_u8(name, mode, parent, value),
 * and so on, which passes THIS_MODULE as its last argument, the module the
 * file belongs to.  One signature for declaration and definition
 * (kernel/attr.c).  The types, their C types, widths, read formats and
 * what a write takes are one table, DBGFS_TYPES() of <uapi/dbgfs_types.h>,
 * which libdbgfs and the dbgfs tool share; each creator below names its
 * type's facts, this is what they have in common:
 *
 * @name is the name of the file, @mode its permission bits, @parent the
 * directory to create it in (NULL: the root); the value is read and
 * written in place.
 *
 * Number files (shapes DEC, HEX and SDEC): without write bits in @mode
 * writes answer -EACCES (even for root), without read bits reads do.
 * Reads give the value and a newline, in decimal (DEC), with its sign
 * (SDEC), or as "0x" and two hex digits a byte of the type (HEX); they are
 * not seekable (lseek: -ESPIPE): the text is made at the first read and
 * later reads of the open file continue it.  Writes take one number as kstrtoull() (SDEC: kstrtoll())
 * does, in base 0 ("0x" hex, "0" octal) with one optional trailing newline,
 * and, unlike debugfs, nothing else: -ERANGE for a number beyond the type,
 * -EINVAL for an empty write, garbage, trailing characters or more than 23
 * characters (DBGFS_VALUE_CHARS); the value is then left alone.  debugfs
 * returns void for these creators; these return the node.
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node, or an ERR_PTR() as for dbgfs_create_dir().
 */
#define DBGFS_VALUE_CREATOR(kind, ctype)				\
	struct dbgfs_node *__dbgfs_create_##kind(const char *name,	\
						 umode_t mode,		\
						 struct dbgfs_node *parent, \
						 typeof(ctype) *value,	\
						 struct module *owner)

#define DBGFS_DECLARE_CREATOR(kind, KIND, abi, shape, bytes, fmt, ctype) \
	DBGFS_VALUE_CREATOR(kind, ctype);

DBGFS_TYPES(DBGFS_DECLARE_CREATOR)

struct dbgfs_node *
__dbgfs_create_devm_seqfile(struct device *dev, const char *name,
			    struct dbgfs_node *parent,
			    int (*read_fn)(struct seq_file *s, void *data),
			    struct module *owner);
void dbgfs_print_regs32(struct seq_file *s, const struct dbgfs_reg32 *regs,
			int nregs, void __iomem *base, char *prefix);

/*
 * The creators of the table's types, each with the facts of its type; the
 * rest is DBGFS_VALUE_CREATOR()'s.
 */

/**
 * dbgfs_create_u8 - create a file holding a u8, in decimal
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @value: the variable
 *
 * A number file of DBGFS_VALUE_CREATOR(): -ERANGE beyond U8_MAX.
 */
#define dbgfs_create_u8(name, mode, parent, value) \
	__dbgfs_create_u8(name, mode, parent, value, THIS_MODULE)

/**
 * dbgfs_create_u16 - create a file holding a u16, in decimal
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @value: the variable
 *
 * A number file of DBGFS_VALUE_CREATOR(): -ERANGE beyond U16_MAX.
 */
#define dbgfs_create_u16(name, mode, parent, value) \
	__dbgfs_create_u16(name, mode, parent, value, THIS_MODULE)

/**
 * dbgfs_create_u32 - create a file holding a u32, in decimal
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @value: the variable
 *
 * A number file of DBGFS_VALUE_CREATOR(): -ERANGE beyond U32_MAX.
 */
#define dbgfs_create_u32(name, mode, parent, value) \
	__dbgfs_create_u32(name, mode, parent, value, THIS_MODULE)

/**
 * dbgfs_create_u64 - create a file holding a u64, in decimal
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @value: the variable
 *
 * A number file of DBGFS_VALUE_CREATOR(): -ERANGE beyond U64_MAX.
 */
#define dbgfs_create_u64(name, mode, parent, value) \
	__dbgfs_create_u64(name, mode, parent, value, THIS_MODULE)

/**
 * dbgfs_create_x8 - create a file holding a u8, in hex
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @value: the variable
 *
 * A number file of DBGFS_VALUE_CREATOR(): reads give "0x" and two hex
 * digits; -ERANGE beyond U8_MAX.
 */
#define dbgfs_create_x8(name, mode, parent, value) \
	__dbgfs_create_x8(name, mode, parent, value, THIS_MODULE)

/**
 * dbgfs_create_x16 - create a file holding a u16, in hex
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @value: the variable
 *
 * A number file of DBGFS_VALUE_CREATOR(): reads give "0x" and four hex
 * digits; -ERANGE beyond U16_MAX.
 */
#define dbgfs_create_x16(name, mode, parent, value) \
	__dbgfs_create_x16(name, mode, parent, value, THIS_MODULE)

/**
 * dbgfs_create_x32 - create a file holding a u32, in hex
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @value: the variable
 *
 * A number file of DBGFS_VALUE_CREATOR(): reads give "0x" and eight hex
 * digits; -ERANGE beyond U32_MAX.
 */
#define dbgfs_create_x32(name, mode, parent, value) \
	__dbgfs_create_x32(name, mode, parent, value, THIS_MODULE)

/**
 * dbgfs_create_x64 - create a file holding a u64, in hex
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @value: the variable
 *
 * A number file of DBGFS_VALUE_CREATOR(): reads give "0x" and sixteen hex
 * digits; -ERANGE beyond U64_MAX.
 */
#define dbgfs_create_x64(name, mode, parent, value) \
	__dbgfs_create_x64(name, mode, parent, value, THIS_MODULE)

/**
 * dbgfs_create_ulong - create a file holding an unsigned long, in decimal
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @value: the variable
 *
 * A number file of DBGFS_VALUE_CREATOR(): -ERANGE beyond ULONG_MAX.
 */
#define dbgfs_create_ulong(name, mode, parent, value) \
	__dbgfs_create_ulong(name, mode, parent, value, THIS_MODULE)

/**
 * dbgfs_create_xul - create a file holding an unsigned long, in hex
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @value: the variable
 *
 * dbgfs_create_x32() or dbgfs_create_x64(), whichever fits unsigned long
 * (not a type of its own).  As in mainline, @value must point to an
 * unsigned long: anything else is a build error, not a silent cast.
 */
#define dbgfs_create_xul(name, mode, parent, value) \
	__dbgfs_create_xul(name, mode, parent, value, THIS_MODULE)

/* A function, so that @value is type-checked; @owner is the caller's. */
static inline struct dbgfs_node *
__dbgfs_create_xul(const char *name, umode_t mode, struct dbgfs_node *parent,
		   unsigned long *value, struct module *owner)
{
	if (sizeof(*value) == sizeof(u32))
		return __dbgfs_create_x32(name, mode, parent, (u32 *)value,
					  owner);
	return __dbgfs_create_x64(name, mode, parent, (u64 *)value, owner);
}

/**
 * dbgfs_create_size_t - create a file holding a size_t, in decimal
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @value: the variable
 *
 * A number file of DBGFS_VALUE_CREATOR(): -ERANGE beyond SIZE_MAX.
 */
#define dbgfs_create_size_t(name, mode, parent, value) \
	__dbgfs_create_size_t(name, mode, parent, value, THIS_MODULE)

/**
 * dbgfs_create_atomic_t - create a file holding an atomic_t, signed
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @value: the variable, read with atomic_read() and set with atomic_set()
 *
 * A number file of DBGFS_VALUE_CREATOR(), signed: writes are parsed as by
 * kstrtoint(), -ERANGE outside INT_MIN..INT_MAX.
 */
#define dbgfs_create_atomic_t(name, mode, parent, value) \
	__dbgfs_create_atomic_t(name, mode, parent, value, THIS_MODULE)

/**
 * dbgfs_create_bool - create a file holding a bool
 * @name: name of the file
 * @mode: permission bits; without write bits the file has no write method
 *        (writes: -EINVAL), without read bits no read method
 * @parent: directory to create it in, or NULL for the root
 * @value: the variable
 *
 * Reads give "Y" or "N" and a newline, and are seekable.  Writes take what
 * kstrtobool() takes ("y", "Y", "t", "T", "1", "n", "N", "f", "F", "0",
 * "on", "off" and words starting so); unlike debugfs, which ignores them
 * and reports success, anything else, an empty write and more than 23
 * characters answer -EINVAL.  Context and return as DBGFS_VALUE_CREATOR().
 */
#define dbgfs_create_bool(name, mode, parent, value) \
	__dbgfs_create_bool(name, mode, parent, value, THIS_MODULE)

/**
 * dbgfs_create_str - create a file holding a string
 * @name: name of the file
 * @mode: permission bits, as for dbgfs_create_bool()
 * @parent: directory to create it in, or NULL for the root
 * @value: the string pointer; neither it nor *@value may be NULL (-EINVAL)
 *
 * Reads give the string and a newline, seekable.  Writes behave as in
 * newest mainline debugfs: a write at offset 0 replaces the string, one at
 * its length appends, others answer -EINVAL; a result over PAGE_SIZE - 1
 * bytes -E2BIG; trailing whitespace is cut off; the offset does not move.
 * The old string is kfree()d, so a writable *@value must be kmalloc()ed,
 * and the caller frees the last one after dbgfs_remove() of the file.
 * 6.1's debugfs refuses every write.
 *
 * Reading the string safely: a write publishes the new string with
 * rcu_assign_pointer() and frees the old one only after synchronize_rcu(),
 * as mainline debugfs does.  So a client that reads *@value while the
 * file is writable does it in an RCU read-side critical section, and uses
 * the string only inside it::
 *
 *	rcu_read_lock();
 *	s = rcu_dereference(*(char __rcu **)&my_str);
 *	... use s, without sleeping ...
 *	rcu_read_unlock();
 *
 * (copy it out to keep it, or to sleep).  The client must not replace or
 * free *@value itself while the file exists, as dbgfs' writes do not
 * serialise with it.  A write sleeps for a grace period.  Context and
 * return as DBGFS_VALUE_CREATOR().
 */
#define dbgfs_create_str(name, mode, parent, value) \
	__dbgfs_create_str(name, mode, parent, value, THIS_MODULE)

/**
 * dbgfs_create_blob - create a file showing a binary blob
 * @name: name of the file
 * @mode: permission bits; with write bits the blob is writable in place
 * @parent: directory to create it in, or NULL for the root
 * @blob: the blob; the file's size is @blob->size
 *
 * Reads give the bytes, seekable.  With write bits in @mode (newest
 * mainline; 6.1's debugfs masks @mode with 0444) writes overwrite them in
 * place and never grow the blob: a write at or past the end writes nothing
 * and returns 0.  Without write bits writes answer -EINVAL.  Unlike
 * debugfs, stat() reports @blob->size.  Context and return as
 * DBGFS_VALUE_CREATOR().
 */
#define dbgfs_create_blob(name, mode, parent, blob) \
	__dbgfs_create_blob(name, mode, parent, blob, THIS_MODULE)

/**
 * dbgfs_create_u32_array - create a file showing an array of u32
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @array: the array and its length; the length must not change
 *
 * Reads give the values in decimal, separated by spaces and ended by a
 * newline (nothing for an empty array), as they were when the file was
 * opened; not seekable.  debugfs returns void here; this returns the node.
 * Context and return as DBGFS_VALUE_CREATOR().
 */
#define dbgfs_create_u32_array(name, mode, parent, array) \
	__dbgfs_create_u32_array(name, mode, parent, array, THIS_MODULE)

/**
 * dbgfs_create_regset32 - create a file showing 32-bit registers
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or NULL for the root
 * @regset: the registers, their number and base address
 *
 * Reads give a line per register, its name, " = 0x" and its value in eight
 * hex digits, read with readl() (a seq file).  debugfs returns void here;
 * this returns the node.  Context and return as DBGFS_VALUE_CREATOR().
 */
#define dbgfs_create_regset32(name, mode, parent, regset) \
	__dbgfs_create_regset32(name, mode, parent, regset, THIS_MODULE)

/**
 * dbgfs_create_devm_seqfile - create a seq file bound to a device
 * @dev: the device; @read_fn finds it in the seq_file's private field
 * @name: name of the file
 * @parent: directory to create it in, or NULL for the root
 * @read_fn: prints the file's content
 *
 * A 0444 seq file whose show method is @read_fn, a single_open() show:
 * @dev is in s->private, as with debugfs_create_devm_seqfile().  Unlike
 * debugfs, which leaves the file behind, it is removed when @dev's managed
 * resources are released; until then dbgfs itself cannot be unloaded
 * (rmmod dbgfs answers EAGAIN), since that release runs dbgfs code.
 * debugfs returns void; this returns the node.
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node, or an ERR_PTR() as for dbgfs_create_dir().
 */
#define dbgfs_create_devm_seqfile(dev, name, parent, read_fn) \
	__dbgfs_create_devm_seqfile(dev, name, parent, read_fn, THIS_MODULE)

#endif /* _DBGFS_H_ */
