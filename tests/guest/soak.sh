# SPDX-License-Identifier: GPL-2.0
# soak: create/remove cycles of dbgfs entries with opens and reads between and across
# the removals (/tests/bin/soak with dbgfs_bench.ko; see tests/guest/soak.c), and the
# memory they leave behind: dbgfs' caches exactly as before, dentries and inodes back,
# SUnreclaim within MAX_B bytes per entry, while dbgfs is loaded and after it is gone.
# make check runs ENTRIES=20000; make soak gives its own numbers in /tests/soak.conf
# ("ENTRIES ROUND MAX_B").
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
MODS=/tests/modules
ENTRIES=20000 ROUND=2000 MAX_B=64
[ -f /tests/soak.conf ] && read -r ENTRIES ROUND MAX_B </tests/soak.conf
echo "# soak: $ENTRIES entries in rounds of $ROUND, at most $MAX_B B per entry left"

# The files this suite writes in /tmp (ramfs: their dentries stay) exist before the count.
: >/tmp/soak.before
: >/tmp/tap.out
: >/tmp/program.tap
check "snapshot before dbgfs is loaded" /tests/bin/soak snapshot /tmp/soak.before
check "insmod dbgfs.ko" insmod $MODS/dbgfs.ko
check "mount -t dbgfs none $M" mount -t dbgfs none $M
check "insmod dbgfs_bench.ko" insmod $MODS/dbgfs_bench.ko
tap_program "soak" /tests/bin/soak run "$ENTRIES" "$ROUND" "$MAX_B"
check "rmmod dbgfs_bench" rmmod dbgfs_bench
check "umount $M" umount $M
check "rmmod dbgfs" rmmod dbgfs
tap_program "after rmmod dbgfs" /tests/bin/soak compare /tmp/soak.before "$ENTRIES" "$MAX_B"
done_testing
