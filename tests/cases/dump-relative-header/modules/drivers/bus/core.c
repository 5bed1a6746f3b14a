#include "bus.h"

int bus_dev_id(struct bus_dev *d) { return d->id; }
EXPORT_SYMBOL(bus_dev_id);
SYMBOL_CRC(bus_dev_id, 0x720, "");
