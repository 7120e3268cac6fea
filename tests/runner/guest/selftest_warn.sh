# SPDX-License-Identifier: GPL-2.0
# selftest_warn: loads a module that calls WARN(); the run must fail.
. /tests/lib/tap.sh
check "insmod runner_warn.ko" insmod /tests/modules/runner_warn.ko
done_testing
