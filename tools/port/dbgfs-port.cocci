// SPDX-License-Identifier: GPL-2.0
/// Port a debugfs client to dbgfs: <linux/debugfs.h> becomes <dbgfs.h>,
/// debugfs_* calls, types and macros become their dbgfs_* counterparts, and
/// the struct dentry pointers that hold debugfs entries become struct
/// dbgfs_node pointers.  Run through tools/port/dbgfs-port, which splits
/// declarations of several dentry pointers first (SmPL matches one
/// declarator a declaration) and collects what this file reports.
///
/// Which dentry pointers hold entries: the result of a creator or of
/// debugfs_lookup(), an entry argument of a debugfs_* call, and whatever is
/// assigned to or from those, passed to or returned by the file's own
/// functions (a union of variables, fields, parameters and return values).
/// Such a group is left as it is, and reported, when one of its members is
/// used as a dentry: dereferenced, passed to another function (d_inode(),
/// dget(), a VFS function).  file_dentry() and f_path.dentry, creators
/// without a dbgfs counterpart and a used result of
/// debugfs_rename() are reported too.  Each report is one line
/// "LINE: why" in the file named by DBGFS_PORT_REPORT.
//
// Options: --very-quiet --no-includes

@initialize:python@
@@
import os
import re

report_file = os.environ.get("DBGFS_PORT_REPORT")

# debugfs function -> (dbgfs counterpart, positions of its entry arguments)
fns = {
    "debugfs_create_dir": ("dbgfs_create_dir", [1]),
    "debugfs_create_file": ("dbgfs_create_file", [2]),
    "debugfs_create_file_unsafe": ("dbgfs_create_file", [2]),
    "debugfs_create_file_size": ("dbgfs_create_file_size", [2]),
    "debugfs_create_symlink": ("dbgfs_create_symlink", [1]),
    "debugfs_create_devm_seqfile": ("dbgfs_create_devm_seqfile", [2]),
    "debugfs_remove": ("dbgfs_remove", [0]),
    "debugfs_remove_recursive": ("dbgfs_remove_recursive", [0]),
    "debugfs_lookup": ("dbgfs_lookup", [1]),
    "debugfs_lookup_and_remove": ("dbgfs_lookup_and_remove", [1]),
    "debugfs_rename": ("dbgfs_rename", [0, 1, 2]),
    "debugfs_initialized": ("dbgfs_initialized", []),
    "debugfs_print_regs32": ("dbgfs_print_regs32", []),
    "debugfs_attr_read": ("dbgfs_attr_read", []),
    "debugfs_attr_write": ("dbgfs_attr_write", []),
    "debugfs_attr_write_signed": ("dbgfs_attr_write_signed", []),
    "debugfs_real_fops": ("dbgfs_real_fops", []),
}
for t in ("u8", "u16", "u32", "u64", "x8", "x16", "x32", "x64", "xul",
          "ulong", "size_t", "atomic_t", "bool", "str", "blob", "u32_array",
          "regset32"):
    fns["debugfs_create_" + t] = ("dbgfs_create_" + t, [2])

# What returns an entry.
creators = set(f for f in fns if f.startswith("debugfs_create_"))
creators.add("debugfs_lookup")
creators.add("debugfs_rename")

# No dbgfs counterpart.
missing = {
    "debugfs_create_automount": "debugfs_create_automount() has no dbgfs counterpart",
    "debugfs_read_file_bool": "debugfs_read_file_bool() has no dbgfs counterpart: use dbgfs_create_bool()",
    "debugfs_write_file_bool": "debugfs_write_file_bool() has no dbgfs counterpart: use dbgfs_create_bool()",
    "debugfs_read_file_str": "debugfs_read_file_str() has no dbgfs counterpart: use dbgfs_create_str()",
}

