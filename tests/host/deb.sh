#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# deb.sh [--build] [--kernel SERIES] [DEB...]: the Debian packages of `make deb` as a user
# gets them, each unpacked (dpkg -x) into one throwaway root: their versions and file
# lists, the tool run from there, the library's SONAME and symbol versions, a program
# built through the -dev package's libdbgfs.pc, and the DKMS tree's hooks.  TAP on
# stdout, command output in build/logs/deb.log.
#
#   --build          run `make deb` first (its lintian too), as one result
#   --kernel SERIES  also build the module from dbgfs-dkms' tree for SERIES (6.1, 6.12, 6.12-rt)
#                    with dkms.conf's own MAKE and POST_BUILD, as DKMS does, and the
#                    example client and the README's Quick start client against what
#                    that leaves in /usr/src/dbgfs-VERSION
#   DEB...           the .debs (default: build/deb/*.deb, less the -dbgsym ones)
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$DBGFS_TOP" || exit 1
. tests/lib/tap.sh
tap_name=deb

usage() { die "usage: deb.sh [--build] [--kernel SERIES] [DEB...]"; }
build='' series=''
while [ $# -gt 0 ]; do
	case "$1" in
	--build) build=1 ;;
	--kernel) [ $# -ge 2 ] || usage; series=$2; shift ;;
	--) shift; break ;;
	-*) usage ;;
	*) break ;;
	esac
	shift
done
debs=("$@")

version=$(cat VERSION)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
packages=(dbgfs-dkms libdbgfs0 libdbgfs-dev dbgfs-tools)
# Kbuild takes M= as words: no space in the throwaway root's path.
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
logf=build/logs/deb.log
mkdir -p build/logs
: >"$logf"
lib="$root/usr/lib/$multiarch"
src="$root/usr/src/dbgfs-$version"
if [ -n "$series" ]; then
	mk="$DBGFS_CACHE/kernels/$series.mk"
	kdir=$(sed -n "s/^KDIR_$series := //p" "$mk" 2>/dev/null)
	krel=$(sed -n "s/^KREL_$series := //p" "$mk" 2>/dev/null)
fi

