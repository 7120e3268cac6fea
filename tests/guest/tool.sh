#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Guest test of the dbgfs command against real mounts: the kernel's
# debugfs at /sys/kernel/debug, a second debugfs mount at a path with a
# space, and dbgfs at /sys/kernel/dbgfs when the module is there.
# Prints TAP version 13; exits 0 when nothing failed.
#
# Runs INSIDE the guest, as root, under busybox sh.  Needs:
#   $DBGFS      the tool (default /usr/bin/dbgfs, else /tests/bin/dbgfs),
#               with its shared
#               libraries (libmount, libblkid, libselinux, libpcre2-8,
#               libjson-c, libc) in the guest
#   $JSONCHECK  build/tests/guest/jsoncheck (default: jsoncheck in $PATH,
#               else /usr/bin/jsoncheck, else /tests/bin/jsoncheck)
#   busybox applets: mount umount mkdir mktemp grep sed sort cut wc cat
#               timeout head rm rmdir tr
#   /proc mounted; debugfs is mounted at /sys/kernel/debug if it is not.
#   $TOOL_MAX_FILES  files compared per dump (default 150)
#   $TOOL_DUMP_PATH  dump only this part of debugfs (default: all of it)
#   $TOOL_NO_WRITES  if set, skip the set/get round trips (for dry runs
#               outside a throw-away guest)
# dbgfs checks run when type dbgfs is in /proc/filesystems, after loading
# /tests/modules/dbgfs.ko if it is there and not loaded yet (unloaded again
# at the end); they mount it at /sys/kernel/dbgfs if needed.

# The tool and the helper: where asked, else /usr/bin, else /tests/bin
# (where guest/mkinitramfs puts test programs).
first_of() { for f in "$@"; do [ -x "$f" ] && break; done; echo "$f"; }
DBGFS=${DBGFS:-$(first_of /usr/bin/dbgfs /tests/bin/dbgfs)}
JSONCHECK=${JSONCHECK:-$(first_of "$(command -v jsoncheck)" \
	/usr/bin/jsoncheck /tests/bin/jsoncheck)}
MAX_FILES=${TOOL_MAX_FILES:-150}
DUMP_PATH=${TOOL_DUMP_PATH:-}
SPACE_MNT="/mnt/debug fs"
DBG_SPACE_MNT="/mnt/dbg fs"
tab=$(printf '\t')
# The TAP helpers (ok, not_ok, skip, diag, check, is): tests/lib/tap.sh, which the guest
# has at /tests/lib/tap.sh.
. "$(dirname "$0")/../lib/tap.sh"

echo "TAP version 13"

finish() {
	done_testing
	_st=$?
	diag "$((_n - _failed)) passed, $_failed failed"
	exit $_st
}

if [ ! -x "$DBGFS" ] || [ ! -x "$JSONCHECK" ]; then
	echo "Bail out! need $DBGFS and $JSONCHECK"
	exit 1
fi
T=$(mktemp -d) || { echo "Bail out! mktemp"; exit 1; }
trap 'rm -rf "$T"' EXIT

is_mounted() {	# is_mounted DIR-AS-IN-/proc/mounts TYPE
	grep -q "^[^ ]* $1 $2 " /proc/mounts
}