# Functions an entry may be handed to without being used as a dentry.
harmless = {"IS_ERR", "IS_ERR_OR_NULL", "PTR_ERR", "PTR_ERR_OR_ZERO",
            "ERR_CAST", "WARN_ON", "WARN_ON_ONCE", "unlikely", "likely",
            "dput", "sizeof", "ARRAY_SIZE"}

locals_ = set()     # (function, name) of dentry pointers declared there
globals_ = set()    # names of file-scope dentry pointers
fields = set()      # fields declared as dentry pointers in this file
retfns = set()      # functions of this file that return a dentry pointer
params = {}         # (function, index) -> name of a dentry parameter
seeds = []          # (function, expression) that hold an entry
edges = []          # (function, expression, function, expression)
calls = []          # (function, callee, index, expression, line)
derefs = []         # (function, expression, field, line)
args = []           # (function, entry argument, line, debugfs call)
froms = []          # (function, A, B, line) of each A = B
reports = []        # (line, why)
state = {}


def strip(e):
    e = e.strip()
    while e.startswith("(") and e.endswith(")"):
        e = e[1:-1].strip()
    return e


def key(fn, e):
    """The group member an expression names, or None."""
    e = strip(e)
    e = re.sub(r"\s*\[[^\[\]]*\]$", "", e)
    m = re.search(r"(->|\.)\s*([A-Za-z_]\w*)$", e)
    if m:
        return ("f", m.group(2))
    m = re.match(r"^([A-Za-z_]\w*)$", e)
    if m:
        if (fn, e) in locals_:
            return ("v", fn, e)
        if e in globals_:
            return ("v", "", e)
        return None
    m = re.match(r"^([A-Za-z_]\w*)\s*\(.*\)$", e, re.S)
    if m and m.group(1) in retfns:
        return ("r", m.group(1))
    return None


def own_expr(e):
    """NULL, an error pointer or a debugfs call: nothing made outside the file."""
    e = strip(e)
    return e in ("NULL", "0") or \
        re.match(r"^(debugfs_\w+|ERR_PTR|ERR_CAST)\s*\(", e) is not None


def find(parent, k):
    while parent.setdefault(k, k) != k:
        k = parent[k]
    return k


def solve():
    """Groups of members, which hold entries, which are unsafe."""
    if "nodes" in state:
        return
    parent = {}
    for (fn, idx), name in params.items():
        a = find(parent, ("p", fn, idx))
        b = find(parent, ("v", fn, name))
        parent[a] = b
    for (f1, e1, f2, e2) in edges:
        k1, k2 = key(f1, e1), key(f2, e2)
        if k1 and k2:
            parent[find(parent, k1)] = find(parent, k2)
    for (fn, callee, idx, e, line) in calls:
        k = key(fn, e)
        if k and (callee, idx) in params:
            parent[find(parent, k)] = find(parent, ("p", callee, idx))
    roots = set()
    for (fn, e) in seeds:
        k = key(fn, e)
        if k:
            roots.add(find(parent, k))
    bad = {}
    for (fn, callee, idx, e, line) in calls:
        k = key(fn, e)
        if not k or find(parent, k) not in roots:
            continue
        if callee in harmless or callee.startswith("debugfs_") or \
           (callee, idx) in params:
            continue
        if callee == "d_inode":
            why = "d_inode() of an entry: dbgfs makes inodes on demand"
        else:
            why = "an entry (%s) is passed to %s(), which takes a dentry" % (strip(e), callee)
        bad.setdefault(find(parent, k), []).append((line, why))
    for (fn, e, fld, line) in derefs:
        k = key(fn, e)
        if k and find(parent, k) in roots:
            why = "an entry (%s) is dereferenced (->%s): a dbgfs node is opaque" % (strip(e), fld)
            bad.setdefault(find(parent, k), []).append((line, why))
    # An entry made outside this file (another subsystem's debugfs directory, a
    # dentry of a header's variable) cannot become a dbgfs node here.
    for (fn, e, line, c) in args:
        k = key(fn, e)
        if k is None and not own_expr(e):
            reports.append((line, "the entry argument %s of %s() is not declared in this file: "
                            "a debugfs entry made elsewhere cannot hold dbgfs files" % (strip(e), c)))
        elif k and k[0] == "f" and k[1] not in fields:
            bad.setdefault(find(parent, k), []).append((line,
                "%s is a field this file does not declare: a debugfs entry made elsewhere "
                "(another subsystem's directory?) cannot hold dbgfs files" % strip(e)))
    for (fn, a, b, line) in froms:
        k = key(fn, a)
        if not k or find(parent, k) not in roots:
            continue
        m = re.match(r"^([A-Za-z_]\w*)\s*\(.*\)$", strip(b), re.S)
        kb = key(fn, b)
        if m and not own_expr(b) and m.group(1) not in retfns:
            why = "%s holds what %s() returns, a dentry made outside this file: " \
                  "dbgfs cannot use it" % (strip(a), m.group(1))
        elif kb and kb[0] == "f" and kb[1] not in fields:
            why = "%s holds %s, a field this file does not declare: a debugfs entry " \
                  "made elsewhere cannot hold dbgfs files" % (strip(a), strip(b))
        else:
            continue
        bad.setdefault(find(parent, k), []).append((line, why))
    for r in bad.values():
        reports.extend(r)
    state["parent"] = parent
    state["nodes"] = roots
    state["bad"] = set(bad)


