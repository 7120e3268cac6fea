# SPDX-License-Identifier: GPL-2.0
# selftest_early: booted with an init that does not exist, so the kernel dies before
# /init and this never runs; if it does, it fails the run.
echo "not ok 1 - the guest was meant to die before /init"
echo "1..1"
exit 1
