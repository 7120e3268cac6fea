#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# cases.sh: dbgfs-port's own cases (tests/port/cases/CASES): for each, the diff on stdout,
# the reports on stderr and the exit status; then --in-place (the file becomes what the
# diff says, nothing on stdout), the Kbuild lines without --quiet, and the usage errors
# (exit 2).  TAP on stdout.
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$DBGFS_TOP/tests/port/cases" || exit 1
port=$DBGFS_TOP/tools/port/dbgfs-port

mapfile -t cases < <(awk '!/^#/ && NF { print $1 " " $2 }' CASES)
tap_name="port cases"
. "$DBGFS_TOP/tests/lib/tap.sh"

echo "1..$(( ${#cases[@]} * 5 + 12 ))"
command -v spatch >/dev/null || { echo "Bail out! spatch is missing (coccinelle)"; exit 1; }
checkpatch=$DBGFS_CACHE/checkpatch/checkpatch.pl
[ -f "$checkpatch" ] || { echo "Bail out! $checkpatch is missing (scripts/setup)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Every case file is in CASES, and every case has its files.
extra=$(comm -23 <(printf '%s\n' *.c | sed 's/\.c$//' | sort) <(printf '%s\n' "${cases[@]%% *}" | sort))
result "$([ -z "$extra" ] && echo 0 || echo 1)" "every NAME.c is in CASES${extra:+ (not: $extra)}"

for c in "${cases[@]}"; do
	name=${c%% *} want=${c#* }
	"$port" --quiet "$name.c" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	result $(( rc != want )) "$name: exit status $rc, $want expected"
	if diff -u "$name.diff" "$tmp/out" >"$tmp/d"; then
		result 0 "$name: the diff is $name.diff's ($(grep -c '^[-+][^-+]' "$name.diff") lines changed)"
	else
		result 1 "$name: the diff differs from $name.diff"
		head -20 "$tmp/d" | sed 's/^/#   /'
	fi
	if diff -u "$name.err" "$tmp/err" >"$tmp/d"; then
		result 0 "$name: the reports are $name.err's ($(wc -l <"$name.err") lines)"
	else
		result 1 "$name: the reports differ from $name.err"
		head -20 "$tmp/d" | sed 's/^/#   /'
	fi
	# --in-place: the file becomes the expected diff applied, stdout stays empty.
	mkdir -p "$tmp/ip" "$tmp/want"
	cp "$name.c" "$tmp/ip/"
	cp "$name.c" "$tmp/want/"
	(cd "$tmp/want" && patch -s -p1 <"$DBGFS_TOP/tests/port/cases/$name.diff") >/dev/null 2>&1
	(cd "$tmp/ip" && "$port" --in-place --quiet "$name.c") >"$tmp/out" 2>/dev/null
	rc=$?
	[ $rc = "$want" ] && [ ! -s "$tmp/out" ] && cmp -s "$tmp/ip/$name.c" "$tmp/want/$name.c"
	result $? "$name: --in-place writes the diff's result, prints no diff, exits $want"
	# (checkpatch runs diff(1) on the path unquoted: it gets the name in its folder)
	before=$(perl "$checkpatch" --no-tree --terse --strict -f "$name.c" 2>&1 | grep -c 'Alignment should')
	after=$(cd "$tmp/ip" && perl "$checkpatch" --no-tree --terse --strict -f "$name.c" 2>&1 |
		grep -c 'Alignment should')
	result $(( after > before )) "$name: checkpatch --strict: $after lines not aligned with their parenthesis, $before before"
done

# Without --quiet: the Kbuild lines, after the reports.
"$port" include.c >/dev/null 2>"$tmp/err"
grep -q 'ccflags-y += -I.*include' "$tmp/err" && grep -q 'KBUILD_EXTRA_SYMBOLS=' "$tmp/err"
result $? "without --quiet, the Kbuild lines (ccflags-y, KBUILD_EXTRA_SYMBOLS) on stderr"
# Several files: one diff each, the worst status.
"$port" --quiet include.c inode.c >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 1 ] && [ "$(grep -c '^--- a/' "$tmp/out")" = 1 ] && grep -q '^inode.c:' "$tmp/err"
result $? "two files, one refused: the diff of the other, the report, exit $rc (1 expected)"
# A driver of several files as a unit (a folder): its header's fields and prototypes,
# fields known by their struct, a refusal that leaves all that goes with it.
"$port" --quiet unit >"$tmp/out" 2>"$tmp/err"
rc=$?
diff -u unit.diff "$tmp/out" >"$tmp/d" && diff -u unit.err "$tmp/err" >>"$tmp/d" && [ $rc = 1 ]
result $? "unit/ (drv.h, main.c, port.c): exit $rc (1 expected), the diff is unit.diff's, the reports unit.err's"
sed 's/^/#   /' "$tmp/d" | head -20
cp -r unit "$tmp/unit"
(cd "$tmp" && "$port" --quiet --in-place unit) >/dev/null 2>&1
(cd "$tmp" && patch -s -p1 -R <"$DBGFS_TOP/tests/port/cases/unit.diff") >/dev/null 2>&1 &&
	diff -r unit "$tmp/unit" >/dev/null
result $? "unit/ --in-place: the diff's result (reverting unit.diff gives the folder back)"
"$port" --quiet no-such-file.c >/dev/null 2>&1
result $(( $? != 2 )) "a missing file: exit 2"
"$port" --no-such-option include.c >/dev/null 2>&1
result $(( $? != 2 )) "an unknown option: exit 2"
"$port" >/dev/null 2>&1
result $(( $? != 2 )) "no file: exit 2"
# No rule grows with the paths through a function: returns.c (30 returns, most in three
# nested loops) took 13 s when one rule matched whole bodies, and minutes with a few more.
start=$(date +%s%N)
"$port" --quiet returns.c >/dev/null 2>&1
ms=$(( ($(date +%s%N) - start) / 1000000 ))
result $(( ms > 5000 )) "returns.c ports in ${ms} ms (5 s allowed)"
# The time bound: the old whole-body rule (explode.cocci) runs out on returns.c, and the
# tool names the file, the rule and the function, and leaves the file as it was.
cp returns.c "$tmp/returns.c"
(cd "$tmp" && DBGFS_PORT_COCCI="$DBGFS_TOP/tests/port/cases/explode.cocci" \
	"$port" --quiet --in-place --timeout 1 returns.c) >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 2 ] && cmp -s returns.c "$tmp/returns.c" &&
	grep -q '^dbgfs-port: returns.c: spatch ran out of its 1 s in rule use_return, function r_parse()' "$tmp/err"
result $? "--timeout 1 with the old rule: exit $rc (2 expected), names returns.c, use_return and r_parse(), file unchanged"
# In a unit, a file that runs out leaves every file as it was.
cp include.c "$tmp/include.c"
(cd "$tmp" && DBGFS_PORT_COCCI="$DBGFS_TOP/tests/port/cases/explode.cocci" \
	"$port" --quiet --in-place --timeout 1 returns.c include.c) >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 2 ] && cmp -s returns.c "$tmp/returns.c" && cmp -s include.c "$tmp/include.c" &&
	grep -q '^dbgfs-port: nothing ported' "$tmp/err"
result $? "a unit of two, one runs out: exit $rc (2 expected), nothing ported"
SPATCH=/nonexistent/spatch "$port" --quiet include.c >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 2 ] && grep -q 'spatch not found' "$tmp/err"
result $? "without spatch: exit $rc (2 expected), says so"
all_passed