def is_node(k):
    solve()
    if k is None:
        return False
    r = find(state["parent"], k)
    return r in state["nodes"] and r not in state["bad"]


def report(p, why):
    reports.append((p[0].line, why))

@finalize:python@
@@
solve()
if report_file:
    with open(report_file, "a") as out:
        for line, why in sorted(set(reports), key=lambda r: (int(r[0]), r[1])):
            out.write("%s: %s\n" % (line, re.sub(r" -> ", "->", why)))

# ---------------------------------------------------------------------------
# What this file declares.

@decl_var@
identifier x;
position p;
@@
(
struct dentry *x@p;
|
struct dentry *x@p = ...;
|
struct dentry *x@p[...];
)

@script:python@
x << decl_var.x;
p << decl_var.p;
@@
fn = p[0].current_element
if fn == x:
    globals_.add(x)
else:
    locals_.add((fn, x))

@decl_fn@
identifier fn, x;
parameter list[n] ps;
@@
fn(ps, struct dentry *x, ...) { ... }

@script:python@
fn << decl_fn.fn;
x << decl_fn.x;
n << decl_fn.n;
@@
params[(fn, int(n))] = x
locals_.add((fn, x))

@decl_proto@
identifier fn, x;
parameter list[n] ps;
type T;
@@
T fn(ps, struct dentry *x, ...);

@script:python@
fn << decl_proto.fn;
x << decl_proto.x;
n << decl_proto.n;
@@
params.setdefault((fn, int(n)), x)

@decl_ret@
identifier fn;
@@
struct dentry *fn(...) { ... }

@script:python@
fn << decl_ret.fn;
@@
retfns.add(fn)

@decl_field@
identifier s, f;
@@
struct s { ...
struct dentry *f;
... };

@script:python@
f << decl_field.f;
@@
fields.add(f)

@decl_field_arr@
identifier s, f;
expression n;
@@
struct s { ...
struct dentry *f[n];
... };

@script:python@
f << decl_field_arr.f;
@@
fields.add(f)

// A field of a struct without a name ("static struct { ... } data;").
@decl_field_anon@
identifier f, v;
@@
struct { ...
struct dentry *f;
... } v;

@script:python@
f << decl_field_anon.f;
@@
fields.add(f)

# ---------------------------------------------------------------------------
# What holds an entry, and what is assigned, passed and returned.

@use_dbgcall@
identifier c =~ "^debugfs_";
expression list[n] es;
expression E;
position p;
@@
c@p(es, E, ...)

