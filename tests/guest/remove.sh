# SPDX-License-Identifier: GPL-2.0
# remove: handles across owners and the exit window (issue 9, items 2 and 6).
#   owner_a.ko makes owner_a/{a}; owner_b.ko makes owner_a/b and keeps its handle.
#   Whichever goes first, owner_b's later dbgfs_remove() of its handle must not touch
#   freed memory (a KASAN report on the debug kernel; the runner fails the run on it).
#   exiter.ko forgets its entries and its exit() frees their data: a reader hammering
#   them across rmmod must never read freed data, and no release may run after exit().
# Removal, round 3 (issue 32):
#   cross_dir.ko's removal of cross/ runs the slow release (or fasync) of cross/slow,
#   cross_file.ko's file: rmmod cross_file meanwhile must be refused, and the method must
#   still read its data (rmtest cross).
#   reenter.ko's rel releases and ctl writes remove a sibling while a removal of their
#   directory runs them: neither rmmod nor the writers may hang (rmtest release, ctl);
#   nor the owner cleanup of a file renamed into a later directory (forgetful moved=1),
#   or of two directories, one removed by a release the other's removal runs (cross_dir
#   two=1, cross_file rm_other=1).
#   holes.ko: an open that replaces its fops is refused, and a mapping of a file whose
#   fops have no .owner pins the module (rmtest map).  proxyrace.ko: a creation that
#   finds a proxy whose last node goes meanwhile.
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
MODS=/tests/modules

left_lines() {
	dmesg | sed -n 's/^.*\(dbgfs: module .* entries behind; removed them\)$/\1/p'
}

check "insmod dbgfs.ko" insmod $MODS/dbgfs.ko
check "mount -t dbgfs none $M" mount -t dbgfs none $M

# 1. owner_a removes its directory (at its rmmod) while owner_b holds b, open.
dmesg -c >/dev/null
check "owners: insmod owner_a" insmod $MODS/owner_a.ko
check "owners: insmod owner_b" insmod $MODS/owner_b.ko
is "owners: owner_a/ has a and owner_b's b" "$(ls -A $M/owner_a | tr '\n' ' ')" "a b "
if exec 3<$M/owner_a/b; then ok "owners: open owner_a/b on fd 3"; else not_ok "owners: open owner_a/b on fd 3"; fi
check "owners: rmmod owner_a first, b still held by owner_b" rmmod owner_a
check_fails "owners: owner_a/ is gone" test -e $M/owner_a
out=$(cat <&3 2>&1)
case "$out" in
*"Input/output error"*) ok "owners: b, removed with owner_a/, reads EIO" ;;
*) not_ok "owners: b, removed with owner_a/, reads EIO"; echo "#   got: '$out'" ;;
esac
check "owners: rmmod owner_b: its dbgfs_remove() of the handle of b" rmmod owner_b
is "owners: owner_b's handle still answered as a removed node" \
	"$(dmesg | sed -n 's/^.*owner_b: rename of b: \(.*\)$/\1/p')" "-2"
exec 3<&-
closed "owners: close fd 3" 3
is "owners: no entries left behind" "$(left_lines)" ""

# 1b. The same with nothing of b open or cached, so that only owner_b's handle can keep
# b's memory: before the fix KASAN reported the use after free here.
dmesg -c >/dev/null
check "owners, nothing open: insmod owner_a" insmod $MODS/owner_a.ko
check "owners, nothing open: insmod owner_b" insmod $MODS/owner_b.ko
check "owners, nothing open: rmmod owner_a" rmmod owner_a
echo 2 >/proc/sys/vm/drop_caches
# An inode's reference to its node goes when the inode is freed, after a grace period
# (dbgfs_free_inode()): wait for it, as the soak suite does, so that the handle is the
# last reference again.
sleep 1
check "owners, nothing open: rmmod owner_b: its dbgfs_remove() of the handle of b" rmmod owner_b
is "owners, nothing open: owner_b's handle still answered as a removed node" \
	"$(dmesg | sed -n 's/^.*owner_b: rename of b: \(.*\)$/\1/p')" "-2"
is "owners, nothing open: no entries left behind" "$(left_lines)" ""

# 2. The other order: owner_b removes b, then owner_a goes.
dmesg -c >/dev/null
check "owners again: insmod owner_a" insmod $MODS/owner_a.ko
check "owners again: insmod owner_b" insmod $MODS/owner_b.ko
check "owners again: rmmod owner_b first" rmmod owner_b
is "owners again: owner_a/ has a only" "$(ls -A $M/owner_a)" "a"
check "owners again: rmmod owner_a" rmmod owner_a
is "owners again: the root is empty" "$(ls -A $M)" ""
is "owners again: no entries left behind" "$(left_lines)" ""

