#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The system call numbers of a kernel's user-space headers, as a C
# program compiled against them sees them: every __NR_ macro of
# <asm/unistd.h> (arm64's unistd.h builds them from asm-generic's with
# the preprocessor, __NR3264_ names and all), evaluated by the host
# compiler. Prints "NUMBER<TAB>NAME", sorted as the tests sort.
#   unistd-numbers.sh ARCH ARCH-HEADERS COMMON-HEADERS
# ARCH-HEADERS and COMMON-HEADERS: the usr/src/linux-headers-* folders
# of Debian's linux-headers-VER-FLAVOUR and linux-headers-VER-common.
set -eu
arch=$1 flavour=$2 common=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/unistd.XXXXXX")
trap 'rm -rf "$work"' EXIT
inc="-nostdinc -I$flavour/arch/$arch/include/generated/uapi
	-I$common/arch/$arch/include/uapi -I$common/include/uapi"
printf '#include <asm/unistd.h>\n' | gcc -E -dM $inc - |
	sed -n 's/^#define __NR_\([a-z0-9_]*\) .*/\1/p' |
	grep -v -x -e syscalls -e arch_specific_syscall >"$work/names"
{
	echo '#include <stdio.h>'
	echo '#include <asm/unistd.h>'
	echo 'int main(void)'
	echo '{'
	awk '{ printf "\tprintf(\"%%ld\\t%%s\\n\", (long)(__NR_%s), \"%s\");\n", $1, $1 }' \
		"$work/names"
	echo '	return 0;'
	echo '}'
} >"$work/numbers.c"
gcc $(echo "$inc" | sed 's/-nostdinc//') -o "$work/numbers" "$work/numbers.c"
"$work/numbers" | LC_ALL=C sort
