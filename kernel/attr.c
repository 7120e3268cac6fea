// SPDX-License-Identifier: GPL-2.0
/*
 * Typed attribute files: numbers, bools, strings, blobs, u32 arrays,
 * register sets and device-bound seq files, with debugfs' read formats.
 *
 * Each helper is a file with its own file_operations, so it runs under the
 * proxy (proxy.c) like any client file: its methods never run after the
 * file's removal, and the value pointer in inode->i_private is not touched
 * again once dbgfs_remove() has returned.
 *
 * Writes are strict where debugfs is lax: a number that does not fit the
 * type, a write that is not exactly one number, or a bool write that is
 * not a kstrtobool() word fails and stores nothing.
 */
#include <linux/device.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/pm_runtime.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <dbgfs.h>
#include "internal.h"

/* The longest number a write may hold: see <uapi/dbgfs_types.h>. */
#define DBGFS_ATTR_CHARS	DBGFS_VALUE_CHARS

/*
 * The text of a read: the longest a u64 or s64 gives with the formats here
 * (20 characters: "18446744073709551615" or a sign and 19 digits), a
 * newline and the NUL.  A client's own format is cut to it, as by debugfs.
 */
#define DBGFS_ATTR_TEXT		24

/* Each u32 of an array file: at most ten digits, and a space or newline. */
#define DBGFS_U32_TEXT		11

struct dbgfs_attr {
	int (*get)(void *data, u64 *val);
	int (*set)(void *data, u64 val);
	char get_buf[DBGFS_ATTR_TEXT];
	void *data;
	const char *fmt;
	struct mutex mutex;			/* get_buf */
};

/**
 * dbgfs_attr_open - open method of DEFINE_DBGFS_ATTRIBUTE() files
 * @inode: the file's inode; i_private is the data given at creation
 * @file: the file being opened
 * @get: reads the value, or NULL
 * @set: writes the value, or NULL
 * @fmt: printf format of a read
 *
 * Context: The file operation it is, under dbgfs' active reference;
 * may sleep.
 *
 * Return: 0 or -ENOMEM.
 */
int dbgfs_attr_open(struct inode *inode, struct file *file,
		    int (*get)(void *data, u64 *val),
		    int (*set)(void *data, u64 val), const char *fmt)
{
	struct dbgfs_attr *attr;

	attr = dbgfs_kzalloc(sizeof(*attr), GFP_KERNEL);
	if (!attr)
		return -ENOMEM;
	attr->get = get;
	attr->set = set;
	attr->data = inode->i_private;
	attr->fmt = fmt;
	mutex_init(&attr->mutex);
	file->private_data = attr;
	return nonseekable_open(inode, file);
}
EXPORT_SYMBOL_GPL(dbgfs_attr_open);

/**
 * dbgfs_attr_release - release method of DEFINE_DBGFS_ATTRIBUTE() files
 * @inode: the file's inode
 * @file: the file being closed
 *
 * Context: The file operation it is, under dbgfs' active reference;
 * may sleep.
 *
 * Return: 0.
 */
int dbgfs_attr_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}
EXPORT_SYMBOL_GPL(dbgfs_attr_release);

/**
 * dbgfs_attr_read - read method of DEFINE_DBGFS_ATTRIBUTE() files
 * @file: the file
 * @buf: where to copy to
 * @len: how much to copy at most
 * @ppos: the file position
 *
 * A read at offset 0 formats the value; later reads continue that text.
 *
 * Context: The file operation it is, under dbgfs' active reference;
 * may sleep.
 *
 * Return: the bytes read, -EACCES without a get method, or its error.
 */