# compare_dump LABEL DUMPFILE: every value in the dump equals `cat` of its
# file.  A file that differs is dumped again between two cats; if those
# differ too, or the new dump matches, it only changed between the reads
# and is counted, not failed.  Sets $stable to the
# first file that compared equal.
compare_dump() {
	label=$1
	if ! "$JSONCHECK" < "$2" > "$T/values"; then
		not_ok "$label: jsoncheck reads the dump back"
		return
	fi
	ok "$label: jsoncheck reads the dump back"
	total=0 equal=0 changing=0 bad=0
	while IFS="$tab" read -r p v; do
		total=$((total + 1))
		[ "$total" -gt "$MAX_FILES" ] && break
		c=$(timeout 5 cat "$p" 2>/dev/null | "$JSONCHECK" -e)
		if [ "$c" = "$v" ]; then
			equal=$((equal + 1))
			[ -n "$stable" ] || stable=$p
			continue
		fi
		# Changed since the dump?  Dump it again between two cats: if
		# the cats agree, the file held still and the dump must match.
		tries=0 steady=0
		while [ "$tries" -lt 3 ]; do
			c1=$(timeout 5 cat "$p" 2>/dev/null | "$JSONCHECK" -e)
			v2=$("$DBGFS" dump --json "$p" | "$JSONCHECK" | cut -f2-)
			c2=$(timeout 5 cat "$p" 2>/dev/null | "$JSONCHECK" -e)
			if [ "$c1" = "$c2" ]; then
				steady=1
				break
			fi
			tries=$((tries + 1))
		done
		if [ "$steady" = 0 ] || [ "$v2" = "$c2" ]; then
			changing=$((changing + 1))
			continue
		fi
		bad=$((bad + 1))
		diag "differs: $p: dump '$v2', cat '$c2'"
	done < "$T/values"
	diag "$label: $equal equal, $changing changing, $bad differ"
	check "$label: dump --json values equal cat of each file" \
		test "$bad" -eq 0 -a "$equal" -gt 0
}

# round_trip LABEL TYPE PATH VALUE: set VALUE, get it back, restore
round_trip() {
	mnt=$("$DBGFS" -t "$2" where) || return 1
	orig=$("$DBGFS" -t "$2" get "$3") || return 1
	if ! "$DBGFS" -t "$2" set "$3" "$4"; then
		not_ok "$1: set $4"
		return 0
	fi
	is "$1: get returns $4" "$("$DBGFS" -t "$2" get "$3")" "$4"
	is "$1: cat agrees" "$(cat "$mnt/$3")" "$4"
	"$DBGFS" -t "$2" set "$3" "$orig"
	is "$1: restored" "$("$DBGFS" -t "$2" get "$3")" "$orig"
	return 0
}

# --- the kernel's debugfs -------------------------------------------------

is_mounted /sys/kernel/debug debugfs ||
	mount -t debugfs none /sys/kernel/debug
is "where --type debugfs" "$("$DBGFS" where --type debugfs)" \
	/sys/kernel/debug
is "global --type debugfs where" "$("$DBGFS" --type debugfs where)" \
	/sys/kernel/debug

mkdir -p "$SPACE_MNT"
if "$DBGFS" --type debugfs mount "$SPACE_MNT"; then
	ok "mount --type debugfs at a path with a space"
else
	not_ok "mount --type debugfs at a path with a space"
	mount -t debugfs none "$SPACE_MNT"
fi
check "the space mount is in /proc/mounts" \
	is_mounted '/mnt/debug\\040fs' debugfs
"$DBGFS" --type debugfs mount "$SPACE_MNT"
is "a second mount at the same place does nothing" \
	"$(grep -c ' /mnt/debug\\040fs debugfs ' /proc/mounts)" 1

# The real table, with the canonical mount left out: the space mount must
# be found and pass the statfs magic check.
grep -v ' /sys/kernel/debug ' /proc/self/mountinfo > "$T/mountinfo"
is "where finds the space mount in a real table" \
	"$("$DBGFS" --mountinfo "$T/mountinfo" where --type debugfs)" \
	"$SPACE_MNT"
if umount /sys/kernel/debug 2>/dev/null; then
	is "where finds the space mount with no canonical mount" \
		"$("$DBGFS" where --type debugfs)" "$SPACE_MNT"
	mount -t debugfs none /sys/kernel/debug
else
	skip "where finds the space mount with no canonical mount" \
		"/sys/kernel/debug is busy"
fi
is "DEBUGFS_DIR is taken first" \
	"$(DEBUGFS_DIR="$SPACE_MNT" "$DBGFS" -t debugfs where)" "$SPACE_MNT"

