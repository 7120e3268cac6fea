#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# install.sh [SERIES]: `make install` and `make uninstall` into a throwaway DESTDIR, as a
# packager runs them (PREFIX=/usr, the module for SERIES, default 6.1), and what a user then builds
# against the installed files: a program through libdbgfs.pc, a client module through
# the installed dbgfs.h and Module.symvers.  TAP on stdout.
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$DBGFS_TOP" || exit 1

. tests/lib/tap.sh
tap_name=install

series=${1:-6.1}
mk="$DBGFS_CACHE/kernels/$series.mk"
kdir=$(sed -n "s/^KDIR_$series := //p" "$mk")
krel=$(sed -n "s/^KREL_$series := //p" "$mk")
version=$(cat VERSION)
multiarch=$(cc -print-multiarch)
# Kbuild takes M= as words: no space in the throwaway folder's path.
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
logf=build/logs/install.log
mkdir -p build/logs
: >"$logf"
lib="$dest/usr/lib/$multiarch"
src="$dest/usr/src/dbgfs-$version"

echo "1..25"
check "make install DESTDIR PREFIX=/usr KDIR ($series)" \
	make -s install DESTDIR="$dest" PREFIX=/usr KDIR="$kdir"
check "the tool in /usr/bin" test -x "$dest/usr/bin/dbgfs"
check "its man page, with the version in its title" \
	grep -q "^\.TH DBGFS 1 \"[0-9-]*\" \"dbgfs $version\"" "$dest/usr/share/man/man1/dbgfs.1"
check "its bash completion" test -f "$dest/usr/share/bash-completion/completions/dbgfs"
check "dbgfs-port in /usr/bin, its semantic patch in /usr/share/dbgfs, its man page" \
	test -x "$dest/usr/bin/dbgfs-port" -a -f "$dest/usr/share/dbgfs/dbgfs-port.cocci" \
	-a -f "$dest/usr/share/dbgfs/realign.pl" \
	-a -f "$dest/usr/share/man/man1/dbgfs-port.1"
check "it names the installed dbgfs.h in its Kbuild lines" \
	sh -c "cd tests/port/cases && '$dest/usr/bin/dbgfs-port' include.c 2>&1 >/dev/null |
	       grep -qx '	ccflags-y += -I/usr/src/dbgfs-$version/include'"
check "it says the version" sh -c "'$dest/usr/bin/dbgfs' --version | grep -q '$version'"
check "libdbgfs.so.0 in the multiarch folder, SONAME libdbgfs.so.0" \
	sh -c "readelf -d '$lib/libdbgfs.so.0' | grep -q 'SONAME.*\\[libdbgfs.so.0\\]'"
check "the library's symbols are versioned" \
	sh -c "objdump -T '$lib/libdbgfs.so.0' | grep -q ' LIBDBGFS_[0-9.]* *dbgfs_where$'"
check "libdbgfs.so and libdbgfs.a for linking" test -L "$lib/libdbgfs.so" -a -f "$lib/libdbgfs.a"
check "libdbgfs.pc says prefix /usr and the version" \
	sh -c "grep -qx 'prefix=/usr' '$lib/pkgconfig/libdbgfs.pc' &&
	       grep -qx 'Version: $version' '$lib/pkgconfig/libdbgfs.pc'"
check "libdbgfs.h in /usr/include" test -f "$dest/usr/include/libdbgfs.h"
check "dbgfs_magic.h (its DBGFS_MAGIC) in /usr/include" test -f "$dest/usr/include/dbgfs_magic.h"
check "dbgfs_types.h (the table of the types) in /usr/include" \
	test -f "$dest/usr/include/dbgfs_types.h"
check "dbgfs.ko for $krel in updates/, version $version" \
	sh -c "modinfo -F version '$dest/lib/modules/$krel/updates/dbgfs.ko' | grep -qx '$version'"
check "dbgfs.h, its dbgfs_types.h and Module.symvers for client modules" \
	test -f "$src/include/dbgfs.h" -a -f "$src/include/uapi/dbgfs_types.h" \
	-a -f "$src/$krel/Module.symvers"

# A program, through pkg-config of the installed tree.
cat >"$dest/prog.c" <<'EOC'
#include <libdbgfs.h>
#include <stdio.h>

int main(void)
{
	struct dbgfs_ctx *ctx = dbgfs_new("tracefs");

	printf("%s\n", ctx ? dbgfs_fstype(ctx) : "none");
	dbgfs_free(ctx);
	return 0;
}
EOC
pc() { PKG_CONFIG_PATH="$lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest" pkg-config "$@"; }
check "a program builds against the installed library (pkg-config)" \
	sh -c "cc -Wall -Wextra -Werror -o '$dest/prog' '$dest/prog.c' $(pc --cflags --libs libdbgfs)"
check "and runs with it" \
	sh -c "LD_LIBRARY_PATH='$lib' '$dest/prog' | grep -qx tracefs"

# The example client, against the installed header and symbols only.
mkdir -p "$dest/client"
cp examples/dbgfs_example.c "$dest/client/"
printf 'obj-m += dbgfs_example.o\nccflags-y += -I%s/include\n' "$src" >"$dest/client/Kbuild"
check "examples/ builds against the installed dbgfs.h and Module.symvers (W=1)" \
	sh -c "make -C '$kdir' M='$dest/client' W=1 \
		KBUILD_EXTRA_SYMBOLS='$src/$krel/Module.symvers' modules >'$dest/client/build.log' 2>&1 &&
	       ! grep -E 'warning|error|undefined' '$dest/client/build.log'"
check "the example needs dbgfs by name" \
	sh -c "modinfo -F depends '$dest/client/dbgfs_example.ko' | grep -qx dbgfs"
# A debugfs client, ported by the installed dbgfs-port, against the installed files.
mkdir -p "$dest/ported"
cp tests/port/cases/include.c "$dest/ported/"
printf 'obj-m += include.o\nccflags-y += -I%s/include\n' "$src" >"$dest/ported/Kbuild"
check "the installed dbgfs-port ports a debugfs client (--in-place)" \
	sh -c "cd '$dest/ported' && '$dest/usr/bin/dbgfs-port' --in-place --quiet include.c &&
	       grep -q '^#include <dbgfs.h>' include.c"
check "which builds against the installed dbgfs.h and Module.symvers (W=1)" \
	sh -c "make -C '$kdir' M='$dest/ported' W=1 \
		KBUILD_EXTRA_SYMBOLS='$src/$krel/Module.symvers' modules >'$dest/ported/build.log' 2>&1 &&
	       ! grep -E 'warning|error|undefined' '$dest/ported/build.log'"
rm -rf "$dest/ported"
rm -rf "$dest/client" "$dest/prog" "$dest/prog.c"

check "make uninstall with the same variables" \
	make -s uninstall DESTDIR="$dest" PREFIX=/usr KDIR="$kdir"
check "it leaves no file behind" \
	sh -c "[ -z \"\$(find '$dest' -type f -o -type l)\" ] || { find '$dest' -type f -o -type l; false; }"
check "nor a folder of dbgfs' own" test ! -e "$src"
all_passed
