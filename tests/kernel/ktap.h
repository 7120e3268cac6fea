/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal KTAP output for dbgfs' in-kernel test modules.  Each result is a
 * kernel log line "dbgfs-ktap: ok N - description"; the guest suite (see
 * ktap_module in tests/lib/tap.sh) collects them from the log.
 */
#ifndef _DBGFS_KTAP_H_
#define _DBGFS_KTAP_H_

#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/printk.h>

#define KTAP_PREFIX "dbgfs-ktap: "

struct ktap {
	unsigned int	run;
	unsigned int	failed;
};

static __printf(3, 4) bool ktap_expect(struct ktap *t, bool ok,
				       const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	t->run++;
	if (!ok)
		t->failed++;
	pr_info(KTAP_PREFIX "%s %u - %pV\n", ok ? "ok" : "not ok", t->run,
		&vaf);
	va_end(args);
	return ok;
}

/* Checks that @ptr is ERR_PTR(@err), or a valid pointer when @err is 0. */
#define ktap_expect_ptr_err(t, ptr, err, desc)				\
	({								\
		long __got = IS_ERR(ptr) ? PTR_ERR(ptr) : 0;		\
		bool __ok = ktap_expect(t, __got == (err),		\
					"%s (got %ld, want %d)", desc,	\
					__got, (int)(err));		\
		__ok;							\
	})

static inline void ktap_done(struct ktap *t)
{
	pr_info(KTAP_PREFIX "1..%u\n", t->run);
}

#endif /* _DBGFS_KTAP_H_ */