"$DBGFS" -t debugfs ls > "$T/ls"
st=$?
is "ls exits 0" "$st" 0
sed 's, <[^>]*>$,,; s,/$,,; s, -> .*$,,' "$T/ls" | sort > "$T/ls.names"
# shellcheck disable=SC2012 # ls(1) is what we compare with
ls -A /sys/kernel/debug | sort > "$T/ls.want"
check "ls lists what ls(1) lists" cmp -s "$T/ls.names" "$T/ls.want"
"$DBGFS" ls "$SPACE_MNT" > "$T/ls.space"
check "ls of the space mount lists the same tree" \
	cmp -s "$T/ls" "$T/ls.space"
"$DBGFS" -t debugfs ls -R > "$T/lsr"
st=$?
check "ls -R exits 0 and descends" \
	test "$st" -eq 0 -a "$(grep -c / "$T/lsr")" -gt 0

err=$("$DBGFS" -t debugfs get no/such/file 2>&1 >/dev/null)
st=$?
is "get of a missing file: exit 1" "$st" 1
is "get of a missing file: one line naming it" "$err" \
	"dbgfs: no/such/file: No such file or directory"
"$DBGFS" frob 2>/dev/null
is "unknown command: exit 2" "$?" 2
"$DBGFS" where --type nosuchfs 2>/dev/null
is "where of an unmounted type: exit 3" "$?" 3

"$DBGFS" -t debugfs dump --json "$DUMP_PATH" > "$T/dump.json"
is "dump --json exits 0" "$?" 0
"$DBGFS" dump --json "$SPACE_MNT${DUMP_PATH:+/$DUMP_PATH}" > "$T/dump.space"
check "dump --json of the space mount names its root" \
	grep -q "\"root\":\"$SPACE_MNT${DUMP_PATH:+/$DUMP_PATH}\"" \
		"$T/dump.space"
check "jsoncheck reads the space mount's dump back" \
	sh -c '"$1" -c < "$2" > /dev/null' sh "$JSONCHECK" "$T/dump.space"
"$DBGFS" -t debugfs dump "$DUMP_PATH" > /dev/null
is "text dump exits 0" "$?" 0

stable=
compare_dump "debugfs" "$T/dump.json"
first=$stable
if [ -n "$first" ]; then
	is "get equals cat" "$("$DBGFS" get "$first" | "$JSONCHECK" -e)" \
		"$("$JSONCHECK" -e < "$first")"
	"$DBGFS" watch "$first" --count 1 --interval 10 > "$T/watch"
	check "watch --count 1 prints one timestamped line" \
		grep -q '^[0-9-]*T[0-9:]*\.[0-9][0-9][0-9] ' "$T/watch"
else
	skip "get equals cat" "no stable debugfs file"
	skip "watch --count 1 prints one timestamped line" "no file"
fi

# Writable files that are safe to flip in a test guest.
done_rt=0
if [ -z "$TOOL_NO_WRITES" ]; then
	if [ -e /sys/kernel/debug/sched/verbose ]; then
		round_trip "bool sched/verbose" debugfs sched/verbose Y &&
			round_trip "bool sched/verbose" debugfs sched/verbose N &&
			done_rt=1
	fi
	f=x86/tlb_single_page_flush_ceiling
	if [ -e "/sys/kernel/debug/$f" ]; then
		round_trip "u64 $f" debugfs "$f" 42 && done_rt=1
	fi
fi
[ "$done_rt" = 1 ] ||
	skip "set/get round trip on debugfs" \
		"no known-safe writable file${TOOL_NO_WRITES:+ (TOOL_NO_WRITES)}"

# --- hostile input on real mounts (issue 10) -------------------------------

is "-j where: one compact document" "$("$DBGFS" -t debugfs -j where)" \
	'{"fstype":"debugfs","mount":"/sys/kernel/debug","source":"canonical"}'

# A mount point with a newline: where's line is one (\012), -0 is raw.
NL_MNT="/mnt/new
line"
mkdir -p "$NL_MNT"
if mount -t debugfs none "$NL_MNT"; then
	grep ' /mnt/new\\012line ' /proc/self/mountinfo > "$T/mi.nl"
	is "where prints a real mount point's newline as \\012" \
		"$("$DBGFS" --mountinfo "$T/mi.nl" where -t debugfs)" \
		'/mnt/new\012line'
	is "where -0 prints it raw, NUL-terminated" \
		"$("$DBGFS" --mountinfo "$T/mi.nl" where -0 -t debugfs |
			tr '\0' '#')" "$NL_MNT#"
	umount "$NL_MNT"
