/* A struct's alignment changed (and so its size). */
#include "kf.h"

struct kf_line kf_lines[4];
EXPORT_SYMBOL(kf_lines);
SYMBOL_CRC(kf_lines, 0xd00, "");
