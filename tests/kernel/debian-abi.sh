#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Debian's own checker, debian/bin/buildcheck.py of the linux source
# package (6.1.187-1, its packaging alone), against kabi --debian-abi on
# the Module.symvers of 6.1.0-53 -> 54 -> 55 cloud-amd64: the real
# updates, and edits of each kind buildcheck compares, under rule trees
# that scope rules to an arch, featureset or flavour
# (tests/kernel/debian-abi.py).
# Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

debian=$("$fetch" source:6.1.187-1) &&
	h53=$("$fetch" linux-headers-6.1.0-53-cloud-amd64) &&
	h54=$("$fetch" linux-headers-6.1.0-54-cloud-amd64) &&
	h55=$("$fetch" linux-headers-6.1.0-55-cloud-amd64) || {
	echo "1..1"
	result 1 "the linux source package's packaging and the headers"
	exit 1
}
# the file's folder says the release: linux-headers-RELEASE/Module.symvers
symvers() { echo "$1/usr/src/linux-headers-$2/Module.symvers"; }
KABI=$KABI python3 "$(dirname "$0")/debian-abi.py" "$debian" "$work" \
	"$(symvers "$h53" 6.1.0-53-cloud-amd64)" \
	"$(symvers "$h54" 6.1.0-54-cloud-amd64)" \
	"$(symvers "$h54" 6.1.0-54-cloud-amd64)" \
	"$(symvers "$h55" 6.1.0-55-cloud-amd64)"
