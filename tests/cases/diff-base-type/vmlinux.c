/*
 * Built once as is and once with -funsigned-char, as x86 kernels since
 * 6.2 are: char changes its encoding, one root cause titled by the base
 * type, reached through a parameter and a member.
 */
#include "kf.h"

int kf_level(struct kf_dev *d) { return d->level; }
EXPORT_SYMBOL(kf_level);
SYMBOL_CRC(kf_level, 0x50, "");
int kf_putc(char c) { return c; }
EXPORT_SYMBOL(kf_putc);
SYMBOL_CRC(kf_putc, 0x51, "");
