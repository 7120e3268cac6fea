#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# guest.sh: the test of `make check-install` (scripts/check-install), run at boot in a
# Debian root filesystem, from the test disk that holds it, build/deb/*.deb, README.md
# and VERSION.  TAP on stdout, the commands' output on stderr; "# done" when it ran to
# the end.  Two phases, by the kernel's command line:
#   install  (the first boot) the README's Quick start as a user pastes it: the headers
#            line, apt install of the packages, modprobe, dbgfs mount and where; what
#            DKMS built; dbgfs ls, the man page; the client recipe as written, and the
#            client's signature; get, set and a refused set; then apt remove and purge,
#            and what they leave.  The client, and a copy without its signature, go to
#            the disk's out/ for the second boot.
#   enforce  (booted with module.sig_enforce=1) the copy without a signature is refused
#            with the error doc/guide.md quotes; the client signed by DKMS' key too, as
#            long as that key is not enrolled.
set -uo pipefail
# systemd starts services with SIGPIPE ignored, and a shell cannot take back a signal
# it was started with ignoring: `dkms status` (in the package's prerm) then writes
# "Broken pipe".  Start again with SIGPIPE at its default, as in a login shell.
if [ -z "${DBGFS_SIGPIPE_RESET:-}" ]; then
	DBGFS_SIGPIPE_RESET=1 exec env --default-signal=PIPE bash "$0" "$@"
fi
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root
export LC_ALL=C.UTF-8 TERM=dumb DEBIAN_FRONTEND=noninteractive
disk=$(cd "$(dirname "$0")" && pwd)
cd "$disk" || exit 1
krel=$(uname -r)
version=$(cat VERSION)

n=0
ok() {	# ok DESCRIPTION COMMAND...: one result, "ok" when COMMAND succeeds
	local what=$1
	shift
	n=$((n + 1))
	echo "## $n: $what" >&2
	if "$@" >&2; then
		echo "ok $n - $what"
	else
		echo "not ok $n - $what"
	fi
}
# timed CMD...: CMD, and its time as a comment on stdout.
timed() {
	local start rc
	start=$(date +%s)
	"$@"
	rc=$?
	echo "# $* took $(( $(date +%s) - start )) s"
	return $rc
}

# The Quick start's lines: the first ```sh block after "## Quick start" (readme_line
# PATTERN: its line that starts with PATTERN), and the client recipe, the second block
# from `cat >mydriver.c` to `rmmod mydriver`.
quick=$(sed -n '/^## Quick start/,/^## /p' README.md)
readme_line() {
	awk '/^```sh$/ { n++; next } /^```$/ { next } n == 1' <<<"$quick" | grep -m 1 "^$1"
}
recipe() {
	awk '/^```sh$/ { n++; next } /^```$/ { next } n == 2' <<<"$quick" |
		sed -n '/^cat >mydriver\.c <</,/^rmmod mydriver/p'
}
# run_readme PATTERN: the README's line, run as written in the test disk's folder
# (where build/deb/ is), stdin not a terminal.
run_readme() {
	local line
	line=$(readme_line "$1") || { echo "no README line starting with '$1'" >&2; return 1; }
	echo "+ $line" >&2
	bash -c "$line" </dev/null
}

# Nothing of dbgfs' packages is left: no module under /lib/modules, no DKMS state, no
# source tree, no package known to dpkg (PURGED: not even its configuration).
nothing_left() {
	local status=0 found
	found=$(dkms status 2>&1)
	[ -z "$found" ] || { echo "dkms status: $found"; status=1; }
	found=$(find /lib/modules -name 'dbgfs.ko*')
	[ -z "$found" ] || { echo "left: $found"; status=1; }
	[ ! -e /var/lib/dkms/dbgfs ] || { echo "left: /var/lib/dkms/dbgfs"; status=1; }
	found=$(ls -d /usr/src/dbgfs-* 2>/dev/null)
	[ -z "$found" ] || { echo "left: $found"; status=1; }
	for found in /usr/bin/dbgfs /usr/bin/dbgfs-port /usr/share/man/man1/dbgfs.1.gz; do
		[ ! -e "$found" ] || { echo "left: $found"; status=1; }
	done
	[ ! -e "/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)/libdbgfs.so.0" ] ||
		{ echo "left: libdbgfs.so.0"; status=1; }
	if [ "${1:-}" = PURGED ]; then
		found=$(dpkg -l | awk '$2 ~ /dbgfs/')
		[ -z "$found" ] || { echo "dpkg still knows: $found"; status=1; }
	fi
	return $status
}
no_broken_pipe() { ! grep -i 'broken pipe' "$1"; }

sigpipe_default() {
	local ign
	ign=$(awk '/^SigIgn:/ { print $2 }' /proc/self/status)
	echo "SigIgn: $ign"
	(( (0x$ign & 0x1000) == 0 ))	# bit 13, SIGPIPE
}

