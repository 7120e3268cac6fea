#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# drivers.sh [SERIES]: dbgfs-port on real debugfs users of linux-source-6.1.
#
# Each driver of the list below is extracted from the tarball scripts/setup keeps in the
# cache, ported by tools/port/dbgfs-port --in-place and built against dbgfs as an external
# module for SERIES (default 6.1, Debian's headers; dbgfs' Module.symvers of
# scripts/build-modules, which must have run), into build/port/SERIES/drivers/.  A driver
# marked "build" must then compile and link with no error and no warning; one marked
# "refuse" holds something the tool cannot port, and is only ported.  What the tool reports
# for all of them ("FILE:LINE: why") is compared with tests/port/drivers.expected, and its
# exit status with what that expectation implies (1 with reports, else 0).  Then three
# whole drivers (units below), each a folder ported as one (dbgfs-port DIR) and built as
# one module at W=1: no report, no warning that the driver's own build (the original's,
# against debugfs) does not give.  TAP on stdout.
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$DBGFS_TOP" || exit 1

# FILE KIND STYLE: KIND is "build" or "refuse"; FILE is the tarball's path without its
# linux-source-6.1/ (extra files a driver needs, its own headers, follow it after a '+',
# as do -DCONFIG_... of Kconfig symbols Debian's config lacks, that its debugfs code needs).
drivers=(
	"drivers/watchdog/ie6xx_wdt.c build plain: one DEFINE_SHOW_ATTRIBUTE file, its dentry in a struct without a name"
	"drivers/block/brd.c build plain: a directory and a u64, IS_ERR_OR_NULL() of the directory"
	"drivers/nfc/nfcsim.c build plain: a directory per device below a file-scope one, a u8"
	"drivers/i2c/busses/i2c-gpio.c+-DCONFIG_I2C_GPIO_FAULT_INJECTOR build DEFINE_DEBUGFS_ATTRIBUTE with debugfs_create_file_unsafe, a dentry in the driver's struct"
	"drivers/firmware/turris-mox-rwtm.c build debugfs_create_file_unsafe with its own file_operations, a dentry field and a local"
	"drivers/spi/spi-hisi-kunpeng.c build debugfs_create_regset32 with struct debugfs_reg32 tables, a dentry in the driver's struct"
	"drivers/watchdog/dw_wdt.c build debugfs_create_regset32 of a regset allocated at probe, the directory a field"
	"drivers/usb/common/ulpi.c build DEFINE_SHOW_ATTRIBUTE (needs <linux/seq_file.h>), debugfs_lookup_and_remove(), a file-scope root"
	"drivers/hwmon/corsair-psu.c build DEFINE_SHOW_ATTRIBUTE five times, the directory in the driver's struct"
	"drivers/mailbox/mailbox-test.c build dentries in a struct, debugfs_initialized(), plain file_operations"
	"drivers/gpio/gpio-tegra.c build debugfs_create_devm_seqfile, its result unused"
	"drivers/net/ieee802154/adf7242.c build debugfs_create_devm_seqfile below a directory kept in the driver's struct"
	"drivers/net/caif/caif_serial.c build debugfs_create_blob of struct debugfs_blob_wrapper fields, x8 and xul, dentries in a struct"
	"drivers/platform/chrome/cros_ec_debugfs.c build debugfs_create_blob, u16 and x32 and files with their own fops, a dentry in a struct"
	"drivers/net/wwan/wwan_hwsim.c build dentries in two structs and two file-scope ones, debugfs_remove() of each"
	"drivers/ufs/core/ufs-debugfs.c refuse d_inode() of an entry, file->f_path.dentry"
	"drivers/firmware/tegra/bpmp-debugfs.c refuse an entry passed to dentry_path(), file->f_path.dentry"
	"drivers/net/ethernet/netronome/nfp/nfp_net_debugfs.c refuse debugfs_real_fops() (ported), files in a directory of the driver's struct declared in its header"
	"drivers/bluetooth/hci_vhci.c refuse files in the Bluetooth core's directory (hdev->debugfs)"
	"drivers/iio/imu/adis16460.c refuse files in the directory iio_get_debugfs_dentry() returns"
)

