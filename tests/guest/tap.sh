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
