// SPDX-License-Identifier: GPL-2.0
/*
 * The client of the differential suite: one tree of every helper, built
 * twice from this source, once against <linux/debugfs.h> (-DDIFF_DEBUGFS,
 * diff_debugfs.ko) and once against <dbgfs.h> (diff_dbgfs.ko).  Both put
 * it at "diff" in their filesystem's root; tests/guest/difftest compares.
 */
#include <linux/device.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/version.h>

#ifdef DIFF_DEBUGFS
#include <linux/debugfs.h>
#define DIFF(sfx)			debugfs_##sfx
#define diff_node			dentry
#define DIFF_BLOB_WRAPPER		struct debugfs_blob_wrapper
#define DIFF_U32_ARRAY			struct debugfs_u32_array
#define DIFF_REG32			struct debugfs_reg32
#define DIFF_REGSET32			struct debugfs_regset32
#define DIFF_ATTRIBUTE			DEFINE_DEBUGFS_ATTRIBUTE
#define DIFF_ATTRIBUTE_SIGNED		DEFINE_DEBUGFS_ATTRIBUTE_SIGNED
#ifdef DIFF_FIND_CREATE_STR
#include <linux/kprobes.h>
/* Kernels before 6.6 do not export debugfs_create_str(): find it. */
static void (*diff_create_str)(const char *name, umode_t mode,
			       struct dentry *parent, char **value);

static int diff_find_create_str(void)
{
	struct kprobe kp = { .symbol_name = "debugfs_create_str" };
	int err = register_kprobe(&kp);

	if (err)
		return err;
	diff_create_str = (void *)kp.addr;
	unregister_kprobe(&kp);
	return 0;
}

#undef debugfs_create_str
#define debugfs_create_str diff_create_str
#else
static int diff_find_create_str(void)
{
	return 0;
}
#endif
#else
#include <dbgfs.h>
#define DIFF(sfx)			dbgfs_##sfx
#define diff_node			dbgfs_node
#define DIFF_BLOB_WRAPPER		struct dbgfs_blob_wrapper
#define DIFF_U32_ARRAY			struct dbgfs_u32_array
#define DIFF_REG32			struct dbgfs_reg32
#define DIFF_REGSET32			struct dbgfs_regset32
#define DIFF_ATTRIBUTE			DEFINE_DBGFS_ATTRIBUTE
#define DIFF_ATTRIBUTE_SIGNED		DEFINE_DBGFS_ATTRIBUTE_SIGNED

static int diff_find_create_str(void)
{
	return 0;
}
#endif

static struct diff_node *diff_dir, *diff_life1;
static struct device *diff_dev;

static u8 v_u8 = 7, v_x8 = 0xab, m_x8 = 1;
static u16 v_u16 = 1234, v_x16 = 0xbeef;
static u32 v_u32 = 123456, v_x32 = 0xdeadbeef, v_deep = 5;
static u32 m_u32[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
static u32 life_u32[2] = { 11, 22 };
static u64 v_u64 = 1234567890123ULL, v_x64 = 0x0123456789abcdefULL;
static unsigned long v_ulong = 99, v_xul = 0xfeed;
static size_t v_size_t = 4096;
static atomic_t v_atomic = ATOMIC_INIT(-5), m_atomic = ATOMIC_INIT(3);
static bool v_bool = true, m_bool_ro, m_bool_wo;
static char *v_str, *m_str_ro, *m_str_wo;

static char blob_data[16] = "0123456789abcdef";
static char blob_ro_data[8] = "ro\0blob!";
static char blob_wo_data[4] = "wo!!";
static char life_blob_data[2][8] = { "life-1!\n", "life-2!\n" };
static DIFF_BLOB_WRAPPER v_blob = { blob_data, sizeof(blob_data) };
static DIFF_BLOB_WRAPPER v_blob_ro = {
	blob_ro_data, sizeof(blob_ro_data)
};
static DIFF_BLOB_WRAPPER v_blob_wo = {
	blob_wo_data, sizeof(blob_wo_data)
};
static DIFF_BLOB_WRAPPER life_blob[2] = {
	{ life_blob_data[0], sizeof(life_blob_data[0]) },
	{ life_blob_data[1], sizeof(life_blob_data[1]) },
};

static u32 arr_data[] = { 0, 1, 4294967295U, 42 };
static u32 arr_max_data[] = { 4294967295U, 4000000000U };
static DIFF_U32_ARRAY v_arr = { arr_data, ARRAY_SIZE(arr_data) };
static DIFF_U32_ARRAY v_arr_max = {
	arr_max_data, ARRAY_SIZE(arr_max_data)
};
static DIFF_U32_ARRAY v_arr_empty = { arr_data, 0 };

static u32 regs_mem[4] = { 0x12345678, 0xdeadbeef, 0, 0xffffffff };
static const DIFF_REG32 regs[] = {
	{ .name = "ctrl", .offset = 0 },
	{ .name = "status", .offset = 4 },
	{ .name = "last", .offset = 12 },
};
static DIFF_REGSET32 v_regset = {
	.regs = regs,
	.nregs = ARRAY_SIZE(regs),
};

/* A seq file longer than a page, so that seq_read refills. */
static int diff_show_show(struct seq_file *s, void *data)
{
	int i;

	for (i = 0; i < 300; i++)
		seq_printf(s, "line %03d of the show file (%s)\n", i,
			   (char *)s->private);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(diff_show);

static int diff_devm_show(struct seq_file *s, void *data)
{
	seq_puts(s, "devm seq file\n");
	return 0;
}

static u64 v_attr = 10;
static s64 v_attr_signed = -10;

static int diff_attr_get(void *data, u64 *val)
{
	*val = *(u64 *)data;
	return 0;
}

static int diff_attr_set(void *data, u64 val)
{
	if (val > 1000)
		return -EINVAL;
	*(u64 *)data = val;
	return 0;
}
DIFF_ATTRIBUTE(diff_attr_fops, diff_attr_get, diff_attr_set, "attr=%llu\n");
DIFF_ATTRIBUTE_SIGNED(diff_attr_signed_fops, diff_attr_get, diff_attr_set,
		      "%lld\n");

/* Writing 1 removes life1, for the lifetime tests. */
static int diff_ctl_set(void *data, u64 val)
{
	if (val != 1)
		return -EINVAL;
	DIFF(remove)(diff_life1);
	diff_life1 = NULL;
	return 0;
}
DIFF_ATTRIBUTE(diff_ctl_fops, NULL, diff_ctl_set, "%llu\n");

static const char diff_sized_text[] = "a sized file\n";

static ssize_t diff_sized_read(struct file *file, char __user *buf,
			       size_t len, loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, diff_sized_text,
				       sizeof(diff_sized_text) - 1);
}

static const struct file_operations diff_sized_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= diff_sized_read,
	.llseek	= default_llseek,
};

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 14, 0)
/*
 * pick0 and pick1 share their methods, which find the file's value by the
 * operations it was made with (debugfs_real_fops() went in 6.14).
 */
