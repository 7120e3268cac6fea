# SPDX-License-Identifier: GPL-2.0
# selftest_panic: panics the guest; the run must fail.
. /tests/lib/tap.sh
ok "about to panic"
echo c >/proc/sysrq-trigger
done_testing
