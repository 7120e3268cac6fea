# SPDX-License-Identifier: GPL-2.0
# bench_profile: where the benchmark's time goes (bench/profile).  For each span of
# $BENCH_PROFILE (WORKLOAD/THREADS/FS, comma separated) the whole benchmark runs once
# at $BENCH_SIZES (default 100000) under perf record -a -g, whose events bench enables
# only while that span runs (bench --profile); perf report's tables come out as lines
# "prof: SPAN: ..." that bench/profile takes from the TAP log.  Not a test suite: its
# TAP lines say whether each profile could be made.
. /tests/lib/tap.sh
M=/sys/kernel/dbgfs
MODS=/tests/modules
CTL=/tmp/perf.ctl
ACK=/tmp/perf.ack
DATA=/tmp/perf.data
TASKS=bench,dbgfs_bench/0,dbgfs_bench/1	# bench, and dbgfs_bench.ko's kthreads

check "insmod dbgfs.ko" insmod $MODS/dbgfs.ko
check "mount dbgfs" mount -t dbgfs none $M
check "insmod dbgfs_bench.ko" insmod $MODS/dbgfs_bench.ko
# Kernel symbols and system-wide sampling for root, whatever the kernel's defaults.
echo 0 >/proc/sys/kernel/kptr_restrict
echo -1 >/proc/sys/kernel/perf_event_paranoid
echo "# kernel: $(uname -r); $(nproc) CPUs; $(perf --version)"

# report SPAN ARGS...: perf report's table for SPAN, each line prefixed.
report() {
	span=$1
	shift
	perf report -i $DATA --stdio --quiet "$@" 2>/dev/null | sed "/^$/d; s|^|prof: $span: |"
}

for span in $(echo "${BENCH_PROFILE:-}" | tr ',' ' '); do
	rm -f $CTL $ACK $DATA
	mkfifo $CTL $ACK
	if BENCH_PERF_CTL=$CTL BENCH_PERF_ACK=$ACK perf record -q -a -g -D -1 \
		--control fifo:$CTL,$ACK -o $DATA -- /tests/bin/bench \
		--sizes "${BENCH_SIZES:-100000}" --reps 1 --large-reps 1 \
		--profile "$span" >/tmp/bench.out 2>&1 && [ -s $DATA ]; then
		ok "perf record of $span"
	else
		not_ok "perf record of $span"
		sed 's/^/#   /' /tmp/bench.out | tail -20
		continue
	fi
	workload=${span%%/*} fs=${span##*/} threads=${span#*/}
	threads=${threads%/*}
	umount /bench/* /sys/kernel/bench_floor 2>/dev/null
	grep "^csv: $workload,[0-9]*,$threads,[a-z-]*,$fs," /tmp/bench.out |
		sed "s|^csv: |prof: $span: timed under perf (workload,n,threads,mode,fs,rep,value,unit): |"
	echo "prof: $span: == samples by task (swapper: idle)"
	report "$span" --sort comm --percent-limit 1 -g none
	# The benchmark's own tasks, in percent of their samples.
	echo "prof: $span: == self, bench's tasks"
	report "$span" --comms "$TASKS" --percentage relative --no-children \
		--sort sym --percent-limit 1 -g none
	echo "prof: $span: == with children, bench's tasks"
	report "$span" --comms "$TASKS" --percentage relative --children \
		--sort sym --percent-limit 5 -g none
done
check "rmmod dbgfs_bench" rmmod dbgfs_bench
check "umount dbgfs" umount $M
check "rmmod dbgfs" rmmod dbgfs
done_testing