static u64 v_pick[2] = { 100, 200 };
static const struct file_operations diff_pick_fops[2];

static u64 *diff_pick(struct file *file)
{
	return &v_pick[DIFF(real_fops)(file) == &diff_pick_fops[1]];
}

static ssize_t diff_pick_read(struct file *file, char __user *buf,
			      size_t len, loff_t *ppos)
{
	char s[24];
	int n = scnprintf(s, sizeof(s), "%llu\n", *diff_pick(file));

	return simple_read_from_buffer(buf, len, ppos, s, n);
}

static ssize_t diff_pick_write(struct file *file, const char __user *buf,
			       size_t len, loff_t *ppos)
{
	int err = kstrtou64_from_user(buf, len, 0, diff_pick(file));

	return err ?: len;
}

static const struct file_operations diff_pick_fops[2] = {
	[0 ... 1] = {
		.owner	= THIS_MODULE,
		.open	= simple_open,
		.read	= diff_pick_read,
		.write	= diff_pick_write,
		.llseek	= default_llseek,
	},
};

static void diff_picks(void)
{
	DIFF(create_file)("pick0", 0644, diff_dir, NULL, &diff_pick_fops[0]);
	DIFF(create_file)("pick1", 0644, diff_dir, NULL, &diff_pick_fops[1]);
}
#else
static void diff_picks(void)
{
}
#endif

static struct diff_node *diff_life(const char *name, int i)
{
	struct diff_node *dir = DIFF(create_dir)(name, diff_dir);

	DIFF(create_u32)("num", 0644, dir, &life_u32[i]);
	DIFF(create_blob)("blob", 0444, dir, &life_blob[i]);
	DIFF(create_file)("seq", 0444, dir, (void *)name, &diff_show_fops);
	return dir;
}

static void diff_modes(void)
{
	struct diff_node *dir = DIFF(create_dir)("modes", diff_dir);

	DIFF(create_u32)("u32_0444", 0444, dir, &m_u32[0]);
	DIFF(create_u32)("u32_0400", 0400, dir, &m_u32[1]);
	DIFF(create_u32)("u32_0200", 0200, dir, &m_u32[2]);
	DIFF(create_u32)("u32_0600", 0600, dir, &m_u32[3]);
	DIFF(create_u32)("u32_0644", 0644, dir, &m_u32[4]);
	DIFF(create_u32)("u32_0666", 0666, dir, &m_u32[5]);
	DIFF(create_u32)("u32_0000", 0000, dir, &m_u32[6]);
	DIFF(create_x8)("x8_0600", 0600, dir, &m_x8);
	DIFF(create_atomic_t)("atomic_0444", 0444, dir, &m_atomic);
	DIFF(create_bool)("bool_0444", 0444, dir, &m_bool_ro);
	DIFF(create_bool)("bool_0200", 0200, dir, &m_bool_wo);
	DIFF(create_str)("str_0444", 0444, dir, &m_str_ro);
	DIFF(create_str)("str_0200", 0200, dir, &m_str_wo);
	DIFF(create_blob)("blob_0200", 0200, dir, &v_blob_wo);
}

