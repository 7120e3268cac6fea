# SPDX-License-Identifier: GPL-2.0
# bench_smoke: the benchmark once at N=100 (bench --smoke), checking that its CSV has
# every workload for both filesystems.  make check runs this, never the benchmark.
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
MODS=/tests/modules
OUT=/tmp/bench_smoke.out

check "insmod dbgfs.ko" insmod $MODS/dbgfs.ko
check "mount dbgfs" mount -t dbgfs none $M
check "insmod dbgfs_bench.ko" insmod $MODS/dbgfs_bench.ko
if /tests/bin/bench --smoke >$OUT 2>&1; then
	ok "bench --smoke ran to the end"
else
	not_ok "bench --smoke failed"
	sed 's/^/#   /' $OUT | tail -20
fi

# has WORKLOAD THREADS: a CSV line for it in both filesystems, with a number.
has() {
	for fs in debugfs dbgfs; do
		if ! grep -E -q "^csv: $1,[0-9]+,$2,$fs,-?[0-9.]+,[a-zA-Z/]+\$" $OUT; then
			echo "#   no csv line for $1 threads=$2 fs=$fs"
			return 1
		fi
	done
}
for w in create_flat create_tree remove_flat remove_tree; do
	check "csv has $w, 1 and 2 threads, both fs" eval "has $w 1 && has $w 2"
done
for w in walk_flat walk_tree readdir; do
	check "csv has $w for both fs" has $w 1
done
for p in idle walked dropped; do
	check "csv has memory per entry $p, both fs" \
		eval "has slab_flat_$p 1 && has sunreclaim_flat_$p 1 && has slab_tree_$p 1"
done
for w in lookup_cold lookup_warm u64_open_read_close blob_read; do
	check "csv has $w, 1 and 2 threads, both fs" eval "has $w 1 && has $w 2"
done
grep '^csv: ' $OUT | sed 's/^/# /'
check "dbgfs_bench removed its trees" eval \
	"[ ! -e /sys/kernel/debug/bench_tree ] && [ ! -e $M/bench_tree ]"
check "rmmod dbgfs_bench" rmmod dbgfs_bench
check "no bench entries left in debugfs" eval "[ ! -e /sys/kernel/debug/bench ]"
check "umount dbgfs" umount $M
check "rmmod dbgfs" rmmod dbgfs
done_testing
