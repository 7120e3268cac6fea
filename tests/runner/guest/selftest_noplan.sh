# SPDX-License-Identifier: GPL-2.0
# selftest_noplan: every result passes, but no plan follows them; the run must fail.
echo "ok 1 - a result with no plan after it"
