# SPDX-License-Identifier: GPL-2.0
# lifetime: the lifetime guarantees and access rules of dbgfs driven from user space
# (/tests/bin/lifetime), then a bounded stress run (/tests/bin/stress), through the
# lifetime_client test module; then RCU readers against removal (/tests/bin/rcu,
# rcu_client).  STRESS_SECS (default 20) and RCU_SECS (10) bound those runs.
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
MOD=/tests/modules

# The initramfs root comes from mktemp -d (0700): let nobody walk to the files.
chmod 755 /
check "insmod dbgfs.ko" insmod $MOD/dbgfs.ko
check "mount -t dbgfs -o mode=755 none $M" mount -t dbgfs -o mode=755 none $M
is "the root takes mode=755" "$(stat -c %a $M)" "755"
check "insmod lifetime_client.ko" insmod $MOD/lifetime_client.ko
tap_program lifetime /tests/bin/lifetime

check "insmod lifetime_client.ko again" insmod $MOD/lifetime_client.ko
tap_program stress /tests/bin/stress "${STRESS_SECS:-20}"
dmesg -c >/dev/null
check "rmmod lifetime_client after the stress run" rmmod lifetime_client
# The exit line: "opens=N releases=M files=F unbalanced=U", the last two per file.
_line=$(dmesg | sed -n 's/^.*lifetime_client: opens=\([0-9]*\) releases=\([0-9]*\) files=\([0-9]*\) unbalanced=\([0-9]*\)$/\1 \2 \3 \4/p')
set -- $_line
if [ $# -eq 4 ] && [ "$1" -gt 0 ] && [ "$3" -gt 0 ]; then
	ok "stress: the client's exit line counts opens of $3 files ($1 opens)"
else
	not_ok "stress: the client's exit line counts opens of some files"
	echo "#   got: '$_line'"
fi
# Missing values differ here, so that no line is no pass.
is "stress: release ran once per open, in total (releases, opens)" "${2:-no releases}" "${1:-no opens}"
is "stress: release ran once per open, file by file (unbalanced files)" "${4:-no count}" 0
dmesg | sed -n 's/^.*lifetime_client: \(unbalanced: .*\)$/#   \1/p'
check "insmod rcu_client.ko" insmod $MOD/rcu_client.ko
tap_program rcu /tests/bin/rcu "${RCU_SECS:-10}"
check "rmmod rcu_client" rmmod rcu_client
check "umount $M" umount $M
check "rmmod dbgfs" rmmod dbgfs
done_testing
