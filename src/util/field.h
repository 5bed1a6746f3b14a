/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Text from a file (a section or symbol name, a .modinfo value) written
 * into one field of tab-separated output: control characters, which a
 * damaged file can hold, come out as \xNN, so that a line stays a line
 * and a field a field.
 */
#ifndef KABI_UTIL_FIELD_H
#define KABI_UTIL_FIELD_H

#include <stdio.h>

void fput_field(FILE *out, const char *s);

#endif
