/* Enumerators inserted (moving values), removed and renamed. */
#include "kf.h"

int kf_paint(enum kf_color c) { return (int)c; }
EXPORT_SYMBOL(kf_paint);
SYMBOL_CRC(kf_paint, 0xf00, "");