else
	not_ok "mount debugfs at a path with a newline"
fi
rmdir "$NL_MNT"

# wait_open PID NAME: until PID holds a file named NAME open (10 s at most).
wait_open() {
	i=0
	while [ $i -lt 100 ]; do
		for fd in /proc/"$1"/fd/*; do
			case $(readlink "$fd" 2>/dev/null) in
			*/"$2") return 0 ;;
			esac
		done
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# wait_gone PID: until PID has exited (5 s at most); kill -9 after that.
wait_gone() {
	i=0
	while kill -0 "$1" 2>/dev/null && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 "$1" 2>/dev/null; then
		diag "pid $1 still runs: SIGKILL"
		kill -9 "$1"
	fi
}

# trace_pipe blocks in read while the ring buffer is empty: watch must stop
# on the first SIGINT, get must print what arrives while it blocks.
tr_mounted=
TR=$("$DBGFS" -t tracefs where 2>/dev/null)
if [ -z "$TR" ] && mount -t tracefs none /sys/kernel/tracing; then
	TR=/sys/kernel/tracing
	tr_mounted=1
fi
if [ -n "$TR" ] && [ -e "$TR/trace_pipe" ]; then
	"$DBGFS" -t tracefs watch trace_pipe > "$T/watch.pipe" 2>&1 &
	w=$!
	if wait_open $w trace_pipe; then
		sleep 0.5
		kill -INT $w
		wait_gone $w
		wait $w
		is "watch blocked in trace_pipe stops on SIGINT, exit 0" "$?" 0
	else
		not_ok "watch opens trace_pipe"
		kill -9 $w
		wait $w
	fi
	"$DBGFS" -t tracefs get trace_pipe > "$T/get.pipe" 2>&1 &
	g=$!
	if wait_open $g trace_pipe; then
		echo dbgfs-tool-marker > "$TR/trace_marker"
		i=0
		until grep -q dbgfs-tool-marker "$T/get.pipe" || [ $i -ge 100 ]
		do
			sleep 0.1
			i=$((i + 1))
		done
		check "get of trace_pipe prints a marker while the read goes on" \
			grep -q dbgfs-tool-marker "$T/get.pipe"
	else
		not_ok "get opens trace_pipe"
	fi
	kill $g
	wait $g 2>/dev/null
	[ -n "$tr_mounted" ] && umount "$TR"
else
	skip "watch and get of trace_pipe" "no tracefs"
fi

# --- dbgfs typed entries ----------------------------------------------------

# The differential client (tests/diff/) makes a file of every kind in
# dbgfs' diff/: the tool shows each one's type, dumps its value as JSON of
# that type (jsoncheck turns it back into the kernel's text for
# compare_dump), and refuses a value the type does not take before the
# kernel sees it; the kernel refuses the same bytes written directly.
TYPED="u8:u8 u16:u16 u32:u32 u64:u64 x8:x8 x16:x16 x32:x32 x64:x64
ulong:ulong size_t:size_t atomic_t:atomic_t bool:bool str:str blob:blob
u32_array:u32_array regset32:regset32 show:file attr:file"
# FILE:VALUE:ERROR: values no file of that type takes, and the error the kernel
# refuses them with (u32_array and regset32 have no write at all).
REFUSED="u8:256:ERANGE u16:65536:ERANGE u32:-1:EINVAL
u64:18446744073709551616:ERANGE atomic_t:2147483648:ERANGE
atomic_t:-2147483649:ERANGE x8:0x100:ERANGE bool:maybe:EINVAL u32:12x:EINVAL
u32_array:1:EINVAL regset32:1:EINVAL"
# and the edge values each takes
TAKEN="u8:255 u16:65535 u32:4294967295 u64:18446744073709551615
atomic_t:-2147483648 x8:0xff bool:off"