@script:python@
c << use_dbgcall.c;
n << use_dbgcall.n;
E << use_dbgcall.E;
p << use_dbgcall.p;
@@
if c in fns and int(n) in fns[c][1]:
    seeds.append((p[0].current_element, E))
    args.append((p[0].current_element, E, p[0].line, c))

@use_create@
identifier c =~ "^debugfs_(create_|lookup$|rename$)";
expression A;
position p;
@@
A@p = c(...)

@script:python@
c << use_create.c;
A << use_create.A;
p << use_create.p;
@@
if c in creators:
    seeds.append((p[0].current_element, A))

@use_create_ret@
identifier c =~ "^debugfs_(create_|lookup$|rename$)";
position p;
@@
return c@p(...);

@script:python@
c << use_create_ret.c;
p << use_create_ret.p;
@@
fn = p[0].current_element
if c in creators:
    seeds.append((fn, fn + "()"))

@use_create_init@
identifier c =~ "^debugfs_(create_|lookup$|rename$)";
identifier x;
position p;
@@
struct dentry *x@p = c(...);

@script:python@
c << use_create_init.c;
x << use_create_init.x;
p << use_create_init.p;
@@
if c in creators:
    seeds.append((p[0].current_element, x))

@use_assign@
expression A, B;
position p;
@@
A@p = B

@script:python@
A << use_assign.A;
B << use_assign.B;
p << use_assign.p;
@@
fn = p[0].current_element
edges.append((fn, A, fn, B))
froms.append((fn, A, B, p[0].line))

@use_init@
identifier x;
expression B;
position p;
@@
struct dentry *x@p = B;

@script:python@
x << use_init.x;
B << use_init.B;
p << use_init.p;
@@
fn = p[0].current_element
edges.append((fn, x, fn, B))
froms.append((fn, x, B, p[0].line))

// Each return on its own, its function from its position: a pattern of the
// whole body ("fn(...) { ... return E; ... }") matches every path through it
// and grows with the returns in nested loops beyond any bound.
@use_return@
expression E;
position p;
@@
return@p E;

@script:python@
E << use_return.E;
p << use_return.p;
@@
fn = p[0].current_element
if fn in retfns:
    edges.append((fn, fn + "()", fn, E))

@use_call@
identifier f;
expression list[n] es;
expression E;
position p;
@@
f@p(es, E, ...)

@script:python@
f << use_call.f;
n << use_call.n;
E << use_call.E;
p << use_call.p;
@@
calls.append((p[0].current_element, f, int(n), E, p[0].line))

@use_deref@
expression E;
identifier fld;
position p;
@@
E@p->fld

@script:python@
E << use_deref.E;
fld << use_deref.fld;
p << use_deref.p;
@@
derefs.append((p[0].current_element, E, fld, p[0].line))

# ---------------------------------------------------------------------------
# What cannot be ported: reported, left as it is.

@bad_fn@
identifier c =~ "^debugfs_(create_automount|read_file_bool|write_file_bool|read_file_str)$";
position p;
@@
c@p(...)

@script:python@
c << bad_fn.c;
p << bad_fn.p;
@@
report(p, missing[c])

@bad_rename@
expression E;
position p;
@@
(
debugfs_rename(...);
|
E@p
)

@script:python@
E << bad_rename.E;
p << bad_rename.p;
@@
if strip(E).startswith("debugfs_rename"):
    report(p, "the result of debugfs_rename() is used: dbgfs_rename() returns an int")

# ---------------------------------------------------------------------------
# debugfs_file_get()/debugfs_file_put(): the dbgfs proxy holds an active
# reference across every operation already.

@fget@
expression D, R;
statement S;
@@
(
- R = debugfs_file_get(D);
- if (\(R\|unlikely(R)\)) S
|
- if (\(debugfs_file_get(D)\|unlikely(debugfs_file_get(D))\)) S
|
- debugfs_file_get(D);
)

