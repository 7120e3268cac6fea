// SPDX-License-Identifier: GPL-2.0-only
/*
 * jsoncheck - read the output of `dbgfs dump --json` back with json-c.
 *
 *   jsoncheck < dump.json    validate it; print "PATH<TAB>VALUE" per file
 *                            with a value (PATH absolute: root + path,
 *                            VALUE escaped, hex values decoded first)
 *   jsoncheck -e < FILE      print FILE escaped the same way, so a shell
 *                            script can compare it with a VALUE field
 *   jsoncheck -c < dump.json print "files N errors N truncated N"
 *
 * Typed entries (with "dbgfs_type", without "raw") hold their value as
 * JSON of the type; VALUE is then the kernel's text of it again, so that
 * it compares with cat: a number as "%llu\n" ("%lld\n" for atomic_t),
 * true and false as "Y\n" and "N\n", an array as its numbers joined by
 * spaces and a newline (nothing for an empty one), the string of x8..x64
 * and str with its newline back.
 *
 * Escaping: backslash, newline and tab become \\, \n and \t, other bytes
 * below 0x20 and 0x7f become \ooo; nothing is added at the end, so no raw
 * newline or tab is left and $(...) keeps the value whole.
 *
 * Exit status: 0 ok, 1 not valid JSON or not a dump, 2 usage.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json.h>

static void put_escaped(const unsigned char *s, size_t len, FILE *out)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] == '\\')
			fputs("\\\\", out);
		else if (s[i] == '\n')
			fputs("\\n", out);
		else if (s[i] == '\t')
			fputs("\\t", out);
		else if (s[i] < 0x20 || s[i] == 0x7f)
			fprintf(out, "\\%03o", s[i]);
		else
			fputc(s[i], out);
	}
}

static char *read_all(FILE *in, size_t *len)
{
	size_t cap = 65536, n;
	char *buf = malloc(cap + 1), *nbuf;

	*len = 0;
	while (buf && (n = fread(buf + *len, 1, cap - *len, in)) > 0) {
		*len += n;
		if (*len < cap)
			continue;
		cap *= 2;
		nbuf = realloc(buf, cap + 1);
		if (!nbuf)
			free(buf);
		buf = nbuf;
	}
	if (buf)
		buf[*len] = '\0';
	return buf;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Decode @hex into @out; returns the byte count or -1. */
