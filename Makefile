# SPDX-License-Identifier: GPL-2.0
# dbgfs: top-level targets.  `make check` is the test command; `make run` the main job.
KERNEL ?= 6.1
SUITES ?= $(shell awk '!/^\#/ && NF { print $$1 }' tests/guest/SUITES | paste -sd,)
MODULE_DIRS := $(shell scripts/module-dirs)

all: setup modules user

setup:
	scripts/setup 6.1 6.12 6.12-rt 7.2 7.3-rc

modules:
	scripts/build-modules 6.1 $(MODULE_DIRS)
	scripts/build-modules 6.12 $(MODULE_DIRS)
	scripts/build-modules 6.12-rt $(MODULE_DIRS)
	scripts/build-modules 7.2 $(MODULE_DIRS)
	scripts/build-modules 7.3-rc $(MODULE_DIRS)

user:
	for d in lib tools tests/guest bench; do \
		[ ! -f $$d/Makefile ] || $(MAKE) -C $$d || exit 1; done

# Everything: host checks, guest suites on 6.1, 6.12, 6.12-rt (PREEMPT_RT), 7.2 (Debian
# unstable's) and the debug kernel, the builds for 7.3-rc (experimental's), runner
# self-tests.
check:
	scripts/check 6.1 6.12 6.12-rt 7.2 debug --build-only 7.3-rc

# One kernel's suites, or some of them: make check-guest KERNEL=6.12 SUITES=mount
check-guest: setup user
	scripts/build-modules $(KERNEL) $(MODULE_DIRS)
	DBGFS_SUITES="$(SUITES)" DBGFS_SKIP_SELFTEST=1 scripts/check $(KERNEL)

check-selftest: setup
	scripts/build-modules $(KERNEL) $(MODULE_DIRS)
	tests/runner/selftest $(KERNEL)

check-debug:
	DBGFS_SKIP_SELFTEST=1 scripts/check debug

# The main job: a guest with dbgfs, the example module and the tool's tour; a shell in
# the guest when stdin is a terminal.  KERNEL=6.12, 6.12-rt, 7.2 or 7.3-rc for another
# kernel (7.x builds in the Debian unstable root of scripts/chroot).
run:
	scripts/setup $(KERNEL)
	$(MAKE) -s -C tools
	scripts/build-modules $(KERNEL) kernel examples
	guest/run --show $$([ -t 0 ] && echo --interactive) $(KERNEL) tour \
		build/$(KERNEL)/kernel/dbgfs.ko build/$(KERNEL)/examples/dbgfs_example.ko \
		usr/bin/dbgfs=build/tools/dbgfs

# The benchmark (bench/): dbgfs against debugfs, sysfs and the bench module's floor
# filesystem in one guest booted without the debug options; a table,
# build/bench/results.csv (every repetition) and the plots (doc/bench.md).
bench: bench-build
	guest/run --no-debug --timeout 3600 --log build/logs/bench-$(KERNEL) $(KERNEL) bench \
		build/$(KERNEL)/kernel/dbgfs.ko build/$(KERNEL)/bench/kmod/dbgfs_bench.ko \
		build/bench/bench
	bench/report build/logs/bench-$(KERNEL)/results.tap

# Where the benchmark's time goes: perf in the same guest, per timed span (SPANS, space
# separated WORKLOAD/THREADS/FS; default in bench/profile); build/bench/profile-KERNEL.txt.
bench-profile: bench-build
	bench/profile $(KERNEL) $(SPANS)

# What both boot: the kernel, dbgfs and the bench module for it, and bench.
bench-build:
	scripts/setup $(KERNEL)
	scripts/build-modules $(KERNEL) kernel bench/kmod
	$(MAKE) -s -C bench

# Installation: the library, the tool and its man page (DESTDIR, PREFIX, LIBDIR as
# packagers use them; WERROR= drops -Werror); with KDIR, a kernel build directory, also
# the module for that kernel and, for client modules, dbgfs.h and that build's
# Module.symvers under PREFIX/src/dbgfs-VERSION (scripts/install-module).
install:
	$(MAKE) -C lib install
	$(MAKE) -C tools install
	$(if $(KDIR),scripts/install-module install "$(KDIR)")

uninstall:
	$(if $(KDIR),scripts/install-module uninstall "$(KDIR)")
	$(MAKE) -C tools uninstall
	$(MAKE) -C lib uninstall

# Port a debugfs client to dbgfs (tools/port/dbgfs-port): make port DIR=drivers/foo (its
# .c and .h files together) or FILES="a.c b.c" prints the diff, ARGS=--in-place writes
# the files.  What it cannot port it reports, and fails.
port:
	@[ -n "$(FILES)$(DIR)" ] || { echo 'usage: make port DIR=dir | FILES="a.c ..." [ARGS=--in-place]' >&2; exit 2; }
	tools/port/dbgfs-port $(ARGS) $(DIR) $(FILES)