# 3. owner_b forgets b: after owner_a removed it, and before.
dmesg -c >/dev/null
check "forgotten b: insmod owner_a" insmod $MODS/owner_a.ko
check "forgotten b: insmod owner_b forget=1" insmod $MODS/owner_b.ko forget=1
check "forgotten b: rmmod owner_a" rmmod owner_a
check "forgotten b: rmmod owner_b, whose b owner_a removed" rmmod owner_b
is "forgotten b: nothing was left behind" "$(left_lines)" ""
check "forgotten b again: insmod owner_a" insmod $MODS/owner_a.ko
check "forgotten b again: insmod owner_b forget=1" insmod $MODS/owner_b.ko forget=1
check "forgotten b again: rmmod owner_b" rmmod owner_b
is "forgotten b again: one warning, for b" "$(left_lines)" \
	"dbgfs: module owner_b left 1 entries behind; removed them"
is "forgotten b again: owner_a/ has a only" "$(ls -A $M/owner_a)" "a"
check "forgotten b again: rmmod owner_a" rmmod owner_a

# 3b. A forgetful module whose file it renamed into its directory, made after the file:
# the cleanup must take the directory with the file in it.  Before the fix it removed
# the file and the directory as two parts of one removal, finished the directory
# first and waited in it for the file for good: rmmod hung.
dmesg -c >/dev/null
check "moved: insmod forgetful moved=1" insmod $MODS/forgetful.ko moved=1
is "moved: forgetful/moved reads" "$(cat $M/forgetful/moved)" "forgetful"
tap_program "moved" /tests/bin/rmtest unload forgetful
is "moved: one warning, for the 8 entries" "$(left_lines)" \
	"dbgfs: module forgetful left 8 entries behind; removed them"
is "moved: the root is empty" "$(ls -A $M)" ""

# 4. The exit window.
dmesg -c >/dev/null
check "exit window: insmod exiter" insmod $MODS/exiter.ko
tap_program exitwin /tests/bin/exitwin
is "exit window: no release or fasync ran after exit()" \
	"$(dmesg | grep -c -E 'exiter: (release|fasync) after exit')" 0
is "exit window: one warning, for exiter's 3 entries" "$(left_lines)" \
	"dbgfs: module exiter left 3 entries behind; removed them"

# 5. A removal by one module that runs another's release or fasync: cross_dir removes
# cross/ (by handle, by name, or by the owner cleanup of a forgetful cross_dir), in which
# cross_file made slow; with slow_fasync=1 fasync(-1) is the slow method, not release.
# Before the fix rmmod cross_file succeeded meanwhile, and the method read its data after
# exit() freed it ("read 0x6b6b6b6b after exit").
for run in "0 release" "1 release" "2 release" "0 fasync"; do
	set -- $run
	how=$1 slow=$2 t="cross, how=$1, slow $2"
	dmesg -c >/dev/null
	check "$t: insmod cross_dir how=$how" insmod $MODS/cross_dir.ko how=$how
	fasync=0
	[ "$slow" = fasync ] && fasync=1
	check "$t: insmod cross_file slow_fasync=$fasync" insmod $MODS/cross_file.ko \
		slow_fasync=$fasync
	tap_program "$t" /tests/bin/rmtest cross
	is "$t: the slow method found its data, cross_file loaded" \
		"$(dmesg | sed -n "s/^.*cross_file: \($slow read .*\)$/\1/p")" "$slow read 0x600dcafe"
	is "$t: none of cross_file's code ran after its exit()" \
		"$(dmesg | grep -c 'cross_file: .* after exit')" 0
	if [ "$how" = 2 ]; then
		klog_has "$t: cross_dir's cleanup removed cross/" \
			"dbgfs: module cross_dir left 2 entries behind; removed them"
	fi
	rmmod cross_file 2>/dev/null
	rmmod cross_dir 2>/dev/null
done

# 5b. Two directories in one removal, the owner cleanup of a forgetful cross_dir (two=1:
# cross0/, then cross/): the release of cross/slow, run by that removal, removes cross0/,
# which is the removal's other top.  Before the fix that remover waited for the whole
# of cross0/'s removal, which the cleanup was to begin after the release: rmmod hung.
t="cross, two tops"
dmesg -c >/dev/null
check "$t: insmod cross_dir how=2 two=1" insmod $MODS/cross_dir.ko how=2 two=1
check "$t: insmod cross_file rm_other=1" insmod $MODS/cross_file.ko rm_other=1
tap_program "$t" /tests/bin/rmtest cross
klog_has "$t: the release removed cross0/" "cross_file: release removed cross0"
klog_has "$t: cross_dir's cleanup removed both" \
	"dbgfs: module cross_dir left 3 entries behind; removed them"
