/*
 * A trailing [0] array written [] (or back) at the same offset, in a
 * struct of the same size: compatible.
 */
#include "kf.h"

int kf_msg_len(struct kf_msg *m) { return m->len; }
EXPORT_SYMBOL(kf_msg_len);
SYMBOL_CRC(kf_msg_len, 0x40, "");
long kf_tail_len(struct kf_tail *m) { return m->len; }
EXPORT_SYMBOL(kf_tail_len);
SYMBOL_CRC(kf_tail_len, 0x41, "");
