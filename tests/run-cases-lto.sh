#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The cases of run-cases-clang.sh with kernels linked by ld.lld from
# ThinLTO objects, as Android builds its kernels.
FIXTURE_LTO=thin exec sh "$(dirname "$0")/run-cases-clang.sh"
