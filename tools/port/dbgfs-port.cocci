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
/// assigned to or from those, passed to or returned by the driver's own
/// functions (a union of variables, fields of a struct, parameters, return
/// values and the debugfs calls themselves: a creator's result and its
/// parent go together).  Such a group is left as it is, calls included, and
/// reported, when one of its members is used as a dentry: dereferenced,
/// passed to another function (d_inode(), dget(), a VFS function), or made
/// outside the driver's files.
///
/// A driver of several files is one unit: dbgfs-port runs this patch on
/// each file with DBGFS_PORT_PHASE=collect, which writes what the file
/// declares and does to DBGFS_PORT_FACTS, then on each again with the
/// unit's facts in DBGFS_PORT_FACTS_DIR, to change it.  A field is known by
/// its struct, whose type spatch reads from the driver's headers.  file_dentry() and f_path.dentry, creators
/// without a dbgfs counterpart and a used result of
/// debugfs_rename() are reported too.  Each report is one line
/// "LINE: why" in the file named by DBGFS_PORT_REPORT.
//
// Options: --very-quiet --include-headers-for-types --local-includes -I DIR

@initialize:python@
@@
import glob
import json
import os
import re

report_file = os.environ.get("DBGFS_PORT_REPORT")
phase = os.environ.get("DBGFS_PORT_PHASE", "apply")
facts_file = os.environ.get("DBGFS_PORT_FACTS")
facts_dir = os.environ.get("DBGFS_PORT_FACTS_DIR")

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

# What the files of the unit declare and do; a line is (file, line).
facts = {
    "locals": set(),    # (function, name) of dentry pointers declared there
    "globals": set(),   # names of file-scope dentry pointers
    "fields": set(),    # (struct, field) declared as dentry pointers
    "retfns": set(),    # functions that return a dentry pointer
    "params": set(),    # (function, index, name) of a dentry parameter
    "seeds": set(),     # (function, expression) that hold an entry
    "edges": set(),     # (function, expression, function, expression)
    "calls": set(),     # (function, callee, index, expression, file, line)
    "derefs": set(),    # (function, expression, field, file, line)
    "dcalls": set(),    # (call, function, debugfs call): call is file:line:col
    "args": set(),      # (call, function, entry argument, file, line)
    "results": set(),   # (call, function, expression that holds its result)
    "froms": set(),     # (function, A, B, file, line) of each A = B
    "types": set(),     # (function, expression, struct) of E in E->f, E.f
    "fops": set(),      # (call, name) of each &name a debugfs call is given
}
reports = []        # (file, line, why)
state = {}


def load_facts():
    for path in sorted(glob.glob(os.path.join(facts_dir or "", "*.json"))):
        with open(path) as f:
            for k, v in json.load(f).items():
                facts[k].update(tuple(x) if isinstance(x, list) else x for x in v)


if phase == "apply" and facts_dir:
    load_facts()


def add(kind, *fact):
    facts[kind].add(fact if len(fact) > 1 else fact[0])


def where(p):
    return "%s:%s:%s" % (p[0].file, p[0].line, p[0].column)


def strip(e):
    e = e.strip()
    while e.startswith("(") and e.endswith(")"):
        e = e[1:-1].strip()
    return e


def norm(e):
    return re.sub(r"\s*(->|\.)\s*", r"\1", strip(e))


def struct_of(fn, obj, fld):
    """The struct of obj in obj->fld or obj.fld: its type, else the one struct
    of the unit that declares such a dentry field; "?" if several do, "" if
    none does."""
    t = state.setdefault("typeof", {})
    if not t:
        for (f, e, s) in facts["types"]:
            t[(f, norm(e))] = s
    s = t.get((fn, norm(obj)))
    if s:
        return s
    owners = [s for (s, f) in facts["fields"] if f == fld]
    return owners[0] if len(owners) == 1 else ("?" if owners else "")


