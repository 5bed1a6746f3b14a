/* Defines struct kf_secret and exports nothing: no export sees inside. */
#include "kf.h"

struct kf_secret {
	long key;
#ifdef NEW
	long salt;
#endif
};

/* kept by LTO too, as the kernel keeps what it links */
__attribute__((used)) long kf_secret_key(struct kf_secret *s)
{
	return s->key;
}
