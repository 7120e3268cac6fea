# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# verdict.sh: how make check turns its steps into one closing line.  Sourced by
# scripts/check and by the runner's self-test (tests/runner/selftest), which feeds it
# broken steps to prove that each turns the verdict red.
#
# Set $log (the TAP log) before use.  Every result line of every step lands there; the
# closing line counts them:
#   step NAME [--plan] CMD...  runs CMD; its output is the step's TAP.  The step fails
#                              with a line of its own if CMD exits non-zero, prints no
#                              result, prints a plan it does not keep, or (--plan)
#                              prints no plan.
#   suite_counts KERNEL...     per guest suite and kernel: how many results it gave,
#                              against the minimum of tests/guest/SUITES*.
#   skip_check                 every "# SKIP" must be named in tests/SKIPS.
#   failure_summary            the failed results again, each with the comment lines
#                              under it, as comments (not counted), so that a CI that
#                              keeps only the tail of the output still says what failed.
#   closing_line               "N passed, N failed, N skipped"; status 0 only when
#                              nothing failed and something passed.
#   verdict KERNEL...          the four above, in that order.

: "${DBGFS_TOP:?source scripts/common.sh first}"

# A result line: "ok", "not ok", with or without a number.
VERDICT_RESULT='^(not )?ok( |$)'

step() {
	local name=$1 plan_needed= out rc results plan
	shift
	if [ "${1:-}" = --plan ]; then
		plan_needed=1
		shift
	fi
	echo "# == $name" | tee -a "$log"
	out=$(mktemp)
	"$@" 2>&1 | tee "$out" | tee -a "$log"
	rc=${PIPESTATUS[0]}
	results=$(grep -E -c "$VERDICT_RESULT" "$out")
	plan=$(sed -n -E 's/^1\.\.([0-9]+).*$/\1/p' "$out" | tail -n 1)
	rm -f "$out"
	{
		[ "$rc" -eq 0 ] || echo "not ok - $name: exited $rc"
		[ "$results" -gt 0 ] || echo "not ok - $name: printed no TAP result"
		if [ -n "$plan" ] && [ "$plan" -ne "$results" ]; then
			echo "not ok - $name: planned $plan results, printed $results"
		elif [ -z "$plan" ] && [ -n "$plan_needed" ]; then
			echo "not ok - $name: printed no plan"
		fi
	} | tee -a "$log"
}

# suite_names FILE: the suites of tests/guest/SUITES or SUITES.own-boot, one a line.
suite_names() {
	awk '!/^#/ && NF { print $1 }' "$1" 2>/dev/null
}

# suite_minimum SUITE: the minimum number of results of SUITE on any kernel, from the
# second column of tests/guest/SUITES or SUITES.own-boot (or of the files named in
# $suite_files, relative to tests/guest); 1 for a suite not listed there (the runner's
# self-test suites).
suite_minimum() {
	local min f files=()
	for f in ${suite_files:-SUITES SUITES.own-boot}; do
		files+=("$DBGFS_TOP/tests/guest/$f")
	done
	min=$(awk -v s="$1" '!/^#/ && $1 == s { print $2 }' "${files[@]}" 2>/dev/null |
		head -n 1)
	echo "${min:-1}"
}

# suite_counts KERNEL... with $suites the suites that should have run on each: one
# result per pair, so that a suite that shrank, or never ran, fails.
suite_counts() {
	local k s n failed min
	for k in "$@"; do
		for s in $suites; do
			n=$(grep -E -c "^(not )?ok - $k/$s: " "$log")
			failed=$(grep -E -c "^not ok - $k/$s: " "$log")
			min=$(suite_minimum "$s")
			if [ "$n" -ge "$min" ]; then
				echo "ok - count: $k/$s gave $n results ($failed failed), at least $min"
			else
				echo "not ok - count: $k/$s gave $n results ($failed failed), fewer than its minimum $min"
			fi
		done
	done | tee -a "$log"
}

# skip_check: a skip passes only where tests/SKIPS names it (a fixed string of the
# result line, a tab, the reason).
skip_check() {
	local line pattern allowed_line allowed=()
	mapfile -t allowed < <(grep -v -e '^#' -e '^$' "$DBGFS_TOP/tests/SKIPS" | cut -f1)
	grep -E '^ok .*# SKIP' "$log" | while IFS= read -r line; do
		allowed_line=
		for pattern in "${allowed[@]}"; do
			[[ "$line" == *"$pattern"* ]] && allowed_line=1
		done
		[ -n "$allowed_line" ] ||
			echo "not ok - skip not allowed by tests/SKIPS: ${line#ok - }"
	done | tee -a "$log"
}

# At most this many lines: a guest that died fails every suite after it.  Of each
# failure's comments, the first FAILURE_COMMENT_LINES: one failure with a long report (a
# fuzzer's log of operations) must not hide the others in CI's view of the output.
FAILURE_SUMMARY_LINES=60
FAILURE_COMMENT_LINES=8

failure_summary() {
	local lines
	lines=$(awk -v max="$FAILURE_COMMENT_LINES" '
		function cut() { if (n > max) printf "#   ... (%d more lines)\n", n - max }
		/^not ok/ { cut(); show = 1; n = 0; print; next }
		/^ok/ || /^# ==/ { cut(); show = 0; n = 0; next }
		show && /^#/ && ++n <= max { print }
		END { cut() }' "$log")
	[ -n "$lines" ] || return 0
	echo "# == what failed (again, from $log)"
	head -n "$FAILURE_SUMMARY_LINES" <<<"$lines" | sed 's/^/# /'
	[ "$(wc -l <<<"$lines")" -le "$FAILURE_SUMMARY_LINES" ] ||
		echo "# ... (more in $log)"
}

closing_line() {
	local pass skip fail
	pass=$(grep -E -c '^ok( |$)' "$log")
	skip=$(grep -E -c '^ok .*# SKIP' "$log")
	fail=$(grep -E -c '^not ok( |$)' "$log")
	pass=$((pass - skip))
	echo "$pass passed, $fail failed, $skip skipped"
	[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
}

verdict() {
	suite_counts "$@"
	skip_check
	failure_summary
	closing_line
}
