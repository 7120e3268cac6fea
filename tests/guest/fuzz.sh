# SPDX-License-Identifier: GPL-2.0
# fuzz: the seeded random-operation fuzzer (/tests/bin/fuzz with fuzz_client.ko and
# fuzz_peer.ko; see tests/guest/fuzz.c).  Runs each seed of tests/guest/fuzz.seeds
# (printed by /tests/bin/fuzz-seeds) for its seconds (default FUZZ_SECS), or, when
# /tests/fuzz.conf exists (make fuzz), the seeds and times it gives, in the same
# format.  Two results per seed (every result allowed, no hang or splat; the floors of
# work done), then the kernel log's checks.
. /tests/guest/tap.sh
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
is "there are seeds to run" "$(grep -c . /tmp/fuzz.list)" "$(grep -c . /tmp/fuzz.list | grep -v '^0$')"
# A line: SEED [SECONDS [HANG [MINIMISE]]] (scripts/fuzz-power gives all four).
while read -r seed secs hang minimise _; do
	[ -n "$seed" ] || continue
	echo "# fuzz: seed $seed for ${secs:-$FUZZ_SECS} s"
	tap_program "fuzz $seed" /tests/bin/fuzz --seed "$seed" \
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
