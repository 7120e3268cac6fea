# SPDX-License-Identifier: GPL-2.0
# fuzz: the seeded random-operation fuzzer (/tests/bin/fuzz with fuzz_client.ko and
# fuzz_peer.ko; see tests/guest/fuzz.c).  Runs each seed of tests/guest/fuzz.seeds
# (printed by /tests/bin/fuzz-seeds) for its seconds (default FUZZ_SECS), or, when
# /tests/fuzz.conf exists (make fuzz), the seeds and times it gives, in the same
# format.  One result per seed, then the kernel log's checks.
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
while read -r seed secs _; do
	[ -n "$seed" ] || continue
	echo "# fuzz: seed $seed for ${secs:-$FUZZ_SECS} s"
	tap_program "fuzz $seed" /tests/bin/fuzz --seed "$seed" \
		--time "${secs:-$FUZZ_SECS}" --minimise "$MINIMISE"
done </tmp/fuzz.list

# The fuzzer's own failure path, on a bug it must find: fuzz_client's plant=1 answers
# EFAULT to a read of a file once it was written.  The run must fail, its log fail again
# replayed in one thread, and delta debugging shrink it to a few operations (a create,
# an open, a write, a read: the names and slots vary with the seed).
if [ ! -f /tests/fuzz.conf ]; then
	/tests/bin/fuzz --seed 0x1 --time 30 --minimise 120 --client-params plant=1 \
		>/tmp/plant.out 2>&1
	rc=$?
	kept=$(sed -n 's/^# *delta debugging: \([0-9]*\) of .*/\1/p' /tmp/plant.out)
	planted() {
		_desc=$1
		shift
		if "$@"; then ok "planted bug: $_desc"; else
			not_ok "planted bug: $_desc"
			grep -E '^# *(fuzz|replay|delta|the minimised|min:)|^not ok' /tmp/plant.out |
				head -20 | sed 's/^/#   /'
		fi
	}
	planted "the fuzzer fails (exit $rc)" [ "$rc" -ne 0 ]
	planted "it was a read answering EFAULT" grep -q 'read answered EFAULT' /tmp/plant.out
	planted "its log fails again replayed in one thread" \
		grep -q 'in one thread fails too' /tmp/plant.out
	few() { [ -n "$kept" ] && [ "$kept" -le 8 ]; }
	planted "delta debugging kept ${kept:-no} operations, at most 8" few
	planted "the minimised log has the read" grep -q '^# min: .*read' /tmp/plant.out
	planted "the minimised log fails when replayed once more" \
		grep -q 'minimised log fails when replayed once more' /tmp/plant.out
	grep '^# min: ' /tmp/plant.out
fi

rmmod fuzz_peer 2>/dev/null
check "rmmod fuzz_client" rmmod fuzz_client
is "no fuzz_client FAIL line in the kernel log" "$(dmesg | grep -c 'fuzz_client: FAIL')" 0
is "no splat in the kernel log" \
	"$(dmesg | grep -cE 'BUG:|WARNING:|KASAN|Oops|possible circular|blocked for more than')" 0
check "umount $M" umount $M
check "rmmod dbgfs" rmmod dbgfs
done_testing
