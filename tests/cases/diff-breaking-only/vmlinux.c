/* A breaking change, a compatible one, an export added and one removed. */
#include "kf.h"

long kf_wide_get(struct kf_wide *w)
{
	return w->a;
}
EXPORT_SYMBOL(kf_wide_get);

int kf_roomy_get(struct kf_roomy *r)
{
	return r->e;
}
EXPORT_SYMBOL(kf_roomy_get);

#ifdef NEW
void kf_new_api(void)
{
}
EXPORT_SYMBOL(kf_new_api);
#else
void kf_old_api(void)
{
}
EXPORT_SYMBOL(kf_old_api);
#endif