def key(fn, e):
    """The group member an expression names, or None."""
    e = norm(e)
    e = re.sub(r"\s*\[[^\[\]]*\]$", "", e)
    m = re.match(r"^(.*)(->|\.)([A-Za-z_]\w*)$", e, re.S)
    if m:
        return ("f", struct_of(fn, m.group(1), m.group(3)), m.group(3))
    m = re.match(r"^([A-Za-z_]\w*)$", e)
    if m:
        if (fn, e) in facts["locals"]:
            return ("v", fn, e)
        if e in facts["globals"]:
            return ("v", "", e)
        return None
    m = re.match(r"^([A-Za-z_]\w*)\s*\(.*\)$", e, re.S)
    if m and m.group(1) in facts["retfns"]:
        return ("r", m.group(1))
    return None


def declared(k):
    """A field member names a dentry field the unit declares."""
    if k[1] == "?":
        return True
    return (k[1], k[2]) in facts["fields"]


def field_text(k, e):
    if k[1] in ("", "?"):
        return "%s is a field the files ported do not declare" % strip(e)
    return "%s is a field of struct %s, which the files ported do not declare" % \
        (strip(e), k[1])


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
    F = facts
    params = {(fn, idx): name for (fn, idx, name) in F["params"]}

    def join(a, b):
        parent[find(parent, a)] = find(parent, b)

    for (fn, idx), name in params.items():
        join(("p", fn, idx), ("v", fn, name))
    for (f1, e1, f2, e2) in F["edges"]:
        k1, k2 = key(f1, e1), key(f2, e2)
        if k1 and k2:
            join(k1, k2)
    for (fn, callee, idx, e, fl, line) in F["calls"]:
        k = key(fn, e)
        if k and (callee, idx) in params:
            join(k, ("p", callee, idx))
    roots = set()
    for (fn, e) in F["seeds"]:
        k = key(fn, e)
        if k:
            roots.add(find(parent, k))
    # A debugfs call goes with its entries: its entry arguments and the
    # result of a creator (a node's parent is a node).
    bad = {}
    for (c, fn, e, fl, line) in F["args"]:
        k = key(fn, e)
        if k:
            join(("c", c), k)
    for (c, fn, e) in F["results"]:
        k = key(fn, e)
        if k:
            join(("c", c), k)
    # A field of several possible structs stands for each of them.
    for (s, f) in F["fields"]:
        if ("f", "?", f) in parent:
            join(("f", "?", f), ("f", s, f))
    roots = set(find(parent, r) for r in roots)
    for (c, fn, name) in F["dcalls"]:
        roots.add(find(parent, ("c", c)))

    def refuse(k, fl, line, why):
        bad.setdefault(find(parent, k), []).append((fl, line, why))

    for (fn, callee, idx, e, fl, line) in F["calls"]:
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
        refuse(k, fl, line, why)
    for (fn, e, fld, fl, line) in F["derefs"]:
        k = key(fn, e)
        if k and find(parent, k) in roots:
            refuse(k, fl, line, "an entry (%s) is dereferenced (->%s): a dbgfs node is opaque" %
                   (strip(e), fld))
    # An entry made outside the unit (another subsystem's debugfs directory,
    # a dentry of a header's variable) cannot become a dbgfs node here.
    calls_of = {c: name for (c, fn, name) in F["dcalls"]}
    for (c, fn, e, fl, line) in F["args"]:
        k = key(fn, e)
        if k is None and not own_expr(e):
            refuse(("c", c), fl, line, "the entry argument %s of %s() is not declared in the "
                   "files ported: a debugfs entry made elsewhere cannot hold dbgfs files" %
                   (strip(e), calls_of.get(c, "?")))
        elif k and k[0] == "f" and not declared(k):
            # (spatch's parser wants a quote within the line it opens on)
            why = ": a debugfs entry made elsewhere (another subsystem's directory?)"
            refuse(k, fl, line, field_text(k, e) + why + " cannot hold dbgfs files")
    for (fn, a, b, fl, line) in F["froms"]:
        k = key(fn, a)
        if not k or find(parent, k) not in roots:
            continue
        m = re.match(r"^([A-Za-z_]\w*)\s*\(.*\)$", strip(b), re.S)
        kb = key(fn, b)
        if m and not own_expr(b) and m.group(1) not in F["retfns"]:
            why = "%s holds what %s() returns, a dentry made outside the files ported: " \
                  "dbgfs cannot use it" % (strip(a), m.group(1))
        elif kb and kb[0] == "f" and not declared(kb):
            why = "%s holds %s: a debugfs entry made elsewhere cannot hold dbgfs " \
                  "files" % (strip(a), field_text(kb, b))
        else:
            continue
        refuse(k, fl, line, why)
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


