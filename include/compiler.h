/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The few kernel idioms the project's user space uses too, so that it reads
 * like the kernel side (and passes the same checkpatch).
 */
#ifndef DBGFS_COMPILER_H
#define DBGFS_COMPILER_H

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define __printf(fmt, args)	__attribute__((format(printf, fmt, args)))
#define __noreturn	__attribute__((noreturn))
#define __aligned(x)	__attribute__((aligned(x)))

#endif /* DBGFS_COMPILER_H */