installed_module() { find "/lib/modules/$krel" -name 'dbgfs.ko*' | head -n 1; }
dkms_built() {
	local ko
	dkms status
	dkms status dbgfs | grep -q "^dbgfs/$version, $krel, x86_64: installed" || return 1
	ko=$(installed_module)
	echo "module: $ko"
	[ -n "$ko" ] && [ "$(modinfo -F version "$ko")" = "$version" ] &&
		[ "$(modinfo -F vermagic "$ko" | cut -d' ' -f1)" = "$krel" ]
}
readme_mount() { run_readme 'dbgfs mount' && findmnt -t dbgfs /sys/kernel/dbgfs; }
prints() {	# prints EXPECTED CMD...: CMD succeeds and prints EXPECTED alone
	local want=$1 got
	shift
	got=$("$@") || return 1
	echo "$* printed: $got"
	[ "$got" = "$want" ]
}
man_page() {
	local page
	page=$(man -P cat dbgfs 2>&1)
	head -20 <<<"$page"
	grep -q '^NAME' <<<"$page" && grep -q 'dbgfs - ' <<<"$page" &&
		grep -q "dbgfs $version" <<<"$page"
}

# The client recipe, as written, in a folder of its own.
client=/var/tmp/dbgfs-client
build_client() {
	local rc
	mkdir -p "$client"
	recipe >"$client/recipe.sh"
	cat "$client/recipe.sh"
	grep -q '^insmod mydriver.ko' "$client/recipe.sh" || return 1
	(cd "$client" && bash -e -x recipe.sh) >"$client/out" 2>&1 </dev/null
	rc=$?
	cat "$client/out"
	[ $rc = 0 ] && grep -qx 10 "$client/out"
}
# The DKMS key's subject CN, and the signers of dbgfs.ko and the client.
dkms_cn() {
	openssl x509 -inform DER -in /var/lib/dkms/mok.pub -noout -subject -nameopt multiline |
		sed -n 's/^ *commonName *= *//p'
}
same_signer() {
	local cn ko sko scl
	cn=$(dkms_cn)
	ko=$(installed_module)
	sko=$(modinfo -F signer "$ko")
	scl=$(modinfo -F signer "$client/mydriver.ko")
	echo "DKMS key: '$cn'; dbgfs.ko signed by '$sko' ($(modinfo -F sig_key "$ko")); client by '$scl' ($(modinfo -F sig_key "$client/mydriver.ko"))"
	[ -n "$cn" ] && [ "$sko" = "$cn" ] && [ "$scl" = "$cn" ] &&
		[ "$(modinfo -F sig_key "$ko")" = "$(modinfo -F sig_key "$client/mydriver.ko")" ]
}
get_set() {
	insmod "$client/mydriver.ko" || return 1
	dbgfs set mydriver/threshold 20 && prints 20 dbgfs get mydriver/threshold &&
		prints 20 cat /sys/kernel/dbgfs/mydriver/threshold
	local rc=$?
	rmmod mydriver || rc=1
	return $rc
}
refused_set() {
	insmod "$client/mydriver.ko" || return 1
	local rc=0
	dbgfs set mydriver/threshold 4294967296 && rc=1	# past u32: refused, not cut
	prints 10 dbgfs get mydriver/threshold || rc=1
	rmmod mydriver || rc=1
	return $rc
}
unload() { umount /sys/kernel/dbgfs && rmmod dbgfs && ! grep -q '^dbgfs ' /proc/modules; }
# For the second boot: the signed client, and a copy without its signature (objcopy
# rewrites the ELF file and drops what is appended to it).
keep_clients() {
	mkdir -p out &&
		cp "$client/mydriver.ko" out/signed.ko &&
		objcopy out/signed.ko out/unsigned.ko &&
		[ -n "$(modinfo -F signer out/signed.ko)" ] &&
		[ -z "$(modinfo -F signer out/unsigned.ko)" ] &&
		[ "$(modinfo -F name out/unsigned.ko)" = mydriver ] &&
		dkms_cn >out/dkms-cn &&
		cp "$(installed_module)" out/
}
apt_remove() {
	apt remove -y dbgfs-dkms libdbgfs0 dbgfs-tools </dev/null >/tmp/remove.log 2>&1
	local rc=$?
	cat /tmp/remove.log
	[ $rc = 0 ] && no_broken_pipe /tmp/remove.log
}
apt_purge() {
	apt purge -y dbgfs-dkms libdbgfs0 dbgfs-tools </dev/null >/tmp/purge.log 2>&1
	local rc=$?
	cat /tmp/purge.log
	[ $rc = 0 ] && no_broken_pipe /tmp/purge.log
}
reinstall() {
	run_readme 'apt install ./build/deb/' && dkms status dbgfs | grep -q "^dbgfs/$version, $krel, x86_64: installed"
}
apt_install() {
	timed run_readme 'apt install ./build/deb/' >/tmp/install.log 2>&1
	local rc=$?
	cat /tmp/install.log
	grep '^# ' /tmp/install.log | tail -n 1 >&3
	[ $rc = 0 ]
}

