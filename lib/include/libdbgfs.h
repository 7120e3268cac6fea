/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libdbgfs - find and use debug filesystems (dbgfs, debugfs, tracefs, ...)
 *
 * The library finds where a filesystem type is mounted the portable way
 * (from the mount table, never a hard-coded path), and reads and writes
 * the attribute files found there.
 *
 * Error convention: every function returning int returns 0 on success and
 * a negative errno value on failure (-ENOENT, -EACCES, -EINVAL, ...).
 * errno itself is not part of the interface.
 *
 * Thread safety: a struct dbgfs_ctx may be shared by threads; its settings
 * and its cached mount point are protected by a mutex inside.  The file
 * helpers keep all their state on the caller's stack.
 *
 * ABI: the shared object is libdbgfs.so.0; every symbol carries the version
 * node it came with, LIBDBGFS_0.1, LIBDBGFS_0.2 or LIBDBGFS_0.3 (see
 * libdbgfs.map).  New symbols get a new node, changed semantics get a new
 * soname.
 */
#ifndef LIBDBGFS_H
#define LIBDBGFS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <dbgfs_magic.h>	/* DBGFS_MAGIC */
#include <dbgfs_types.h>	/* DBGFS_TYPES(), the table of the types */

#ifdef __cplusplus
extern "C" {
#endif

/* statfs(2) f_type of the filesystems the library knows; dbgfs' is above. */
#define DEBUGFS_MAGIC	0x64626720	/* "dbg " */
#define TRACEFS_MAGIC	0x74726163	/* "trac" */

/* Flags for dbgfs_set_flags(). */
enum {
	/* Ignore the environment variable (DBGFS_DIR, DEBUGFS_DIR, ...). */
	DBGFS_NO_ENV		= 1u << 0,
	/* Skip the canonical path, go straight to the mount table. */
	DBGFS_NO_CANONICAL	= 1u << 1,
	/*
	 * Trust the mount table without the statfs(2) magic check; meant
	 * for tests with fixture tables and for inspecting the table of
	 * another mount namespace.
	 */
	DBGFS_NO_VERIFY		= 1u << 2,
};

/* Flags for dbgfs_read_file(). */
enum {
	/* Open with O_NONBLOCK: a pipe-like file answers -EAGAIN. */
	DBGFS_READ_NONBLOCK	= 1u << 0,
};

/* Where dbgfs_where() found its answer; see dbgfs_where_source(). */
enum dbgfs_source {
	DBGFS_SRC_NONE = 0,
	DBGFS_SRC_EXPLICIT,	/* dbgfs_set_dir() */
	DBGFS_SRC_ENV,		/* environment variable */
	DBGFS_SRC_CANONICAL,	/* /sys/kernel/dbgfs and friends */
	DBGFS_SRC_TABLE,	/* mount table */
	DBGFS_SRC_MOUNTED,	/* dbgfs_mount() mounted it */
};

struct dbgfs_ctx;

/*
 * The library's version ("0.1.0"), from the VERSION file at the top of
 * its source tree (also the tool's --version and libdbgfs.pc's).  Since
 * LIBDBGFS_0.2; it replaces the LIBDBGFS_VERSION macro, which could
 * disagree with the build.
 */
const char *dbgfs_version(void);

/*
 * Lookup order of dbgfs_where() for a context of type T:
 *   1. the directory given to dbgfs_set_dir(), else the environment
 *      variable of T: DBGFS_DIR (dbgfs), DEBUGFS_DIR (debugfs),
 *      TRACEFS_DIR (tracefs), none for other types.  Taken as given
 *      (only checked to be a directory): the caller asked for it.
 *   2. the canonical path of T, if its statfs magic is T's:
 *      /sys/kernel/dbgfs, /sys/kernel/debug, /sys/kernel/tracing.
 *   3. the first mount of type T in the mount table (default
 *      /proc/self/mountinfo, parsed by libmount) whose root is "/"
 *      (bind mounts of a subdirectory are skipped) and whose target has
 *      T's statfs magic.  Types without a known magic trust the table.
 * DBGFS_NO_VERIFY skips the magic checks and step 2 with them (without
 * the magic a canonical directory cannot be told from an empty one).
 * A found mount point is cached and re-checked by its magic on each
 * call; types without a magic re-read the table every time.
 */

/* New context for @fstype ("dbgfs" if NULL).  NULL with errno on error. */
struct dbgfs_ctx *dbgfs_new(const char *fstype);
void dbgfs_free(struct dbgfs_ctx *ctx);

const char *dbgfs_fstype(const struct dbgfs_ctx *ctx);
/* Canonical mount point of the context's type, or NULL if none. */
const char *dbgfs_canonical_dir(const struct dbgfs_ctx *ctx);
/* Environment variable consulted for the context's type, or NULL. */
const char *dbgfs_env_name(const struct dbgfs_ctx *ctx);

/* Use @dir as the mount point (step 1).  NULL goes back to searching. */
int dbgfs_set_dir(struct dbgfs_ctx *ctx, const char *dir);
/* Parse @path instead of /proc/self/mountinfo.  NULL restores it. */
int dbgfs_set_mountinfo(struct dbgfs_ctx *ctx, const char *path);
/* Replace the DBGFS_NO_* flags; drops the cached answer. */
int dbgfs_set_flags(struct dbgfs_ctx *ctx, unsigned int flags);
unsigned int dbgfs_get_flags(struct dbgfs_ctx *ctx);

/*
 * Copy the mount point into @buf.  -ENOENT: no such mount (or the
 * explicit directory is missing); -ERANGE: @size too small; other errors
 * come from reading the mount table (-EACCES, -EISDIR, ...).
 */
int dbgfs_where(struct dbgfs_ctx *ctx, char *buf, size_t size);
/* How the last successful dbgfs_where() found its answer. */
enum dbgfs_source dbgfs_where_source(struct dbgfs_ctx *ctx);
/*
 * After a dbgfs_where() that read the mount table: the target of the first
 * row of the right type that the statfs(2) magic check refused, copied
 * into @buf, with its mount ID in *@id (0 for a table without IDs, e.g. a
 * copy of /proc/mounts; @id may be NULL).  -ENOENT when no row was
 * refused, -ERANGE when @size is too small.  Since LIBDBGFS_0.2.
 */
int dbgfs_where_rejected(struct dbgfs_ctx *ctx, char *buf, size_t size,
			 int *id);

/*
 * Mount the context's type at @dir (its canonical path if NULL, creating
 * the directory if needed) with @options (may be NULL).  Already mounted
 * there: 0 without mounting again.  Needs CAP_SYS_ADMIN.
 */
int dbgfs_mount(struct dbgfs_ctx *ctx, const char *dir, const char *options);

/*
 * Join @dir and @rel into @buf: @rel absolute is copied alone, NULL or ""
 * gives @dir, duplicate slashes at the seam are dropped.
 * -ENAMETOOLONG if @size is too small.
 */
int dbgfs_join(const char *dir, const char *rel, char *buf, size_t size);
/*
 * Resolve @path against the mount point of @ctx.  An absolute @path, or
 * any @path with a NULL @ctx, is used as given without a lookup.
 */
int dbgfs_path(struct dbgfs_ctx *ctx, const char *path, char *buf,
	       size_t size);

/*
 * Parsers used by the getters, exposed for callers that read on their
 * own.  They accept exactly one value and an optional trailing newline.
 * Numbers: base from the prefix (0x hex, 0 octal, else decimal), an
 * optional sign (u64 refuses '-'), at most DBGFS_VALUE_CHARS (23)
 * characters; -EINVAL for no number, a longer one or trailing garbage,
 * -ERANGE for a value out of range.  Bool: kstrtobool words
 * Y/y/1/N/n/0, t/T/f/F, on/off, yes/no, true/false; else -EINVAL.
 */
int dbgfs_parse_u64(const char *s, uint64_t *val);
int dbgfs_parse_s64(const char *s, int64_t *val);
int dbgfs_parse_bool(const char *s, bool *val);

/*
 * Typed access to the file @path (resolved by dbgfs_path()).  Writes are
 * one write(2) at offset 0 without a newline; a short write is -EIO.
 * Files on the kernel's pseudo filesystems (dbgfs, debugfs, tracefs,
 * sysfs, proc, ...) are not truncated, ordinary files are (as the
 * shell's > does), so the typed helpers also work on plain files.  The errors are those of open/read/write, of the parsers above,
 * and -EFBIG for a number file longer than a number can be.
 */
int dbgfs_get_u64(struct dbgfs_ctx *ctx, const char *path, uint64_t *val);
int dbgfs_set_u64(struct dbgfs_ctx *ctx, const char *path, uint64_t val);
int dbgfs_get_s64(struct dbgfs_ctx *ctx, const char *path, int64_t *val);
int dbgfs_set_s64(struct dbgfs_ctx *ctx, const char *path, int64_t val);
/* Reads Y/N (and the other kstrtobool words); writes "Y" or "N". */
int dbgfs_get_bool(struct dbgfs_ctx *ctx, const char *path, bool *val);
int dbgfs_set_bool(struct dbgfs_ctx *ctx, const char *path, bool val);
/*
 * *@str gets a malloc'ed copy of the contents without one trailing
 * newline; free() it.  -EINVAL if the contents hold a NUL byte.
 */
int dbgfs_get_string(struct dbgfs_ctx *ctx, const char *path, char **str);
int dbgfs_set_string(struct dbgfs_ctx *ctx, const char *path,
		     const char *str);
/* *@buf gets the malloc'ed raw contents (NUL-terminated, not counted). */
int dbgfs_get_raw(struct dbgfs_ctx *ctx, const char *path, void **buf,
		  size_t *len);
int dbgfs_set_raw(struct dbgfs_ctx *ctx, const char *path, const void *buf,
		  size_t len);
/*
 * As dbgfs_get_raw(), reading at most @max bytes (0: no limit) with
 * DBGFS_READ_* @flags.
 */
int dbgfs_read_file(struct dbgfs_ctx *ctx, const char *path, size_t max,
		    unsigned int flags, void **buf, size_t *len);

/*
 * Typed entries.  Every typed dbgfs file carries a read-only extended
 * attribute DBGFS_TYPE_XATTR whose value (ASCII, no NUL) names its type:
 * a kind of the table DBGFS_TYPES() of <dbgfs_types.h> ("u8", "x16",
 * "atomic_t", "bool", "str", "regset32", ...), or "file" for a file with
 * its client's own operations.  Directories, symbolic links and the files
 * of debugfs and tracefs have none.  Since LIBDBGFS_0.3.
 */
#define DBGFS_TYPE_XATTR	"user.dbgfs.type"
/* A buffer for any type name of today, with room to spare. */
#define DBGFS_TYPE_NAME_MAX	32

/*
 * DBGFS_TYPE_<KIND> for each kind of the table, with the number the table
 * gives it (the ABI: DBGFS_TYPE_U8 is 1 ... DBGFS_TYPE_REGSET32 16); the
 * x types read as "0x%02llx\n" and so on, atomic_t is signed and 32 bits
 * wide, u32_array and regset32 are read-only.
 */
#define DBGFS_TYPE_ENUM(kind, KIND, abi, ...)	DBGFS_TYPE_##KIND = (abi),

enum dbgfs_type {
	DBGFS_TYPE_UNKNOWN = 0,	/* a name this library does not know */
	DBGFS_TYPES(DBGFS_TYPE_ENUM)
	DBGFS_TYPE_FILE = DBGFS_TYPE_FILE_ABI,
};

#undef DBGFS_TYPE_ENUM

/*
 * Copy the type name of the entry @path (resolved by dbgfs_path(); a
 * symbolic link itself, not its target) into @buf, NUL-terminated.
 * -ENODATA: the entry has no type (also where the filesystem has no
 * extended attributes); -ERANGE: @size too small; else the errors of
 * lgetxattr(2) (-ENOENT, -EACCES: the kernel checks read permission on
 * user attributes, so a write-only file's type is hidden from others
 * than root).
 */
int dbgfs_get_type(struct dbgfs_ctx *ctx, const char *path, char *buf,
		   size_t size);
/* The enum value of a type name; DBGFS_TYPE_UNKNOWN for NULL or others. */
enum dbgfs_type dbgfs_type_from_name(const char *name);
/*
 * Would a write of @value to a file of type @type be taken?  0 if so;
 * else -EINVAL (not a value of the type: no number, garbage, a sign on
 * an unsigned type, a bool that is no kstrtobool() word), -ERANGE (a
 * number beyond the type, a string of a page or more) or -EROFS (a
 * read-only type: u32_array, regset32), with @why (if not NULL) given a
 * sentence of what the type takes, e.g. "u8 takes a number from 0 to
 * 255".  Numbers are as dbgfs_parse_u64() (atomic_t: dbgfs_parse_s64())
 * takes them, and at most DBGFS_VALUE_CHARS (23) characters; ulong and
 * size_t have the caller's width.  blob, file and unknown types are the
 * kernel's to judge: 0.
 */
int dbgfs_check_value(const char *type, const char *value, char *why,
		      size_t size);

#ifdef __cplusplus
}
#endif

#endif /* LIBDBGFS_H */
