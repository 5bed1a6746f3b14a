#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The native system call table of an x86-64 or arm64 vmlinux, read
# without kabi: the ELF's section headers and symbol table with struct,
# the 8-byte slots of sys_call_table, each slot's address named by the
# __x64_sys_ (__arm64_sys_) function there. arm64's kernel is position-
# independent and leaves its slots 0: the address is the addend of the
# slot's R_AARCH64_RELATIVE relocation in .rela.dyn. Prints
# "NUMBER<TAB>ENTRY" for each slot that does not hold sys_ni_syscall,
# ENTRY without its prefix.
#   syscall-table.py VMLINUX
import struct
import sys


def main():
    data = open(sys.argv[1], "rb").read()
    machine, = struct.unpack_from("<H", data, 0x12)
    prefix = "__arm64_sys_" if machine == 183 else "__x64_sys_"
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3a)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
                for i in range(shnum)]
    symtab = next(s for s in sections if s[1] == 2)          # SHT_SYMTAB
    strtab = sections[symtab[6]]
    by_addr, table = {}, None
    for off in range(symtab[4], symtab[4] + symtab[5], 24):
        name_off, info, _, shndx, value, size = struct.unpack_from(
            "<IBBHQQ", data, off)
        end = data.index(b"\0", strtab[4] + name_off)
        name = data[strtab[4] + name_off:end].decode()
        if info & 0xf == 2 and name.startswith(prefix):     # STT_FUNC
            by_addr.setdefault(value, []).append(name[len(prefix):])
        if name == "sys_call_table" and info & 0xf == 1:        # STT_OBJECT
            table = (shndx, value, size)
    relative = {}
    shstr = sections[struct.unpack_from("<H", data, 0x3e)[0]]
    for sec in sections:
        end = data.index(b"\0", shstr[4] + sec[0])
        if sec[1] == 4 and data[shstr[4] + sec[0]:end] == b".rela.dyn":
            for off in range(sec[4], sec[4] + sec[5], 24):
                where, info, addend = struct.unpack_from("<QQQ", data, off)
                if info & 0xffffffff == 1027:         # R_AARCH64_RELATIVE
                    relative[where] = addend
    shndx, value, size = table
    sec = sections[shndx]
    base = sec[4] + value - sec[3]
    for nr in range(size // 8):
        addr, = struct.unpack_from("<Q", data, base + nr * 8)
        addr = addr or relative.get(value + nr * 8, 0)
        names = sorted(by_addr.get(addr, []))
        if names and names[0] != "ni_syscall":
            print("%d\t%s" % (nr, names[0]))


main()
