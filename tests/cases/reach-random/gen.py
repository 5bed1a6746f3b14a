#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A random fake kernel for the reach's property test: structs that point
at each other (cycles too) and embed one another, units that define some
of them and only declare the rest, and exports in each unit taking
pointers to them; under -DNEW some structs gain a member.

    gen.py SEED FOLDER
"""
import os
import random
import sys


def main():
    seed, out = int(sys.argv[1]), sys.argv[2]
    r = random.Random(seed)
    nstructs = r.randint(8, 16)
    os.makedirs(os.path.join(out, "vmlinux"), exist_ok=True)
    embeds = {}
    for i in range(nstructs):
        lines, includes, declared = [], [], set()
        embeds[i] = []
        for m in range(r.randint(1, 4)):
            kind = r.random()
            if kind < 0.25:
                lines.append("\tint m%d;" % m)
            elif kind < 0.45 and i + 1 < nstructs:
                # by value only forwards: no struct holds itself
                j = r.randint(i + 1, nstructs - 1)
                includes.append(j)
                embeds[i].append(j)
                lines.append("\tstruct s%d m%d;" % (j, m))
            else:
                j = r.randint(0, nstructs - 1)
                declared.add(j)
                lines.append("\tstruct s%d *m%d;" % (j, m))
        if r.random() < 0.4:
            lines.append("#ifdef NEW\n\tlong added;\n#endif")
        with open(os.path.join(out, "s%d.h" % i), "w") as f:
            f.write("#ifndef S%d_H\n#define S%d_H\n" % (i, i))
            for j in sorted(set(includes)):
                f.write('#include "s%d.h"\n' % j)
            for j in sorted(declared):
                f.write("struct s%d;\n" % j)
            f.write("struct s%d {\n%s\n};\n#endif\n" % (i, "\n".join(lines)))
    crc = 0x1000
    for u in range(r.randint(16, 24)):
        defined = [i for i in range(nstructs) if r.random() < 0.5]
        with open(os.path.join(out, "vmlinux", "u%d.c" % u), "w") as f:
            for i in range(nstructs):
                f.write("struct s%d;\n" % i)
            for i in defined:
                f.write('#include "s%d.h"\n' % i)
            for e in range(r.randint(6, 12)):
                name = "kf_u%d_f%d" % (u, e)
                crc += 1
                f.write("int %s(struct s%d *p)\n{\n\treturn p != 0;\n}\n"
                        "EXPORT_SYMBOL(%s);\nSYMBOL_CRC(%s, 0x%x, \"\");\n"
                        % (name, r.randint(0, nstructs - 1), name, name, crc))


if __name__ == "__main__":
    main()
