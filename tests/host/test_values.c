// SPDX-License-Identifier: GPL-2.0-only
/* Host tests of the value parsers and typed get/set on temporary files. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libdbgfs.h"
#include "common.h"
#include "tap.h"

/* 70 digits and a newline: longer than any number file. */
#define LONG_NUMBER \
	"1234567890123456789012345678901234567890123456789012345678901234567890\n"

/* @s with its newlines shown as \n, so that a test line stays one line. */
static const char *shown(const char *s)
{
	static char buf[256];
	size_t n = 0;

	for (; *s && n + 3 < sizeof(buf); s++) {
		if (*s == '\n') {
			buf[n++] = '\\';
			buf[n++] = 'n';
		} else {
			buf[n++] = *s;
		}
	}
	buf[n] = '\0';
	return buf;
}

static void u64_case(const char *s, int want_ret, uint64_t want)
{
	uint64_t v = 0;
	int ret = dbgfs_parse_u64(s, &v);

	if (!ok(ret == want_ret && (ret || v == want), "parse_u64 \"%s\"", shown(s)))
		diag("ret %d value %" PRIu64, ret, v);
}

static void s64_case(const char *s, int want_ret, int64_t want)
{
	int64_t v = 0;
	int ret = dbgfs_parse_s64(s, &v);

	if (!ok(ret == want_ret && (ret || v == want), "parse_s64 \"%s\"", shown(s)))
		diag("ret %d value %" PRId64, ret, v);
}

static void bool_case(const char *s, int want_ret, bool want)
{
	bool v = !want;
	int ret = dbgfs_parse_bool(s, &v);

	ok(ret == want_ret && (ret || v == want), "parse_bool \"%s\"", shown(s));
}

static void test_parsers(void)
{
	u64_case("0\n", 0, 0);
	u64_case("42", 0, 42);
	u64_case("18446744073709551615\n", 0, UINT64_MAX);
	u64_case("18446744073709551616", -ERANGE, 0);
	u64_case("0x10\n", 0, 16);
	u64_case("0x000000000000002a\n", 0, 42);
	/* DBGFS_VALUE_CHARS: a u64 in octal is the longest number. */
	u64_case("01777777777777777777777\n", 0, UINT64_MAX);
	u64_case("000000000000000000000042", -EINVAL, 0);
	u64_case("010", 0, 8);
	u64_case("+5", 0, 5);
	u64_case("-1", -EINVAL, 0);
	u64_case("", -EINVAL, 0);
	u64_case("\n", -EINVAL, 0);
	u64_case("12abc", -EINVAL, 0);
	u64_case(" 1", -EINVAL, 0);
	u64_case("1 2 3\n", -EINVAL, 0);
	u64_case("1\n\n", -EINVAL, 0);
	s64_case("-9223372036854775808\n", 0, INT64_MIN);
	s64_case("9223372036854775807", 0, INT64_MAX);
	s64_case("9223372036854775808", -ERANGE, 0);
	s64_case("-0x10", 0, -16);
	s64_case("-", -EINVAL, 0);
	bool_case("Y\n", 0, true);
	bool_case("N\n", 0, false);
	bool_case("y", 0, true);
	bool_case("1", 0, true);
	bool_case("0", 0, false);
	bool_case("on", 0, true);
	bool_case("OFF", 0, false);
	bool_case("maybe", -EINVAL, false);
	bool_case("", -EINVAL, false);
	bool_case("YN", -EINVAL, false);
}

static bool file_is(const char *path, const char *want, size_t len)
{
	size_t n;
	char *buf;
	bool same;

	if (read_whole(path, &buf, &n))
		return false;
	same = n == len && !memcmp(buf, want, len);
	free(buf);
	return same;
}

