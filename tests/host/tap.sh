# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2034,SC2154 # failed is the caller's, as are its inputs
# tap.sh: the TAP helper of the host's shell tests (install.sh, deb.sh, tests/port/*.sh).
# Set $tap_name, the name each result starts with, and, for ok(), $logf, where the
# commands' output goes.

n=0 failed=0
ok() {	# ok DESCRIPTION COMMAND...: one numbered result, "ok" when COMMAND succeeds
	local what=$1
	shift
	n=$((n + 1))
	if "$@" >>"$logf" 2>&1; then
		echo "ok $n - $tap_name: $what"
	else
		echo "not ok $n - $tap_name: $what (see $logf)"
		failed=1
	fi
}

result() {	# result STATUS DESCRIPTION: one numbered result, "ok" when STATUS is 0
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n - $tap_name: $2"
	else
		echo "not ok $n - $tap_name: $2"
		failed=1
	fi
}
