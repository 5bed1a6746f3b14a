/*
 * The types of the diff-export-unit case: a probe whose data only its
 * defining unit sees (probe-data.h), while another unit holds the
 * EXPORT_SYMBOLs, as a kernel's tracepoints are defined where
 * CREATE_TRACE_POINTS is and often exported from another file.
 */
struct kf_probe_data;

struct kf_probe {
	const char *name;
	struct kf_probe_data *data;
};

extern struct kf_probe kf_probe_point;
extern struct kf_probe kf_probe2; /* a name ending in digits */
int kf_probe_fire(struct kf_probe *p);
