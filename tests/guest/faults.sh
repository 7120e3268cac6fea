# SPDX-License-Identifier: GPL-2.0
# faults: fault injection on every path user space reaches (issue 15, item 2), with
# dbgfs' fail_nth knob: writing N makes the N-th allocation of dbgfs from then on fail.
#   1. module init: insmod dbgfs.ko fail_nth=N for N = 1, 2, ... until it loads; each
#      failed load answers ENOMEM and leaves nothing (no module, filesystem type, mount
#      point or slab cache), and the following load succeeds.
#   2. faultwalk (tests/guest/faultwalk.c) over the files of fault_client.ko: the open
#      record, typed-attribute opens, str's buffers, the poll forwarder (poll and epoll),
#      readdir batches, lookup, devm entries with their reset path, and fill_super.
#      Each walk must leave no splat in the kernel log.
#   3. The same walks under the kernel's failslab, where the kernel has fault injection
#      (the debug kernel): each slab allocation of the operation fails in turn, through
#      /proc/thread-self/fail-nth.
#   4. kmemleak, where the kernel has it (the debug kernel): nothing leaked meanwhile.
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
MODS=/tests/modules
KNOB=/sys/module/dbgfs/parameters/fail_nth
LEAKS=/sys/kernel/debug/kmemleak
FAILSLAB=/sys/kernel/debug/failslab
OPS="plain u8 attr array str_read str_write poll epoll readdir lookup devm_add devm_open"
# Under failslab: lookup's drop_caches would make its walk the whole dcache's.
SLAB_OPS="plain u8 attr array str_read str_write poll epoll readdir devm_add devm_open"

# Whether this kernel has fault injection (should_fail() is CONFIG_FAULT_INJECTION's).
has_fault_injection() {
	grep -qw should_fail /proc/kallsyms
}

# failslab_on / failslab_off: GFP_KERNEL allocations count too, without a stack dump each.
failslab_on() {
	gfp_wait=$(cat $FAILSLAB/ignore-gfp-wait)
	verbose=$(cat $FAILSLAB/verbose)
	echo N >$FAILSLAB/ignore-gfp-wait && echo 0 >$FAILSLAB/verbose
}
failslab_off() {
	echo "$gfp_wait" >$FAILSLAB/ignore-gfp-wait
	echo "$verbose" >$FAILSLAB/verbose
}

# no_splat WHAT: nothing in the kernel log since the last dmesg -c.
no_splat() {
	is "$1: no splat in the kernel log" "$(splats)" ""
}

# What is left of dbgfs, one line each.
leftovers() {
	[ -e /sys/module/dbgfs ] && echo "/sys/module/dbgfs"
	grep -qw dbgfs /proc/filesystems && echo "dbgfs in /proc/filesystems"
	[ -e $M ] && echo "$M"
	[ -e /sys/kernel/slab/dbgfs_node ] && echo "slab cache dbgfs_node"
	[ -e /sys/kernel/slab/dbgfs_inode ] && echo "slab cache dbgfs_inode"
}

# Only what leaks from here on counts: what earlier suites left is reported now.
if [ -w $LEAKS ]; then
	echo scan >$LEAKS
	echo clear >$LEAKS
fi
dmesg -c >/dev/null

# 1. Module init: each step failing unwinds the ones before it.
is "init: nothing of dbgfs before the first load" "$(leftovers)" ""
n=1 loaded=
while [ $n -le 20 ]; do
	if insmod $MODS/dbgfs.ko fail_nth=$n >/tmp/insmod.out 2>&1; then
		loaded=$n
		break
	fi
	if grep -q "Cannot allocate memory" /tmp/insmod.out; then
		ok "init: allocation $n failing: insmod answers ENOMEM"
	else
		not_ok "init: allocation $n failing: insmod answers ENOMEM"
		sed 's/^/#   /' /tmp/insmod.out
	fi
	is "init: allocation $n failing: nothing of dbgfs is left" "$(leftovers)" ""
	n=$((n + 1))
