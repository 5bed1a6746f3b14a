#include "../bus.h"
#include "../bus_regs.h"

struct bus_dev *bus_dev_parent(struct bus_dev *d) { return d->parent; }
EXPORT_SYMBOL(bus_dev_parent);
SYMBOL_CRC(bus_dev_parent, 0x721, "");
unsigned int bus_regs_status(const struct bus_regs *r) { return r->status; }
EXPORT_SYMBOL(bus_regs_status);
SYMBOL_CRC(bus_regs_status, 0x722, "");