plan=26
[ -z "$build" ] || plan=$((plan + 1))
[ -z "$series" ] || plan=$((plan + 5))
echo "1..$plan"
[ -z "$build" ] || check "make deb builds the packages, no lintian error or warning" make -s deb
if [ ${#debs[@]} -eq 0 ]; then
	for f in build/deb/*.deb; do
		[[ -e "$f" && "$f" != *-dbgsym_* ]] && debs+=("$f")
	done
fi

# Each package's .deb and control files; each unpacked into $root.
declare -A deb
for f in "${debs[@]}"; do
	p=$(dpkg-deb -f "$f" Package 2>>"$logf") || continue
	deb[$p]=$f
	mkdir -p "$root/DEBIAN/$p"
	dpkg-deb -e "$f" "$root/DEBIAN/$p" && dpkg -x "$f" "$root"
done >>"$logf" 2>&1

all_there() {
	local p status=0
	for p in "${packages[@]}"; do
		[ -n "${deb[$p]:-}" ] || { echo "no $p among ${debs[*]}"; status=1; }
	done
	return $status
}

# The version everywhere: the tree's debian/changelog and CHANGELOG, each package's
# Version and the changelog it installs.
versions() {
	local p got status=0
	got=$(dpkg-parsechangelog -l debian/changelog -SVersion)
	[ "$got" = "$version" ] || { echo "debian/changelog: $got"; status=1; }
	got=$(awk '/^[0-9]/ { print $1; exit }' CHANGELOG)
	[ "$got" = "$version" ] || { echo "CHANGELOG's newest entry: $got"; status=1; }
	for p in "${packages[@]}"; do
		got=$(dpkg-deb -f "${deb[$p]:-/dev/null}" Version)
		[ "$got" = "$version" ] || { echo "$p: Version $got"; status=1; }
		got=$(zcat "$root/usr/share/doc/$p/changelog.gz" | head -n 1)
		[[ "$got" == "dbgfs ($version) "* ]] || { echo "$p changelog: $got"; status=1; }
	done
	return $status
}

# file_list PKG: the files and links of PKG's .deb against the list on stdin.
file_list() {
	diff -u <(sed "s/@V@/$version/g; s/@MA@/$multiarch/g" | sort) \
		<(dpkg-deb -c "${deb[$1]:-/dev/null}" | grep -v '^d' |
			sed -E 's|^([^ ]+ +){5}\./||' | sort)
}
docs() { printf 'usr/share/doc/%s/changelog.gz\nusr/share/doc/%s/copyright\n' "$1" "$1"; }

# The version nodes and global symbols of lib/libdbgfs.map, as NAME@NODE.
map_symbols() {
	awk '/^[A-Z0-9_.]+ *\{/ { node = $1 } /^global:/ { g = 1 } /^local:/ { g = 0 }
	     /^}/ { g = 0 } g && /^\t[a-z_0-9]+;/ { sub(/;/, ""); print $1 "@" node }' \
		lib/libdbgfs.map | sort
}
exports() {
	diff -u <(map_symbols) <(objdump -T "$lib/libdbgfs.so.0" |
		awk '$2 == "g" && $4 == ".text" { gsub(/[()]/, "", $(NF-1)); print $NF "@" $(NF-1) }' |
		sort)
}
symbols_file() {
	diff -u <(map_symbols) <(awk '/^ / && $1 !~ /^LIBDBGFS_/ { print $1 }' \
		"$root/DEBIAN/libdbgfs0/symbols" | sort)
}

# A program through libdbgfs.pc of the unpacked -dev package: it prints the library's
# version (dbgfs_version(), of LIBDBGFS_0.2).
cat >"$root/prog.c" <<'EOC'
#include <libdbgfs.h>
#include <stdio.h>

int main(void)
{
	printf("%s\n", dbgfs_version());
	return 0;
}
EOC
pc() { PKG_CONFIG_PATH="$lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root" pkg-config "$@"; }
prints_version() { [ "$(LD_LIBRARY_PATH="$lib" "$@")" = "$version" ]; }
needs_lib() { readelf -d "$1" | grep -q 'NEEDED.*\[libdbgfs\.so\.0\]'; }

# dkms_env: what DKMS gives dkms.conf (its trees, the kernel), in a throwaway tree.
# shellcheck disable=SC2034 # dkms.conf uses them
dkms_env() {
	dkms_tree="$root/var/lib/dkms" source_tree="$root/usr/src"
	kernelver=$krel kernel_source_dir=$kdir
	# shellcheck source=/dev/null
	. "$src/dkms.conf"
}
# run_hook POST_BUILD|POST_REMOVE DIR: the hook dkms.conf names, run in DIR as DKMS runs
# it (unquoted: DKMS splits it into words).
run_hook() (
	dkms_env
	cd "$2" && exec $src/${!1}
)
# dkms.conf's MAKE[0] in DKMS' build folder, a copy of the source tree.
dkms_make() (
	dkms_env
	mkdir -p "$dkms_tree/dbgfs/$version"
	cp -a "$src" "$dkms_tree/dbgfs/$version/build"
	cd "$dkms_tree/dbgfs/$version/build" && eval "${MAKE[0]}" &&
		[ "$(modinfo -F version dbgfs.ko)" = "$version" ] &&
		[ "$(modinfo -F vermagic dbgfs.ko | cut -d' ' -f1)" = "$krel" ]
)
post_build() {
	run_hook POST_BUILD "$root/var/lib/dkms/dbgfs/$version/build" &&
		cmp "$root/var/lib/dkms/dbgfs/$version/build/Module.symvers" \
			"$src/$krel/Module.symvers"
}
client() {
	mkdir -p "$root/client"
	cp "$root/usr/share/doc/dbgfs-dkms/examples/dbgfs_example.c" "$root/client/"
	printf 'obj-m += dbgfs_example.o\nccflags-y += -I%s/include\n' "$src" >"$root/client/Kbuild"
	make -C "$kdir" M="$root/client" W=1 KBUILD_EXTRA_SYMBOLS="$src/$krel/Module.symvers" \
		modules >"$root/client/build.log" 2>&1
	cat "$root/client/build.log"
	! grep -E 'warning|error|undefined' "$root/client/build.log" &&
		[ "$(modinfo -F depends "$root/client/dbgfs_example.ko")" = dbgfs ]
}
# The README's Quick start client, its recipe as written up to the build, run in a
# folder of its own against the unpacked tree and SERIES' headers for the installed ones.
quick_start() {
	local dir="$root/quick"
	mkdir -p "$dir"
	sed -n '/^cat >mydriver\.c <<.EOF.$/,/ modules$/p' README.md |
		sed -e "s|/usr/src/dbgfs-\*|$root/usr/src/dbgfs-*|" \
			-e "s|/lib/modules/\$(uname -r)/build|$kdir|" \
			-e "s|\$(uname -r)|$krel|g" >"$dir/recipe.sh"
	cat "$dir/recipe.sh"
	grep -q "^make -C $kdir M=" "$dir/recipe.sh" || return 1
	(cd "$dir" && bash -e recipe.sh) >"$dir/build.log" 2>&1
	cat "$dir/build.log"
	! grep -E 'warning|error|undefined' "$dir/build.log" &&
		[ "$(modinfo -F depends "$dir/mydriver.ko")" = dbgfs ]
}
post_remove() {
	run_hook POST_REMOVE "$src" && [ ! -e "$src/$krel" ] &&
		diff -r "$root/fresh/dbgfs-$version" "$src"
}
# The hooks without a kernel: a Module.symvers of a build kept and taken back.
hooks_alone() (
	krel=0.0.0-test kdir=/nonexistent
	mkdir -p "$root/hook"
	echo "0x00000000	dbgfs_test	vmlinux	EXPORT_SYMBOL" >"$root/hook/Module.symvers"
	run_hook POST_BUILD "$root/hook" && cmp "$root/hook/Module.symvers" "$src/$krel/Module.symvers" &&
		run_hook POST_REMOVE "$src" && [ ! -e "$src/$krel" ]
)

check "the four packages: ${packages[*]}" all_there
check "VERSION, debian/changelog, CHANGELOG and every package say $version" versions

# What a DKMS build needs, listed here and not read off scripts/dkms-source, which the
# package is built from: a file the script stops copying must fail this.
check "dbgfs-dkms: its files" file_list dbgfs-dkms < <(docs dbgfs-dkms; cat <<'EOF'
usr/share/doc/dbgfs-dkms/examples/dbgfs_example.c
usr/src/dbgfs-@V@/dkms.conf
usr/src/dbgfs-@V@/dkms-symvers
usr/src/dbgfs-@V@/Kbuild
usr/src/dbgfs-@V@/Makefile
usr/src/dbgfs-@V@/access.c
usr/src/dbgfs-@V@/active.c
usr/src/dbgfs-@V@/attr.c
usr/src/dbgfs-@V@/children.c
usr/src/dbgfs-@V@/compat.h
usr/src/dbgfs-@V@/create.c
usr/src/dbgfs-@V@/dir.c
usr/src/dbgfs-@V@/fault.c
usr/src/dbgfs-@V@/fault.h
usr/src/dbgfs-@V@/ids.c
usr/src/dbgfs-@V@/include/dbgfs.h
usr/src/dbgfs-@V@/include/uapi/dbgfs_magic.h
usr/src/dbgfs-@V@/include/uapi/dbgfs_types.h
usr/src/dbgfs-@V@/inode.c
usr/src/dbgfs-@V@/internal.h
usr/src/dbgfs-@V@/mmap.c
usr/src/dbgfs-@V@/mount.c
usr/src/dbgfs-@V@/node.c
usr/src/dbgfs-@V@/notify.c
usr/src/dbgfs-@V@/open.c
usr/src/dbgfs-@V@/open.h
usr/src/dbgfs-@V@/owner.c
usr/src/dbgfs-@V@/proxy.c
usr/src/dbgfs-@V@/removal.c
usr/src/dbgfs-@V@/xattr.c
EOF
)
"$DBGFS_TOP/scripts/dkms-source" "$root/fresh" >>"$logf" 2>&1
check "dbgfs-dkms: /usr/src/dbgfs-$version is the tree of scripts/dkms-source" \
	diff -r "$root/fresh/dbgfs-$version" "$src"
check "dbgfs-dkms: dkms.conf names dbgfs $version, its hook is executable" \
	sh -c "grep -qx 'PACKAGE_NAME=\"dbgfs\"' '$src/dkms.conf' &&
	       grep -qx 'PACKAGE_VERSION=\"$version\"' '$src/dkms.conf' && test -x '$src/dkms-symvers'"
check "dbgfs-dkms: depends on dkms, postinst builds and prerm removes dbgfs/$version" \
	sh -c "dpkg-deb -f '${deb[dbgfs-dkms]:-/dev/null}' Depends | grep -q '^dkms' &&
	       grep -q '^DKMS_VERSION=$version\$' '$root/DEBIAN/dbgfs-dkms/postinst' &&
	       grep -q 'common.postinst' '$root/DEBIAN/dbgfs-dkms/postinst' &&
	       grep -q 'dkms remove -m \$DKMS_NAME -v \$DKMS_VERSION --all' '$root/DEBIAN/dbgfs-dkms/prerm' &&
	       grep -q '/usr/src/dbgfs-$version/\*/Module.symvers' '$root/DEBIAN/dbgfs-dkms/prerm'"
check "dbgfs-dkms: POST_BUILD keeps a build's Module.symvers, POST_REMOVE takes it back" \
	hooks_alone

check "libdbgfs0: its files" file_list libdbgfs0 < <(docs libdbgfs0; cat <<'EOF'
usr/lib/@MA@/libdbgfs.so.0 -> libdbgfs.so.@V@
usr/lib/@MA@/libdbgfs.so.@V@
EOF
)
check "libdbgfs0: SONAME libdbgfs.so.0" \
	sh -c "readelf -d '$lib/libdbgfs.so.$version' | grep -q 'SONAME.*\\[libdbgfs\\.so\\.0\\]'"
check "libdbgfs0: exports exactly lib/libdbgfs.map's symbols, with its versions" exports
check "libdbgfs0: its symbols file lists the same" symbols_file
check "libdbgfs0: Multi-Arch: same, shlibs libdbgfs0 (>= $version)" \
	sh -c "dpkg-deb -f '${deb[libdbgfs0]:-/dev/null}' Multi-Arch | grep -qx same &&
	       grep -qx 'libdbgfs 0 libdbgfs0 (>= $version)' '$root/DEBIAN/libdbgfs0/shlibs'"

check "libdbgfs-dev: its files" file_list libdbgfs-dev < <(docs libdbgfs-dev; cat <<'EOF'
usr/include/libdbgfs.h
usr/include/dbgfs_magic.h
usr/include/dbgfs_types.h
usr/lib/@MA@/libdbgfs.a
usr/lib/@MA@/libdbgfs.so -> libdbgfs.so.0
usr/lib/@MA@/pkgconfig/libdbgfs.pc
EOF
)
check "libdbgfs-dev: depends on libdbgfs0 (= $version) and libmount-dev (libdbgfs.pc's Requires)" \
	sh -c "dpkg-deb -f '${deb[libdbgfs-dev]:-/dev/null}' Depends |
	       grep -q 'libdbgfs0 (= $version), libmount-dev'"
check "libdbgfs-dev: libdbgfs.pc says /usr, the multiarch libdir and $version" \
	sh -c "grep -qx 'prefix=/usr' '$lib/pkgconfig/libdbgfs.pc' &&
	       grep -qx 'libdir=/usr/lib/$multiarch' '$lib/pkgconfig/libdbgfs.pc' &&
	       [ \"\$(PKG_CONFIG_PATH='$lib/pkgconfig' pkg-config --modversion libdbgfs)\" = '$version' ]"
check "libdbgfs-dev: a program builds through pkg-config (PKG_CONFIG_SYSROOT_DIR)" \
	sh -c "cc -Wall -Wextra -Werror -o '$root/prog' '$root/prog.c' $(pc --cflags --libs libdbgfs)"
check "and links libdbgfs.so.0" needs_lib "$root/prog"
check "and runs with it: dbgfs_version() is $version" prints_version "$root/prog"
check "libdbgfs-dev: one links libdbgfs.a (no libdbgfs.so.0 needed) and runs" \
	sh -c "cc -Wall -Werror -o '$root/prog-static' '$root/prog.c' $(pc --cflags libdbgfs) \
		'$lib/libdbgfs.a' $(pkg-config --libs mount) -pthread &&
	       ! readelf -d '$root/prog-static' | grep -q libdbgfs &&
	       [ \"\$('$root/prog-static')\" = '$version' ]"

check "dbgfs-tools: its files" file_list dbgfs-tools < <(docs dbgfs-tools; cat <<'EOF'
usr/bin/dbgfs
usr/bin/dbgfs-port
usr/share/bash-completion/completions/dbgfs
usr/share/dbgfs/dbgfs-port.cocci
usr/share/dbgfs/realign.pl
usr/share/man/man1/dbgfs-port.1.gz
usr/share/man/man1/dbgfs.1.gz
EOF
)
check "dbgfs-tools: the tool links libdbgfs.so.0" needs_lib "$root/usr/bin/dbgfs"
check "dbgfs-tools: depends on libdbgfs0 (>= $version)" \
	sh -c "dpkg-deb -f '${deb[dbgfs-tools]:-/dev/null}' Depends | grep -q 'libdbgfs0 (>= $version)'"
check "dbgfs-tools: it finds the unpacked library (LD_LIBRARY_PATH)" \
	sh -c "LD_LIBRARY_PATH='$lib' ldd '$root/usr/bin/dbgfs' |
	       grep -q 'libdbgfs.so.0 => $lib/libdbgfs.so.0 '"
check "dbgfs-tools: dbgfs --version prints $version" \
	sh -c "[ \"\$(LD_LIBRARY_PATH='$lib' '$root/usr/bin/dbgfs' --version)\" = 'dbgfs $version' ]"
check "dbgfs-tools: the man page dbgfs(1), with the version in its title" \
	sh -c "zcat '$root/usr/share/man/man1/dbgfs.1.gz' |
	       grep -q '^\\.TH DBGFS 1 \"[0-9-]*\" \"dbgfs $version\"'"
check "dbgfs-tools: the bash completion completes dbgfs" \
	sh -c "[ \"\$(bash -c '. \"\$0\" && complete -p dbgfs' \
		'$root/usr/share/bash-completion/completions/dbgfs')\" = 'complete -F _dbgfs dbgfs' ]"

if [ -n "$series" ]; then
	check "dbgfs-dkms: dkms.conf's MAKE builds its tree for $krel, version $version" dkms_make
	check "dbgfs-dkms: its POST_BUILD keeps that Module.symvers as $krel/Module.symvers" post_build
	check "dbgfs-dkms: the example client builds against the package's include/dbgfs.h and it (W=1)" \
		client
	check "dbgfs-dkms: the README's Quick start client builds by its recipe, as written" \
		quick_start
	check "dbgfs-dkms: its POST_REMOVE takes it back and leaves the tree as packaged" post_remove
fi
all_passed
