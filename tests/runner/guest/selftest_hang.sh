# SPDX-License-Identifier: GPL-2.0
# selftest_hang: never finishes; the run must fail by its timeout.
. /tests/lib/tap.sh
ok "about to hang"
while :; do sleep 1000; done
