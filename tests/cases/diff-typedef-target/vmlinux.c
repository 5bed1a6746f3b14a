/* A typedef now names another type. */
#include "kf.h"

kf_cookie_t kf_next_cookie(void) { return 1; }
EXPORT_SYMBOL(kf_next_cookie);
SYMBOL_CRC(kf_next_cookie, 0x1000, "");
