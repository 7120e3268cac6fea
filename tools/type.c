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

#include "dbgfs.h"

bool entry_type(const struct entry *e, char *buf, size_t size)
{
	if (e->err || !S_ISREG(e->st.st_mode))
		return false;
	return !dbgfs_get_type(NULL, e->path, buf, size);
}

/* @buf (@len bytes) is exactly @want. */
static bool text_is(const char *buf, size_t len, const char *want)
{
	return strlen(want) == len && !memcmp(buf, want, len);
}

/* A number of @type: its text and the kernel's format of it agree. */
static struct json_object *number(const char *type, const char *buf,
				  size_t len, bool is_signed)
{
	char text[32];
	uint64_t u;
	int64_t s;

	if (dbgfs_check_value(type, buf, NULL, 0))
		return NULL;
	if (is_signed) {
		if (dbgfs_parse_s64(buf, &s))
			return NULL;
		snprintf(text, sizeof(text), "%" PRId64 "\n", s);
		return text_is(buf, len, text) ? json_object_new_int64(s) : NULL;
	}
	if (dbgfs_parse_u64(buf, &u))
		return NULL;
	snprintf(text, sizeof(text), "%" PRIu64 "\n", u);
	return text_is(buf, len, text) ? json_object_new_uint64(u) : NULL;
}

/* x8..x64: "0x" and 2, 4, 8 or 16 digits, kept as text. */
static struct json_object *hex_text(const char *type, const char *buf,
				    size_t len)
{
	int digits = 2 << (dbgfs_type_from_name(type) - DBGFS_TYPE_X8);
	char text[32];
	uint64_t u;

	if (dbgfs_check_value(type, buf, NULL, 0) || dbgfs_parse_u64(buf, &u))
		return NULL;
	snprintf(text, sizeof(text), "0x%0*" PRIx64 "\n", digits, u);
	if (!text_is(buf, len, text))
		return NULL;
	return json_object_new_string_len(buf, len - 1);
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
	switch (dbgfs_type_from_name(type)) {
	case DBGFS_TYPE_UNKNOWN:
	case DBGFS_TYPE_BLOB:
	case DBGFS_TYPE_REGSET32:
	case DBGFS_TYPE_FILE:
		return false;
	default:
		return true;
	}
}

struct json_object *typed_json(const char *type, const char *buf, size_t len)
{
	if (memchr(buf, '\0', len))
		return NULL;
	switch (dbgfs_type_from_name(type)) {
	case DBGFS_TYPE_U8:
	case DBGFS_TYPE_U16:
	case DBGFS_TYPE_U32:
	case DBGFS_TYPE_U64:
	case DBGFS_TYPE_ULONG:
	case DBGFS_TYPE_SIZE_T:
		return number(type, buf, len, false);
	case DBGFS_TYPE_ATOMIC_T:
		return number(type, buf, len, true);
	case DBGFS_TYPE_X8:
	case DBGFS_TYPE_X16:
	case DBGFS_TYPE_X32:
	case DBGFS_TYPE_X64:
		return hex_text(type, buf, len);
	case DBGFS_TYPE_BOOL:
		if (!text_is(buf, len, "Y\n") && !text_is(buf, len, "N\n"))
			return NULL;
		return json_object_new_boolean(*buf == 'Y');
	case DBGFS_TYPE_STR:
		if (!len || buf[len - 1] != '\n' ||
		    !is_utf8((const unsigned char *)buf, len, true))
			return NULL;
		return json_object_new_string_len(buf, len - 1);
	case DBGFS_TYPE_U32_ARRAY:
		return u32_array(buf, len);
	default:
		return NULL;
	}
}
