// SPDX-License-Identifier: GPL-2.0-only
/*
 * A small TAP producer for the test programs, on the host and in the guest.
 * Each result is printed and flushed at once, so that a program that dies
 * half-way still shows how far it got; the plan comes last.
 */
#include "tap.h"

static int tap_count, tap_failed;

void tap_init(void)
{
	printf("TAP version 13\n");
}

static void tap_vline(const char *prefix, const char *fmt, va_list ap,
		      const char *suffix)
{
	fputs(prefix, stdout);
	vprintf(fmt, ap);
	fputs(suffix, stdout);
	fflush(stdout);
}

/* One test point; returns @pass so callers can add diagnostics. */
bool ok(bool pass, const char *fmt, ...)
{
	char prefix[32];
	va_list ap;

	tap_count++;
	if (!pass)
		tap_failed++;
	snprintf(prefix, sizeof(prefix), "%sok %d - ", pass ? "" : "not ",
		 tap_count);
	va_start(ap, fmt);
	tap_vline(prefix, fmt, ap, "\n");
	va_end(ap);
	return pass;
}

void skip(const char *why, const char *fmt, ...)
{
	char prefix[32];
	va_list ap;

	tap_count++;
	snprintf(prefix, sizeof(prefix), "ok %d - ", tap_count);
	va_start(ap, fmt);
	tap_vline(prefix, fmt, ap, "");
	va_end(ap);
	printf(" # SKIP %s\n", why);
}

void diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vline("#   ", fmt, ap, "\n");
	va_end(ap);
}

/* The plan and a summary; returns the program's exit status. */
int tap_done(void)
{
	printf("1..%d\n# %d passed, %d failed\n", tap_count,
	       tap_count - tap_failed, tap_failed);
	return tap_failed ? 1 : 0;
}
