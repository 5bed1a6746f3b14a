#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# x86-64's system call table of a vmlinux, read without kabi: the ELF's
# section headers and symbol table with struct, the 8-byte slots of
# sys_call_table, each slot's address named by the __x64_sys_ function
# there. Prints "NUMBER<TAB>ENTRY" for each slot that does not hold
# sys_ni_syscall, ENTRY without its __x64_sys_ prefix.
#   syscall-table.py VMLINUX
import struct
import sys


def main():
    data = open(sys.argv[1], "rb").read()
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
        if info & 0xf == 2 and name.startswith("__x64_sys_"):   # STT_FUNC
            by_addr.setdefault(value, []).append(name[len("__x64_sys_"):])
        if name == "sys_call_table" and info & 0xf == 1:        # STT_OBJECT
            table = (shndx, value, size)
    shndx, value, size = table
    sec = sections[shndx]
    base = sec[4] + value - sec[3]
    for nr in range(size // 8):
        addr, = struct.unpack_from("<Q", data, base + nr * 8)
        names = sorted(by_addr.get(addr, []))
        if names and names[0] != "ni_syscall":
            print("%d\t%s" % (nr, names[0]))


main()
