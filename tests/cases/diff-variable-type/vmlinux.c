/*
 * Exported variables whose declared type changed: each is a root cause
 * of its own, as a function's signature is. A qualifier leaves the type
 * underneath compared, and reached through the variable.
 */
#include "kf.h"

#ifdef NEW
long kf_counter;
const int kf_limit = 3;
struct kf_b kf_obj;
const struct kf_a kf_config;
volatile struct kf_a *kf_current;
#else
int kf_counter;
int kf_limit = 3;
struct kf_a kf_obj;
struct kf_a kf_config;
struct kf_a *kf_current;
#endif
EXPORT_SYMBOL(kf_counter);
SYMBOL_CRC(kf_counter, 0x10, "");
EXPORT_SYMBOL(kf_limit);
SYMBOL_CRC(kf_limit, 0x11, "");
EXPORT_SYMBOL(kf_obj);
SYMBOL_CRC(kf_obj, 0x12, "");
EXPORT_SYMBOL(kf_config);
SYMBOL_CRC(kf_config, 0x13, "");
EXPORT_SYMBOL(kf_current);
SYMBOL_CRC(kf_current, 0x14, "");
