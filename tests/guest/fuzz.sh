# SPDX-License-Identifier: GPL-2.0
# fuzz: the seeded random-operation fuzzer (/tests/bin/fuzz with fuzz_client.ko and
# fuzz_peer.ko; see tests/guest/fuzz.c).  Runs each seed of tests/guest/fuzz.seeds
# (printed by /tests/bin/fuzz-seeds) for its seconds (default FUZZ_SECS), or, when
# /tests/fuzz.conf exists (make fuzz), the seeds and times it gives, in the same
# format.  Two results per seed (every result allowed, no hang or splat; the floors of
# work done), then the kernel log's checks.
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
MODS=/tests/modules
FUZZ_SECS=${FUZZ_SECS:-40}
MINIMISE=${MINIMISE:-60}

check "insmod dbgfs.ko" insmod $MODS/dbgfs.ko
check "mount -t dbgfs none $M" mount -t dbgfs none $M
dmesg -c >/dev/null

if [ -f /tests/fuzz.conf ]; then
	grep -v '^#' /tests/fuzz.conf
else
	fuzz-seeds | grep -v '^#'
fi >/tmp/fuzz.list

# fuzz_seed NAME CMD...: tap_program, except that a fuzzer that found a hang has a
# thread blocked in the kernel for good and cannot exit: once its report is out it makes
# /tmp/fuzz.hung, and the suite goes on without it (to its other checks, and the
# guest's end) instead of waiting for the guest's timeout.
fuzz_seed() {
	_name=$1
	shift
	rm -f /tmp/fuzz.hung
	"$@" --hung-file /tmp/fuzz.hung >/tmp/program.tap 2>&1 &
	_pid=$!
	while [ ! -e /tmp/fuzz.hung ] && [ -e /proc/$_pid ] &&
		! grep -q '^State:.*zombie' /proc/$_pid/status 2>/dev/null; do
		sleep 1
	done
	if [ -e /tmp/fuzz.hung ]; then
		_rc="blocked in the kernel"
	else
		wait $_pid
		_rc=$?
	fi
	reemit "$_name" /tmp/program.tap
	is "$_name: exit status" "$_rc" 0
}

is "there are seeds to run" "$(grep -c . /tmp/fuzz.list)" "$(grep -c . /tmp/fuzz.list | grep -v '^0$')"
# A line: SEED [SECONDS [HANG [MINIMISE]]] (scripts/fuzz-power gives all four).
while read -r seed secs hang minimise _; do
	[ -n "$seed" ] || continue
	echo "# fuzz: seed $seed for ${secs:-$FUZZ_SECS} s"
	fuzz_seed "fuzz $seed" /tests/bin/fuzz --seed "$seed" \
		--time "${secs:-$FUZZ_SECS}" --hang "${hang:-60}" \
		--minimise "${minimise:-$MINIMISE}"
done </tmp/fuzz.list

rmmod fuzz_peer 2>/dev/null
check "rmmod fuzz_client" rmmod fuzz_client
is "no fuzz_client FAIL line in the kernel log" "$(dmesg | grep -c 'fuzz_client: FAIL')" 0
is "no splat in the kernel log" "$(splats)" ""
check "umount $M" umount $M
check "rmmod dbgfs" rmmod dbgfs
done_testing
