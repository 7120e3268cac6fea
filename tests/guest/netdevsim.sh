# SPDX-License-Identifier: GPL-2.0
# netdevsim: a whole driver, ported by dbgfs-port, runs as its debugfs original did.
# tests/port/drivers.sh builds linux-source-6.1's drivers/net/netdevsim twice: as it is
# (/tests/netdevsim/debugfs.ko) and ported to dbgfs (/tests/netdevsim/dbgfs.ko).  Each
# in turn is loaded, makes a device of two ports, and its tree is dumped: every entry
# (type, mode, owner, size, a symlink's target) and what reading each file gives; then
# every writable file is written "1" and "x", in order, each answer kept, and the tree
# dumped again; then the device and the module go, and must leave nothing behind.  The
# two runs must give the same text, with the mount point taken out.
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
D=/sys/kernel/debug
MODS=/tests/modules
NSIM=/tests/netdevsim

# dump DIR: each entry under DIR in name order, and what reading each file gives.
dump() {
	(cd "$1" && find . | sort) | while IFS= read -r p; do
		if [ -L "$1/$p" ]; then
			echo "$p: symlink -> $(readlink "$1/$p")"
			continue
		fi
		echo "$p: $(stat -c '%F %a %u:%g %s' "$1/$p")"
		[ -f "$1/$p" ] || continue
		cat "$1/$p" 2>&1 | sed 's/^/	/'
	done
}

# write_all DIR: "1" and then "x" to every file of DIR a write bit allows, in name order;
# each answer, and what a read gives after it.
write_all() {
	(cd "$1" && find . -type f -perm -0200 | sort) | while IFS= read -r p; do
		for v in 1 x; do
			if (echo "$v" >"$1/$p") 2>/tmp/nsim.err; then
				echo "$p < $v: ok"
			else
				echo "$p < $v: $(sed 's/^.*: //' /tmp/nsim.err)"
			fi
			cat "$1/$p" 2>&1 | sed 's/^/	/'
		done
	done
}

# run NAME ROOT: the whole sequence with /tests/netdevsim/NAME.ko, whose tree is under
# ROOT/netdevsim; the output in /tmp/NAME.out.
run() {
	check "$1: insmod netdevsim" insmod "$NSIM/$1.ko"
	check "$1: a device of two ports" sh -c 'echo "1 2" >/sys/bus/netdevsim/new_device'
	dump "$2/netdevsim" >"/tmp/$1.out"
	write_all "$2/netdevsim" >"/tmp/$1.writes"
	cat "/tmp/$1.writes" >>"/tmp/$1.out"
	dump "$2/netdevsim" >>"/tmp/$1.out"
	check "$1: the device goes" sh -c 'echo 1 >/sys/bus/netdevsim/del_device'
	check "$1: rmmod netdevsim" rmmod netdevsim
	check_fails "$1: nothing left under $2/netdevsim" ls "$2/netdevsim"
}

check "debugfs is mounted" grep -q " $D debugfs " /proc/mounts
check "insmod psample.ko" insmod "$MODS/psample.ko"
check "insmod dbgfs.ko" insmod "$MODS/dbgfs.ko"
check "mount -t dbgfs none $M" mount -t dbgfs none "$M"
dmesg -c >/dev/null

run debugfs "$D"
run dbgfs "$M"

# Enough of a tree and of writes that equal outputs mean something (on 6.1: 202 lines of
# entries, 101 entries dumped twice; 144 writes; 34 bool writes debugfs ignored).
entries=$(grep -c '^\./[^ ]*: ' /tmp/debugfs.out)
writes=$(grep -c ' < [1x]: ' /tmp/debugfs.writes)
check "entries in the debugfs original's tree, twice: $entries (at least 180)" \
	[ "$entries" -ge 180 ]
check "writes to the debugfs original's files: $writes (at least 130)" [ "$writes" -ge 130 ]
is "writes refused by the debugfs original, and accepted (both kinds seen)" \
	"$(grep -q ': ok$' /tmp/debugfs.writes && grep -v ': ok$' /tmp/debugfs.writes |
		grep -q ' < ' && echo both)" both
# The one difference the README documents that this driver reaches: a bool file (one
# that reads Y or N) written "x", which debugfs ignores and claims, dbgfs refuses.
awk '
	/^\.\/[^ ]*: / { p = $1; sub(/:$/, "", p); n[p] = 0; print; next }
	/^\t/ && p != "" { n[p]++; if ($0 == "\tY" || $0 == "\tN") yn[p]++; print; next }
	{ p = "" }
	$2 == "<" && $3 == "x:" && $4 == "ok" && n[$1] == 1 && yn[$1] == 1 {
		sub(/: ok$/, ": Invalid argument"); refused++
	}
	{ print }
	END { print refused + 0 >"/tmp/nsim.refused" }' /tmp/debugfs.out >/tmp/expected.out
refused=$(cat /tmp/nsim.refused)
check "bool files written 'x': debugfs claimed the write $refused times (at least 30)" \
	[ "$refused" -ge 30 ]
if diff -u /tmp/expected.out /tmp/dbgfs.out >/tmp/nsim.diff; then
	ok "the ported driver's tree, reads and writes are the original's ($entries lines of entries, $writes writes; $refused bool writes refused as documented)"
else
	not_ok "the ported driver's tree, reads and writes are the original's, but for the bool writes debugfs ignores"
	head -100 /tmp/nsim.diff | sed 's/^/#   /'
fi

is "no splat in the kernel log" "$(splats)" ""
check "umount $M" umount "$M"
check "rmmod dbgfs" rmmod dbgfs
done_testing
