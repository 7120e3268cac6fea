// SPDX-License-Identifier: GPL-2.0
// The rule dbgfs-port.cocci once had to find what a function returns: a pattern
// of the whole body, which matches every path through it and runs out of time
// on returns.c.  tests/port/cases.sh gives it to dbgfs-port to see the time
// bound name the file, the rule and the function.
@use_return@
identifier fn;
expression E;
@@
fn(...) { ... return E; ... }

@script:python@
E << use_return.E;
@@
pass
