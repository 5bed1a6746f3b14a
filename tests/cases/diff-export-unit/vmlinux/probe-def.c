/* Defines the probes and sees their data, but does not export them. */
#include "kf.h"
#include "probe-data.h"

static struct kf_probe_data kf_data;
struct kf_probe kf_probe_point = {"point", &kf_data};
struct kf_probe kf_probe2 = {"two", &kf_data};

int kf_probe_fire(struct kf_probe *p)
{
	return p->data->hits++;
}
