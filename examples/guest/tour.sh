# SPDX-License-Identifier: GPL-2.0
# tour: the guided tour of `make run`: dbgfs mounted at /sys/kernel/dbgfs with the
# example module's entries, and the dbgfs tool showing them.
insmod /tests/modules/dbgfs.ko
mount -t dbgfs none /sys/kernel/dbgfs
insmod /tests/modules/dbgfs_example.ko

run() {
	echo
	echo "\$ $*"
	"$@"
}

echo "dbgfs is mounted; the example module made /sys/kernel/dbgfs/example."
run dbgfs where
run dbgfs where --type debugfs
run dbgfs ls -R
run dbgfs get example/u32
run dbgfs set example/u32 1234
run dbgfs get example/x32
run cat /sys/kernel/dbgfs/example/blob
run readlink /sys/kernel/dbgfs/example/latest
run dbgfs get example/renamed
run dbgfs set example/u8 300
run dbgfs dump --json example
echo
echo "(dbgfs set example/u8 300 was refused: 300 does not fit a u8, which debugfs"
echo " would have stored as 44.)"
