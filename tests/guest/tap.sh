# tap.sh: TAP helpers for the guest suites (busybox sh).  Source it; end with done_testing.
_n=0
_failed=0

ok() { _n=$((_n + 1)); echo "ok $_n - $*"; }
not_ok() { _n=$((_n + 1)); _failed=$((_failed + 1)); echo "not ok $_n - $*"; }
skip() { _n=$((_n + 1)); echo "ok $_n - $* # SKIP"; }

# check DESC CMD...: passes if CMD succeeds; its output goes to the log otherwise.
check() {
	_desc=$1
	shift
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

# ktap_module KO [PARAM...]: loads a KTAP test module, whose results are the kernel log
# lines "dbgfs-ktap: ok N - ..." (see tests/kernel/ktap.h), re-emits them as this
# suite's, checks that it ran as many as it planned, and unloads it.
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
	_planned=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' /tmp/ktap.out)
	_ran=0
	while read -r _line; do
		case "$_line" in
		"ok "*) _ran=$((_ran + 1)); ok "$_name: ${_line#ok * - }" ;;
		"not ok "*) _ran=$((_ran + 1)); not_ok "$_name: ${_line#not ok * - }" ;;
		"#"*) echo "$_line" ;;
		esac
	done </tmp/ktap.out
	is "$_name: ran all it planned" "$_ran" "${_planned:-no plan}"
	check "$_name: rmmod" rmmod "$_name"
}
