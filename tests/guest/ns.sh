# SPDX-License-Identifier: GPL-2.0-only
# ns: dbgfs in a mount namespace of its own (unshare -m), bind-mounted a second time there
# and made read-only in that view (remount,bind,ro), mounted outside as well, and
# remounted with other uid=/gid=/mode=.  Every view is the one superblock (as debugfs):
# the same device and inode numbers, entries made after the mounts appear in each, a
# removal leaves each; the read-only view refuses writes with EROFS while the others
# take them; the root's options decide who gets in, checked by reading and writing as
# those users (tests/bin/runas), not only by stat; `dbgfs where` answers each namespace's
# own mount.  debugfs is put through the same steps in the same boot where it can be.
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
MODS=/tests/modules
DBGFS=/usr/bin/dbgfs
D=/tmp/ns
A=$D/a		# dbgfs, mounted in the namespace
B=$D/b		# bind mount of $A, read-only
DA=$D/debug	# debugfs, mounted in the namespace
DB=$D/debug-ro	# bind mount of $DA, read-only
NS=

inns() { nsenter -t "$NS" -m -- "$@"; }
# as UID CMD...: CMD as user UID of group UID, no other groups (inns runas UID UID
# CMD... in the namespace).
as() { _id=$1; shift; runas "$_id" "$_id" "$@"; }
devino() { stat -c '%d %i' "$1" 2>&1; }
owner() { stat -c '%a %u %g' "$1" 2>&1; }

check "insmod dbgfs.ko" insmod $MODS/dbgfs.ko
check "mount points under $D" sh -c "mkdir -p $A $B $DA $DB && chmod 755 $D"
is "runas sets uid, gid and no other groups" \
	"$(runas 1000 2000 sh -c 'id -u; id -g; id -G' | tr '\n' ' ')" "1000 2000 2000 "

# The namespace: a process that sleeps in it, entered with nsenter for each step.
unshare -m sleep 100000 &
NS=$!
i=0
while [ "$(readlink /proc/$NS/ns/mnt)" = "$(readlink /proc/self/ns/mnt)" ] && [ $i -lt 100 ]; do
	usleep 50000
	i=$((i + 1))
done
check "unshare -m: a new mount namespace" \
	test "$(readlink /proc/$NS/ns/mnt)" != "$(readlink /proc/self/ns/mnt)"
check_fails_with "dbgfs where before any mount: none" "no dbgfs mount found" $DBGFS where

# 1. Mounted in the namespace only.
check "mount dbgfs in the namespace at $A, mode=755" inns mount -t dbgfs -o mode=755 none $A
check "the namespace's /proc/mounts has $A" inns grep -q "^none $A dbgfs rw," /proc/mounts
check_exit "the mount stays in the namespace: not in ours" 1 grep -q " $A " /proc/mounts
is "dbgfs where inside the namespace: $A" "$(inns $DBGFS where 2>&1)" "$A"
check_fails_with "dbgfs where outside it: still none" "no dbgfs mount found" $DBGFS where

# 2. Bound to a second place, read-only there.
check "bind-mount $A at $B" inns mount -o bind $A $B
check "remount $B bind,ro" inns mount -o remount,bind,ro $B
check "/proc/mounts: $B is ro" inns grep -q "^none $B dbgfs ro," /proc/mounts
check "/proc/mounts: $A stays rw" inns grep -q "^none $A dbgfs rw," /proc/mounts
root=$(inns stat -c '%d %i' $A)
check "stat of $A's root" test -n "$root"
is "$B is the same root (device, inode)" "$(inns stat -c '%d %i' $B)" "$root"

# 3. Mounted outside too: the same superblock in both namespaces.
check "mount dbgfs outside at $M" mount -t dbgfs none $M
is "$M is the same root as $A (device, inode)" "$(devino $M)" "$root"
is "$M took $A's mode (one superblock)" "$(owner $M)" "755 0 0"
is "dbgfs where outside: $M" "$($DBGFS where 2>&1)" "$M"
is "dbgfs where inside: still $A ($M is not mounted there)" "$(inns $DBGFS where 2>&1)" "$A"
check "the namespace's $M is not dbgfs" inns sh -c "! grep -q ' $M ' /proc/mounts"

# 4. Entries made after the mounts appear in every view.
check "insmod diff_dbgfs.ko after the mounts" insmod $MODS/diff_dbgfs.ko
ref=$(inns stat -c '%d %i %a' $A/diff/modes/u32_0666)
is "$A: the new diff/modes/u32_0666" "${ref#* * }" "666"
is "$B: the same inode" "$(inns stat -c '%d %i %a' $B/diff/modes/u32_0666)" "$ref"
is "$M: the same inode" "$(stat -c '%d %i %a' $M/diff/modes/u32_0666)" "$ref"
tree=$(inns sh -c "cd $A && ls -R diff")
is "$A lists the new tree" "$(echo "$tree" | grep -c '^u32_0666$')" "1"
is "$B lists the same tree" "$(inns sh -c "cd $B && ls -R diff")" "$tree"
is "$M lists the same tree" "$(cd $M && ls -R diff)" "$tree"
dir=$(inns stat -c '%d %i' $A/diff/a/b/c)
check "a deep directory in $A" test -n "$dir"
is "$B: the deep directory is the same inode" "$(inns stat -c '%d %i' $B/diff/a/b/c)" "$dir"

