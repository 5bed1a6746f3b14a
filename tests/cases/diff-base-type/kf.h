/* The types of this case, in a header as kernels have them. */
struct kf_dev { char level; int id; };