ssize_t dbgfs_attr_read(struct file *file, char __user *buf, size_t len,
			loff_t *ppos)
{
	struct dbgfs_attr *attr = file->private_data;
	char text[sizeof(attr->get_buf)];
	bool fresh;
	ssize_t ret;
	u64 val;

	if (!attr->get)
		return -EACCES;
	/*
	 * The client's get runs under no lock of ours: it may remove entries,
	 * whose draining must not wait on a lock their reads take.  Reads of
	 * one file are serialised by its f_pos lock; the mutex is for
	 * get_buf all the same.
	 */
	fresh = !*ppos || !READ_ONCE(attr->get_buf[0]);
	if (fresh) {
		ret = attr->get(attr->data, &val);
		if (ret)
			return ret;
		scnprintf(text, sizeof(text), attr->fmt,
			  (unsigned long long)val);
	}
	ret = mutex_lock_interruptible(&attr->mutex);
	if (ret)
		return ret;
	if (fresh)
		strscpy(attr->get_buf, text, sizeof(attr->get_buf));
	ret = simple_read_from_buffer(buf, len, ppos, attr->get_buf,
				      strlen(attr->get_buf));
	mutex_unlock(&attr->mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(dbgfs_attr_read);

/*
 * Copies a write into @kbuf (DBGFS_ATTR_CHARS + 2 bytes) as a C string,
 * refusing what cannot be exactly one value: more than DBGFS_ATTR_CHARS
 * characters besides a trailing newline, or a NUL inside.
 */
static int dbgfs_copy_value(char *kbuf, const char __user *buf, size_t len)
{
	if (len > DBGFS_ATTR_CHARS + 1)
		return -EINVAL;
	if (copy_from_user(kbuf, buf, len))
		return -EFAULT;
	kbuf[len] = '\0';
	if (len == DBGFS_ATTR_CHARS + 1 && kbuf[len - 1] != '\n')
		return -EINVAL;
	if (strlen(kbuf) != len)
		return -EINVAL;
	return 0;
}

/* A value written through its file: pollers and watches learn of it. */
static ssize_t dbgfs_written(struct file *file, ssize_t ret)
{
	if (ret > 0)
		dbgfs_notify(dbgfs_file_node(file));
	return ret;
}

/* Parses on the stack and calls set under no lock of ours: see the read. */
static ssize_t dbgfs_attr_write_xsigned(struct file *file,
					const char __user *buf, size_t len,
					bool is_signed)
{
	struct dbgfs_attr *attr = file->private_data;
	char kbuf[DBGFS_ATTR_CHARS + 2];	/* and '\n', '\0' */
	unsigned long long val;
	long long sval;
	ssize_t ret;

	if (!attr->set)
		return -EACCES;
	ret = dbgfs_copy_value(kbuf, buf, len);
	if (ret)
		return ret;
	if (is_signed) {
		ret = kstrtoll(kbuf, 0, &sval);
		val = sval;
	} else {
		ret = kstrtoull(kbuf, 0, &val);
	}
	if (ret)
		return ret;
	ret = attr->set(attr->data, val);
	return dbgfs_written(file, ret ? ret : len);
}

/**
 * dbgfs_attr_write - write method of DEFINE_DBGFS_ATTRIBUTE() files
 * @file: the file
 * @buf: the number, as kstrtoull() takes it in base 0
 * @len: its length: at most 23 characters and a newline
 * @ppos: the file position, ignored
 *
 * Context: The file operation it is, under dbgfs' active reference;
 * may sleep.
 *
 * Return: @len, -EACCES without a set method, -EINVAL for anything but one
 * number, -ERANGE beyond u64, or the set method's error.
 */
ssize_t dbgfs_attr_write(struct file *file, const char __user *buf,
			 size_t len, loff_t *ppos)
{
	return dbgfs_attr_write_xsigned(file, buf, len, false);
}
EXPORT_SYMBOL_GPL(dbgfs_attr_write);

/**
 * dbgfs_attr_write_signed - write method of DEFINE_DBGFS_ATTRIBUTE_SIGNED()
 * @file: the file
 * @buf: the number, as kstrtoll() takes it in base 0
 * @len: its length: at most 23 characters and a newline
 * @ppos: the file position, ignored
 *
 * Context: The file operation it is, under dbgfs' active reference;
 * may sleep.
 *
 * Return: as dbgfs_attr_write(), -ERANGE beyond s64.
 */
ssize_t dbgfs_attr_write_signed(struct file *file, const char __user *buf,
				size_t len, loff_t *ppos)
{
	return dbgfs_attr_write_xsigned(file, buf, len, true);
}
EXPORT_SYMBOL_GPL(dbgfs_attr_write_signed);

/* The fops without write bits, without read bits, or with both. */
static struct dbgfs_node *
dbgfs_create_mode(const char *name, umode_t mode, struct dbgfs_node *parent,
		  void *value, const struct file_operations *fops,
		  const struct file_operations *fops_ro,
		  const struct file_operations *fops_wo, loff_t size,
		  struct module *owner)
{
	if (IS_ERR(parent))
		return parent;
	if (!value)
		return ERR_PTR(-EINVAL);
	if (!(mode & 0222))
		fops = fops_ro;
	else if (!(mode & 0444))
		fops = fops_wo;
	return __dbgfs_create_file(name, mode, parent, value, fops, size,
				   owner);
}

static bool dbgfs_fits(u64 val, unsigned int bytes)
{
	return bytes >= sizeof(u64) || !(val >> (bytes * BITS_PER_BYTE));
}

/*
 * get and set of a number file of @kind, a variable of C type @ctype that
 * the table says is @bytes wide.
 */
#define DBGFS_NUMBER_ACCESSORS(kind, ctype, bytes)			\
static_assert(sizeof(ctype) == (bytes));				\
static int dbgfs_##kind##_get(void *data, u64 *val)			\
{									\
	*val = *(ctype *)data;						\
	return 0;							\
}									\
static int dbgfs_##kind##_set(void *data, u64 val)			\
{									\
	if (!dbgfs_fits(val, sizeof(ctype)))				\
		return -ERANGE;						\
	*(ctype *)data = val;						\
	return 0;							\
}

/* SDEC's accessors, by hand: atomic_t's. */
static int dbgfs_atomic_t_get(void *data, u64 *val)
{
	*val = atomic_read((atomic_t *)data);
	return 0;
}

static int dbgfs_atomic_t_set(void *data, u64 val)
{
	s64 v = (s64)val;

	if (v < INT_MIN || v > INT_MAX)
		return -ERANGE;
	atomic_set((atomic_t *)data, v);
	return 0;
}

/*
 * A value file's creator: the fops of @kind for the mode's case, read-write
 * (dbgfs_fops_@kind), read-only (_ro) or write-only (_wo).
 */
#define DBGFS_MODE_CREATOR(kind, ctype)					\
DBGFS_VALUE_CREATOR(kind, ctype)					\
{									\
	return dbgfs_create_mode(name, mode, parent, value,		\
				 &dbgfs_fops_##kind, &dbgfs_fops_##kind##_ro, \
				 &dbgfs_fops_##kind##_wo, 0, owner);	\
}									\
EXPORT_SYMBOL_GPL(__dbgfs_create_##kind)

/*
 * A number file of @kind: read as @fmt and written as a signed or an
 * unsigned number, with the accessors dbgfs_@kind_get() and _set().  Its
 * creator is what dbgfs_create_@kind() calls.
 */
#define DBGFS_NUMBER_FILE(kind, ctype, fmt, is_signed)			\
	DEFINE_DBGFS_ATTRIBUTE_XSIGNED(dbgfs_fops_##kind,		\
				       dbgfs_##kind##_get,		\
				       dbgfs_##kind##_set, fmt, is_signed); \
	DEFINE_DBGFS_ATTRIBUTE_XSIGNED(dbgfs_fops_##kind##_ro,		\
				       dbgfs_##kind##_get, NULL, fmt,	\
				       is_signed);			\
	DEFINE_DBGFS_ATTRIBUTE_XSIGNED(dbgfs_fops_##kind##_wo, NULL,	\
				       dbgfs_##kind##_set, fmt,		\
				       is_signed);			\
	DBGFS_MODE_CREATOR(kind, ctype);

/*
 * The number files of <uapi/dbgfs_types.h>, by their shape; the others'
 * code is below.
 */
#define DBGFS_NUMBER_DEC(kind, ctype, bytes, fmt)			\
	DBGFS_NUMBER_ACCESSORS(kind, ctype, bytes)			\
	DBGFS_NUMBER_FILE(kind, ctype, fmt, false)
#define DBGFS_NUMBER_HEX(kind, ctype, bytes, fmt)			\
	DBGFS_NUMBER_DEC(kind, ctype, bytes, fmt)
#define DBGFS_NUMBER_SDEC(kind, ctype, bytes, fmt)			\
	DBGFS_NUMBER_FILE(kind, ctype, fmt, true)
#define DBGFS_NUMBER_BOOL(kind, ctype, bytes, fmt)
#define DBGFS_NUMBER_STR(kind, ctype, bytes, fmt)
#define DBGFS_NUMBER_BLOB(kind, ctype, bytes, fmt)
#define DBGFS_NUMBER_ARRAY(kind, ctype, bytes, fmt)
#define DBGFS_NUMBER_REGSET(kind, ctype, bytes, fmt)
#define DBGFS_NUMBER(kind, KIND, abi, shape, bytes, fmt, ctype)		\
	DBGFS_NUMBER_##shape(kind, ctype, bytes, fmt)

DBGFS_TYPES(DBGFS_NUMBER)

/*
 * The fops of a value file read with @read and written with @write (NULL:
 * none): read-write, read-only and write-only.
 */
#define DBGFS_SIMPLE_FOPS(kind, read_fn, write_fn)			\
static const struct file_operations dbgfs_fops_##kind = {		\
	.read	= read_fn,						\
	.write	= write_fn,						\
	.open	= simple_open,						\
	.llseek	= default_llseek,					\
};									\
static const struct file_operations dbgfs_fops_##kind##_ro = {		\
	.read	= read_fn,						\
	.open	= simple_open,						\
	.llseek	= default_llseek,					\
};									\
static const struct file_operations dbgfs_fops_##kind##_wo = {		\
	.write	= write_fn,						\
	.open	= simple_open,						\
	.llseek	= default_llseek,					\
}

/* bool */

static ssize_t dbgfs_bool_read(struct file *file, char __user *buf,
			       size_t len, loff_t *ppos)
{
	char text[2] = { *(bool *)file->private_data ? 'Y' : 'N', '\n' };

	return simple_read_from_buffer(buf, len, ppos, text, sizeof(text));
}

static ssize_t dbgfs_bool_write(struct file *file, const char __user *buf,
				size_t len, loff_t *ppos)
{
	char kbuf[DBGFS_ATTR_CHARS + 2];
	bool val;
	int err;

	err = dbgfs_copy_value(kbuf, buf, len);
	if (!err)
		err = kstrtobool(kbuf, &val);
	if (err)
		return err;
	*(bool *)file->private_data = val;
	return dbgfs_written(file, len);
}

DBGFS_SIMPLE_FOPS(bool, dbgfs_bool_read, dbgfs_bool_write);
DBGFS_MODE_CREATOR(bool, bool);

/*
 * str: the pointer changes under writes.  The mutex serialises them and
 * keeps dbgfs' own readers off the old string; a client's readers are RCU
 * readers, so the old one is freed after a grace period.
 */
static DEFINE_MUTEX(dbgfs_str_mutex);

static ssize_t dbgfs_str_read(struct file *file, char __user *buf,
			      size_t len, loff_t *ppos)
{
	char *copy;
	size_t size;
	ssize_t ret;

	mutex_lock(&dbgfs_str_mutex);
	copy = dbgfs_kasprintf(GFP_KERNEL, "%s\n", *(char **)file->private_data);
	mutex_unlock(&dbgfs_str_mutex);
	if (!copy)
		return -ENOMEM;
	size = strlen(copy);
	ret = simple_read_from_buffer(buf, len, ppos, copy, size);
	kfree(copy);
	return ret;
}

/*
 * As newest mainline debugfs: at offset 0 the write replaces the string,
 * at its end it appends; trailing whitespace goes; the offset stays.
 */
static ssize_t dbgfs_str_write(struct file *file, const char __user *buf,
			       size_t len, loff_t *ppos)
{
	char **value = file->private_data;
	char *old, *new = NULL;
	loff_t pos = *ppos;
	ssize_t ret;

	mutex_lock(&dbgfs_str_mutex);
	old = *value;
	ret = -EINVAL;
	if (pos < 0 || (pos && pos != strlen(old)))
		goto out;
	ret = -E2BIG;
	if (len >= PAGE_SIZE || pos + len + 1 > PAGE_SIZE)
		goto out;
	ret = -ENOMEM;
	new = dbgfs_kmalloc(pos + len + 1, GFP_KERNEL);
	if (!new)
		goto out;
	memcpy(new, old, pos);
	ret = -EFAULT;
	if (copy_from_user(new + pos, buf, len))
		goto out;
	new[pos + len] = '\0';
	strim(new);	/* the trailing end only, as mainline */
	/* Clients read *value under rcu_read_lock(): see dbgfs_create_str(). */
	rcu_assign_pointer(*(char __rcu **)value, new);
	mutex_unlock(&dbgfs_str_mutex);
	synchronize_rcu();
	kfree(old);
	return dbgfs_written(file, len);
out:
	mutex_unlock(&dbgfs_str_mutex);
	kfree(new);
	return ret;
}

DBGFS_SIMPLE_FOPS(str, dbgfs_str_read, dbgfs_str_write);

/* As the other value files, but that a NULL string is refused. */
DBGFS_VALUE_CREATOR(str, char *)
{
	if (!IS_ERR(parent) && (!value || !*value))
		return ERR_PTR(-EINVAL);
	return dbgfs_create_mode(name, mode, parent, value, &dbgfs_fops_str,
				 &dbgfs_fops_str_ro, &dbgfs_fops_str_wo, 0,
				 owner);
}
EXPORT_SYMBOL_GPL(__dbgfs_create_str);

/* blob */

static ssize_t dbgfs_blob_read(struct file *file, char __user *buf,
			       size_t len, loff_t *ppos)
{
	struct dbgfs_blob_wrapper *blob = file->private_data;

	return simple_read_from_buffer(buf, len, ppos, blob->data, blob->size);
}

static ssize_t dbgfs_blob_write(struct file *file, const char __user *buf,
				size_t len, loff_t *ppos)
{
	struct dbgfs_blob_wrapper *blob = file->private_data;
	ssize_t ret;

	ret = simple_write_to_buffer(blob->data, blob->size, ppos, buf, len);
	return dbgfs_written(file, ret);
}

static const struct file_operations dbgfs_fops_blob = {
	.read	= dbgfs_blob_read,
	.write	= dbgfs_blob_write,
	.open	= simple_open,
	.llseek	= default_llseek,
};

static const struct file_operations dbgfs_fops_blob_ro = {
	.read	= dbgfs_blob_read,
	.open	= simple_open,
	.llseek	= default_llseek,
};

/* Write bits make the blob writable in place; its size is the file's. */
DBGFS_VALUE_CREATOR(blob, struct dbgfs_blob_wrapper)
{
	const struct file_operations *fops = &dbgfs_fops_blob;

	if (IS_ERR(parent))
		return parent;
	if (!value)
		return ERR_PTR(-EINVAL);
	if (!(mode & 0222))
		fops = &dbgfs_fops_blob_ro;
	return __dbgfs_create_file(name, mode, parent, value, fops,
				   value->size, owner);
}
EXPORT_SYMBOL_GPL(__dbgfs_create_blob);

/* u32_array: the text is made at open, as debugfs does. */

static int dbgfs_u32_array_open(struct inode *inode, struct file *file)
{
	struct dbgfs_u32_array *array = inode->i_private;
	size_t size = (size_t)array->n_elements * DBGFS_U32_TEXT + 1;
	size_t pos = 0;
	char *text;
	u32 i;

	text = dbgfs_kvmalloc(size, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	text[0] = '\0';
	for (i = 0; i < array->n_elements; i++)
		pos += scnprintf(text + pos, size - pos, "%u%c",
				 array->array[i],
				 i + 1 < array->n_elements ? ' ' : '\n');
	file->private_data = text;
	return nonseekable_open(inode, file);
}

static ssize_t dbgfs_u32_array_read(struct file *file, char __user *buf,
				    size_t len, loff_t *ppos)
{
	const char *text = file->private_data;

	return simple_read_from_buffer(buf, len, ppos, text, strlen(text));
}

static int dbgfs_u32_array_release(struct inode *inode, struct file *file)
{
	kvfree(file->private_data);
	return 0;
}

static const struct file_operations dbgfs_fops_u32_array = {
	.open		= dbgfs_u32_array_open,
	.release	= dbgfs_u32_array_release,
	.read		= dbgfs_u32_array_read,
};

DBGFS_VALUE_CREATOR(u32_array, struct dbgfs_u32_array)
{
	return dbgfs_create_mode(name, mode, parent, value,
				 &dbgfs_fops_u32_array, &dbgfs_fops_u32_array,
				 &dbgfs_fops_u32_array, 0, owner);
}
EXPORT_SYMBOL_GPL(__dbgfs_create_u32_array);

/* regset32 */

/**
 * dbgfs_print_regs32 - print a set of 32-bit registers to a seq file
 * @s: the seq file
 * @regs: the registers
 * @nregs: how many there are
 * @base: where the register bank is mapped
 * @prefix: printed before each line, or NULL
 *
 * Prints a line per register, after @prefix: its name, " = 0x" and its
 * value in eight hex digits, as debugfs_print_regs32() does, for seq files
 * that show registers among other things.
 *
 * Context: A seq_file show method; may sleep.
 */
void dbgfs_print_regs32(struct seq_file *s, const struct dbgfs_reg32 *regs,
			int nregs, void __iomem *base, char *prefix)
{
	int i;

	for (i = 0; i < nregs; i++, regs++) {
		if (prefix)
			seq_printf(s, "%s", prefix);
		seq_printf(s, "%s = 0x%08x\n", regs->name,
			   readl(base + regs->offset));
		if (seq_has_overflowed(s))
			break;
	}
}
EXPORT_SYMBOL_GPL(dbgfs_print_regs32);

static int dbgfs_regset32_show(struct seq_file *s, void *unused)
{
	struct dbgfs_regset32 *regset = s->private;

	if (regset->dev)
		pm_runtime_get_sync(regset->dev);
	dbgfs_print_regs32(s, regset->regs, regset->nregs, regset->base, "");
	if (regset->dev)
		pm_runtime_put(regset->dev);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(dbgfs_regset32);

DBGFS_VALUE_CREATOR(regset32, struct dbgfs_regset32)
{
	return dbgfs_create_mode(name, mode, parent, value,
				 &dbgfs_regset32_fops, &dbgfs_regset32_fops,
				 &dbgfs_regset32_fops, 0, owner);
}
EXPORT_SYMBOL_GPL(__dbgfs_create_regset32);

/* devm_seqfile */

struct dbgfs_devm_entry {
	int (*read)(struct seq_file *s, void *data);
	struct device *dev;
	struct dbgfs_node *node;	/* referenced */
	struct module *owner;		/* removes it, spending its handle */
};

static int dbgfs_devm_entry_open(struct inode *inode, struct file *file)
{
	struct dbgfs_devm_entry *entry = inode->i_private;

	return dbgfs_single_open(file, entry->read, entry->dev);
}

static const struct file_operations dbgfs_devm_entry_fops = {
	.open		= dbgfs_devm_entry_open,
	.release	= single_release,
	.read		= seq_read,
	.llseek		= seq_lseek,
};

/*
 * The device's managed resources are released when the device goes, which
 * may be after its creator's exit and after an rmmod of dbgfs was tried:
 * each entry holds a reference to this module, so that this action is
 * never called in an unloaded dbgfs.  The reference goes last; what runs
 * after it is this function's return, while rmmod still has to stop the
 * module, run its exit and wait for RCU before it frees the code.
 */
static void dbgfs_devm_entry_remove(void *data)
{
	struct dbgfs_devm_entry *entry = data;

	__dbgfs_remove(entry->node, entry->owner);
	dbgfs_node_put(entry->node);
	module_put(THIS_MODULE);
}

/**
 * __dbgfs_create_devm_seqfile - create a device's seq file for a module
 * @dev: the device
 * @name: name of the file
 * @parent: directory to create it in, or NULL for the root
 * @read_fn: the show method, called with @dev as its data
 * @owner: the module it belongs to
 *
 * The file goes when @dev's managed resources are released, or before.
 * Until then dbgfs stays loaded (rmmod dbgfs answers EBUSY): the release
 * action is dbgfs code.
 *
 * Context: Process context; may sleep.  From a client's own file
 * operations too.
 *
 * Return: the new node or an ERR_PTR().
 */
struct dbgfs_node *
__dbgfs_create_devm_seqfile(struct device *dev, const char *name,
			    struct dbgfs_node *parent,
			    int (*read_fn)(struct seq_file *s, void *data),
			    struct module *owner)
{
	struct dbgfs_devm_entry *entry;
	struct dbgfs_node *node;
	int err;

	if (IS_ERR(parent))
		return parent;
	if (!dev || !read_fn)
		return ERR_PTR(-EINVAL);
	entry = dbgfs_devm_kzalloc(dev, sizeof(*entry), GFP_KERNEL);
	if (!entry)
		return ERR_PTR(-ENOMEM);
	entry->read = read_fn;
	entry->dev = dev;
	entry->owner = owner;
	node = __dbgfs_create_file(name, 0444, parent, entry,
				   &dbgfs_devm_entry_fops, 0, owner);
	if (IS_ERR(node)) {
		devm_kfree(dev, entry);
		return node;
	}
	dbgfs_node_get(node);
	entry->node = node;
	__module_get(THIS_MODULE);	/* dropped by the action */
	/* Runs before the entry is freed: actions go in reverse order. */
	err = dbgfs_devm_add_action_or_reset(dev, dbgfs_devm_entry_remove,
					     entry);
	if (err) {
		devm_kfree(dev, entry);
		return ERR_PTR(err);
	}
	return node;
}
EXPORT_SYMBOL_GPL(__dbgfs_create_devm_seqfile);

/*
 * What each of dbgfs' own value files holds, by its file_operations: the
 * dbgfs.type extended attribute (xattr.c).  A file with any other
 * operations, a client's, is a "file": its text is the client's.
 */
#define DBGFS_KIND(kind, fops_name)	{ &fops_name, #kind }
#define DBGFS_MODE_KINDS(kind)						\
	DBGFS_KIND(kind, dbgfs_fops_##kind),				\
	DBGFS_KIND(kind, dbgfs_fops_##kind##_ro),			\
	DBGFS_KIND(kind, dbgfs_fops_##kind##_wo)

/* Each shape's fops: those of its modes, or its one. */
#define DBGFS_KINDS_DEC(kind)		DBGFS_MODE_KINDS(kind)
#define DBGFS_KINDS_HEX(kind)		DBGFS_MODE_KINDS(kind)
#define DBGFS_KINDS_SDEC(kind)		DBGFS_MODE_KINDS(kind)
#define DBGFS_KINDS_BOOL(kind)		DBGFS_MODE_KINDS(kind)
#define DBGFS_KINDS_STR(kind)		DBGFS_MODE_KINDS(kind)
#define DBGFS_KINDS_BLOB(kind)						\
	DBGFS_KIND(kind, dbgfs_fops_##kind),				\
	DBGFS_KIND(kind, dbgfs_fops_##kind##_ro)
#define DBGFS_KINDS_ARRAY(kind)	DBGFS_KIND(kind, dbgfs_fops_##kind)
#define DBGFS_KINDS_REGSET(kind)	DBGFS_KIND(kind, dbgfs_##kind##_fops)
#define DBGFS_KINDS(kind, KIND, abi, shape, bytes, fmt, ctype)		\
	DBGFS_KINDS_##shape(kind),

static const struct {
	const struct file_operations *fops;
	const char *type;
} dbgfs_kinds[] = {
	DBGFS_TYPES(DBGFS_KINDS)
};

/* The type of a file @node (not a directory or a symlink). */
const char *dbgfs_file_type(const struct dbgfs_node *node)
{
	unsigned int i;

	if (dbgfs_is_short(node))
		return DBGFS_TYPE_FILE_NAME;
	for (i = 0; i < ARRAY_SIZE(dbgfs_kinds); i++)
		if (dbgfs_client_ops(node) == dbgfs_kinds[i].fops)
			return dbgfs_kinds[i].type;
	return DBGFS_TYPE_FILE_NAME;
}