# Whole drivers, each a folder of the tarball ported as one unit (dbgfs-port DIR) and built
# as one module: DIR, the Kbuild switches it needs ('+' between them: CONFIG_X=m for its
# Makefile, -DCONFIG_X=N for a Kconfig value Debian's config lacks), and what it shows.
units=(
	"drivers/net/netdevsim CONFIG_NETDEVSIM=m 11 files and netdevsim.h: directories per device and per port in the header's structs (one in a struct without a name inside another), a symlink, u32, bool and u32_array files, files with their own fops"
	"drivers/net/ethernet/pensando/ionic CONFIG_IONIC=m 12 .c files and their headers: the dentries of ionic.h's and ionic_lif.h's structs, directories per queue with x64, blob and regset32 files"
	"drivers/misc/genwqe CONFIG_GENWQE=m+-DCONFIG_GENWQE_PLATFORM_ERROR_RECOVERY=0 6 files: card_base.h's directories, made in two files, files with their own fops"
)

series=${1:-6.1}
mk="$DBGFS_CACHE/kernels/$series.mk"
kdir=$(sed -n "s/^KDIR_$series := //p" "$mk" 2>/dev/null)
tarball="$DBGFS_CACHE/src/linux-source-6.1.tar.xz"
symvers="build/$series/kernel/Module.symvers"
out="$DBGFS_TOP/build/port/$series/drivers"
expected=tests/port/drivers.expected
port=tools/port/dbgfs-port

tap_name="port drivers"
. tests/lib/tap.sh

echo "1..$(( ${#drivers[@]} * 3 + $(printf '%s\n' "${drivers[@]}" | grep -c -E ' (build|refuse) ') + ${#units[@]} * 4 + 2 ))"
for f in "$tarball" "$symvers" "$kdir/Makefile"; do
	if [ ! -f "$f" ]; then
		echo "Bail out! $f is missing (scripts/setup $series; scripts/build-modules $series kernel)"
		exit 1
	fi
done
command -v spatch >/dev/null || { echo "Bail out! spatch is missing (coccinelle)"; exit 1; }
checkpatch=$DBGFS_CACHE/checkpatch/checkpatch.pl
[ -f "$checkpatch" ] || { echo "Bail out! $checkpatch is missing (scripts/setup)"; exit 1; }

# misaligned FILE: how many continuation lines checkpatch --strict finds not aligned with
# their open parenthesis, "?" if it cannot say.  checkpatch runs diff(1) on the path it
# is given unquoted: it gets a copy in a folder of /tmp, whose path has no space.
misaligned() {
	local d n
	d=$(mktemp -d /tmp/dbgfs-checkpatch.XXXXXX) || { echo "?"; return; }
	cp "$1" "$d/" &&
		n=$(perl "$checkpatch" --no-tree --terse --strict -f "$d/$(basename "$1")" 2>/dev/null |
			grep -c 'Alignment should match open parenthesis')
	rm -rf "$d"
	echo "${n:-?}"
}

# no_worse BEFORE AFTER: both counted, and AFTER is no more than BEFORE.
no_worse() {
	[[ $1 =~ ^[0-9]+$ && $2 =~ ^[0-9]+$ ]] && [ "$2" -le "$1" ]
}

# sum_misaligned FILE...: misaligned of each, added ("?" if one is).
sum_misaligned() {
	local f n sum=0
	for f in "$@"; do
		n=$(misaligned "$f")
		[[ $n =~ ^[0-9]+$ ]] || { echo "?"; return; }
		sum=$(( sum + n ))
	done
	echo "$sum"
}

rm -rf "$out"
mkdir -p "$out/src" "$out/include"
cp -r kernel/include/dbgfs.h kernel/include/uapi "$out/include/"
cp "$symvers" "$out/dbgfs.symvers"
# Kbuild takes M= as words: it gets a link in the cache to $out (as scripts/build-modules).
link="$DBGFS_CACHE/links/$(printf '%s' "$out" | sha256sum | cut -c1-16)"
mkdir -p "${link%/*}"
ln -sfn "$out" "$link"

