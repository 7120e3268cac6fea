// SPDX-License-Identifier: GPL-2.0-only
/*
 * A small TAP version 13 producer.  Results are buffered so that the plan
 * line can come first, as most TAP consumers prefer.
 */
#include "tap.h"

static FILE *tap_out;
static char *tap_buf;
static size_t tap_size;
static int tap_count, tap_failed;

void tap_init(void)
{
	tap_out = open_memstream(&tap_buf, &tap_size);
	if (!tap_out) {
		perror("open_memstream");
		exit(2);
	}
}

static void tap_vline(const char *prefix, const char *fmt, va_list ap)
{
	fputs(prefix, tap_out);
	vfprintf(tap_out, fmt, ap);
	fputc('\n', tap_out);
}

/* One test point; returns @pass so callers can add diagnostics. */
bool ok(bool pass, const char *fmt, ...)
{
	va_list ap;

	tap_count++;
	if (!pass)
		tap_failed++;
	fprintf(tap_out, "%sok %d - ", pass ? "" : "not ", tap_count);
	va_start(ap, fmt);
	tap_vline("", fmt, ap);
	va_end(ap);
	return pass;
}

void skip(const char *why, const char *fmt, ...)
{
	va_list ap;

	tap_count++;
	fprintf(tap_out, "ok %d - ", tap_count);
	va_start(ap, fmt);
	vfprintf(tap_out, fmt, ap);
	va_end(ap);
	fprintf(tap_out, " # SKIP %s\n", why);
}

void diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vline("# ", fmt, ap);
	va_end(ap);
}

/* Print everything; the exit status of the test program. */
int tap_done(void)
{
	fclose(tap_out);
	printf("TAP version 13\n1..%d\n", tap_count);
	fwrite(tap_buf, 1, tap_size, stdout);
	printf("# %d passed, %d failed\n", tap_count - tap_failed,
	       tap_failed);
	free(tap_buf);
	return tap_failed ? 1 : 0;
}
