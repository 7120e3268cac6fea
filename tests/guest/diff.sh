# SPDX-License-Identifier: GPL-2.0-only
# diff: the differential suite.  diff_debugfs.ko and diff_dbgfs.ko make the same tree
# (tests/diff/diff_client.c) in debugfs and in dbgfs; difftest compares them byte for
# byte, checks the differences doc/differences.md documents, then
# holds dbgfs files open across removal of their directory and rmmod of their creator.
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
MODS=/tests/modules

check "insmod dbgfs.ko" insmod $MODS/dbgfs.ko
check "mount dbgfs, mode=755" mount -t dbgfs -o mode=755 none $M
check "debugfs is mounted" grep -q " /sys/kernel/debug debugfs " /proc/mounts
# So that user 65534 reaches the files and their own modes decide.
check "chmod 755 /sys/kernel/debug" chmod 755 /sys/kernel/debug
check "insmod diff_debugfs.ko" insmod $MODS/diff_debugfs.ko
check "insmod diff_dbgfs.ko" insmod $MODS/diff_dbgfs.ko

tap_program difftest /tests/bin/difftest

check_exit "diff_dbgfs is unloaded (by difftest)" 1 grep -q "^diff_dbgfs " /proc/modules
check "rmmod diff_debugfs" rmmod diff_debugfs
check "umount dbgfs" umount $M
check "rmmod dbgfs" rmmod dbgfs
done_testing