static void test_numbers(const char *tmp)
{
	const char *f = path_in(tmp, "num");
	uint64_t u = 0;
	int64_t s = 0;

	/* The setters never create files: debugfs files exist or not. */
	ok(dbgfs_set_u64(NULL, f, 1) == -ENOENT,
	   "set_u64 of a missing file: -ENOENT");
	write_file(f, "", 0);
	ok(!dbgfs_set_u64(NULL, f, UINT64_MAX) &&
	   !dbgfs_get_u64(NULL, f, &u) && u == UINT64_MAX,
	   "u64 round trip UINT64_MAX");
	ok(!dbgfs_set_u64(NULL, f, 7) && file_is(f, "7", 1) &&
	   !dbgfs_get_u64(NULL, f, &u) && u == 7,
	   "u64 round trip 7 (shorter value, file truncated)");
	ok(!dbgfs_set_s64(NULL, f, INT64_MIN) &&
	   !dbgfs_get_s64(NULL, f, &s) && s == INT64_MIN,
	   "s64 round trip INT64_MIN");
	ok(!dbgfs_set_s64(NULL, f, -1) && !dbgfs_get_s64(NULL, f, &s) &&
	   s == -1, "s64 round trip -1");
	ok(dbgfs_get_u64(NULL, f, &u) == -EINVAL, "get_u64 of -1: -EINVAL");
	write_file(f, "0x00000010\n", 11);
	ok(!dbgfs_get_u64(NULL, f, &u) && u == 16, "get_u64 of an x32 file");
	write_file(f, "1 2 3\n", 6);
	ok(dbgfs_get_u64(NULL, f, &u) == -EINVAL, "get_u64 of an array");
	write_file(f, LONG_NUMBER, sizeof(LONG_NUMBER) - 1);
	ok(dbgfs_get_u64(NULL, f, &u) == -EFBIG, "get_u64 of a long file");
	ok(dbgfs_get_u64(NULL, path_in(tmp, "missing"), &u) == -ENOENT,
	   "get_u64 of a missing file: -ENOENT");
	ok(dbgfs_set_u64(NULL, tmp, 1) == -EISDIR,
	   "set_u64 of a directory: -EISDIR");
}

static void test_bool_string(const char *tmp)
{
	const char *f = path_in(tmp, "flag");
	char *str = NULL;
	bool b = false;

	write_file(f, "", 0);
	write_file(path_in(tmp, "str"), "", 0);
	ok(!dbgfs_set_bool(NULL, f, true) && file_is(f, "Y", 1) &&
	   !dbgfs_get_bool(NULL, f, &b) && b, "bool round trip true (Y)");
	ok(!dbgfs_set_bool(NULL, f, false) && file_is(f, "N", 1) &&
	   !dbgfs_get_bool(NULL, f, &b) && !b, "bool round trip false (N)");
	write_file(f, "Y\n", 2);
	ok(!dbgfs_get_bool(NULL, f, &b) && b, "get_bool of a debugfs Y\\n");

	f = path_in(tmp, "str");
	ok(!dbgfs_set_string(NULL, f, "hello world") &&
	   !dbgfs_get_string(NULL, f, &str) && !strcmp(str, "hello world"),
	   "string round trip");
	free(str);
	str = NULL;
	write_file(f, "line\n", 5);
	ok(!dbgfs_get_string(NULL, f, &str) && !strcmp(str, "line"),
	   "get_string drops one trailing newline");
	free(str);
	str = NULL;
	write_file(f, "a\0b", 3);
	ok(dbgfs_get_string(NULL, f, &str) == -EINVAL,
	   "get_string of a NUL byte: -EINVAL");
	ok(dbgfs_set_string(NULL, f, NULL) == -EINVAL, "set_string NULL");
}

static void test_raw(const char *tmp)
{
	static const unsigned char blob[] = { 0, 1, 0xff, '\n', 0, 0x80 };
	const char *f = path_in(tmp, "blob");
	struct dbgfs_ctx *ctx = dbgfs_new(NULL);
	size_t len = 0;
	void *buf = NULL;
	uint64_t u = 0;

	write_file(f, "", 0);
	ok(!dbgfs_set_raw(NULL, f, blob, sizeof(blob)) &&
	   !dbgfs_get_raw(NULL, f, &buf, &len) && len == sizeof(blob) &&
	   !memcmp(buf, blob, len), "raw round trip with NUL bytes");
	free(buf);
	buf = NULL;
	ok(!dbgfs_read_file(NULL, f, 2, 0, &buf, &len) && len == 2,
	   "read_file stops at max");
	free(buf);
	buf = NULL;
	write_file(f, "", 0);
	ok(!dbgfs_get_raw(NULL, f, &buf, &len) && len == 0,
	   "get_raw of an empty file");
	free(buf);

	/* Relative paths go through the context's mount point. */
	dbgfs_set_dir(ctx, tmp);
	ok(!dbgfs_set_u64(ctx, "num", 99) && !dbgfs_get_u64(ctx, "num", &u) &&
	   u == 99, "u64 round trip through a context (relative path)");
	dbgfs_free(ctx);
}

void test_values(const char *tmp)
{
	test_parsers();
	test_numbers(tmp);
	test_bool_string(tmp);
	test_raw(tmp);
}
