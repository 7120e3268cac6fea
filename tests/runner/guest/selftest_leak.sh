# SPDX-License-Identifier: GPL-2.0
# selftest_leak: loads a module that leaks memory (debug kernel: kmemleak reports it at
# the end of the boot, with no panic); the run must fail on the console check.
. /tests/lib/tap.sh
check "insmod runner_leak.ko" insmod /tests/modules/runner_leak.ko
done_testing