# strerror's text of an errno name, as the shell prints it
strerror() {
	case $1 in
	EINVAL) echo "Invalid argument" ;;
	ERANGE) echo "Numerical result out of range" ;;
	E2BIG) echo "Argument list too long" ;;
	esac
}

# refused_by_tool FILE VALUE ERROR [SHOWN]: dbgfs set refuses it, saying so,
# and the file keeps its value; a direct write of the same bytes fails with
# ERROR (an errno name), the value unchanged.  SHOWN names VALUE in the
# results (default: VALUE itself).
refused_by_tool() {
	shown=${4:-$2}
	before=$(cat "diff/$1")
	err=$("$DBGFS" set "diff/$1" "$2" 2>&1)
	st=$?
	after=$(cat "diff/$1")
	if [ "$st" = 1 ] && echo "$err" | grep -q ': refused: ' &&
	   [ "$before" = "$after" ]; then
		ok "typed: set diff/$1 '$shown' refused by the tool: ${err#*refused: }"
	else
		not_ok "typed: set diff/$1 '$shown' refused by the tool"
		diag "exit $st, '$err', '$before' -> '$after'"
	fi
	# echo, not printf: ash's printf does not say why a write failed
	kerr=$( (echo -n "$2" > "diff/$1") 2>&1)
	kst=$?
	after=$(cat "diff/$1")
	if [ "$kst" != 0 ] && echo "$kerr" | grep -qF "$(strerror "$3")" &&
	   [ "$before" = "$after" ]; then
		ok "typed: the kernel refuses '$shown' for diff/$1 too: $3"
	else
		not_ok "typed: the kernel refuses '$shown' for diff/$1 too: $3"
		diag "exit $kst, '$kerr', '$before' -> '$after'"
	fi
}