# enforce: insmod of FILE is refused with ERROR (the words of doc/guide.md), and the
# kernel says why (REASON).
refused() {	# refused FILE ERROR REASON
	local before out rc
	before=$(dmesg | grep -c "Loading of $3 is rejected")
	out=$(insmod "$1" 2>&1)
	rc=$?
	echo "insmod $1: exit $rc: $out"
	dmesg | tail -n 3
	[ $rc != 0 ] && [ "$out" = "insmod: ERROR: could not insert module $1: $2" ] &&
		[ "$(dmesg | grep -c "Loading of $3 is rejected")" -gt "$before" ] &&
		! grep -q '^mydriver ' /proc/modules
}

# enforce: DKMS' dbgfs.ko of the first boot, where DKMS installs it, refused by modprobe.
modprobe_refused() {
	local ko before out rc
	ko=$(ls out/dbgfs.ko*) || return 1
	mkdir -p "/lib/modules/$krel/updates/dkms" && cp "$ko" "/lib/modules/$krel/updates/dkms/" &&
		depmod -a || return 1
	before=$(dmesg | grep -c "Loading of module with unavailable key is rejected")
	out=$(modprobe dbgfs 2>&1)
	rc=$?
	echo "modprobe dbgfs: exit $rc: $out"
	[ $rc != 0 ] && [ "$out" = "modprobe: ERROR: could not insert 'dbgfs': Key was rejected by service" ] &&
		[ "$(dmesg | grep -c "Loading of module with unavailable key is rejected")" -gt "$before" ]
}

echo "# $(cat /etc/debian_version) $krel, $(nproc) CPUs, $(awk '/MemTotal/ { print $2 }' /proc/meminfo) kB"
if grep -qw 'module.sig_enforce=1' /proc/cmdline; then
	echo "1..5"
	ok "module.sig_enforce=1: the kernel enforces module signatures" \
		prints Y cat /sys/module/module/parameters/sig_enforce
	ok "the client of the first boot, its signature taken off, is refused: \"Key was rejected by service\", unsigned module" \
		refused out/unsigned.ko 'Key was rejected by service' 'unsigned module'
	ok "the client signed by DKMS' key ($(cat out/dkms-cn 2>/dev/null)) is refused as well while that key is not enrolled" \
		refused out/signed.ko 'Key was rejected by service' 'module with unavailable key'
	ok "DKMS' dbgfs.ko of the first boot: modprobe dbgfs is refused, \"Key was rejected by service\", unavailable key" \
		modprobe_refused
	ok "SIGPIPE at its default" sigpipe_default
else
	echo "1..21"
	ok "SIGPIPE at its default" sigpipe_default
	ok "README: apt install linux-headers-\$(uname -r) (there already, offline)" \
		run_readme 'apt install linux-headers-'
	ok "README: apt install ./build/deb/dbgfs-dkms_*.deb ./build/deb/libdbgfs0_*.deb ./build/deb/dbgfs-tools_*.deb, offline" \
		apt_install 3>&1
	ok "DKMS built and installed dbgfs $version for the running kernel, $krel" dkms_built
	ok "README: modprobe dbgfs" run_readme 'modprobe dbgfs'
	ok "README: dbgfs mount mounts dbgfs at /sys/kernel/dbgfs" readme_mount
	ok "README: dbgfs -t debugfs where prints /sys/kernel/debug" \
		prints /sys/kernel/debug run_readme 'dbgfs -t debugfs where'
	ok "dbgfs where prints /sys/kernel/dbgfs; dbgfs --version $version" \
		sh -c "[ \"\$(dbgfs where)\" = /sys/kernel/dbgfs ] && [ \"\$(dbgfs --version)\" = 'dbgfs $version' ]"
	ok "dbgfs ls of the empty mount" prints '' dbgfs ls
	ok "man dbgfs: the man page, of $version" man_page
	ok "README: the client recipe as written builds, signs and loads mydriver.ko, dbgfs get prints 10" \
		build_client
	ok "the client is signed by DKMS' key, as dbgfs.ko is (modinfo -F signer, sig_key)" same_signer
	ok "the client again: dbgfs set mydriver/threshold 20, get and cat print 20" get_set
	ok "the client again: dbgfs set of 4294967296 to a u32 is refused, the value stays 10" refused_set
	ok "umount and rmmod dbgfs" unload
	ok "the client and a copy without its signature kept for the second boot" keep_clients
	ok "apt remove of the three packages, no \"Broken pipe\"" apt_remove
	# The packages have no conffiles: apt remove leaves nothing for purge, whose
	# "Unable to locate package" would be no failure of theirs.  So purge is tested on
	# the packages installed again.
	ok "after apt remove: dkms status empty, no dbgfs.ko under /lib/modules, no /usr/src/dbgfs-*, no tool, no library, nothing dpkg knows (no conffiles)" \
		nothing_left PURGED
	ok "README: apt install of the packages again; DKMS builds dbgfs again" \
		reinstall
	ok "apt purge of the three packages, no \"Broken pipe\"" apt_purge
	ok "after apt purge: dkms status empty, no dbgfs.ko under /lib/modules, no /usr/src/dbgfs-*, no tool, no library, nothing dpkg knows" \
		nothing_left PURGED
fi
echo "# done"
