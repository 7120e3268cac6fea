// SPDX-License-Identifier: GPL-2.0-only
/*
 * The dbgfs command's JSON output: documents on stdout, and strings that
 * stay valid UTF-8 whatever bytes they are given.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "dbgfs.h"

bool json_mode, json_pretty;

/* @doc on one line (-j) or indented (-p), and a newline. */
void print_json(struct json_object *doc)
{
	int flags = JSON_C_TO_STRING_NOSLASHESCAPE |
		    (json_pretty ? JSON_C_TO_STRING_PRETTY |
				   JSON_C_TO_STRING_SPACED :
				   JSON_C_TO_STRING_PLAIN);

	if (puts(json_object_to_json_string_ext(doc, flags)) == EOF)
		out_failed();
}

/* Length of the UTF-8 sequence at @s, 0 if it is not a valid one. */
static size_t utf8_len(const unsigned char *s, size_t left)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, k;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	/* No overlong forms, no surrogates, nothing above U+10FFFF. */
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (n > left || s[1] < lo || s[1] > hi)
		return 0;
	for (k = 2; k < n; k++)
		if ((s[k] & 0xc0) != 0x80)
			return 0;
	return n;
}

/*
 * Valid UTF-8; with @text also without control characters other than
 * tab, newline and carriage return (a value that is not text is shown as
 * binary).
 */
bool is_utf8(const unsigned char *s, size_t len, bool text)
{
	size_t i = 0, n;

	while (i < len) {
		if (s[i] < 0x80) {
			if (text && s[i] < 0x20 && s[i] != '\t' &&
			    s[i] != '\n' && s[i] != '\r')
				return false;
			i++;
			continue;
		}
		n = utf8_len(s + i, len - i);
		if (!n)
			return false;
		i += n;
	}
	return true;
}

void json_add(struct json_object *o, const char *key,
	      struct json_object *val)
{
	json_object_object_add(o, key, val);
}

void json_error(struct json_object *o, int err)
{
	json_add(o, "error", json_object_new_string(strerror(err)));
	json_add(o, "errno", json_object_new_int(err));
}

static struct json_object *hex_string(const unsigned char *buf, size_t len)
{
	static const char digits[] = "0123456789abcdef";
	struct json_object *o;
	char *hex = malloc(2 * len + 1);
	size_t i;

	if (!hex)
		return NULL;
	for (i = 0; i < len; i++) {
		hex[2 * i] = digits[buf[i] >> 4];
		hex[2 * i + 1] = digits[buf[i] & 15];
	}
	o = json_object_new_string_len(hex, 2 * len);
	free(hex);
	return o;
}

/*
 * @key: @s as a string when it is UTF-8, else null with @key_hex holding
 * its bytes in hex (as a value that is not text): names and link targets
 * are bytes, JSON strings are Unicode.
 */
void json_name(struct json_object *o, const char *key, const char *s,
	       size_t len)
{
	char hexkey[64];

	if (is_utf8((const unsigned char *)s, len, false)) {
		json_add(o, key, json_object_new_string_len(s, len));
		return;
	}
	snprintf(hexkey, sizeof(hexkey), "%s_hex", key);
	json_add(o, key, NULL);
	json_add(o, hexkey, hex_string((const unsigned char *)s, len));
}

void json_str(struct json_object *o, const char *key, const char *s)
{
	json_name(o, key, s, strlen(s));
}

/* "size" and "value" of @len bytes, or "value": null and "hex" for binary. */
void json_value(struct json_object *o, const char *buf, size_t len)
{
	json_add(o, "size", json_object_new_int64(len));
	if (is_utf8((const unsigned char *)buf, len, true)) {
		json_add(o, "value", json_object_new_string_len(buf, len));
	} else {
		json_add(o, "value", NULL);
		json_add(o, "hex", hex_string((const unsigned char *)buf, len));
	}
}