@fput@
expression D;
@@
- debugfs_file_put(D);

@fdentry depends on fget || fput@
identifier d;
expression F;
@@
- struct dentry *d = \(F->f_path.dentry\|file_dentry(F)\);
  ... when != d

@bad_fdentry@
expression F;
position p;
@@
(
file_dentry@p(F)
|
F@p->f_path.dentry
)

@script:python@
p << bad_fdentry.p;
@@
report(p, "the dentry of an open file: dbgfs makes dentries on demand, check by hand")

# ---------------------------------------------------------------------------
# The types of the entries.

@m_var@
identifier x;
position p;
@@
(
struct dentry *x@p;
|
struct dentry *x@p = ...;
|
struct dentry *x@p[...];
)

@script:python@
x << m_var.x;
p << m_var.p;
@@
fn = p[0].current_element
k = ("v", "", x) if fn == x else ("v", fn, x)
if not is_node(k):
    cocci.include_match(False)

@depends on m_var@
identifier m_var.x;
position m_var.p;
expression E;
@@
(
- struct dentry *x@p;
+ struct dbgfs_node *x;
|
- struct dentry *x@p = E;
+ struct dbgfs_node *x = E;
|
- struct dentry *x@p[E];
+ struct dbgfs_node *x[E];
)

@m_param@
identifier fn, x;
parameter list[n] ps;
@@
fn(ps, struct dentry *x, ...) { ... }

@script:python@
fn << m_param.fn;
x << m_param.x;
@@
if not is_node(("v", fn, x)):
    cocci.include_match(False)

@depends on m_param@
identifier m_param.fn, m_param.x;
parameter list[m_param.n] m_param.ps;
@@
fn(ps,
- struct dentry *x
+ struct dbgfs_node *x
  , ...) { ... }

@m_pparam@
identifier fn, x;
parameter list[n] ps;
type T;
@@
T fn(ps, struct dentry *x, ...);

@script:python@
fn << m_pparam.fn;
n << m_pparam.n;
@@
if not is_node(("p", fn, int(n))):
    cocci.include_match(False)

@depends on m_pparam@
identifier m_pparam.fn, m_pparam.x;
parameter list[m_pparam.n] m_pparam.ps;
type m_pparam.T;
@@
T fn(ps,
- struct dentry *x
+ struct dbgfs_node *x
  , ...);

@m_ret@
identifier fn;
@@
struct dentry *fn(...) { ... }

@script:python@
fn << m_ret.fn;
@@
if not is_node(("r", fn)):
    cocci.include_match(False)

@depends on m_ret@
identifier m_ret.fn;
@@
- struct dentry *
+ struct dbgfs_node *
  fn(...) { ... }

@depends on m_ret@
identifier m_ret.fn;
@@
- struct dentry *
+ struct dbgfs_node *
  fn(...);

@m_field@
identifier s, f;
@@
struct s { ...
struct dentry *f;
... };

@script:python@
f << m_field.f;
@@
if not is_node(("f", f)):
    cocci.include_match(False)

@depends on m_field@
identifier m_field.s, m_field.f;
@@
struct s { ...
- struct dentry *f;
+ struct dbgfs_node *f;
... };

@m_field_arr@
identifier s, f;
expression n;
@@
struct s { ...
struct dentry *f[n];
... };

@script:python@
f << m_field_arr.f;
@@
if not is_node(("f", f)):
    cocci.include_match(False)

@depends on m_field_arr@
identifier m_field_arr.s, m_field_arr.f;
expression m_field_arr.n;
@@
struct s { ...
- struct dentry *f[n];
+ struct dbgfs_node *f[n];
... };

@m_field_anon@
identifier f, v;
@@
struct { ...
struct dentry *f;
... } v;

@script:python@
f << m_field_anon.f;
@@
if not is_node(("f", f)):
    cocci.include_match(False)

