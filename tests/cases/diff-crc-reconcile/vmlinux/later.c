/* Defines struct kf_later for the tree; exports nothing. */
#include "later.h"

/* kept by LTO too, as the kernel keeps what it links */
__attribute__((used)) int kf_later_x(struct kf_later *l)
{
	return l->x;
}
