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

/* What the table of <dbgfs_types.h> says of each type, by its number. */
static const struct type_info {
	const char *name;
	int shape;		/* DBGFS_SHAPE_*, 0 for "file" */
	unsigned int bytes;	/* of a number, else 0 */
} types[] = {
#define TYPE_INFO(kind, KIND, abi, shape, bytes, fmt, ctype)		\
	[DBGFS_TYPE_##KIND] = { #kind, DBGFS_SHAPE_##shape, bytes },
	DBGFS_TYPES(TYPE_INFO)
#undef TYPE_INFO
	[DBGFS_TYPE_FILE] = { DBGFS_TYPE_FILE_NAME, 0, 0 },
};

enum dbgfs_type dbgfs_type_from_name(const char *name)
{
	size_t i;

	for (i = 1; name && i < ARRAY_SIZE(types); i++)
		if (types[i].name && !strcmp(name, types[i].name))
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

/* The largest value of a number type, 0 for other types. */
static uint64_t type_max(enum dbgfs_type type)
{
	unsigned int bits = types[type].bytes * 8;

	switch (types[type].shape) {
	case DBGFS_SHAPE_DEC:
	case DBGFS_SHAPE_HEX:
		return bits < 64 ? (UINT64_C(1) << bits) - 1 : UINT64_MAX;
	case DBGFS_SHAPE_SDEC:
		return bits < 64 ? (UINT64_C(1) << (bits - 1)) - 1 : INT64_MAX;
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
	if (!len || len > DBGFS_VALUE_CHARS)
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

/* A signed number of @type: from -type_max() - 1 to type_max(). */
static int check_signed(enum dbgfs_type type, const char *value)
{
	int64_t max = type_max(type);
	int64_t val;
	int ret;

	ret = number_shape(value);
	if (!ret)
		ret = dbgfs_parse_s64(value, &val);
	if (!ret && (val < -max - 1 || val > max))
		ret = -ERANGE;
	return ret;
}

/* kstrtobool(): its first character decides, "on" and "off" its second. */
static int check_bool(const char *value)
{
	size_t len = strlen(value);

	if (!len || len > DBGFS_VALUE_CHARS + 1 ||
	    (len == DBGFS_VALUE_CHARS + 1 && value[len - 1] != '\n'))
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
	switch (types[t].shape) {
	case DBGFS_SHAPE_DEC:
	case DBGFS_SHAPE_HEX:
		ret = check_unsigned(t, value);
		snprintf(msg, sizeof(msg),
			 types[t].shape == DBGFS_SHAPE_HEX ?
			 "%s takes a number from 0 to %#" PRIx64 :
			 "%s takes a number from 0 to %" PRIu64,
			 type, type_max(t));
		break;
	case DBGFS_SHAPE_SDEC:
		ret = check_signed(t, value);
		snprintf(msg, sizeof(msg),
			 "%s takes a number from %" PRId64 " to %" PRId64, type,
			 -(int64_t)type_max(t) - 1, (int64_t)type_max(t));
		break;
	case DBGFS_SHAPE_BOOL:
		ret = check_bool(value);
		snprintf(msg, sizeof(msg),
			 "%s takes y, Y, 1, on (true) or n, N, 0, off (false)",
			 type);
		break;
	case DBGFS_SHAPE_STR:
		ret = check_str(value, &max);
		snprintf(msg, sizeof(msg), "%s takes a string of at most %ld bytes",
			 type, max);
		break;
	case DBGFS_SHAPE_ARRAY:
	case DBGFS_SHAPE_REGSET:
		ret = -EROFS;
		snprintf(msg, sizeof(msg), "%s is read-only", type);
		break;
	default:
		return 0;	/* blob, file, unknown: the kernel's say */
	}
	if (ret && why && size)
		snprintf(why, size, "%s", msg);
	return ret;
}
