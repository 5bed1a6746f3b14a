/* A pointer now points to another struct. */
#include "kf.h"

int kf_run(struct kf_job *j) { return j->ctx != 0; }
EXPORT_SYMBOL(kf_run);
SYMBOL_CRC(kf_run, 0x1200, "");
