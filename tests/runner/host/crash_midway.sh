#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# crash_midway: a host test program that dies of a signal half-way through its
# results, before its plan: the step that runs it must fail.
echo "TAP version 13"
echo "ok 1 - a first result"
echo "ok 2 - a second result"
kill -SEGV $$
echo "ok 3 - never printed"
echo "1..3"
