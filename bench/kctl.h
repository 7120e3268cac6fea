/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kctl: driving dbgfs_bench.ko (bench/kmod) and reading the kernel's memory
 * counters, for the benchmark (bench.c) and the soak (tests/guest/soak.c).
 */
#ifndef DBGFS_BENCH_KCTL_H
#define DBGFS_BENCH_KCTL_H

#include <stdint.h>

#include "compiler.h"

#define KCTL_PARAMS	"/sys/module/dbgfs_bench/parameters/"

/* Prints "PROGRAM: message" on stderr and exits 1. */
__printf(1, 2) __noreturn
void die(const char *fmt, ...);

void write_file(const char *path, const char *text);

/* Runs a command of dbgfs_bench.ko; returns the nanoseconds it reports. */
__printf(1, 2)
uint64_t kcmd(const char *fmt, ...);

/* Waits for RCU callbacks, so that freed memory shows in /proc/meminfo. */
void settle(void);

/* Drops the dentry and inode caches, then settles. */
void drop_dcache(void);

struct meminfo {
	long slab, sunreclaim;	/* kB */
};

struct meminfo read_meminfo(void);

#endif /* DBGFS_BENCH_KCTL_H */
