// SPDX-License-Identifier: GPL-2.0-or-later
/* An STG file read into the model; see stg.h and stg_impl.h. */
#include "stg_impl.h"

#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "../util/banned.h"

/* STG writes "version: 0x00000002" first; comments may come before. */
bool stg_looks_like(const struct source *src)
{
	const char *p = src->head, *end = src->head + src->head_len;

	for (;;) {
		while (p < end && strchr(" \t\r\n", *p))
			p++;
		if (p == end || *p != '#')
			break;
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return false;
	}
	if (end - p < 7 || memcmp(p, "version", 7))
		return false;
	for (p += 7; p < end && strchr(" \t", *p); p++)
		;
	return p < end && *p == ':';
}

int stg_read(struct source *src, struct kabi_model *out, struct diag *d)
{
	struct source_text text;
	struct kabi_model *frag = xmalloc(sizeof(*frag));
	struct stg_nodes nodes;
	struct stg_text t;
	int err = 0;

	model_init(frag);
	stg_nodes_init(&nodes);
	/* the whole text in memory: the source caps its size */
	if (source_text_get(src, &text))
		err = diag_error(d, KABI_E_BAD_STG, DIAG_AT_FILE(src->name),
				 "%s", src->error);
	if (!err) {
		stg_text_init(&t, src->name, text.buf, text.len, d);
		err = stg_nodes_read(&t, &nodes, frag);
		stg_text_free(&t);
	}
	source_text_release(&text);
	out->foreign = KABI_FOREIGN_STG;
	if (!err) {
		err = stg_graph_build(&nodes, frag, src->name, KABI_FOREIGN_STG,
				      out, d);
	} else {
		model_free(frag);
		free(frag);
	}
	stg_nodes_free(&nodes);
	if (err) { /* no half-read model */
		model_free(out);
		model_init(out);
	}
	return err;
}