def kept_call(c):
    solve()
    c = ("c", c)
    return c in state["parent"] and find(state["parent"], c) in state["bad"]


def kept(p):
    """A debugfs call that stays as it is: its entries do."""
    return kept_call(where(p))


def kept_fops(x):
    """Attribute fops a kept call makes a file of: debugfs' they stay."""
    return any(name == x and kept_call(c) for (c, name) in facts["fops"])


def report(p, why):
    reports.append((p[0].file, p[0].line, why))

@finalize:python@
@@
if phase == "collect":
    if facts_file:
        with open(facts_file, "w") as out:
            json.dump({k: sorted(v) for k, v in facts.items()}, out)
else:
    solve()
    this = os.environ.get("DBGFS_PORT_FILE")
    if report_file:
        with open(report_file, "a") as out:
            for fl, line, why in sorted(set(reports), key=lambda r: (int(r[1]), r[2])):
                if this is None or fl == this:
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
    add("globals", x)
else:
    add("locals", fn, x)

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
add("params", fn, int(n), x)
add("locals", fn, x)

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
if not any(f == fn and i == int(n) for (f, i, _) in facts["params"]):
    add("params", fn, int(n), x)

@decl_ret@
identifier fn;
@@
struct dentry *fn(...) { ... }

@script:python@
fn << decl_ret.fn;
@@
add("retfns", fn)

@decl_field@
identifier s, f;
@@
struct s { ...
struct dentry *f;
... };

@script:python@
s << decl_field.s;
f << decl_field.f;
@@
add("fields", s, f)

@decl_field_arr@
identifier s, f;
expression n;
@@
struct s { ...
struct dentry *f[n];
... };

@script:python@
s << decl_field_arr.s;
f << decl_field_arr.f;
@@
add("fields", s, f)

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
add("fields", "", f)

// ... and of one in a struct ("struct s { struct { ... } v; };").
@decl_field_nested@
identifier s, f, v;
@@
struct s { ...
struct { ...
struct dentry *f;
... } v;
... };

@script:python@
f << decl_field_nested.f;
@@
add("fields", "", f)

// The struct of what a field is taken of, where spatch knows its type.
@type_arrow@
type T;
T *E;
identifier fld;
position p;
@@
E@p->fld

@script:python@
T << type_arrow.T;
E << type_arrow.E;
p << type_arrow.p;
@@
m = re.match(r"^struct\s+(\w+)$", T.strip())
if m:
    add("types", p[0].current_element, E, m.group(1))

@type_dot@
type T;
T E;
identifier fld;
position p;
@@
E@p.fld

@script:python@
T << type_dot.T;
E << type_dot.E;
p << type_dot.p;
@@
m = re.match(r"^struct\s+(\w+)$", T.strip())
if m:
    add("types", p[0].current_element, E, m.group(1))

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
    fn = p[0].current_element
    add("seeds", fn, E)
    add("dcalls", where(p), fn, c)
    add("args", where(p), fn, E, p[0].file, p[0].line)

@use_fops@
identifier c =~ "^debugfs_create_file";
identifier x;
position p;
@@
c@p(..., &x, ...)

@script:python@
x << use_fops.x;
p << use_fops.p;
@@
add("fops", where(p), x)

@use_create@
identifier c =~ "^debugfs_(create_|lookup$|rename$)";
expression A;
position p;
@@
A = c@p(...)

@script:python@
c << use_create.c;
A << use_create.A;
p << use_create.p;
@@
if c in creators:
    fn = p[0].current_element
    add("seeds", fn, A)
    add("dcalls", where(p), fn, c)
    add("results", where(p), fn, A)

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
    add("seeds", fn, fn + "()")
    add("dcalls", where(p), fn, c)
    add("results", where(p), fn, fn + "()")

@use_create_init@
identifier c =~ "^debugfs_(create_|lookup$|rename$)";
identifier x;
position p;
@@
struct dentry *x = c@p(...);