typed_entries() {
	if [ ! -e /tests/modules/diff_dbgfs.ko ]; then
		skip "typed entries" "no diff_dbgfs.ko"
		return
	fi
	check "typed: insmod diff_dbgfs.ko" insmod /tests/modules/diff_dbgfs.ko
	# In the mount point, as diff.sh does (no subshell: ok and not_ok count
	# in this one).
	mnt=$("$DBGFS" where)
	if ! cd "$mnt"; then
		not_ok "typed: cd $mnt"
		return
	fi
	"$DBGFS" ls -l diff > "$T/typed.ls"
	for ft in $TYPED; do
		f=${ft%%:*} t=${ft#*:}
		check "typed: ls -l shows diff/$f as [$t]" \
			grep -q " $f \[$t\]\( <write-only>\)\?$" "$T/typed.ls"
	done
	check "typed: ls -l shows no type for a directory" \
		grep -q ' a/$' "$T/typed.ls"
	"$DBGFS" -j dump diff > "$T/typed.json"
	for ft in $TYPED; do
		f=${ft%%:*} t=${ft#*:}
		case $t in
		u8|u16|u32|u64|ulong|size_t|atomic_t) want='-\?[0-9][0-9]*' ;;
		x*) want='"0x[0-9a-f]*"' ;;
		bool) want='\(true\|false\)' ;;
		u32_array) want='\[[0-9,]*\]' ;;
		str) want='"[^"]*"' ;;
		*) want= ;;
		esac
		[ -n "$want" ] || continue
		check "typed: dump --json gives diff/$f's value as a $t" \
			grep -q "\"path\":\"$f\"[^}]*\"dbgfs_type\":\"$t\"[^}]*\"value\":$want" \
			"$T/typed.json"
	done
	check "typed: no dbgfs file's text fell back to raw" \
		sh -c '! grep -q "\"raw\":true" "$1"' sh "$T/typed.json"
	"$DBGFS" dump --json diff > "$T/typed.dump"
	compare_dump "dbgfs typed" "$T/typed.dump"
	for fve in $REFUSED; do
		ve=${fve#*:}
		refused_by_tool "${fve%%:*}" "${ve%:*}" "${ve##*:}"
	done
	refused_by_tool str "$(head -c 4096 /dev/zero | tr '\0' a)" E2BIG "4096 a's"
	for fv in $TAKEN; do
		f=${fv%%:*} v=${fv#*:}
		want=$v
		[ "$f" = bool ] && want=N
		[ "$f" = x8 ] && want=0xff
		if "$DBGFS" set "diff/$f" "$v"; then
			is "typed: set diff/$f '$v' taken" "$(cat "diff/$f")" "$want"
		else
			not_ok "typed: set diff/$f '$v' taken"
		fi
	done
	cd /
	check "typed: rmmod diff_dbgfs" rmmod diff_dbgfs
}

# --- dbgfs ------------------------------------------------------------------

loaded=
if ! grep -qw dbgfs /proc/filesystems && [ -e /tests/modules/dbgfs.ko ]; then
	insmod /tests/modules/dbgfs.ko && loaded=1
fi
if grep -qw dbgfs /proc/filesystems; then
	if ! is_mounted /sys/kernel/dbgfs dbgfs; then
		check "mount puts dbgfs at /sys/kernel/dbgfs" "$DBGFS" mount
	fi
	# Something to walk: the example module's entries of every kind.
	example=
	if [ -e /tests/modules/dbgfs_example.ko ] &&
	   ! grep -qw dbgfs_example /proc/modules; then
		if insmod /tests/modules/dbgfs_example.ko; then
			example=1
			ok "insmod dbgfs_example.ko"
		else
			not_ok "insmod dbgfs_example.ko"
		fi
	fi
	is "where (default type dbgfs)" "$("$DBGFS" where)" \
		/sys/kernel/dbgfs
	"$DBGFS" ls -R > "$T/dbgfs.ls"
	is "dbgfs: ls -R exits 0" "$?" 0
	"$DBGFS" dump --json > "$T/dbgfs.json"
	is "dbgfs: dump --json exits 0" "$?" 0
	compare_dump "dbgfs" "$T/dbgfs.json"

	# A writable number file of whatever client is loaded (ls -l ends a
	# typed file's line with [TYPE]: not part of its path).
	num=
	"$DBGFS" ls -R -l | grep '^-rw' | grep -v ' <\| -> ' |
		sed -e 's/^[^ ]* *[0-9]* //' -e 's/ \[[a-z0-9_]*\]$//' > "$T/dbgfs.rw"
	while IFS= read -r p; do
		v=$("$DBGFS" get "$p" 2>/dev/null) || continue
		case $v in
		''|*[!0-9]*) ;;
		*) num=$p; break ;;
		esac
	done < "$T/dbgfs.rw"
	if [ -n "$num" ] && [ -z "$TOOL_NO_WRITES" ]; then
		round_trip "dbgfs number $num" dbgfs "$num" 7
	else
		skip "dbgfs set/get round trip" "no writable number file"
	fi

	typed_entries

	mkdir -p "$DBG_SPACE_MNT"
	check "dbgfs: mount at a path with a space" \
		"$DBGFS" mount "$DBG_SPACE_MNT"
	grep -v ' /sys/kernel/dbgfs ' /proc/self/mountinfo > "$T/mi.dbgfs"
	is "dbgfs: where finds the space mount in a real table" \
		"$("$DBGFS" --mountinfo "$T/mi.dbgfs" where)" "$DBG_SPACE_MNT"
	"$DBGFS" ls "$DBG_SPACE_MNT" > "$T/dbgfs.space"
	"$DBGFS" ls > "$T/dbgfs.canon"
	check "dbgfs: both mounts show one tree" \
		cmp -s "$T/dbgfs.space" "$T/dbgfs.canon"
	umount "$DBG_SPACE_MNT"
	rmdir "$DBG_SPACE_MNT"
	[ -n "$example" ] && rmmod dbgfs_example
	if [ -n "$loaded" ]; then
		umount /sys/kernel/dbgfs
		rmmod dbgfs
	fi
else
	skip "dbgfs checks" "dbgfs is not in /proc/filesystems"
fi

umount "$SPACE_MNT"
rmdir "$SPACE_MNT"
finish
