/* Qualifiers added and removed: compatible. */
#include "kf.h"

#ifdef NEW
int kf_read(const struct kf_node *n, char *buf) { return n->v + buf[0]; }
#else
int kf_read(struct kf_node *n, const char *buf) { return n->v + buf[0]; }
#endif
EXPORT_SYMBOL(kf_read);
SYMBOL_CRC(kf_read, 0x1100, "");
