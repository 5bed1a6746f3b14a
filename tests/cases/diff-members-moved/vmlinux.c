/* A row of four members moves by 8 bytes; a row of two by 4 bytes. */
#include "km.h"

unsigned int km_ring_mask(const struct km_ring *r) { return r->mask; }
EXPORT_SYMBOL(km_ring_mask);
SYMBOL_CRC(km_ring_mask, 0x710, "");
int km_pair_sum(const struct km_pair *p) { return p->first + p->second + p->third; }
EXPORT_SYMBOL(km_pair_sum);
SYMBOL_CRC(km_pair_sum, 0x711, "");
