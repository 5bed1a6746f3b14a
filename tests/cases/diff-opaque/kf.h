/* The types of this case, in a header as kernels have them. */
struct kf_hidden;
struct kf_shown;
#ifdef NEW
struct kf_shown { int visible; };
#else
struct kf_hidden { int secret; };
#endif
