/* The kABI-preservation idioms: reserved slots taken, members replaced in place. */
#include "kf.h"

int kf_rh9(struct kf_rh9 *p) { return (int)p->state; }
EXPORT_SYMBOL(kf_rh9);
int kf_rh8(struct kf_rh8 *p) { return (int)p->state; }
EXPORT_SYMBOL(kf_rh8);
int kf_gki(struct kf_gki *p) { return p->priv != 0; }
EXPORT_SYMBOL(kf_gki);
int kf_gki_old(struct kf_gki_old *p) { return p->priv != 0; }
EXPORT_SYMBOL(kf_gki_old);
int kf_gks(struct kf_gks *p) { return p->id; }
EXPORT_SYMBOL(kf_gks);
int kf_bytes(struct kf_bytes *p) { return p->id; }
EXPORT_SYMBOL(kf_bytes);
int kf_suse(struct kf_suse *p) { return p->id; }
EXPORT_SYMBOL(kf_suse);
int kf_ref(struct kf_ref *p) { return sizeof(*p); }
EXPORT_SYMBOL(kf_ref);
