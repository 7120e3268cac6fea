#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# diff.sh [SERIES]: the differential client's debugfs build, ported by dbgfs-port.
#
# tests/diff/diff_client.c as its debugfs build sees it (-DDIFF_DEBUGFS, without the 6.1
# kprobe lookup of debugfs_create_str, which dbgfs exports; its DIFF_* macros expanded),
# written as plain debugfs code to build/port/SERIES/diff/diff_dbgfs.c, is ported by
# tools/port/dbgfs-port --in-place, which must report nothing and leave no debugfs in it,
# and built against dbgfs for SERIES with W=1: not one warning.  The module,
# build/port/SERIES/diff/diff_dbgfs.ko, has the name of the dbgfs build of
# tests/diff/: scripts/check boots it in that one's place with the diff suite, which must
# give what the dbgfs build gives.  TAP on stdout.
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$DBGFS_TOP" || exit 1

series=${1:-6.1}
mk="$DBGFS_CACHE/kernels/$series.mk"
kdir=$(sed -n "s/^KDIR_$series := //p" "$mk" 2>/dev/null)
symvers="build/$series/kernel/Module.symvers"
out="$DBGFS_TOP/build/port/$series/diff"
src=$out/diff_dbgfs.c

tap_name="port diff"
. tests/lib/tap.sh

echo "1..6"
for f in "$symvers" "$kdir/Makefile"; do
	[ -f "$f" ] || { echo "Bail out! $f is missing (scripts/setup; scripts/build-modules $series kernel)"; exit 1; }
done
rm -rf "$out"
mkdir -p "$out/include"
cp -r kernel/include/dbgfs.h kernel/include/uapi "$out/include/"
cp "$symvers" "$out/dbgfs.symvers"

# The debugfs build's source: DIFF_DEBUGFS's branches kept, DIFF_FIND_CREATE_STR's
# dropped, and the macros of the DIFF_DEBUGFS branch put where they are used.
perl -e '
	my %def = (DIFF_DEBUGFS => 1, DIFF_FIND_CREATE_STR => 0);
	my (@keep, %sub, $fn, $text) = (1);
	while (<STDIN>) {
		if (/^#if(n?)def\s+(\w+)/ && exists $def{$2}) {
			push @keep, $keep[-1] && ($def{$2} xor $1 eq "n"); push @sym, 1; next;
		} elsif (/^#if/) { push @sym, 0; }
		elsif (/^#else/ && $sym[-1]) { my $k = pop @keep;
			push @keep, $keep[-1] && !$k; next; }
		elsif (/^#endif/) { if (pop @sym) { pop @keep; next; } }
		next unless $keep[-1];
		if (/^#define\s+DIFF\((\w+)\)\s+(\w+)##\1\s*$/) { $fn = $2; next; }
		if (/^#define\s+(DIFF_\w+|diff_node)\s+(.*?)\s*$/) { $sub{$1} = $2; next; }
		$text .= $_;
	}
	die "no DIFF() macro\n" unless defined $fn;
	$text =~ s/\bDIFF\((\w+)\)/$fn$1/g;
	for my $m (sort { length($b) <=> length($a) } keys %sub) { $text =~ s/\b$m\b/$sub{$m}/g; }
	print $text;' <tests/diff/diff_client.c >"$src"
result $? "the debugfs build of tests/diff/diff_client.c as plain debugfs code ($(wc -l <"$src") lines, $(grep -c 'debugfs_' "$src") debugfs_ names)"

"$DBGFS_TOP/tools/port/dbgfs-port" --in-place --quiet "$src" >"$out/port.log" 2>&1
rc=$?
result $rc "dbgfs-port --in-place: exit $rc, no report"
[ $rc = 0 ] || sed 's/^/#   /' "$out/port.log"
left=$(grep -n -E '\bdebugfs_\w+|DEBUGFS|<linux/debugfs\.h>' "$src" | grep -v -E '^[0-9]+:\s*(/?\*|//)')
result "$([ -z "$left" ] && echo 0 || echo 1)" "no debugfs_ call, type or macro left in the ported source"
[ -z "$left" ] || head -5 <<<"$left" | sed 's/^/#   /'
grep -q '^#include <dbgfs.h>$' "$src"
result $? "it includes <dbgfs.h>"

# Kbuild takes M= as words: a link in the cache to $out (as scripts/build-modules).
link="$DBGFS_CACHE/links/$(printf '%s' "$out" | sha256sum | cut -c1-16)"
mkdir -p "${link%/*}"
ln -sfn "$out" "$link"
# shellcheck disable=SC2016 # $(src) is Kbuild's
printf 'obj-m += diff_dbgfs.o\nccflags-y += -I$(src)/include\n' >"$out/Kbuild"
make -C "$kdir" M="$link" W=1 KBUILD_EXTRA_SYMBOLS="$link/dbgfs.symvers" modules \
	>"$out/build.log" 2>&1
rc=$?
[ $rc = 0 ] && [ -f "$out/diff_dbgfs.ko" ] && ! grep -q -E 'warning:|error:|WARNING:' "$out/build.log"
result $? "the ported client builds against dbgfs for $series with W=1, no warning (see $out/build.log)"
grep -E 'warning:|error:|WARNING:' "$out/build.log" | head -5 | sed 's/^/#   /'
modinfo -F depends "$out/diff_dbgfs.ko" 2>/dev/null | grep -q -w dbgfs
result $? "diff_dbgfs.ko needs dbgfs, by name"
all_passed
