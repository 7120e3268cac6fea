# SPDX-License-Identifier: GPL-2.0
# selftest_lockdep: a dbgfs client that holds a lock across dbgfs_remove() of a file
# whose read takes that lock; on the debug kernel lockdep must report it and the run
# fail.  The steps themselves succeed (the read is over before the removal).
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
check "insmod dbgfs.ko" insmod /tests/modules/dbgfs.ko
check "mount -t dbgfs none $M" mount -t dbgfs none $M
check "insmod runner_lockdep.ko" insmod /tests/modules/runner_lockdep.ko
is "read runner_lockdep/file (takes the lock)" "$(cat $M/runner_lockdep/file)" "file"
check "remove it with the lock held" sh -c "echo 1 > $M/runner_lockdep/rm"
check_fails "the file is gone" test -e $M/runner_lockdep/file
check "rmmod runner_lockdep" rmmod runner_lockdep
check "umount $M" umount $M
check "rmmod dbgfs" rmmod dbgfs
done_testing
