/* SPDX-License-Identifier: GPL-2.0 OR LGPL-2.1-or-later */
/*
 * The types of dbgfs' value files, once: the one table that the module (its
 * creators, its files' methods and their dbgfs.type attribute), libdbgfs
 * (enum dbgfs_type, the names, the values a write may hold) and the dbgfs
 * tool (the JSON of a value) are expanded from, shared as dbgfs_magic.h is.
 * What cannot include it, the semantic patch of tools/port and the man page
 * of the tool, is checked against it by the host tests (tests/host).
 *
 * DBGFS_TYPES(X) calls X(kind, KIND, abi, shape, bytes, format, ctype) for
 * each type:
 *
 *   kind    its name: the dbgfs.type attribute, dbgfs_create_<kind>()
 *   KIND    libdbgfs' DBGFS_TYPE_<KIND>
 *   abi     that enumerator's value, libdbgfs' ABI: never change or reuse
 *           one; a new type takes the next free number
 *   shape   how the file reads and what a write takes, DBGFS_SHAPE_<shape>
 *   bytes   the width of a number in bytes (ulong and size_t have the
 *           reader's width), 0 for the others
 *   format  printf() format of a read, of an unsigned long long (long long
 *           for SDEC); "" where the file has no one number
 *   ctype   the kernel's C type of the value (only the module expands it)
 *
 * A new type of a shape the module has is this one line: the module makes
 * its accessors, files and creator from it (SDEC: its get and set are
 * written by hand, as atomic_t's), and its creator's kernel-doc and the
 * dbgfs_create_<kind>() macro go to dbgfs.h.  A new shape is a line and
 * its format code: the module's methods, libdbgfs' check and the tool's
 * JSON.
 */
#ifndef _UAPI_DBGFS_TYPES_H
#define _UAPI_DBGFS_TYPES_H

#define DBGFS_SHAPE_DEC		1	/* unsigned number, in decimal */
#define DBGFS_SHAPE_HEX		2	/* unsigned, "0x" and every digit */
#define DBGFS_SHAPE_SDEC	3	/* signed number, in decimal */
#define DBGFS_SHAPE_BOOL	4	/* "Y" or "N"; a kstrtobool() word */
#define DBGFS_SHAPE_STR		5	/* a string, shorter than a page */
#define DBGFS_SHAPE_BLOB	6	/* bytes, written in place */
#define DBGFS_SHAPE_ARRAY	7	/* u32s in decimal, spaced; read-only */
#define DBGFS_SHAPE_REGSET	8	/* "name = 0x%08x" a line; read-only */

#define DBGFS_TYPES(X)							\
	X(u8,        U8,         1, DEC,    1,  "%llu\n",      u8)	\
	X(u16,       U16,        2, DEC,    2,  "%llu\n",      u16)	\
	X(u32,       U32,        3, DEC,    4,  "%llu\n",      u32)	\
	X(u64,       U64,        4, DEC,    8,  "%llu\n",      u64)	\
	X(x8,        X8,         5, HEX,    1,  "0x%02llx\n",  u8)	\
	X(x16,       X16,        6, HEX,    2,  "0x%04llx\n",  u16)	\
	X(x32,       X32,        7, HEX,    4,  "0x%08llx\n",  u32)	\
	X(x64,       X64,        8, HEX,    8,  "0x%016llx\n", u64)	\
	X(ulong,     ULONG,      9, DEC,    sizeof(long),		\
	  "%llu\n", unsigned long)					\
	X(size_t,    SIZE_T,    10, DEC,    sizeof(size_t),		\
	  "%llu\n", size_t)						\
	X(atomic_t,  ATOMIC_T,  11, SDEC,   4,  "%lld\n",      atomic_t)\
	X(bool,      BOOL,      12, BOOL,   0,  "",            bool)	\
	X(str,       STR,       13, STR,    0,  "",            char *)	\
	X(blob,      BLOB,      14, BLOB,   0,  "",			\
	  struct dbgfs_blob_wrapper)					\
	X(u32_array, U32_ARRAY, 15, ARRAY,  0,  "",			\
	  struct dbgfs_u32_array)					\
	X(regset32,  REGSET32,  16, REGSET, 0,  "",			\
	  struct dbgfs_regset32)

/*
 * Not a value file: the type of a file with its client's own operations,
 * libdbgfs' DBGFS_TYPE_FILE.
 */
#define DBGFS_TYPE_FILE_NAME	"file"
#define DBGFS_TYPE_FILE_ABI	17

/*
 * The longest number a write may hold, a trailing newline aside: a u64 in
 * octal, "0" and 22 digits.  debugfs parses the first 23 bytes of any
 * write; dbgfs refuses longer ones.  Bools are held to it too.  No value
 * file reads longer (a u64 in decimal is 20 digits): libdbgfs' parsers
 * and getters take no longer number either.
 */
#define DBGFS_VALUE_CHARS	23

#endif /* _UAPI_DBGFS_TYPES_H */
