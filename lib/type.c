// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libdbgfs: the type of a dbgfs entry (its user.dbgfs.type attribute) and
 * the values a write of that type can hold.
 *
 * The checks follow the module's writes (kernel/attr.c): a number is one
 * kstrtoull()/kstrtoll() number in base 0 of at most 23 characters and an
 * optional newline, within the type's range; a bool is a kstrtobool()
 * word; a string is shorter than a page.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "compiler.h"
#include "libdbgfs.h"

/* The module's longest number write, newline aside (DBGFS_ATTR_CHARS). */
#define NUM_CHARS 23

static const char *const type_names[] = {
	[DBGFS_TYPE_U8] = "u8",
	[DBGFS_TYPE_U16] = "u16",
	[DBGFS_TYPE_U32] = "u32",
	[DBGFS_TYPE_U64] = "u64",
	[DBGFS_TYPE_X8] = "x8",
	[DBGFS_TYPE_X16] = "x16",
	[DBGFS_TYPE_X32] = "x32",
	[DBGFS_TYPE_X64] = "x64",
	[DBGFS_TYPE_ULONG] = "ulong",
	[DBGFS_TYPE_SIZE_T] = "size_t",
	[DBGFS_TYPE_ATOMIC_T] = "atomic_t",
	[DBGFS_TYPE_BOOL] = "bool",
	[DBGFS_TYPE_STR] = "str",
	[DBGFS_TYPE_BLOB] = "blob",
	[DBGFS_TYPE_U32_ARRAY] = "u32_array",
	[DBGFS_TYPE_REGSET32] = "regset32",
	[DBGFS_TYPE_FILE] = "file",
};

enum dbgfs_type dbgfs_type_from_name(const char *name)
{
	size_t i;

	for (i = 1; name && i < ARRAY_SIZE(type_names); i++)
		if (!strcmp(name, type_names[i]))
			return i;
	return DBGFS_TYPE_UNKNOWN;
}

int dbgfs_get_type(struct dbgfs_ctx *ctx, const char *path, char *buf,
		   size_t size)
{
	char full[PATH_MAX];
	ssize_t n;
	int ret;

	if (!buf || !size)
		return -EINVAL;
	ret = dbgfs_path(ctx, path, full, sizeof(full));
	if (ret)
		return ret;
	/* One byte kept for the NUL: the attribute has none. */
	n = lgetxattr(full, DBGFS_TYPE_XATTR, buf, size - 1);
	if (n < 0)
		return errno == ENOTSUP ? -ENODATA : -errno;
	if (!n || memchr(buf, '\0', n))
		return -EINVAL;
	buf[n] = '\0';
	return 0;
}

/* The largest value of an unsigned number type, 0 for other types. */
static uint64_t type_max(enum dbgfs_type type)
{
	switch (type) {
	case DBGFS_TYPE_U8:
	case DBGFS_TYPE_X8:
		return UINT8_MAX;
	case DBGFS_TYPE_U16:
	case DBGFS_TYPE_X16:
		return UINT16_MAX;
	case DBGFS_TYPE_U32:
	case DBGFS_TYPE_X32:
		return UINT32_MAX;
	case DBGFS_TYPE_U64:
	case DBGFS_TYPE_X64:
		return UINT64_MAX;
	case DBGFS_TYPE_ULONG:
		return ULONG_MAX;
	case DBGFS_TYPE_SIZE_T:
		return SIZE_MAX;
	default:
		return 0;
	}
}

/* One number as the module takes it: short, no blanks or other prefix. */
static int number_shape(const char *value)
{
	size_t len = strlen(value);

	if (len && value[len - 1] == '\n')
		len--;
	if (!len || len > NUM_CHARS)
		return -EINVAL;
	if (!strchr("+-0123456789", value[0]))
		return -EINVAL;
	return 0;
}

static int check_unsigned(enum dbgfs_type type, const char *value)
{
	uint64_t val;
	int ret;

	ret = number_shape(value);
	if (!ret)
		ret = dbgfs_parse_u64(value, &val);
	if (!ret && val > type_max(type))
		ret = -ERANGE;
	return ret;
}

static int check_atomic(const char *value)
{
	int64_t val;
	int ret;

	ret = number_shape(value);
	if (!ret)
		ret = dbgfs_parse_s64(value, &val);
	if (!ret && (val < INT32_MIN || val > INT32_MAX))
		ret = -ERANGE;
	return ret;
}

/* kstrtobool(): its first character decides, "on" and "off" its second. */
static int check_bool(const char *value)
{
	size_t len = strlen(value);

	if (!len || len > NUM_CHARS + 1 ||
	    (len == NUM_CHARS + 1 && value[len - 1] != '\n'))
		return -EINVAL;
	if (strchr("yYtT1nNfF0", value[0]))
		return 0;
	if ((value[0] == 'o' || value[0] == 'O') && value[1] &&
	    strchr("nNfF", value[1]))
		return 0;
	return -EINVAL;
}

/* The module's strings are shorter than a page, as debugfs' are. */
static int check_str(const char *value, long *max)
{
	*max = sysconf(_SC_PAGESIZE) - 1;
	if (*max <= 0)
		*max = 4095;
	return strlen(value) > (size_t)*max ? -ERANGE : 0;
}

int dbgfs_check_value(const char *type, const char *value, char *why,
		      size_t size)
{
	enum dbgfs_type t = dbgfs_type_from_name(type);
	char msg[128];
	long max;
	int ret;

	if (!type || !value)
		return -EINVAL;
	switch (t) {
	case DBGFS_TYPE_ATOMIC_T:
		ret = check_atomic(value);
		snprintf(msg, sizeof(msg), "%s takes a number from %d to %d",
			 type, INT32_MIN, INT32_MAX);
		break;
	case DBGFS_TYPE_BOOL:
		ret = check_bool(value);
		snprintf(msg, sizeof(msg),
			 "%s takes y, Y, 1, on (true) or n, N, 0, off (false)",
			 type);
		break;
	case DBGFS_TYPE_STR:
		ret = check_str(value, &max);
		snprintf(msg, sizeof(msg), "%s takes a string of at most %ld bytes",
			 type, max);
		break;
	case DBGFS_TYPE_U32_ARRAY:
	case DBGFS_TYPE_REGSET32:
		ret = -EROFS;
		snprintf(msg, sizeof(msg), "%s is read-only", type);
		break;
	default:
		if (!type_max(t))
			return 0;	/* blob, file, unknown: the kernel's say */
		ret = check_unsigned(t, value);
		snprintf(msg, sizeof(msg),
			 t >= DBGFS_TYPE_X8 && t <= DBGFS_TYPE_X64 ?
			 "%s takes a number from 0 to %#" PRIx64 :
			 "%s takes a number from 0 to %" PRIu64,
			 type, type_max(t));
		break;
	}
	if (ret && why && size)
		snprintf(why, size, "%s", msg);
	return ret;
}
