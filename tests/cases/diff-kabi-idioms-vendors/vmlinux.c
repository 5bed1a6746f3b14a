/* The kABI idioms of five more vendors: reserved slots taken, members replaced. */
#include "kf.h"

int kf_oe510(struct kf_oe510 *p) { return p->id; }
EXPORT_SYMBOL(kf_oe510);
int kf_oe66(struct kf_oe66 *p) { return p->priv != 0; }
EXPORT_SYMBOL(kf_oe66);
int kf_deepin(struct kf_deepin *p) { return (int)p->state; }
EXPORT_SYMBOL(kf_deepin);
int kf_ck(struct kf_ck *p) { return p->id; }
EXPORT_SYMBOL(kf_ck);
int kf_uek(struct kf_uek *p) { return p->id; }
EXPORT_SYMBOL(kf_uek);
int kf_gki_vendor(struct kf_gki_vendor *p) { return p->priv != 0; }
EXPORT_SYMBOL(kf_gki_vendor);
int kf_gki_backport(struct kf_gki_backport *p) { return p->priv != 0; }
EXPORT_SYMBOL(kf_gki_backport);
int kf_gki_backport28(struct kf_gki_backport28 *p) { return p->tail; }
EXPORT_SYMBOL(kf_gki_backport28);
