# SPDX-License-Identifier: GPL-2.0
# selftest_abba: loads a module that takes two mutexes in both orders (debug kernel:
# lockdep reports the inversion, with no panic); the run must fail on the console check.
. /tests/lib/tap.sh
check "insmod runner_abba.ko" insmod /tests/modules/runner_abba.ko
done_testing
