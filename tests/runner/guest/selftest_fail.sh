# SPDX-License-Identifier: GPL-2.0
# selftest_fail: a suite with a failing test; the run must fail.
. /tests/lib/tap.sh
check "false succeeds (it must not)" false
done_testing