members=()
for d in "${drivers[@]}"; do
	for f in $(tr '+' ' ' <<<"${d%% *}"); do
		[[ $f == -D* ]] || members+=("linux-source-6.1/$f")
	done
done
unit_dirs=()
for u in "${units[@]}"; do
	unit_dirs+=("linux-source-6.1/${u%% *}")
done
members+=("${unit_dirs[@]}")
tar -xJf "$tarball" -C "$out/src" --strip-components=1 "${members[@]}" 2>"$out/tar.log"
result $? "${#members[@]} files extracted from linux-source-6.1"
# The whole drivers once more as they are, to build against debugfs: what W=1 says of a
# driver's own code is no concern of the port.
mkdir -p "$out/orig"
tar -xJf "$tarball" -C "$out/orig" --strip-components=1 "${unit_dirs[@]}" \
	2>>"$out/tar.log"

# The tool runs in src/, so that its reports name the tarball's paths.
: >"$out/reports"
for d in "${drivers[@]}"; do
	files=${d%% *} rest=${d#* }
	kind=${rest%% *} style=${rest#* }
	file=${files%%+*}
	name=$(basename "$file" .c)
	log="$out/$name.port.log"
	before=$(misaligned "$out/src/$file")
	(cd "$out/src" && "$DBGFS_TOP/$port" --in-place --quiet "$file") >"$log" 2>&1
	rc=$?
	after=$(misaligned "$out/src/$file")
	no_worse "$before" "$after"
	result $? "$file: checkpatch --strict finds $after lines not aligned with their parenthesis, $before before"
	cat "$log" >>"$out/reports"
	want=$(grep -c -F "$file:" "$expected")
	[ "$want" -gt 0 ] && want=1
	if [ "$kind" = refuse ]; then
		result $(( want != 1 )) "$file is marked refuse: $expected has its report"
	fi
	result $(( rc != want )) "$file ($style): dbgfs-port exits $rc, $want expected"
	if [ "$kind" = build ]; then
		! grep -q -E '^#include <linux/debugfs\.h>' "$out/src/$file" &&
			grep -q -E '^#include <dbgfs\.h>' "$out/src/$file"
		result $? "$file: includes <dbgfs.h>, not <linux/debugfs.h>"
	else
		# What is refused stays debugfs' with all that goes with it: each header is
		# there if and only if something of its API is.
		uses() { grep -v -E '^\s*(/?\*|//|#include)' "$out/src/$file" | grep -c -E "$1"; }
		has() { grep -c -E "^#include <$1>" "$out/src/$file"; }
		d=$(uses '\<debugfs_(create_\w+|remove\w*|lookup\w*|rename|initialized|real_fops)\s*\(')
		b=$(uses '\<(dbgfs_\w+|DEFINE_DBGFS_\w+)')
		[ $(( d > 0 )) = "$(has 'linux/debugfs\.h')" ] && [ $(( b > 0 )) = "$(has 'dbgfs\.h')" ]
		result $? "$file: $d debugfs calls left with <linux/debugfs.h>, $b dbgfs names with <dbgfs.h>"
	fi
	[ "$kind" = build ] || continue

	# One folder a driver, the driver's folder of the tarball beside it for its headers.
	mkdir -p "$out/$name"
	cp "$out/src/$file" "$out/$name/"
	{
		echo "obj-m += $name.o"
		echo "ccflags-y += -I\$(src)/../include -I\$(src)/../src/$(dirname "$file")"
		for f in $(tr '+' ' ' <<<"$files"); do
			[[ $f != -D* ]] || echo "ccflags-y += $f"
		done
	} >"$out/$name/Kbuild"
	blog="$out/$name.build.log"
	make -C "$kdir" M="$link/$name" KBUILD_EXTRA_SYMBOLS="$link/dbgfs.symvers" modules \
		>"$blog" 2>&1
	rc=$?
	[ $rc = 0 ] && [ -f "$out/$name/$name.ko" ] && ! grep -q -E 'warning:|error:|WARNING:' "$blog"
	ok=$?
	result $ok "$file: ported, builds against dbgfs for $series as $name.ko (no warnings)"
	[ $ok = 0 ] || grep -E 'warning:|error:|WARNING:' "$blog" | head -5 | sed 's/^/#   /'
done

warnings() {
	grep -E 'warning:|error:|WARNING:' "$1" |
		sed -E 's|^.*/([^/]+):[0-9]+(:[0-9]+)?: |\1: |' | sort -u
}

# The whole drivers: no report, nothing of debugfs' API left, no line less aligned, and
# one module that builds at W=1 without a warning.
debugfs_api='\<(debugfs_(create_\w+|remove\w*|lookup\w*|rename|initialized|real_fops)\s*\(|DEFINE_DEBUGFS_ATTRIBUTE|struct\s+debugfs_|<linux/debugfs\.h>)'
for u in "${units[@]}"; do
	dir=${u%% *} rest=${u#* }
	switches=${rest%% *} style=${rest#* }
	name=$(basename "$dir")
	mapfile -t srcs < <(cd "$out/src" && find "$dir" -name '*.[ch]' | sort)
	before=$(sum_misaligned "${srcs[@]/#/$out/src/}")
	start=$(date +%s)
	(cd "$out/src" && "$DBGFS_TOP/$port" --in-place --quiet "$dir") >"$out/$name.port.log" 2>&1
	rc=$?
	secs=$(( $(date +%s) - start ))
	[ $rc = 0 ] && [ ! -s "$out/$name.port.log" ]
	result $? "$dir ($style): dbgfs-port $dir exits $rc in $secs s, no report"
	sed 's/^/#   /' "$out/$name.port.log" | head -5
	left=$(cd "$out/src" && grep -n -E "$debugfs_api" "${srcs[@]}" | grep -v -E ':[0-9]+:\s*(/?\*|//)')
	result "$([ -z "$left" ] && echo 0 || echo 1)" "$dir: nothing of debugfs' API left in its ${#srcs[@]} files"
	[ -z "$left" ] || head -5 <<<"$left" | sed 's/^/#   /'
	after=$(sum_misaligned "${srcs[@]/#/$out/src/}")
	no_worse "$before" "$after"
	result $? "$dir: checkpatch --strict finds $after lines not aligned with their parenthesis, $before before"
	kconfig=() defines=()
	for w in $(tr '+' ' ' <<<"$switches"); do
		if [[ $w == -D* ]]; then defines+=("$w"); else kconfig+=("$w"); fi
	done
	blog="$out/$name.build.log"
	make -C "$kdir" M="$link/src/$dir" W=1 "${kconfig[@]}" \
		KCFLAGS="-I$link/include ${defines[*]}" \
		KBUILD_EXTRA_SYMBOLS="$link/dbgfs.symvers" modules >"$blog" 2>&1
	rc=$?
	make -C "$kdir" M="$link/orig/$dir" W=1 "${kconfig[@]}" KCFLAGS="${defines[*]}" modules \
		>"$out/$name.orig.log" 2>&1
	# Each warning by its file and text (lines move): the port's, less the original's.
	new=$(comm -23 <(warnings "$blog") <(warnings "$out/$name.orig.log"))
	[ $rc = 0 ] && ls "$out/src/$dir"/*.ko >/dev/null 2>&1 && [ -z "$new" ]
	ok=$?
	result $ok "$dir: ported, builds against dbgfs for $series at W=1, no warning the original build has not ($(warnings "$out/$name.orig.log" | wc -l) it has)"
	[ $ok = 0 ] || { head -5 <<<"$new"; grep -E 'error:' "$blog" | head -5; } | sed 's/^/#   /'
done

# The reports, against the recorded expectation.
if diff -u "$expected" "$out/reports" >"$out/reports.diff"; then
	result 0 "the reports are $expected's ($(wc -l <"$expected") lines)"
else
	result 1 "the reports differ from $expected (see $out/reports.diff)"
	head -20 "$out/reports.diff" | sed 's/^/#   /'
fi
all_passed
