/* The types of the diff-unit-view case: only ring.h defines the rings. */
struct kf_ring;
struct kf_secret;

struct kf_queue {
	struct kf_ring *ring;
	int depth;
};