static void diff_free_strings(void)
{
	kfree(v_str);
	kfree(m_str_ro);
	kfree(m_str_wo);
}

static int __init diff_init(void)
{
	struct diff_node *deep;
	int err = diff_find_create_str();

	if (err)
		return err;
	v_str = kstrdup("hello", GFP_KERNEL);
	m_str_ro = kstrdup("read only", GFP_KERNEL);
	m_str_wo = kstrdup("write only", GFP_KERNEL);
	if (!v_str || !m_str_ro || !m_str_wo)
		goto nomem;
	diff_dev = root_device_register(KBUILD_MODNAME);
	if (IS_ERR(diff_dev)) {
		diff_free_strings();
		return PTR_ERR(diff_dev);
	}
	v_regset.base = (void __force __iomem *)regs_mem;

	diff_dir = DIFF(create_dir)("diff", NULL);
	if (IS_ERR(diff_dir)) {
		root_device_unregister(diff_dev);
		diff_free_strings();
		return PTR_ERR(diff_dir);
	}
	DIFF(create_u8)("u8", 0644, diff_dir, &v_u8);
	DIFF(create_u16)("u16", 0644, diff_dir, &v_u16);
	DIFF(create_u32)("u32", 0644, diff_dir, &v_u32);
	DIFF(create_u64)("u64", 0644, diff_dir, &v_u64);
	DIFF(create_x8)("x8", 0644, diff_dir, &v_x8);
	DIFF(create_x16)("x16", 0644, diff_dir, &v_x16);
	DIFF(create_x32)("x32", 0644, diff_dir, &v_x32);
	DIFF(create_x64)("x64", 0644, diff_dir, &v_x64);
	DIFF(create_xul)("xul", 0644, diff_dir, &v_xul);
	DIFF(create_ulong)("ulong", 0644, diff_dir, &v_ulong);
	DIFF(create_size_t)("size_t", 0644, diff_dir, &v_size_t);
	DIFF(create_atomic_t)("atomic_t", 0644, diff_dir, &v_atomic);
	DIFF(create_bool)("bool", 0644, diff_dir, &v_bool);
	DIFF(create_str)("str", 0644, diff_dir, &v_str);
	DIFF(create_blob)("blob", 0644, diff_dir, &v_blob);
	DIFF(create_blob)("blob_ro", 0444, diff_dir, &v_blob_ro);
	DIFF(create_u32_array)("u32_array", 0444, diff_dir, &v_arr);
	DIFF(create_u32_array)("u32_array_max", 0444, diff_dir, &v_arr_max);
	DIFF(create_u32_array)("u32_array_empty", 0444, diff_dir,
			       &v_arr_empty);
	DIFF(create_regset32)("regset32", 0444, diff_dir, &v_regset);
	DIFF(create_devm_seqfile)(diff_dev, "devm", diff_dir, diff_devm_show);
	DIFF(create_file)("show", 0444, diff_dir, "top", &diff_show_fops);
	DIFF(create_file)("attr", 0644, diff_dir, &v_attr, &diff_attr_fops);
	DIFF(create_file)("attr_signed", 0644, diff_dir, &v_attr_signed,
			  &diff_attr_signed_fops);
	DIFF(create_file)("ctl", 0200, diff_dir, NULL, &diff_ctl_fops);
	DIFF(create_file_size)("sized", 0444, diff_dir, NULL,
			       &diff_sized_fops, 12345);
	diff_modes();
	diff_picks();
	deep = DIFF(create_dir)("a", diff_dir);
	deep = DIFF(create_dir)("b", deep);
	deep = DIFF(create_dir)("c", deep);
	DIFF(create_u32)("deep", 0644, deep, &v_deep);
	DIFF(create_symlink)("link", diff_dir, "a/b/c/deep");
	diff_life1 = diff_life("life1", 0);
	diff_life("life2", 1);
	return 0;

nomem:
	diff_free_strings();
	return -ENOMEM;
}

static void __exit diff_exit(void)
{
#ifdef DIFF_DEBUGFS
	/* debugfs leaves devm seq files behind: remove them first. */
	debugfs_remove(diff_dir);
	root_device_unregister(diff_dev);
#else
	/* dbgfs removes the devm seq file with the device. */
	root_device_unregister(diff_dev);
	dbgfs_remove(diff_dir);
#endif
	diff_free_strings();
}

module_init(diff_init);
module_exit(diff_exit);
MODULE_DESCRIPTION("differential test client of dbgfs and debugfs");
MODULE_LICENSE("GPL");
