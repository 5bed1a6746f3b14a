/* A struct grew: a member inserted in the middle moves the ones after it; and an export added. */
#include "kf.h"

int kf_buf_len(struct kf_buf *b) { return (int)b->len; }
EXPORT_SYMBOL(kf_buf_len);
SYMBOL_CRC(kf_buf_len, 0x700, "");
int kf_buf_flags(const struct kf_buf *b) { return (int)b->flags; }
EXPORT_SYMBOL(kf_buf_flags);
SYMBOL_CRC(kf_buf_flags, 0x701, "");
#ifdef NEW
int kf_json_added(void) { return 0; }
EXPORT_SYMBOL_GPL(kf_json_added);
SYMBOL_CRC(kf_json_added, 0x7f0, "_gpl");
#endif
