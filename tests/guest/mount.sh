# SPDX-License-Identifier: GPL-2.0
# mount: the module loads, mounts at /sys/kernel/dbgfs, reports its magic and options,
# unmounts, unloads and loads again; access= and unknown options behave.
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
KO=/tests/modules/dbgfs.ko

check "insmod dbgfs.ko" insmod $KO
check "dbgfs is a registered filesystem" grep -qw dbgfs /proc/filesystems
check "module created the mount point $M" test -d $M
check "mount -t dbgfs none $M" mount -t dbgfs none $M
is "/proc/mounts shows it at $M" "$(awk '$3 == "dbgfs" { print $1, $2 }' /proc/mounts)" "none $M"
is "statfs magic is 0x64626766" "$(stat -f -c %t $M)" "64626766"
is "root directory mode is 0700" "$(stat -c %a $M)" "700"
is "root directory is empty" "$(ls -A $M | wc -l)" "0"
check_fails_with "an unknown option is refused" "Invalid argument" \
	mount -t dbgfs -o bogus=1 none /mnt
klog_has "the kernel log names the unknown option" "dbgfs: Unknown parameter 'bogus'"
check_fails_with "a bad mode is refused" "Invalid argument" mount -t dbgfs -o mode=9x none /mnt
klog_has "the kernel log names the bad mode" "dbgfs: Bad value for 'mode'"
check "remount with mode=755,uid=1,gid=2" mount -o remount,mode=755,uid=1,gid=2 $M
is "root takes the options" "$(stat -c '%a %u %g' $M)" "755 1 2"
check "/proc/mounts shows the options" \
	grep -q "^none $M dbgfs rw,relatime,uid=1,gid=2,mode=755 " /proc/mounts
check "a bare remount" mount -o remount $M
is "a bare remount keeps the options" "$(stat -c '%a %u %g' $M)" "755 1 2"
# As debugfs, a remount sets only the options it gives: a chmod/chown of the root stays.
# (mount(8) would add the options of /proc/mounts; /tests/bin/remount passes only these.)
check "chmod 750 and chown 4:5 the root" sh -c "chmod 750 $M && chown 4:5 $M"
check "a bare remount(2) after the chmod" /tests/bin/remount $M
is "a bare remount keeps the root's chmod and chown" "$(stat -c '%a %u %g' $M)" "750 4 5"
check "remount(2) with uid=1 only" /tests/bin/remount $M uid=1
is "a remount with uid= changes only the owner" "$(stat -c '%a %u %g' $M)" "750 1 5"
check "remount(2) with mode=755,gid=2" /tests/bin/remount $M mode=755,gid=2
is "a remount with mode= and gid= sets them" "$(stat -c '%a %u %g' $M)" "755 1 2"
check "a second mount shares the superblock" mount -t dbgfs none /mnt
is "second mount sees the same root" "$(stat -c '%a %u %g %i' /mnt)" "$(stat -c '%a %u %g %i' $M)"
check "umount the second mount" umount /mnt
check_fails_with "rmmod refuses while mounted" "Resource temporarily unavailable" rmmod dbgfs
check "umount $M" umount $M
check "rmmod dbgfs" rmmod dbgfs
check_fails_with "mount point is gone after rmmod" "No such file or directory" stat $M
check_exit "filesystem is unregistered after rmmod" 1 grep -qw dbgfs /proc/filesystems
check "insmod again" insmod $KO
check "mount again" mount -t dbgfs none $M
is "a fresh superblock has the default mode" "$(stat -c '%a %u %g' $M)" "700 0 0"
check "umount, rmmod again" sh -c "umount $M && rmmod dbgfs"

check "insmod access=no-mount" insmod $KO access=no-mount
check_fails_with "access=no-mount: no mount point" "No such file or directory" stat $M
check_fails_with "access=no-mount: mount fails" "No such device" mount -t dbgfs none /mnt
is "access parameter reads back" "$(cat /sys/module/dbgfs/parameters/access)" "no-mount"
check "rmmod" rmmod dbgfs
check "insmod access=off" insmod $KO access=off
check_fails_with "access=off: mount fails" "No such device" mount -t dbgfs none /mnt
check "rmmod" rmmod dbgfs
check_fails_with "access=bogus is refused" "Invalid argument" insmod $KO access=bogus
klog_has "access=bogus: the kernel log names it" "dbgfs: \`bogus' invalid for parameter \`access'"
check_exit "access=bogus: dbgfs is not loaded" 1 grep -q '^dbgfs ' /proc/modules

done_testing