@script:python@
c << use_create_init.c;
x << use_create_init.x;
p << use_create_init.p;
@@
if c in creators:
    fn = p[0].current_element
    add("seeds", fn, x)
    add("dcalls", where(p), fn, c)
    add("results", where(p), fn, x)

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
add("edges", fn, A, fn, B)
add("froms", fn, A, B, p[0].file, p[0].line)

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
add("edges", fn, x, fn, B)
add("froms", fn, x, B, p[0].file, p[0].line)

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
add("edges", fn, fn + "()", fn, E)

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
add("calls", p[0].current_element, f, int(n), E, p[0].file, p[0].line)

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
add("derefs", p[0].current_element, E, fld, p[0].file, p[0].line)

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

// A prototype, of a function defined in this file or in another of the unit.
@m_ret_proto@
identifier fn;
@@
struct dentry *fn(...);

@script:python@
fn << m_ret_proto.fn;
@@
if not is_node(("r", fn)):
    cocci.include_match(False)

@depends on m_ret_proto@
identifier m_ret_proto.fn;
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
s << m_field.s;
f << m_field.f;
@@
if not is_node(("f", s, f)):
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
s << m_field_arr.s;
f << m_field_arr.f;
@@
if not is_node(("f", s, f)):
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
if not is_node(("f", "", f)):
    cocci.include_match(False)

@depends on m_field_anon@
identifier m_field_anon.f, m_field_anon.v;
@@
struct { ...
- struct dentry *f;
+ struct dbgfs_node *f;
... } v;

@m_field_nested@
identifier s, f, v;
@@
struct s { ...
struct { ...
struct dentry *f;
... } v;
... };

@script:python@
f << m_field_nested.f;
@@
if not is_node(("f", "", f)):
    cocci.include_match(False)

@depends on m_field_nested@
identifier m_field_nested.s, m_field_nested.f, m_field_nested.v;
@@
struct s { ...
struct { ...
- struct dentry *f;
+ struct dbgfs_node *f;
... } v;
... };

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
position p;
@@
c@p(...)

@script:python r@
c << ren.c;
p << ren.p;
g;
@@
if c == "debugfs_real_fops" and any(kept_call(k) for (k, _) in facts["fops"]):
    report(p, "debugfs_real_fops(): files made with fops in the files ported stay "
              "debugfs files, so it stays debugfs_real_fops(); left as it is")
    cocci.include_match(False)
elif c in fns and not kept(p):
    coccinelle.g = cocci.make_ident(fns[c][0])
else:
    cocci.include_match(False)

@@
identifier ren.c;
position ren.p;
identifier r.g;
@@
- c@p
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

// Attribute fops: dbgfs' unless a call left as it is makes a file of them.
@attr@
declarer name DEFINE_DEBUGFS_ATTRIBUTE;
identifier x;
expression list es;
@@
DEFINE_DEBUGFS_ATTRIBUTE(x, es);

@script:python@
x << attr.x;
@@
if kept_fops(x):
    cocci.include_match(False)

@depends on attr@
declarer name DEFINE_DEBUGFS_ATTRIBUTE, DEFINE_DBGFS_ATTRIBUTE;
identifier attr.x;
expression list attr.es;
@@
- DEFINE_DEBUGFS_ATTRIBUTE(x, es);
+ DEFINE_DBGFS_ATTRIBUTE(x, es);

@attr_signed@
declarer name DEFINE_DEBUGFS_ATTRIBUTE_SIGNED;
identifier x;
expression list es;
@@
DEFINE_DEBUGFS_ATTRIBUTE_SIGNED(x, es);

@script:python@
x << attr_signed.x;
@@
if kept_fops(x):
    cocci.include_match(False)

@depends on attr_signed@
declarer name DEFINE_DEBUGFS_ATTRIBUTE_SIGNED, DEFINE_DBGFS_ATTRIBUTE_SIGNED;
identifier attr_signed.x;
expression list attr_signed.es;
@@
- DEFINE_DEBUGFS_ATTRIBUTE_SIGNED(x, es);
+ DEFINE_DBGFS_ATTRIBUTE_SIGNED(x, es);

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
