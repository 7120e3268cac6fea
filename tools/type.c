// SPDX-License-Identifier: GPL-2.0-only
/*
 * Typed entries: the type of a file (its user.dbgfs.type attribute) and
 * its value as JSON of that type.
 *
 * A text becomes a typed value only when the kernel's format of that
 * value gives the text back byte for byte ("7\n" is 7, "07\n" is not a
 * u8's text): a reader can always rebuild the file's text from the JSON
 * and its type (tests/guest/jsoncheck.c does).  Any other text keeps the
 * representation of untyped files, marked "raw".
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "compiler.h"
#include "dbgfs.h"

bool entry_type(const struct entry *e, char *buf, size_t size)
{
	if (e->err || !S_ISREG(e->st.st_mode))
		return false;
	return !dbgfs_get_type(NULL, e->path, buf, size);
}

/* The shape and read format of each type, from the table of <dbgfs_types.h>. */
static const struct {
	const char *name;
	int shape;		/* DBGFS_SHAPE_* */
	const char *fmt;	/* a number's read format, the module's */
} types[] = {
#define TYPE_SHAPE(kind, KIND, abi, shape, bytes, fmt, ctype)		\
	{ #kind, DBGFS_SHAPE_##shape, fmt },
	DBGFS_TYPES(TYPE_SHAPE)
#undef TYPE_SHAPE
};

/* The shape of @type and its format in *@fmt; 0 for "file" and others. */
static int type_shape(const char *type, const char **fmt)
{
	size_t i;

	for (i = 0; type && i < ARRAY_SIZE(types); i++)
		if (!strcmp(type, types[i].name)) {
			*fmt = types[i].fmt;
			return types[i].shape;
		}
	return 0;
}

/* @buf (@len bytes) is exactly @want. */
static bool text_is(const char *buf, size_t len, const char *want)
{
	return strlen(want) == len && !memcmp(buf, want, len);
}

/*
 * A number of @type: its text and the kernel's format of it, @fmt, agree.
 * Decimal numbers are JSON numbers; hex ones ("0x" and all their digits)
 * are kept as text.
 */
static struct json_object *number(const char *type, const char *buf,
				  size_t len, int shape, const char *fmt)
{
	char text[32];
	uint64_t u;
	int64_t s;

	if (dbgfs_check_value(type, buf, NULL, 0))
		return NULL;
	if (shape == DBGFS_SHAPE_SDEC) {
		if (dbgfs_parse_s64(buf, &s))
			return NULL;
		snprintf(text, sizeof(text), fmt, (long long)s);
		return text_is(buf, len, text) ? json_object_new_int64(s) : NULL;
	}
	if (dbgfs_parse_u64(buf, &u))
		return NULL;
	snprintf(text, sizeof(text), fmt, (unsigned long long)u);
	if (!text_is(buf, len, text))
		return NULL;
	if (shape == DBGFS_SHAPE_HEX)
		return json_object_new_string_len(buf, len - 1);
	return json_object_new_uint64(u);
}

/* "1 2 3\n" as [1, 2, 3]; an empty array reads as nothing at all. */
static struct json_object *u32_array(const char *buf, size_t len)
{
	struct json_object *a = json_object_new_array();
	const char *p = buf, *end = buf + len;
	char num[16], text[16];
	uint64_t u;
	size_t n;

	while (p < end) {
		n = strspn(p, "0123456789");
		if (!n || n >= sizeof(num) || p + n == end ||
		    (p[n] != ' ' && p[n] != '\n') ||
		    (p[n] == '\n') != (p + n + 1 == end))
			goto bad;
		memcpy(num, p, n);
		num[n] = '\0';
		if (dbgfs_parse_u64(num, &u) || u > UINT32_MAX)
			goto bad;
		snprintf(text, sizeof(text), "%" PRIu64, u);
		if (strcmp(text, num))
			goto bad;
		json_object_array_add(a, json_object_new_uint64(u));
		p += n + 1;
	}
	return a;
bad:
	json_object_put(a);
	return NULL;
}

bool typed_kind(const char *type)
{
	const char *fmt;

	switch (type_shape(type, &fmt)) {
	case DBGFS_SHAPE_DEC:
	case DBGFS_SHAPE_HEX:
	case DBGFS_SHAPE_SDEC:
	case DBGFS_SHAPE_BOOL:
	case DBGFS_SHAPE_STR:
	case DBGFS_SHAPE_ARRAY:
		return true;
	default:	/* blob, regset32, file, unknown */
		return false;
	}
}

struct json_object *typed_json(const char *type, const char *buf, size_t len)
{
	const char *fmt;
	int shape;

	if (memchr(buf, '\0', len))
		return NULL;
	shape = type_shape(type, &fmt);
	switch (shape) {
	case DBGFS_SHAPE_DEC:
	case DBGFS_SHAPE_HEX:
	case DBGFS_SHAPE_SDEC:
		return number(type, buf, len, shape, fmt);
	case DBGFS_SHAPE_BOOL:
		if (!text_is(buf, len, "Y\n") && !text_is(buf, len, "N\n"))
			return NULL;
		return json_object_new_boolean(*buf == 'Y');
	case DBGFS_SHAPE_STR:
		if (!len || buf[len - 1] != '\n' ||
		    !is_utf8((const unsigned char *)buf, len, true))
			return NULL;
		return json_object_new_string_len(buf, len - 1);
	case DBGFS_SHAPE_ARRAY:
		return u32_array(buf, len);
	default:
		return NULL;
	}
}
