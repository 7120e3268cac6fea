# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # tap_name and logf are the caller's
# tap.sh: the TAP helpers of every shell test: the guest suites (busybox sh; the guest has
# this file at /tests/lib/tap.sh) and the host's (bash: tests/host/install.sh and deb.sh,
# tests/port/*.sh).  Source it.  A suite that prints its plan last ends with
# done_testing; one that printed it first ends with all_passed.
#
# Set $tap_name to start every result's description with "$tap_name: ", and $logf to have
# check send its commands' output there (the host's) instead of into the TAP as comments
# under a failure (the guest's).
_n=0
_failed=0

# ok DESC: a result that passes; not_ok DESC: one that fails; skip DESC [WHY]: one
# skipped (tests/SKIPS must name it); diag TEXT: a comment.
ok() { _n=$((_n + 1)); echo "ok $_n - ${tap_name:+$tap_name: }$*"; }
not_ok() {
	_n=$((_n + 1))
	_failed=$((_failed + 1))
	echo "not ok $_n - ${tap_name:+$tap_name: }$*"
}
skip() { _n=$((_n + 1)); echo "ok $_n - ${tap_name:+$tap_name: }$1 # SKIP${2:+ $2}"; }
diag() { echo "# $*"; }

# result STATUS DESC: passes if STATUS is 0.
result() {
	if [ "$1" = 0 ]; then
		ok "$2"
	else
		not_ok "$2"
	fi
}

# check DESC CMD...: passes if CMD succeeds; its output goes to $logf, or, without
# $logf, under the result as comments when it fails.
check() {
	_desc=$1
	shift
	if [ -n "${logf:-}" ]; then
		if "$@" >>"$logf" 2>&1; then
			ok "$_desc"
		else
			not_ok "$_desc (see $logf)"
		fi
		return 0
	fi
	if "$@" >/tmp/tap.out 2>&1; then
		ok "$_desc"
	else
		not_ok "$_desc"
		sed 's/^/#   /' /tmp/tap.out
	fi
}

# check_fails DESC CMD...: passes if CMD fails.
check_fails() {
	_desc=$1
	shift
	if "$@" >/tmp/tap.out 2>&1; then
		not_ok "$_desc (succeeded)"
		sed 's/^/#   /' /tmp/tap.out
	else
		ok "$_desc"
	fi
}

# check_fails_with DESC TEXT CMD...: passes if CMD fails with TEXT in its output (the
# error meant, e.g. "Invalid argument"), so that a failure for another reason does not
# pass.  Prefer it to check_fails.
check_fails_with() {
	_desc=$1
	_text=$2
	shift 2
	if "$@" >/tmp/tap.out 2>&1; then
		not_ok "$_desc (succeeded)"
		sed 's/^/#   /' /tmp/tap.out
	elif grep -qF -- "$_text" /tmp/tap.out; then
		ok "$_desc"
	else
		not_ok "$_desc (failed, but not with '$_text')"
		sed 's/^/#   /' /tmp/tap.out
	fi
}

# check_exit DESC STATUS CMD...: passes if CMD exits with STATUS exactly (grep -q: 1
# for no match, where 2 is an error).
check_exit() {
	_desc=$1
	_want=$2
	shift 2
	"$@" >/tmp/tap.out 2>&1
	_rc=$?
	if [ "$_rc" -eq "$_want" ]; then
		ok "$_desc"
	else
		not_ok "$_desc (exit $_rc, not $_want)"
		sed 's/^/#   /' /tmp/tap.out
	fi
}

# closed DESC FD: after `exec FD<&-` (whose result the shell ignores), passes if the
# shell no longer has FD.
closed() {
	if [ -e "/proc/$$/fd/$2" ]; then
		not_ok "$1"
		echo "#   fd $2 still open: $(readlink "/proc/$$/fd/$2")"
	else
		ok "$1"
	fi
}

# splats: the kernel log's lines that report a problem (guest/splats, the runner's list).
splats() {
	dmesg | grep -E -f /tests/guest/splats
}

# klog_has DESC TEXT: passes if the kernel log has TEXT.
klog_has() {
	if dmesg | grep -qF -- "$2"; then
		ok "$1"
	else
		not_ok "$1 (no '$2' in the kernel log)"
	fi
}

# is DESC GOT WANT: passes if the strings are equal.
is() {
	if [ "$2" = "$3" ]; then
		ok "$1"
	else
		not_ok "$1"
		echo "#   got:  '$2'"
		echo "#   want: '$3'"
	fi
}

done_testing() {
	echo "1..$_n"
	[ "$_failed" -eq 0 ]
}

# all_passed: whether every result so far passed (the exit status of a script that
# printed its plan first).
all_passed() { [ "$_failed" -eq 0 ]; }

# reemit NAME FILE: the TAP results in FILE as this suite's ("NAME: ..."), then a check
# that there were as many as FILE's plan says.
reemit() {
	_planned= _ran=0
	while IFS= read -r _line; do
		case "$_line" in
		"ok "*) _ran=$((_ran + 1)); ok "$1: ${_line#ok * - }" ;;
		"not ok "*) _ran=$((_ran + 1)); not_ok "$1: ${_line#not ok * - }" ;;
		"1.."*) _planned=${_line#1..}; _planned=${_planned%% *} ;;
		"TAP version"*) ;;
		"#"*) echo "$_line" ;;
		*) echo "# $1: $_line" ;;
		esac
	done <"$2"
	is "$1: ran all it planned" "$_ran" "${_planned:-no plan}"
}

# ktap_module KO [PARAM...]: loads a KTAP test module, whose results are the kernel log
# lines "dbgfs-ktap: ok N - ..." (see tests/kernel/ktap.h), re-emits them, and unloads it.
ktap_module() {
	_ko=$1
	shift
	_name=$(basename "$_ko" .ko)
	dmesg -c >/dev/null
	if ! insmod "$_ko" "$@" >/tmp/tap.out 2>&1; then
		not_ok "$_name: insmod"
		sed 's/^/#   /' /tmp/tap.out
		return
	fi
	dmesg | sed -n 's/^.*dbgfs-ktap: //p' >/tmp/ktap.out
	reemit "$_name" /tmp/ktap.out
	check "$_name: rmmod" rmmod "$_name"
}

# tap_program NAME CMD...: runs a test program that prints TAP, re-emits its results,
# and checks that it exited 0.
tap_program() {
	_name=$1
	shift
	"$@" >/tmp/program.tap 2>&1
	_rc=$?
	reemit "$_name" /tmp/program.tap
	is "$_name: exit status" "$_rc" 0
}
