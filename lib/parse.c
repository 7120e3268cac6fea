// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libdbgfs: the parsers of one value, a number or a bool, for the getters
 * and for callers that read on their own.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "compiler.h"
#include "libdbgfs.h"

/* Length of @s without one trailing newline. */
static size_t value_len(const char *s)
{
	size_t len = strlen(s);

	if (len && s[len - 1] == '\n')
		len--;
	return len;
}

/*
 * Copy the value of @s, minus its newline, into @buf for strtoull() and
 * friends, which otherwise skip leading blanks and would hide garbage.
 */
static int prepare_num(const char *s, char *buf, size_t size)
{
	size_t len;

	if (!s)
		return -EINVAL;
	len = value_len(s);
	if (!len || len >= size || memchr(s, '\n', len))
		return -EINVAL;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (buf[0] == ' ' || buf[0] == '\t')
		return -EINVAL;
	return 0;
}

/*
 * The one number of @s as strtoll() (@is_signed) or strtoull() reads it
 * in base 0, into *@val bit for bit; strtoull() would take a '-' as a
 * negation: refused.
 */
static int parse_number(const char *s, bool is_signed, uint64_t *val)
{
	char buf[DBGFS_VALUE_CHARS + 1], *end;
	uint64_t v;
	int ret;

	ret = prepare_num(s, buf, sizeof(buf));
	if (ret)
		return ret;
	if (!is_signed && buf[0] == '-')
		return -EINVAL;
	errno = 0;
	if (is_signed)
		v = strtoll(buf, &end, 0);
	else
		v = strtoull(buf, &end, 0);
	if (end == buf || *end)
		return -EINVAL;
	if (errno == ERANGE)
		return -ERANGE;
	*val = v;
	return 0;
}

int dbgfs_parse_u64(const char *s, uint64_t *val)
{
	return parse_number(s, false, val);
}

int dbgfs_parse_s64(const char *s, int64_t *val)
{
	uint64_t v;
	int ret;

	ret = parse_number(s, true, &v);
	if (!ret)
		*val = (int64_t)v;
	return ret;
}

int dbgfs_parse_bool(const char *s, bool *val)
{
	static const char *const yes[] = { "y", "1", "t", "on", "yes", "true" };
	static const char *const no[] = { "n", "0", "f", "off", "no", "false" };
	char buf[8];
	size_t i;

	if (prepare_num(s, buf, sizeof(buf)))
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(yes); i++) {
		if (!strcasecmp(buf, yes[i])) {
			*val = true;
			return 0;
		}
		if (!strcasecmp(buf, no[i])) {
			*val = false;
			return 0;
		}
	}
	return -EINVAL;
}