rmmod cross_file 2>/dev/null
is "$t: the root is empty" "$(ls -A $M)" ""

# 6. A release and a write that remove a sibling S while a removal runs them.  Before
# the fix the removal of reenter/ and the remover of S waited for each other for good.
dmesg -c >/dev/null
check "reenter: insmod reenter" insmod $MODS/reenter.ko
tap_program "reenter, close" /tests/bin/rmtest close
check "reenter, close: rmmod reenter" rmmod reenter
dmesg -c >/dev/null
check "reenter, release: insmod reenter" insmod $MODS/reenter.ko
tap_program "reenter, release" /tests/bin/rmtest release
klog_has "reenter, release: rel's release ran in the removal at rmmod" \
	"reenter: rel's release removed"
for cmd in rm lar; do
	check "reenter, ctl $cmd: insmod reenter" insmod $MODS/reenter.ko
	tap_program "reenter, ctl $cmd" /tests/bin/rmtest ctl $cmd
	check "reenter, ctl $cmd: rmmod reenter" rmmod reenter
done
is "reenter: the root is empty" "$(ls -A $M)" ""
# A second remover of reenter/'s kind, of the directory itself: it takes over what has
# not begun, and the first removal's end waits for that.  Before the fix the first
# dbgfs_remove() returned with f's release still to run.
dmesg -c >/dev/null
check "takeover: insmod takeover" insmod $MODS/takeover.ko
tap_program "takeover" /tests/bin/rmtest takeover
klog_has "takeover: the first remover returned after f's release" \
	"takeover: first remove returned, f released=1"
check "takeover: rmmod takeover" rmmod takeover
is "takeover: the root is empty" "$(ls -A $M)" ""

# 7. Two holes of the proxy: an open that replaces the file's operations must be
# refused (before the fix it succeeded, and later calls bypassed the active references);
# a mapping of a file whose fops have no .owner must pin the module that made it (before
# the fix rmmod succeeded under the mapping, whose vm_ops->close was then freed text).
dmesg -c >/dev/null
check "holes: insmod holes" insmod $MODS/holes.ko
check_fails_with "holes: an open of swap, whose open replaces its fops, is refused" \
	"Invalid argument" cat $M/holes/swap
klog_has "holes: the refusal is logged" "replaced the file's operations"
is "holes: swap's release undid its one open" \
	"$(cat /sys/module/holes/parameters/opens) $(cat /sys/module/holes/parameters/releases)" "1 1"
tap_program "holes, map" /tests/bin/rmtest map
klog_has "holes, map: vm close ran, holes loaded" "holes: vm close"

# 8. A creation that finds a proxy in the hash while its last node goes: dbgfs' pause
# parameter (the test build's) holds the creation of proxyrace/f2 at the lookup of
# proxyrace/f1's proxy while f1 is removed.  Before the fix the lookup had taken a live
# reference but not yet one to the memory, which went with f1: "refcount_t: addition on
# 0; use-after-free", a WARNING that stops the guest.
P=/sys/module/dbgfs/parameters/pause
paused() {
	for _ in $(seq 500); do
		[ "$(cat $P)" = "$1" ] && return 0
		sleep 0.02
	done
	return 1
}
check "proxy race: insmod proxyrace" insmod $MODS/proxyrace.ko
check "proxy race: pause at the proxy lookup (point 1)" sh -c "echo 1 >$P"
check "proxy race: create f2, with f1's operations, in a kthread" \
	sh -c "echo create >$M/proxyrace/ctl"
check "proxy race: the creation is paused in the lookup of f1's proxy" paused -1
check "proxy race: remove f1 meanwhile, the proxy's only node" \
	sh -c "echo remove >$M/proxyrace/ctl"
check "proxy race: let the creation go on" sh -c "echo 0 >$P"
for _ in $(seq 500); do
	[ "$(cat /sys/module/proxyrace/parameters/created)" != 0 ] && break
	sleep 0.02
done
is "proxy race: f2 was made" "$(cat /sys/module/proxyrace/parameters/created)" 1
is "proxy race: f2 reads through its proxy" "$(cat $M/proxyrace/f2)" "race"
check "proxy race: rmmod proxyrace" rmmod proxyrace

check "umount $M" umount $M
check "rmmod dbgfs" rmmod dbgfs
done_testing
