/* Array bounds: a fixed array grew, and an exported array shrank. */
#include "kf.h"

int kf_name_len(struct kf_name *n) { return n->text[0]; }
EXPORT_SYMBOL(kf_name_len);
SYMBOL_CRC(kf_name_len, 0x1300, "");
#ifdef NEW
int kf_table[7];
#else
int kf_table[8];
#endif
EXPORT_SYMBOL(kf_table);
SYMBOL_CRC(kf_table, 0x1301, "");
