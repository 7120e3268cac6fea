# SPDX-License-Identifier: GPL-2.0
# bench_smoke: the benchmark once at N=100 (bench --smoke: chunks of 30, so that the
# interleaving goes round), checking that its CSV has every workload for every
# filesystem it measures (debugfs, dbgfs, sysfs, the floor) in both path modes, with
# times above zero, and that bench and dbgfs_bench leave nothing behind.  bench itself
# dies when a walk of one filesystem finds another number of entries than debugfs' or
# than N, a lookup's stat() fails or a u64 reads other bytes.  make check runs this,
# never the benchmark.
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
MODS=/tests/modules
OUT=/tmp/bench_smoke.out

check "insmod dbgfs.ko" insmod $MODS/dbgfs.ko
check "mount dbgfs" mount -t dbgfs none $M
check "insmod dbgfs_bench.ko" insmod $MODS/dbgfs_bench.ko
check "dbgfs_bench made /sys/kernel/bench_sysfs/bench/u64" \
	test -f /sys/kernel/bench_sysfs/bench/u64
check "dbgfs_bench registered the floor" grep -q dbgfs_bench_floor /proc/filesystems
if /tests/bin/bench --smoke >$OUT 2>&1; then
	ok "bench --smoke ran to the end"
else
	not_ok "bench --smoke failed"
	sed 's/^/#   /' $OUT | tail -20
	umount /bench/* /sys/kernel/bench_floor 2>/dev/null
fi

# has WORKLOAD THREADS MODES FS...: a CSV line for it in each FS and each of MODES
# ("sys own" or "-"), with a number; a time (ns/..., MiB/s) must be above zero.
has() {
	_w=$1 _t=$2 _modes=$3
	shift 3
	for _m in $_modes; do
		for _fs in "$@"; do
			_line=$(grep -E "^csv: $_w,[0-9]+,$_t,$_m,$_fs,0,-?[0-9.]+,[a-zA-Z/]+\$" $OUT)
			if [ -z "$_line" ]; then
				echo "#   no csv line for $_w threads=$_t mode=$_m fs=$_fs"
				return 1
			fi
			case $_line in
			*,ns/*|*,MiB/s)
				if echo "$_line" | grep -E -q ',0\.0,[a-zA-Z/]+$'; then
					echo "#   zero time: $_line"
					return 1
				fi ;;
			esac
		done
	done
}
KFS="debugfs dbgfs sysfs"
ALL="debugfs dbgfs sysfs floor"
for w in create_flat create_tree remove_flat remove_tree; do
	check "csv has $w, 1 and 2 threads, $KFS" \
		eval "has $w 1 - $KFS && has $w 2 - $KFS"
done
check "the floor has no create or remove rows" eval \
	"! grep -E -q '^csv: (create|remove)_[a-z]+,[0-9]+,[0-9],-,floor,' $OUT"
for w in walk_flat walk_tree readdir; do
	check "csv has $w for the four, both path modes" has $w 1 "sys own" $ALL
done
for p in idle walked dropped; do
	check "csv has memory per entry $p, the four" \
		eval "has slab_flat_$p 1 - $ALL && has sunreclaim_flat_$p 1 - $ALL && has slab_tree_$p 1 - $ALL"
done
for w in lookup_cold lookup_warm u64_open_read_close; do
	check "csv has $w, 1 and 2 threads, the four, both path modes" \
		eval "has $w 1 'sys own' $ALL && has $w 2 'sys own' $ALL"
done
check "csv has blob_read, 1 and 2 threads, debugfs and dbgfs" \
	eval "has blob_read 1 sys debugfs dbgfs && has blob_read 2 sys debugfs dbgfs"
grep '^csv: ' $OUT | sed 's/^/# /'
check "bench unmounted what it mounted" eval \
	"! grep -E -q ' (/bench/|/sys/kernel/bench_floor)' /proc/mounts"
check "dbgfs_bench removed its trees" eval \
	"[ ! -e /sys/kernel/debug/bench_tree ] && [ ! -e $M/bench_tree ] && [ ! -e /sys/kernel/bench_sysfs/bench_tree ]"
check "rmmod dbgfs_bench" rmmod dbgfs_bench
check "no bench entries left in debugfs" eval "[ ! -e /sys/kernel/debug/bench ]"
check "no bench kobject left in sysfs" eval "[ ! -e /sys/kernel/bench_sysfs ]"
check "the floor is unregistered" eval "! grep -q dbgfs_bench_floor /proc/filesystems"
check "umount dbgfs" umount $M
check "rmmod dbgfs" rmmod dbgfs
done_testing
