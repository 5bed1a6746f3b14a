/* An enumerator appended after the last: compatible. */
#include "kf.h"

int kf_set_mode(enum kf_mode m) { return (int)m; }
EXPORT_SYMBOL(kf_set_mode);
SYMBOL_CRC(kf_set_mode, 0xe00, "");
