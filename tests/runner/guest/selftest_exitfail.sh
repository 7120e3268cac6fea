# SPDX-License-Identifier: GPL-2.0
# selftest_exitfail: every result passes and the plan is kept, but the suite exits
# non-zero; the run must fail.
echo "ok 1 - a passing result of a suite that then fails"
echo "1..1"
exit 3
