/* struct kf_later's definition: view.c includes it from NEW on. */
struct kf_later {
	int x;
};
