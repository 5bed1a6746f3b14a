/*
 * Sees struct kf_ring as a declaration only: genksyms writes it as
 * UNKNOWN in these CRCs, so the ring's change does not reach them as
 * this unit sees the types, though their pointers lead to it.
 */
#include "kf.h"

int kf_queue_depth(struct kf_queue *q)
{
	return q->depth;
}
EXPORT_SYMBOL(kf_queue_depth);
SYMBOL_CRC(kf_queue_depth, 0x1002, "");

int kf_secret_peek(struct kf_secret *s)
{
	return s != 0;
}
EXPORT_SYMBOL(kf_secret_peek);
SYMBOL_CRC(kf_secret_peek, 0x1003, "");
