/* Only probe-def.c includes it: it grows under CRCs that stay. */
struct kf_probe_data {
	int hits;
#ifdef NEW
	int misses;
#endif
};
