/*
 * Exports the probes defined in probe-def.c: genksyms computes their CRCs
 * here, where struct kf_probe_data is only declared (UNKNOWN), so the
 * change does not reach them and the CRCs stay.
 */
#include "kf.h"

EXPORT_SYMBOL_GPL(kf_probe_point);
SYMBOL_CRC(kf_probe_point, 0x5001, "_gpl");
EXPORT_SYMBOL_GPL(kf_probe2);
SYMBOL_CRC(kf_probe2, 0x5002, "_gpl");
EXPORT_SYMBOL(kf_probe_fire);
SYMBOL_CRC(kf_probe_fire, 0x5003, "");