# dbgfs-port's own tests (tests/port/): its cases, twenty drivers of linux-source-6.1 and
# three whole ones, and the differential client's debugfs build, ported and built for 6.1.
check-port:
	scripts/setup 6.1
	scripts/build-modules 6.1 kernel
	tests/port/cases.sh
	tests/port/drivers.sh 6.1
	tests/port/diff.sh 6.1

# The DKMS source tree, build/dkms/dbgfs-VERSION (dkms add takes it as it is).
dkms-source:
	scripts/dkms-source build/dkms

# The API reference from the kernel-doc of kernel/include/dbgfs.h and kernel/*.c, by the
# kernel's scripts/kernel-doc: build/docs/man/man9/*.9 and build/docs/html/index.html.
# Any warning fails it (scripts/docs).
docs:
	scripts/docs

# The Debian packages (debian/): dbgfs-dkms, libdbgfs0, libdbgfs-dev and dbgfs-tools in
# build/deb/, checked with lintian (scripts/deb); tests/host/deb.sh tests them.
deb:
	scripts/deb

# The packages of `make deb` installed as a user installs them, the README's Quick start
# run as written, and removed, in QEMU booting real Debian 12 and 13 root filesystems made
# once in the cache (scripts/check-install; RELEASE=bookworm or trixie for one).  Too slow
# for `make check`: see doc/install.md for its time.
RELEASE ?= bookworm trixie
check-install: deb
	scripts/check-install $(RELEASE)

# The fuzzer's long form (tests/guest/fuzz.c): make fuzz SEED=0x1234 TIME=600 KERNEL=debug.
# SEED defaults to a random one (printed); the guest boots with panic_on_warn=0, so that
# the fuzzer sees a KASAN or lockdep report itself and replays and shrinks its log.
SEED ?= 0x$(shell od -An -N8 -tx8 /dev/urandom | tr -d ' ')
TIME ?= 300
fuzz:
	if [ "$(KERNEL)" = debug ]; then scripts/debug-kernel; else scripts/setup $(KERNEL); fi
	scripts/build-modules $(KERNEL) kernel tests/kernel
	$(MAKE) -s -C tests/guest
	mkdir -p build/fuzz && echo "$(SEED) $(TIME)" >build/fuzz/fuzz.conf
	guest/run --timeout $$(( $(TIME) + 900 )) --append panic_on_warn=0 \
		--log build/logs/fuzz-$(KERNEL) $(KERNEL) fuzz build/$(KERNEL)/kernel/dbgfs.ko \
		build/$(KERNEL)/tests/kernel/fuzz_client.ko build/$(KERNEL)/tests/kernel/fuzz_peer.ko \
		build/tests/guest/fuzz tests/fuzz.conf=build/fuzz/fuzz.conf

# The fuzzer's power (scripts/fuzz-power): for each fix that tests/fuzz-power/REVERT.patch
# undoes, N fresh random seeds for TIME seconds each on KERNEL, and how many found the bug:
# make fuzz-power KERNEL=debug N=5 TIME=120 REVERT="issue9-wait part1-hold".
N ?= 5
REVERT ?=
fuzz-power:
	scripts/fuzz-power -n $(N) -t $(TIME) -k $(KERNEL) $(REVERT)

# The soak's long form (tests/guest/soak.c): make soak ENTRIES=1000000 KERNEL=6.1.  The
# guest boots without the debug options (as the benchmark's) and with slab_nomerge, so
# that dbgfs' caches are counted alone; what is left must be under MAX_B bytes per entry.
ENTRIES ?= 1000000
ROUND ?= 10000
MAX_B ?= 1
soak:
	scripts/setup $(KERNEL)
	scripts/build-modules $(KERNEL) kernel bench/kmod
	$(MAKE) -s -C tests/guest
	mkdir -p build/soak && echo "$(ENTRIES) $(ROUND) $(MAX_B)" >build/soak/soak.conf
	guest/run --no-debug --append slab_nomerge --timeout 5400 --log build/logs/soak-$(KERNEL) \
		$(KERNEL) soak build/$(KERNEL)/kernel/dbgfs.ko \
		build/$(KERNEL)/bench/kmod/dbgfs_bench.ko build/tests/guest/soak \
		tests/soak.conf=build/soak/soak.conf

clean:
	rm -rf build

.PHONY: all setup modules user check check-guest check-selftest check-debug run bench bench-profile bench-build install \
	uninstall port check-port dkms-source docs deb check-install fuzz fuzz-power soak clean