# 5. The read-only view refuses writes; the others take them, and every view reads them.
check_fails_with "root's write through $B: EROFS" "Read-only file system" \
	inns sh -c "echo 7 >$B/diff/u32"
check_fails_with "chmod through $B: EROFS" "Read-only file system" \
	inns chmod 600 $B/diff/u32
check "root's write through $A" inns sh -c "echo 8 >$A/diff/u32"
is "$B reads what $A wrote" "$(inns cat $B/diff/u32)" "8"
check "root's write through $M" sh -c "echo 9 >$M/diff/u32"
is "$A reads what $M wrote" "$(inns cat $A/diff/u32)" "9"
is "$B reads it" "$(inns cat $B/diff/u32)" "9"
is "$B: the mode is unchanged by the refused chmod" "$(inns stat -c %a $B/diff/u32)" "644"

# 6. A remount with other options: every view follows, and so does access.
check "remount(2) $A with mode=750,uid=1000,gid=2000" \
	inns remount $A mode=750,uid=1000,gid=2000
is "$A: root is 750 1000 2000" "$(inns stat -c '%a %u %g' $A)" "750 1000 2000"
is "$B: root is 750 1000 2000" "$(inns stat -c '%a %u %g' $B)" "750 1000 2000"
is "$M: root is 750 1000 2000" "$(owner $M)" "750 1000 2000"
check "$M: /proc/mounts shows the options" \
	grep -q "^none $M dbgfs rw,relatime,uid=1000,gid=2000,mode=750 " /proc/mounts
check "$B stays read-only after the remount" inns grep -q "^none $B dbgfs ro," /proc/mounts
is "files keep their own mode and owner (as debugfs)" \
	"$(inns stat -c '%a %u %g' $A/diff/modes/u32_0644)" "644 0 0"
# uid 1000, the owner of the root: in, and then each file's mode decides.
check "uid 1000 (owner) lists $A" inns runas 1000 1000 ls $A/diff
check "uid 1000 reads u32_0644 through $A" inns runas 1000 1000 cat $A/diff/modes/u32_0644
check "uid 1000 reads u32_0644 through $B" inns runas 1000 1000 cat $B/diff/modes/u32_0644
check "uid 1000 reads u32_0644 through $M" as 1000 cat $M/diff/modes/u32_0644
check_fails_with "uid 1000 cannot read u32_0600 (root's)" "Permission denied" \
	inns runas 1000 1000 cat $A/diff/modes/u32_0600
check_fails_with "uid 1000 cannot write u32_0644" "Permission denied" \
	inns runas 1000 1000 sh -c "echo 1 >$A/diff/modes/u32_0644"
check "uid 1000 writes u32_0666 through $A" inns runas 1000 1000 sh -c "echo 11 >$A/diff/modes/u32_0666"
is "root reads uid 1000's write" "$(cat $M/diff/modes/u32_0666)" "11"
check_fails_with "uid 1000 cannot write u32_0666 through $B: EROFS" "Read-only file system" \
	inns runas 1000 1000 sh -c "echo 12 >$B/diff/modes/u32_0666"
check "uid 1000 writes u32_0666 through $M" as 1000 sh -c "echo 13 >$M/diff/modes/u32_0666"
is "$B reads uid 1000's write through $M" "$(inns cat $B/diff/modes/u32_0666)" "13"
# uid 2000 of group 2000, the root's group: r-x.
check "uid 2000 (group) reads u32_0644 through $A" inns runas 2000 2000 cat $A/diff/modes/u32_0644
check "uid 2000 (group) writes u32_0666 through $M" as 2000 sh -c "echo 14 >$M/diff/modes/u32_0666"
is "the value is uid 2000's" "$(inns cat $A/diff/modes/u32_0666)" "14"
# uid 3000, neither: not even into the root.
check_fails_with "uid 3000 cannot list $A" "Permission denied" inns runas 3000 3000 ls $A
check_fails_with "uid 3000 cannot read through $B" "Permission denied" \
	inns runas 3000 3000 cat $B/diff/modes/u32_0644
check_fails_with "uid 3000 cannot write through $M" "Permission denied" \
	as 3000 sh -c "echo 15 >$M/diff/modes/u32_0666"
is "u32_0666 still holds uid 2000's value" "$(cat $M/diff/modes/u32_0666)" "14"