done
left=$(cat $KNOB 2>/dev/null)
is "init: loads with fail_nth=$n, past its allocations (the knob did not reach 0)" \
	"$([ -n "$loaded" ] && [ "${left:-0}" -gt 0 ] && echo yes)" yes
echo 0 >$KNOB
allocs=$((n - 1))
# 5 since the root's name ("dbgfs", shorter than a pointer) lives in its node.
is "init: has $allocs allocations, each failing cleanly (at least 5 expected)" \
	"$([ $allocs -ge 5 ] && echo yes)" yes
is "init: once loaded, all of it is there" "$(leftovers | tr '\n' ',')" \
	"/sys/module/dbgfs,dbgfs in /proc/filesystems,$M,slab cache dbgfs_node,slab cache dbgfs_inode,"
check "init: rmmod dbgfs" rmmod dbgfs
is "init: rmmod left nothing" "$(leftovers)" ""
check "init: the following load succeeds" insmod $MODS/dbgfs.ko
is "init: its knob is off" "$(cat $KNOB)" 0
no_splat "init"

# 2. The paths user space reaches.
check "mount -t dbgfs none $M" mount -t dbgfs none $M
check "insmod fault_client.ko" insmod $MODS/fault_client.ko
for op in $OPS; do
	dmesg -c >/dev/null
	tap_program "$op" /tests/bin/faultwalk $op
	no_splat "$op"
done

# 3. failslab, where the kernel has it.
slab=
if has_fault_injection; then
	if [ -e /proc/thread-self/fail-nth ] && [ -w $FAILSLAB/ignore-gfp-wait ]; then
		slab=yes
	else
		not_ok "failslab: the kernel has fault injection, but no fail-nth or $FAILSLAB"
	fi
else
	is "failslab: $(uname -r) has no fault injection (no should_fail in /proc/kallsyms): the debug kernel walks it" \
		"$([ -e /proc/thread-self/fail-nth ] || echo absent)" absent
fi
if [ -n "$slab" ]; then
	check "failslab: GFP_KERNEL allocations may fail, quietly" failslab_on
	for op in $SLAB_OPS; do
		dmesg -c >/dev/null
		tap_program "failslab $op" /tests/bin/faultwalk --failslab $op
		no_splat "failslab $op"
	done
fi
# fill_super runs only for a new superblock: with dbgfs mounted nowhere.
check "umount $M for the mount walk" umount $M
dmesg -c >/dev/null
tap_program mount /tests/bin/faultwalk mount
no_splat "mount"
if [ -n "$slab" ]; then
	dmesg -c >/dev/null
	tap_program "failslab mount" /tests/bin/faultwalk --failslab mount
	no_splat "failslab mount"
	check "failslab: back to its settings" failslab_off
fi
check "mount -t dbgfs none $M again" mount -t dbgfs none $M
is "fault_client/ is still there" "$(ls $M/fault_client | tr '\n' ' ')" \
	"array attr counts devm devm_released many plain poll str u8 "
is "the knob is back at 0" "$(cat $KNOB)" 0
check "rmmod fault_client" rmmod fault_client
check "umount $M" umount $M
check "rmmod dbgfs" rmmod dbgfs
no_splat "unload"

# 4. kmemleak, where this kernel has it: Debian's kernels are built without it.
if grep -qw kmemleak_alloc /proc/kallsyms; then
	if [ -w $LEAKS ]; then
		# Objects count once they are a few seconds old and unreferenced in two scans.
		check "kmemleak: a first scan (kmemleak is still on)" sh -c "echo scan >$LEAKS"
		sleep 6
		check "kmemleak: a second scan" sh -c "echo scan >$LEAKS"
		# The report and cat's status: a read that fails prints nothing too.
		is "kmemleak: nothing leaked since the suite began" \
			"$(cat $LEAKS 2>&1; echo "exit $?")" "exit 0"
	else
		not_ok "kmemleak: the kernel has it, but $LEAKS is not there"
	fi
else
	is "kmemleak: not built into $(uname -r) (no kmemleak_alloc in /proc/kallsyms): the debug kernel checks" \
		"$([ -e $LEAKS ] || echo absent)" absent
fi
done_testing