static long unhex(const char *hex, unsigned char *out)
{
	size_t i, len = strlen(hex);
	int hi, lo;

	if (len % 2)
		return -1;
	for (i = 0; i < len / 2; i++) {
		hi = hex_digit(hex[2 * i]);
		lo = hex_digit(hex[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		out[i] = hi << 4 | lo;
	}
	return len / 2;
}

static struct json_object *get(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	json_object_object_get_ex(o, key, &v);
	return v;
}

/*
 * The kernel's text of the typed value @val of type @type into @out (a
 * memstream); false if @val is not typed (a string of another type).
 */
static bool typed_text(const char *type, struct json_object *val, FILE *out)
{
	size_t i, n;

	switch (json_object_get_type(val)) {
	case json_type_int:
		if (!strcmp(type, "atomic_t"))
			fprintf(out, "%lld\n",
				(long long)json_object_get_int64(val));
		else
			fprintf(out, "%llu\n",
				(unsigned long long)json_object_get_uint64(val));
		return true;
	case json_type_boolean:
		fputs(json_object_get_boolean(val) ? "Y\n" : "N\n", out);
		return true;
	case json_type_array:
		n = json_object_array_length(val);
		for (i = 0; i < n; i++)
			fprintf(out, "%llu%c", (unsigned long long)
				json_object_get_uint64(json_object_array_get_idx(val, i)),
				i + 1 < n ? ' ' : '\n');
		return true;
	case json_type_string:
		if (strcmp(type, "str") && strcmp(type, "x8") &&
		    strcmp(type, "x16") && strcmp(type, "x32") &&
		    strcmp(type, "x64"))
			return false;
		fwrite(json_object_get_string(val), 1,
		       json_object_get_string_len(val), out);
		fputc('\n', out);
		return true;
	default:
		return false;
	}
}

/* @val of a typed entry as the kernel's text, escaped; false if untyped. */
static bool put_typed(struct json_object *e, struct json_object *val)
{
	struct json_object *type = get(e, "dbgfs_type");
	char *text = NULL;
	size_t len = 0;
	bool typed;
	FILE *m;

	if (!json_object_is_type(type, json_type_string) || get(e, "raw"))
		return false;
	m = open_memstream(&text, &len);
	if (!m)
		return false;
	typed = typed_text(json_object_get_string(type), val, m);
	fclose(m);
	if (typed)
		put_escaped((const unsigned char *)text, len, stdout);
	free(text);
	return typed;
}

struct counts {
	long files, errors, truncated;
};

static int print_entry(const char *root, struct json_object *e,
		       struct counts *c, bool quiet)
{
	struct json_object *path = get(e, "path"), *type = get(e, "type");
	struct json_object *val = get(e, "value"), *hex = get(e, "hex");
	unsigned char *bytes;
	long n;

	if (!json_object_is_type(path, json_type_string) ||
	    !json_object_is_type(type, json_type_string))
		return -1;
	if (strcmp(json_object_get_string(type), "file"))
		return 0;
	c->files++;
	if (get(e, "error"))
		c->errors++;
	if (get(e, "truncated")) {
		c->truncated++;
		return 0;
	}
	if (!val && !hex)
		return 0;
	if (quiet)
		return 0;
	printf("%s/", strcmp(root, "/") ? root : "");
	put_escaped((const unsigned char *)json_object_get_string(path),
		    strlen(json_object_get_string(path)), stdout);
	putchar('\t');
	if (val && put_typed(e, val)) {
		/* printed */
	} else if (val) {
		put_escaped((const unsigned char *)json_object_get_string(val),
			    json_object_get_string_len(val), stdout);
	} else {
		bytes = malloc(strlen(json_object_get_string(hex)) / 2 + 1);
		n = bytes ? unhex(json_object_get_string(hex), bytes) : -1;
		if (n < 0) {
			free(bytes);
			return -1;
		}
		put_escaped(bytes, n, stdout);
		free(bytes);
	}
	putchar('\n');
	return 0;
}

static int check_dump(const char *text, bool counts_only)
{
	struct json_object *doc, *root, *entries;
	struct counts c = { 0, 0, 0 };
	size_t i, n;
	int ret = 0;

	doc = json_tokener_parse(text);
	root = get(doc, "root");
	entries = get(doc, "entries");
	if (!doc || !json_object_is_type(root, json_type_string) ||
	    !json_object_is_type(entries, json_type_array)) {
		fprintf(stderr, "jsoncheck: not a dbgfs dump\n");
		json_object_put(doc);
		return 1;
	}
	n = json_object_array_length(entries);
	for (i = 0; i < n && !ret; i++)
		ret = print_entry(json_object_get_string(root),
				  json_object_array_get_idx(entries, i), &c,
				  counts_only);
	if (ret)
		fprintf(stderr, "jsoncheck: bad entry %zu\n", i - 1);
	else if (counts_only)
		printf("files %ld errors %ld truncated %ld\n", c.files,
		       c.errors, c.truncated);
	json_object_put(doc);
	return ret ? 1 : 0;
}

int main(int argc, char **argv)
{
	int opt, mode = 0, ret;
	size_t len;
	char *text;

	while ((opt = getopt(argc, argv, "ec")) != -1) {
		if (opt != 'e' && opt != 'c') {
			fprintf(stderr, "usage: jsoncheck [-e|-c] < INPUT\n");
			return 2;
		}
		mode = opt;
	}
	text = read_all(stdin, &len);
	if (!text) {
		perror("jsoncheck");
		return 1;
	}
	if (mode == 'e') {
		put_escaped((unsigned char *)text, len, stdout);
		ret = 0;
	} else {
		ret = check_dump(text, mode == 'c');
	}
	free(text);
	return ret;
}