# A remount from outside, with other options again: access moves with them.
check "remount(2) $M with mode=700,uid=3000" remount $M mode=700,uid=3000
is "$A: root is 700 3000 2000" "$(inns stat -c '%a %u %g' $A)" "700 3000 2000"
is "$B: root is 700 3000 2000" "$(inns stat -c '%a %u %g' $B)" "700 3000 2000"
check "uid 3000 (the owner now) reads through $B" inns runas 3000 3000 cat $B/diff/modes/u32_0644
check "uid 3000 writes u32_0666 through $A" inns runas 3000 3000 sh -c "echo 16 >$A/diff/modes/u32_0666"
is "the value is uid 3000's" "$(cat $M/diff/modes/u32_0666)" "16"
check_fails_with "uid 1000 (no longer the owner) cannot read through $A" "Permission denied" \
	inns runas 1000 1000 cat $A/diff/modes/u32_0644
check_fails_with "uid 2000 (group, mode 700) cannot read through $M" "Permission denied" \
	as 2000 cat $M/diff/modes/u32_0644
check_fails_with "uid 3000 still cannot write through $B: EROFS" "Read-only file system" \
	inns runas 3000 3000 sh -c "echo 17 >$B/diff/modes/u32_0666"

# 7. A removal leaves every view.
check "rmmod diff_dbgfs" rmmod diff_dbgfs
check_fails_with "$A: diff/ is gone" "No such file or directory" inns stat $A/diff
check_fails_with "$B: diff/ is gone" "No such file or directory" inns stat $B/diff
check_fails_with "$M: diff/ is gone" "No such file or directory" stat $M/diff
# ls's output and status both: a failing nsenter or ls prints nothing too.
check "$A is still the namespace's dbgfs mount" inns grep -q "^none $A dbgfs " /proc/mounts
is "$A is empty" "$(inns ls -A $A 2>&1; echo "exit $?")" "exit 0"

# 8. debugfs through the same steps: one superblock, read-only bind, root-only options.
check "debugfs is mounted at /sys/kernel/debug" grep -q " /sys/kernel/debug debugfs " /proc/mounts
check "debugfs: mount in the namespace at $DA" inns mount -t debugfs none $DA
is "debugfs: $DA is /sys/kernel/debug's root (device, inode)" \
	"$(inns stat -c '%d %i' $DA)" "$(devino /sys/kernel/debug)"
check "debugfs: bind-mount $DA at $DB, read-only" \
	inns sh -c "mount -o bind $DA $DB && mount -o remount,bind,ro $DB"
check "insmod diff_debugfs.ko after the mounts" insmod $MODS/diff_debugfs.ko
dref=$(inns stat -c '%d %i' $DA/diff/modes/u32_0666)
check "debugfs: $DA has the new diff/" test -n "$dref"
is "debugfs: $DB has the same inode" "$(inns stat -c '%d %i' $DB/diff/modes/u32_0666)" "$dref"
check_fails_with "debugfs: root's write through $DB: EROFS" "Read-only file system" \
	inns sh -c "echo 7 >$DB/diff/u32"
check "debugfs: root's write through $DA" inns sh -c "echo 8 >$DA/diff/u32"
is "debugfs: $DB reads it" "$(inns cat $DB/diff/u32)" "8"
dmode=$(owner /sys/kernel/debug)
dperm=${dmode%% *}
check "debugfs: remount(2) $DA with mode=750,uid=1000,gid=2000" \
	inns remount $DA mode=750,uid=1000,gid=2000
is "debugfs: /sys/kernel/debug follows" "$(owner /sys/kernel/debug)" "750 1000 2000"
is "debugfs: files keep their own mode and owner" \
	"$(inns stat -c '%a %u %g' $DA/diff/modes/u32_0644)" "644 0 0"
check "debugfs: uid 2000 (group) reads u32_0644 through $DB" \
	inns runas 2000 2000 cat $DB/diff/modes/u32_0644
check_fails_with "debugfs: uid 3000 cannot read through $DA" "Permission denied" \
	inns runas 3000 3000 cat $DA/diff/modes/u32_0644
check "debugfs: remount(2) back to mode=$dperm,uid=0,gid=0" \
	remount /sys/kernel/debug "mode=$dperm,uid=0,gid=0"
is "debugfs: /sys/kernel/debug is back" "$(owner /sys/kernel/debug)" "$dmode"
check "rmmod diff_debugfs" rmmod diff_debugfs

# 9. The namespace goes, and its mounts with it.
kill "$NS"
wait "$NS" 2>/dev/null
is "dbgfs where outside still answers $M" "$($DBGFS where 2>&1)" "$M"
check "umount $M" umount $M
check_fails_with "dbgfs where: no mount left" "no dbgfs mount found" $DBGFS where
# With the namespace's mounts still there, the superblock would pin the module.
check "rmmod dbgfs: no mount of it is left in any namespace" rmmod dbgfs
done_testing