@depends on m_field_anon@
identifier m_field_anon.f, m_field_anon.v;
@@
struct { ...
- struct dentry *f;
+ struct dbgfs_node *f;
... } v;

// dput() of what debugfs_lookup() gave.
@m_dput@
expression E;
position p;
@@
dput@p(E)

@script:python@
E << m_dput.E;
p << m_dput.p;
@@
if not is_node(key(p[0].current_element, E)):
    cocci.include_match(False)

@depends on m_dput@
expression m_dput.E;
position m_dput.p;
@@
- dput@p(E)
+ dbgfs_node_put(E)

// ---------------------------------------------------------------------------
// Creators never return NULL.

@@
identifier c =~ "^debugfs_create_";
expression E;
expression list es;
@@
(
  E = c(...);
  ... when != E = ...
- IS_ERR_OR_NULL(E)
+ IS_ERR(E)
|
- IS_ERR_OR_NULL(c(es))
+ IS_ERR(c(es))
)

@@
identifier c =~ "^debugfs_create_";
identifier x;
@@
  struct dentry *x = c(...);
  ... when != x = ...
- IS_ERR_OR_NULL(x)
+ IS_ERR(x)

// ---------------------------------------------------------------------------
// Calls, types, macros, the header.

@ren@
identifier c =~ "^debugfs_";
@@
c(...)

@script:python r@
c << ren.c;
g;
@@
if c in fns:
    coccinelle.g = cocci.make_ident(fns[c][0])
else:
    cocci.include_match(False)

@@
identifier ren.c;
identifier r.g;
@@
- c
+ g
  (...)

// debugfs' attribute methods in a file_operations of their own.
@@
symbol debugfs_attr_read, debugfs_attr_write, debugfs_attr_write_signed;
@@
(
- debugfs_attr_read
+ dbgfs_attr_read
|
- debugfs_attr_write
+ dbgfs_attr_write
|
- debugfs_attr_write_signed
+ dbgfs_attr_write_signed
)

// One rule a type: in a disjunction, spatch changes one field of a struct.
@@
@@
- struct debugfs_blob_wrapper
+ struct dbgfs_blob_wrapper

@@
@@
- struct debugfs_reg32
+ struct dbgfs_reg32

@@
@@
- struct debugfs_regset32
+ struct dbgfs_regset32

@@
@@
- struct debugfs_u32_array
+ struct dbgfs_u32_array

@@
declarer name DEFINE_DEBUGFS_ATTRIBUTE, DEFINE_DBGFS_ATTRIBUTE;
expression list es;
@@
- DEFINE_DEBUGFS_ATTRIBUTE(es);
+ DEFINE_DBGFS_ATTRIBUTE(es);

@@
declarer name DEFINE_DEBUGFS_ATTRIBUTE_SIGNED, DEFINE_DBGFS_ATTRIBUTE_SIGNED;
expression list es;
@@
- DEFINE_DEBUGFS_ATTRIBUTE_SIGNED(es);
+ DEFINE_DBGFS_ATTRIBUTE_SIGNED(es);

// <linux/debugfs.h> includes <linux/seq_file.h>, <dbgfs.h> does not: a file that
// uses seq_file (DEFINE_SHOW_ATTRIBUTE, seq_printf(), single_open()) without its
// own include gets it.
@has_seq@
@@
#include <linux/seq_file.h>

@uses_seq@
identifier fn =~ "^(seq_|single_open|single_release$)";
@@
fn(...)

@uses_seq_attr@
declarer name DEFINE_SHOW_ATTRIBUTE;
expression list es;
@@
DEFINE_SHOW_ATTRIBUTE(es);

@uses_seq_type@
struct seq_file *s;
@@
s

@depends on !has_seq && (uses_seq || uses_seq_attr || uses_seq_type)@
@@
- #include <linux/debugfs.h>
+ #include <dbgfs.h>
+ #include <linux/seq_file.h>

@@
@@
- #include <linux/debugfs.h>
+ #include <dbgfs.h>
