/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The impact/ stage: modules as consumers of a kernel's exports. What a
 * set of modules (a vendor's, or a distribution's own) imports, and
 * whether each would load into a given kernel, judged as the kernel's
 * module loader judges (kernel/module/main.c, version.c): every needed
 * symbol exported, the CRC it was built against equal to the kernel's,
 * GPL-only symbols for GPL-compatible licences only, and each symbol's
 * namespace imported. Knows the model, never ELF: the command line turns
 * what elf/ read into a consumer set.
 */
#ifndef KABI_IMPACT_H
#define KABI_IMPACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../model/model.h"
#include "../util/strset.h"

struct consumer_import {
	uint32_t name;
	uint32_t crc; /* the CRC the module was built against */
	bool has_crc;
	bool weak; /* may stay unresolved */
};

struct consumer_module {
	uint32_t name;	  /* module path, "drivers/net/foo" */
	uint32_t license; /* .modinfo license; 0: none */
	uint32_t first_import, nimports;
	uint32_t first_ns, nns; /* .modinfo import_ns */
};

struct consumer_export {
	uint32_t name;
	uint32_t module; /* the module's name */
};

/* Modules, and what each imports. Strings in one set. */
struct consumers {
	struct strset strings;
	struct consumer_module *modules;
	size_t nmodules, modules_alloc;
	struct consumer_import *imports;
	size_t nimports, imports_alloc;
	uint32_t *ns;
	size_t nns, ns_alloc;
	/* what the modules export themselves: they satisfy each other */
	struct consumer_export *own_exports; /* sorted by name offset */
	size_t nown, own_alloc;
};

void consumers_init(struct consumers *c);
void consumers_free(struct consumers *c);
/* Add a module; its imports and namespaces follow with the calls below. */
void consumers_add_module(struct consumers *c, const char *name,
			  const char *license);
void consumers_add_import(struct consumers *c, const char *name, bool has_crc,
			  uint32_t crc, bool weak);
void consumers_add_namespace(struct consumers *c, const char *ns);
void consumers_add_own_export(struct consumers *c, const char *name,
			      const char *module);
/* Once all is added. */
void consumers_finish(struct consumers *c);
/* The name of the module of c that exports name, or NULL. */
const char *consumers_exporter(const struct consumers *c, const char *name);

/* Why a module would not load. */
enum load_problem {
	LOAD_NOT_EXPORTED,
	LOAD_CRC_MISMATCH,
	LOAD_GPL_ONLY,
	LOAD_NAMESPACE,
};

struct load_failure {
	uint32_t module; /* index in consumers.modules */
	uint32_t import; /* index in consumers.imports */
	enum load_problem problem;
	uint32_t symbol; /* index in the kernel model's symbols, or KABI_NONE */
};

struct load_verdicts {
	struct load_failure *failures; /* by module, then import */
	size_t nfailures, alloc;
};

/* "not-exported", "crc-mismatch", "gpl-only", "namespace-not-imported" */
const char *load_problem_name(enum load_problem p);
/* Whether a .modinfo licence lets a module use GPL-only exports. */
bool license_is_gpl_compatible(const char *license);
/*
 * Judge every module of c against the kernel m, whose symbols must be
 * sorted by name. ignore_crc: CRCs are not compared. An import m does
 * not export is still met by a module of c that exports it, unless m has
 * a module of that name (which would be loaded in its place).
 */
void load_verdicts_judge(const struct consumers *c, const struct kabi_model *m,
			 bool ignore_crc, struct load_verdicts *out);
void load_verdicts_free(struct load_verdicts *v);

#endif
