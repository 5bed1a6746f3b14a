/* A member renamed: same place, same type (compatible for binaries). */
#include "kf.h"

int kf_port_index(struct kf_port *p) { return p->index; }
EXPORT_SYMBOL(kf_port_index);
SYMBOL_CRC(kf_port_index, 0xb00, "");
