# SPDX-License-Identifier: GPL-2.0
# bench: the benchmark's guest side (make bench).  Loads dbgfs and dbgfs_bench,
# mounts dbgfs at /sys/kernel/dbgfs (guest/init mounted debugfs at /sys/kernel/debug)
# and runs /tests/bin/bench, whose "csv:" lines bench/report reads from the TAP log
# (bench mounts the four filesystems at /bench/FS itself, and the floor at
# /sys/kernel/bench_floor; a bench that died leaves them, unmounted here).
# Not a test suite: its only TAP lines say whether it could run.  BENCH_SIZES,
# BENCH_REPS and BENCH_LARGE_REPS (guest/run --append BENCH_REPS=1: the kernel hands
# such words to init as environment) become bench's --sizes, --reps, --large-reps.
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
MODS=/tests/modules

check "insmod dbgfs.ko" insmod $MODS/dbgfs.ko
check "mount dbgfs" mount -t dbgfs none $M
check "debugfs is mounted" grep -q " /sys/kernel/debug debugfs " /proc/mounts
check "insmod dbgfs_bench.ko" insmod $MODS/dbgfs_bench.ko
echo "# kernel: $(uname -r); $(nproc) CPUs; $(sed -n 's/^MemTotal: *//p' /proc/meminfo)"
echo "# cmdline: $(cat /proc/cmdline)"
set --
[ -n "${BENCH_SIZES:-}" ] && set -- "$@" --sizes "$BENCH_SIZES"
[ -n "${BENCH_REPS:-}" ] && set -- "$@" --reps "$BENCH_REPS"
[ -n "${BENCH_LARGE_REPS:-}" ] && set -- "$@" --large-reps "$BENCH_LARGE_REPS"
echo "# bench $*"
if /tests/bin/bench "$@"; then
	ok "bench ran to the end"
else
	not_ok "bench failed"
	umount /bench/* /sys/kernel/bench_floor 2>/dev/null
fi
check "rmmod dbgfs_bench" rmmod dbgfs_bench
check "umount dbgfs" umount $M
check "rmmod dbgfs" rmmod dbgfs
done_testing
