# SPDX-License-Identifier: GPL-2.0
# notify: change notification (dbgfs_notify()) from user space: poll, epoll, inotify,
# typed files written through the file, removal racing notifications, and the tool's
# watch blocking on them (/tests/bin/notify, with the notify_client test module).
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
MOD=/tests/modules

check "insmod dbgfs.ko" insmod $MOD/dbgfs.ko
check "mount -t dbgfs none $M" mount -t dbgfs none $M
check "insmod notify_client.ko" insmod $MOD/notify_client.ko
tap_program notify /tests/bin/notify "${NOTIFY_N:-1000}" "${NOTIFY_ROUNDS:-10}"
check "rmmod notify_client" rmmod notify_client
check "umount $M" umount $M
check "rmmod dbgfs" rmmod dbgfs
done_testing
