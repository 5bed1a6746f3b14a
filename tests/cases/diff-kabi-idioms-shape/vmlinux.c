/* The kABI idioms by shape, and unions that only look like them. */
#include "kf.h"

int kf_group(struct kf_group *p) { return p->id; }
EXPORT_SYMBOL(kf_group);
int kf_any(struct kf_any *p) { return p->id; }
EXPORT_SYMBOL(kf_any);
int kf_ocs(struct kf_ocs *p) { return p->id; }
EXPORT_SYMBOL(kf_ocs);
int kf_alias(struct kf_alias *p) { return p->id; }
EXPORT_SYMBOL(kf_alias);
int kf_padded(struct kf_padded *p) { return p->p != 0; }
EXPORT_SYMBOL(kf_padded);
int kf_drift(struct kf_drift *p) { return p->flags; }
EXPORT_SYMBOL(kf_drift);
