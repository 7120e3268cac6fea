# SPDX-License-Identifier: GPL-2.0
# api: the in-kernel API tests (api_test.ko, KTAP from its init), then the owner
# cleanup of a module that forgets to remove its entries (forgetful.ko): its entries go
# with it, with exactly one warning that counts them, and a file of it held open across
# rmmod answers EIO.
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
MODS=/tests/modules
FAIL_NTH=/sys/module/dbgfs/parameters/fail_nth
# The test build (scripts/build-modules, DBGFS_FAULT=1) has the fail_nth knob; the
# module users get (DKMS, booted with DBGFS_BUILD=user on the kernel command line,
# which the kernel passes on to init's environment) must not.
BUILD=${DBGFS_BUILD:-test}
# forgetful.ko makes forgetful/{a,b,c,link,sub,sub/d}: 7 entries.
LEFT='dbgfs: module forgetful left 7 entries behind; removed them'

# left_lines: the kernel log's "left N entries behind" lines since the last dmesg -c.
left_lines() {
	dmesg | sed -n 's/^.*\(dbgfs: module .* entries behind; removed them\)$/\1/p'
}

check "insmod dbgfs.ko" insmod $MODS/dbgfs.ko
check "mount -t dbgfs none $M" mount -t dbgfs none $M

if [ "$BUILD" = test ]; then
	check "the test build has the fail_nth knob" test -e $FAIL_NTH
	ktap_module $MODS/api_test.ko
	is "api_test: fail_nth is back at 0" "$(cat $FAIL_NTH 2>&1)" 0
else
	check_fails "the $BUILD build has no fail_nth knob" test -e $FAIL_NTH
	ktap_module $MODS/api_test.ko fault_knob=0
fi
is "api_test: its exit removed everything (no warning)" "$(left_lines)" ""
is "api_test: the root is empty again" "$(ls -A $M)" ""

dmesg -c >/dev/null
check "forgetful: insmod" insmod $MODS/forgetful.ko
is "forgetful: its directory is in the root" "$(ls -A $M)" "forgetful"
is "forgetful: its entries are listed" "$(ls -A $M/forgetful | tr '\n' ' ')" "a b c link sub "
is "forgetful: sub/ has d" "$(ls -A $M/forgetful/sub)" "d"
is "forgetful: a reads" "$(cat $M/forgetful/a)" "forgetful"
is "forgetful: sub/d reads" "$(cat $M/forgetful/sub/d)" "forgetful"
is "forgetful: link points at a" "$(readlink $M/forgetful/link)" "a"
check "forgetful: rmmod" rmmod forgetful
check_exit "forgetful: the module is gone" 1 grep -q '^forgetful ' /proc/modules
check_fails_with "forgetful: its directory is gone from $M" "No such file or directory" \
	stat $M/forgetful
check_fails_with "forgetful: sub/d is gone" "No such file or directory" stat $M/forgetful/sub/d
is "forgetful: the root is empty" "$(ls -A $M)" ""
is "forgetful: exactly one warning, counting 7 entries" "$(left_lines)" "$LEFT"

# Again, with a file held open across rmmod.
dmesg -c >/dev/null
check "forgetful open: insmod again" insmod $MODS/forgetful.ko
if exec 3<$M/forgetful/b; then
	ok "forgetful open: open b on fd 3"
else
	not_ok "forgetful open: open b on fd 3"
fi
is "forgetful open: b reads through fd 3" "$(cat <&3 2>&1)" "forgetful"
check "forgetful open: rmmod succeeds while b is open" rmmod forgetful
check_exit "forgetful open: the module is gone" 1 grep -q '^forgetful ' /proc/modules
check_fails_with "forgetful open: its directory is gone" "No such file or directory" \
	stat $M/forgetful
out=$(cat <&3 2>&1)
rc=$?
case "$out" in
*"Input/output error"*) [ $rc -ne 0 ] && ok "forgetful open: read from fd 3 fails with EIO" ||
	not_ok "forgetful open: read from fd 3 fails with EIO (exit $rc)" ;;
*) not_ok "forgetful open: read from fd 3 fails with EIO"; echo "#   got: '$out' (exit $rc)" ;;
esac
is "forgetful open: exactly one warning, counting 7 entries" "$(left_lines)" "$LEFT"
exec 3<&-
closed "forgetful open: close fd 3" 3

# A devm seq file on a device that outlives its creator: dbgfs stays loaded until the
# device's managed resources (whose action is dbgfs code) are released.
check "devm: insmod devm_holder.ko (a device)" insmod $MODS/devm_holder.ko
check "devm: insmod devm_user.ko (a devm seq file on it)" insmod $MODS/devm_user.ko
is "devm: the file reads the device's name" "$(cat $M/devm_user 2>&1)" "devm_holder"
check "devm: rmmod devm_user" rmmod devm_user
check_fails "devm: its file is gone" test -e $M/devm_user
check "umount $M" umount $M
check_fails "devm: rmmod dbgfs is refused while the device holds the devm entry" rmmod dbgfs
check "devm: rmmod devm_holder releases the device and its devm entry" rmmod devm_holder
check "rmmod dbgfs" rmmod dbgfs

done_testing
