/*
 * Two root causes: kf_wide reaches three exports, each only through two
 * pointers; kf_near reaches one, by value. kf_near comes first: an
 * export that holds a changed type's bytes breaks for sure, one that
 * reaches it through a chain of pointers may never touch it.
 */
#include "kf.h"

int kf_one(struct kf_holder *h)
{
	return h->wide->a;
}
EXPORT_SYMBOL(kf_one);

int kf_two(struct kf_holder *h)
{
	return h->wide->a + 1;
}
EXPORT_SYMBOL(kf_two);

int kf_three(struct kf_holder *h)
{
	return h->wide->a + 2;
}
EXPORT_SYMBOL(kf_three);

struct kf_near kf_near_value;
EXPORT_SYMBOL(kf_near_value);
