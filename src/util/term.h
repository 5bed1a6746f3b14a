/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Text for a terminal, made safe: names in a report come from the files
 * kabi reads (module paths, Module.symvers fields, type names), and a
 * terminal acts on the control bytes among them (ESC [2J clears it, OSC
 * retitles it). Every byte a terminal would act on, and every byte of
 * invalid UTF-8, is written as \xHH instead; newlines and tabs pass.
 */
#ifndef KABI_UTIL_TERM_H
#define KABI_UTIL_TERM_H

#include <stdio.h>

/*
 * A stream writing to out so; closing it flushes it, and leaves out
 * open. NULL where the C library has no fopencookie.
 */
FILE *term_safe_open(FILE *out);

#endif
