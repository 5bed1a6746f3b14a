/* The types of this case, in a header as kernels have them. */
#ifdef NEW
typedef unsigned long long kf_cookie_t;
#else
typedef unsigned int kf_cookie_t;
#endif
