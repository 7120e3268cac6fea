# SPDX-License-Identifier: GPL-2.0
# lockdown: doc/design.md, section 5.4, under kernel lockdown.  Only files whose mode is
# within 0444, opened read-only and without ioctl or mmap (or mmap_prepare), may be
# opened; setattr is refused.
# Lockdown is one-way: this suite needs a guest of its own (tests/guest/SUITES.own-boot).
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
LC=$M/lc
MOD=/tests/modules
LOCKDOWN=/sys/kernel/security/lockdown

# err CMD...: the error text of a failing CMD ("ok" if it succeeded).
err() {
	if "$@" >/tmp/err.out 2>&1; then echo ok; else sed -n '$s/.*: //p' /tmp/err.out; fi
}

if [ ! -w $LOCKDOWN ]; then
	skip "no $LOCKDOWN in this kernel"
	done_testing
	exit
fi
check "insmod dbgfs.ko" insmod $MOD/dbgfs.ko
check "mount -t dbgfs none $M" mount -t dbgfs none $M
check "insmod lifetime_client.ko" insmod $MOD/lifetime_client.ko
is "p444 reads before lockdown" "$(cat $LC/p444)" "p444"
is "data reads before lockdown" "$(cat $LC/data)" "data"
check "echo integrity > $LOCKDOWN" sh -c "echo integrity > $LOCKDOWN"
check "lockdown is integrity" grep -q '\[integrity\]' $LOCKDOWN

is "a 0444 file without ioctl or mmap opens read-only" "$(cat $LC/p444)" "p444"
is "so does another (stats)" "$(cut -d' ' -f1 $LC/stats | cut -c1-6)" "opens="
is "a 0444 file that maps (pmap: mmap_prepare, or mmap) cannot be opened: EPERM" \
	"$(err cat $LC/pmap)" "Operation not permitted"
is "a 0444 file cannot be opened for writing: EPERM" \
	"$(err sh -c "echo x > $LC/p444")" "Operation not permitted"
is "0644 data cannot even be opened for reading: EPERM" \
	"$(err cat $LC/data)" "Operation not permitted"
is "a 0644 short-fops file cannot be read: EPERM" \
	"$(err cat $LC/short)" "Operation not permitted"
is "a 0600 file cannot be read: EPERM" "$(err cat $LC/p600)" "Operation not permitted"
is "ctl (0200) cannot be written: EPERM" \
	"$(err sh -c "echo create x > $LC/ctl")" "Operation not permitted"
is "chmod is refused: EPERM" "$(err chmod 0400 $LC/p444)" "Operation not permitted"
is "chown is refused: EPERM" "$(err chown 1 $LC/p444)" "Operation not permitted"
is "the mode is unchanged" "$(stat -c %a $LC/p444)" "444"
check "stat still works" stat $LC/data
is "readdir still works" "$(ls $LC | grep -c -x -e data -e p444 -e ctl)" "3"
is "readlink still works" "$(readlink $LC/link)" "data"
check "rmmod lifetime_client" rmmod lifetime_client
check "umount $M" umount $M
check "rmmod dbgfs" rmmod dbgfs
done_testing
